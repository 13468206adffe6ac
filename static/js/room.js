// Online rooms: the browser side of cabo/net/room.py (Python decides, this only carries).
//
// - Relays: MQTT brokers over WebSockets, through the pinned mqtt.js (static/vendor/mqtt/,
//   from npm), imported only when a room opens: before that, this file contacts nothing.
//   Every relay in the list gets every message; the first copy to arrive counts.
// - Encryption: PBKDF2-SHA256 over the room code (salt and iterations from Python) gives
//   48 bytes: the first 32 are an AES-GCM key, the last 16 the topic's name. A message on the
//   relay is a 12-byte IV and the ciphertext of {"i": random id, "m": Python's text}; the id
//   drops copies (several relays, our own echo). Anything that does not decrypt and parse is
//   dropped and counted, never passed on.
// Python sets caboRoom.onevent(code, kind, data): kind "message" (the decrypted text) or
// "relays" (how many relays are connected now).

const MAX_PAYLOAD = 24000;  // bytes of one relay message (an SDP is about 1-4 kB)
const rooms = new Map();    // code -> {clients, key, topic, seen}
const counts = { dropped: 0, published: 0, received: 0, bytesOut: 0, bytesIn: 0 };
let mqttModule = null;

function emit(code, kind, data) {
  const handler = window.caboRoom.onevent;
  if (handler) handler(code, kind, data ?? null);
}

function hex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function derive(code, salt, iterations) {
  const enc = new TextEncoder();
  const base = await crypto.subtle.importKey("raw", enc.encode(code), "PBKDF2", false,
                                             ["deriveBits"]);
  const bits = new Uint8Array(await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: enc.encode(salt), iterations }, base, 384));
  return { raw: bits.slice(0, 32), topicId: hex(bits.slice(32)) };
}

// For tests: the derived key and topic, to compare with cabo.net.room.derive.
async function deriveHex(code, salt, iterations, prefix) {
  const d = await derive(code, salt, iterations);
  return { key: hex(d.raw), topic: prefix + d.topicId };
}

function randomId() {
  return hex(crypto.getRandomValues(new Uint8Array(8)));
}

function remember(room, id) {
  room.seen.add(id);
  if (room.seen.size > 500) room.seen.delete(room.seen.values().next().value);
}

function upCount(room) {
  return room.clients.filter((c) => c.connected).length;
}

async function receive(code, room, payload) {
  counts.bytesIn += payload.length + room.topic.length + 4;
  if (payload.length < 29 || payload.length > MAX_PAYLOAD) { counts.dropped++; return; }
  let msg;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: payload.slice(0, 12) }, room.key, payload.slice(12));
    msg = JSON.parse(new TextDecoder().decode(plain));
  } catch { counts.dropped++; return; }
  if (!msg || typeof msg.i !== "string" || typeof msg.m !== "string" || msg.i.length > 40) {
    counts.dropped++;
    return;
  }
  if (room.seen.has(msg.i)) return;   // another relay's copy, or our own message
  remember(room, msg.i);
  if (rooms.get(code) !== room) return;
  counts.received++;
  emit(code, "message", msg.m);
}

// Connect to the relays and listen on the code's topic. Resolves once the clients are made
// (not connected: "relays" events say how many are).
async function open(code, relaysJson, salt, iterations, prefix) {
  close(code);
  const relays = JSON.parse(relaysJson);
  const room = { clients: [], key: null, topic: null, seen: new Set() };
  rooms.set(code, room);
  const d = await derive(code, salt, iterations);
  room.key = await crypto.subtle.importKey("raw", d.raw, "AES-GCM", false,
                                           ["encrypt", "decrypt"]);
  room.topic = prefix + d.topicId;
  if (!mqttModule) mqttModule = (await import("../vendor/mqtt/mqtt.esm.js")).default;
  if (rooms.get(code) !== room) return room.topic;
  for (const url of relays) {
    let client;
    try {
      client = mqttModule.connect(url, {
        clientId: "c" + randomId(), clean: true, keepalive: 30, protocolVersion: 4,
        reconnectPeriod: 3000, connectTimeout: 5000, resubscribe: true,
      });
    } catch { continue; }   // a malformed address: that relay is left out
    room.clients.push(client);
    const report = () => { if (rooms.get(code) === room) emit(code, "relays", upCount(room)); };
    client.on("connect", () => { client.subscribe(room.topic, { qos: 0 }); report(); });
    client.on("close", report);
    client.on("offline", report);
    client.on("error", () => { /* the relay said no: it counts as not connected */ });
    client.on("message", (topic, payload) => {
      if (topic === room.topic) receive(code, room, new Uint8Array(payload));
    });
  }
  return room.topic;
}

// Encrypt a text and send it to every connected relay; resolves with how many took it.
async function publish(code, text) {
  const room = rooms.get(code);
  if (!room || !room.key) return 0;
  const id = randomId();
  remember(room, id);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt(
    { name: "AES-GCM", iv }, room.key, new TextEncoder().encode(JSON.stringify({ i: id, m: text }))));
  const payload = new Uint8Array(12 + sealed.length);
  payload.set(iv);
  payload.set(sealed, 12);
  let sent = 0;
  for (const client of room.clients) {
    if (client.connected) {
      client.publish(room.topic, payload, { qos: 0, retain: false });
      counts.bytesOut += payload.length + room.topic.length + 4;
      sent++;
    }
  }
  counts.published++;
  return sent;
}

function close(code) {
  const room = rooms.get(code);
  rooms.delete(code);
  if (room) for (const client of room.clients) { try { client.end(true); } catch { /* gone */ } }
}

function relaysUp(code) {
  const room = rooms.get(code);
  return room ? upCount(room) : 0;
}

window.caboRoom = { open, publish, close, relaysUp, deriveHex, counts, onevent: null };
