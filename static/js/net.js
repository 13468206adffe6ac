// Play across devices: the browser side of cabo/net (Python decides, this only connects).
//
// - RTCPeerConnection with one ordered data channel per guest, no signalling server: the
//   complete local description (ICE gathering finished) is handed to Python, which packs it
//   into a short code (cabo/net/signal.py); the other side's code comes back as an SDP.
//   iceServers is empty unless the player set a STUN server in the settings.
// - QR codes: drawn with the pinned `qr` package (static/vendor/qr/, from npm), read from the
//   camera with the browser's BarcodeDetector where it exists, else with qr's decoder
//   (loaded only when a camera scan starts).
// - The host speaks first on every channel: its side sends READY as soon as it opens, and a
//   guest's side reports "open" only when READY arrives (READY never reaches Python). A text
//   that a guest sent at its own channel's open event could be lost without a trace (the
//   host's channel opened, the guest's hello never arrived: about one join in a hundred,
//   Chromium on one machine under load); READY follows the channel's opening on the same
//   ordered stream, so once it is there the host's side takes the guest's messages.
// - Ids without a channel: an online room may carry a link through the relays instead
//   (cabo/web/relaypage.py); send and close of such an id go to caboNet.carry / carryClose,
//   set by Python (carry returns whether it took the text).
// Python sets caboNet.onevent(id, kind, data): kind "open", "message", "close", and
// "unstable" / "stable" when the connection is interrupted ("disconnected": WebRTC may still
// recover by itself) and when it is back ("connected"); "failed" closes the link.
import encodeQR from "../vendor/qr/index.js";

const GATHER_MS = 4000; // the longest wait for ICE gathering (a STUN server may be slow)
// After the host took an answer: the longest wait for the channel to open (on one network it
// opens within a second). Then the link is closed and reported as "close", as a failed
// connection would be (a browser may take half a minute to call it failed, or never).
// A setting of caboNet (tests shorten it).
const CONNECT_MS = 20000;
const READY = '{"t":"ready"}'; // the host's first text on a channel (JSON, as every text)
const links = new Map(); // id -> {pc, dc, guest, ready}

// `stun`: one STUN address, or (online rooms, static/js/room.js) a JSON list of iceServers.
function config(stun) {
  if (typeof stun === "string" && stun.startsWith("[")) return { iceServers: JSON.parse(stun) };
  return { iceServers: stun ? [{ urls: stun }] : [] };
}

function emit(id, kind, data) {
  const handler = window.caboNet.onevent;
  if (handler) handler(id, kind, data ?? null);
}

function gathered(pc) {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") return resolve();
    const timer = setTimeout(resolve, GATHER_MS);
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") { clearTimeout(timer); resolve(); }
    });
  });
}

// `guest`: the channel came from the host (join); it is usable once READY has arrived.
function watch(id, pc, dc, guest = false) {
  const link = links.get(id) || {};
  link.pc = pc;
  link.dc = dc;
  link.guest = guest;
  link.ready = false;
  links.set(id, link);
  const ready = () => {
    link.ready = true;
    link.openedAt = performance.now();
    window.caboNet.opened++;
    emit(id, "open", null);
  };
  dc.onopen = () => { if (!guest) { dc.send(READY); ready(); } };
  dc.onmessage = (e) => {
    if (typeof e.data !== "string") return;
    if (link.ready) emit(id, "message", e.data);
    else if (e.data === READY) ready();
  };
  dc.onclose = () => { if (links.get(id) === link) { links.delete(id); emit(id, "close", null); } };
  pc.onconnectionstatechange = () => {
    if (links.get(id) !== link) return;
    const state = pc.connectionState;
    if (state === "failed" || state === "closed") {
      links.delete(id);
      emit(id, "close", null);
    } else if (state === "disconnected") {
      link.unstable = true;
      emit(id, "unstable", null);
    } else if (state === "connected" && link.unstable) {
      link.unstable = false;
      emit(id, "stable", null);
    }
  };
}

function close(id) {
  const link = links.get(id);
  links.delete(id);
  if (link) { try { link.dc?.close(); link.pc?.close(); } catch { /* already closed */ } }
  else if (window.caboNet.carryClose) window.caboNet.carryClose(id);
}

// Host: a new offer for one invitation. Resolves with the complete SDP.
async function offer(id, stun) {
  close(id);
  const pc = new RTCPeerConnection(config(stun));
  const dc = pc.createDataChannel("cabo", { ordered: true });
  const t0 = performance.now();
  watch(id, pc, dc);
  links.get(id).startedAt = t0;
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  return pc.localDescription.sdp;
}

// Host: the guest's answer to invitation `id`.
async function answer(id, sdp) {
  const link = links.get(id);
  if (!link) throw new Error("no open invitation");
  await link.pc.setRemoteDescription({ type: "answer", sdp });
  setTimeout(() => {
    if (links.get(id) === link && !link.openedAt) {
      close(id);
      emit(id, "close", null);
    }
  }, window.caboNet.connectMs);
}

// Guest: answer the host's offer. Resolves with the complete answer SDP.
async function join(id, sdp, stun) {
  close(id);
  const pc = new RTCPeerConnection(config(stun));
  const t0 = performance.now();
  links.set(id, { pc, startedAt: t0 });
  pc.ondatachannel = (e) => watch(id, pc, e.channel, true);
  await pc.setRemoteDescription({ type: "offer", sdp });
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  return pc.localDescription.sdp;
}

function send(id, text) {
  const link = links.get(id);
  if (!link || !link.ready || link.dc.readyState !== "open") {
    const carry = window.caboNet.carry;
    return carry ? Boolean(carry(id, text)) : false;
  }
  link.dc.send(text);
  return true;
}

// How long the link took from the first offer/answer call to an open channel (ms), or -1.
function handshakeMs(id) {
  const link = links.get(id);
  return link && link.openedAt ? link.openedAt - link.startedAt : -1;
}

// Hand a text on: the system's share sheet where the browser has one (Web Share API), the
// clipboard otherwise. Resolves with "shared", "copied" or "failed" (a cancelled share sheet
// is "failed" too: nothing was handed on).
async function share(text, title, preferShare) {
  if (preferShare && navigator.share) {
    try { await navigator.share({ title, text }); return "shared"; } catch { return "failed"; }
  }
  try { await navigator.clipboard.writeText(text); return "copied"; } catch { return "failed"; }
}

function canShare() {
  return typeof navigator.share === "function";
}

function qrSvg(text) {
  return encodeQR(text, "svg", { ecc: "low", border: 4 });
}

// -- reading a QR code from the camera ----------------------------------------------------
let scanning = null;

async function detector() {
  if ("BarcodeDetector" in window) {
    try {
      const formats = await window.BarcodeDetector.getSupportedFormats();
      if (formats.includes("qr_code")) {
        const d = new window.BarcodeDetector({ formats: ["qr_code"] });
        return async (video) => (await d.detect(video))[0]?.rawValue ?? null;
      }
    } catch { /* fall back to the decoder below */ }
  }
  const { decodeQR } = await import("../vendor/qr/decode.js");
  const canvas = document.createElement("canvas");
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  return async (video) => {
    const w = video.videoWidth, h = video.videoHeight;
    if (!w || !h) return null;
    canvas.width = w; canvas.height = h;
    ctx.drawImage(video, 0, 0, w, h);
    try { return decodeQR(ctx.getImageData(0, 0, w, h)); } catch { return null; }
  };
}

// Scan with the camera; resolves with the text of the first QR code found, or null when
// stopped. Rejects when there is no camera or it is not allowed. The camera picture and its
// stop button live outside #app (Python redraws #app), labelled with the given words.
async function scan(videoLabel, stopLabel) {
  stopScan();
  const stream = await navigator.mediaDevices.getUserMedia(
    { video: { facingMode: "environment" }, audio: false });
  const box = document.createElement("div");
  box.className = "net-camera";
  const video = document.createElement("video");
  video.setAttribute("aria-label", videoLabel);
  const stop = document.createElement("button");
  stop.type = "button";
  stop.className = "btn";
  stop.textContent = stopLabel;
  box.append(video, stop);
  document.body.append(box);
  const run = { stream, stopped: false, box };
  stop.onclick = () => stopRun(run);
  scanning = run;
  video.srcObject = stream;
  video.setAttribute("playsinline", "");
  video.muted = true;
  await video.play();
  const read = await detector();
  try {
    while (!run.stopped) {
      const text = await read(video);
      if (text) return text;
      await new Promise((r) => setTimeout(r, 150));
    }
    return null;
  } finally {
    stopRun(run);
  }
}

function stopRun(run) {
  run.stopped = true;
  run.stream.getTracks().forEach((t) => t.stop());
  run.box.remove();
  if (scanning === run) scanning = null;
}

function stopScan() {
  if (scanning) stopRun(scanning);
}

window.caboNet = { offer, answer, join, send, close, handshakeMs, qrSvg, scan, stopScan,
                   share, canShare, onevent: null, connectMs: CONNECT_MS,
                   opened: 0, carry: null, carryClose: null };
