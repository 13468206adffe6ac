"""The outside services an online room contacts by default: the one list of their addresses.

Nothing here is contacted unless the person chooses an online room; the page shows these lists
first (cabo/web/roompage.py) and lets the person change them ("Advanced"). No other module of
cabo/, static/ or index.html names a relay, STUN or TURN host (tests/test_room.py checks).

- Relays: public MQTT brokers reached over secure WebSockets. They carry the encrypted offer
  and answer of each join (a few kilobytes), never the game. Several at once: one that fails
  does not matter.
- STUN: tells each device its public address, so two devices behind home routers can reach
  each other directly. TURN (relaying the game itself) has no default.
"""

DEFAULT_RELAYS = (
    "wss://broker.emqx.io:8084/mqtt",
    "wss://broker.hivemq.com:8884/mqtt",
    "wss://test.mosquitto.org:8081/mqtt",
)

DEFAULT_STUN = (
    "stun:stun.l.google.com:19302",
    "stun:stun.cloudflare.com:3478",
)
