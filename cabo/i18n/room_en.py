"""English words of online rooms (cabo/net/room.py, cabo/web/roompage.py)."""

TEXTS = {
    "room_title": "Online room",
    "room_intro": "For friends somewhere else: set your name, the people and the bots "
                  "above, then open an online room. Each person types a short code and is at "
                  "the table. The page then uses services on the internet to find the other "
                  "devices; you see which ones before anything is contacted.",
    "room_host": "Open an online room",
    "room_join_title": "Join an online room",
    "room_code_label": "Room code from the host",
    "room_join": "Join the room",
    "room_bad_code": "That is not a room code: a code has 8 letters and digits (no 0, O, 1, "
                     "I or L).",
    "room_consent_title": "Before the online room opens",
    "room_consent_text": "Until now this page has contacted nothing outside its own site. An "
                         "online room contacts these services on the internet:",
    "room_relays_head": "Relays (MQTT brokers)",
    "room_relays_text": "They pass on the encrypted offer and answer of each join (a few "
                        "kilobytes), and the encrypted game when no direct way between the "
                        "devices opens. They see the addresses of the devices and when they "
                        "connect, not what is said.",
    "room_stun_head": "STUN servers",
    "room_stun_text": "They tell each device its public address, so that the devices can "
                      "reach each other directly. They see the device's address.",
    "room_none": "none",
    "room_game_direct": "The game itself then goes directly between the devices, as on one "
                        "Wi-Fi; where the networks allow no direct way (mobile data, strict "
                        "Wi-Fi), it goes through the relays, encrypted with the room code.",
    "room_way_direct": "Direct connection.",
    "room_way_relay": "Through the relay.",
    "room_way_guest_direct": "The game goes directly between your device and the host's.",
    "room_way_guest_relay": "No direct way between the devices: the game goes through the "
                            "relay, encrypted with the room code.",
    "room_advanced": "Advanced: relays, STUN, TURN",
    "room_relays_label": "Relays (one address per line, ws:// or wss://)",
    "room_stun_label": "STUN servers (one per line; empty: none)",
    "room_turn_label": "TURN server (optional: passes the game on when no direct way works)",
    "room_turn_user": "TURN user name",
    "room_turn_password": "TURN password",
    "room_open": "Contact them and open the room",
    "room_go_join": "Contact them and join",
    "room_back": "Back",
    "room_need_relay": "Enter at least one relay (ws:// or wss://) under “Advanced”.",
    "room_panel": "Online room",
    "room_code_for": "Code for {name}:",
    "room_link_for": "Link for {name}",
    "room_qr_for": "QR code of the room link for {name}",
    "room_seat_here": "{name} is at the table.",
    "room_seat_sits_out": "{name} is here and sits this game out: a stand-in plays.",
    "room_seat_waiting": "Waiting for {name}: give them the code, the link or the QR code.",
    "room_relays_up": "Relays connected: {up} of {all}.",
    "room_no_relay": "None of the relays answered within {seconds} seconds. Check the internet "
                     "connection or the relays under “Advanced”, or play the QR way instead "
                     "(same Wi-Fi or hotspot, no internet needed).",
    "room_close": "Close the online room",
    "room_leave": "Leave the online room",
    "room_looking": "Looking for the host of room {code} …",
    "room_found": "Found {host}'s table: connecting …",
    "room_reconnecting": "Reconnecting …",
    "room_no_seat": "This code's seat belongs to another device. If it is your seat (on a "
                    "new phone, say), ask the host for a new code (“New code for …” on the "
                    "host's table) and type it here.",
    "room_replaced": "The host gave your seat to another device with a new code. To play "
                     "on this device, ask the host for a new code and type it here.",
    "room_told_ok": "OK",
    "room_more": "Codes, relays and devices",
    "room_again": "Play again",
    "room_again_text": "Asks everyone at the table whether they play another game; all "
                       "keep their seats and codes.",
    "room_again_note": "{host} started the new game. You keep your seat.",
    "room_asking_head": "Another game?",
    "room_answer_yes": "{name}: yes",
    "room_answer_no": "{name}: no",
    "room_answer_open": "{name}: has not answered yet",
    "room_answer_away": "{name}: away",
    "room_start_text": "Start when you like. Whoever has not said yes by then is played by a "
                       "stand-in ({level}) until they say yes or come back.",
    "room_start": "Start the new game",
    "room_asked": "{host} asks: play another game?",
    "room_yes": "Yes, play",
    "room_no": "No, not this time",
    "room_said_yes": "You said yes. You play as soon as {host} starts the new game; you "
                     "keep your seat.",
    "room_said_no": "You said no. You stay in the room; in the new game a stand-in plays "
                    "your seat until you say yes.",
    "room_sitting_out": "You sit this game out: a stand-in plays your seat.",
    "room_play_now": "Play my seat",
    "room_standin_head": "When someone is away",
    "room_standin_after": "A bot plays for them",
    "room_after_never": "only when I say so",
    "room_after": "after {minutes} min away",
    "room_standin_level": "Level of that bot",
    "room_renew": "New code for {name}",
    "room_renew_text": "Lost or new phone? A new code gives the seat to the device that "
                       "types it; {name}'s old code and device stop working.",
}
