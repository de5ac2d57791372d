// Move and game-end sounds, made as tones with Web Audio (no sound files), and the mute
// switch, which this browser remembers.

const KEY = "arbiter:muted";
let context = null;

export function muted() {
  return localStorage.getItem(KEY) === "1";
}

export function setMuted(value) {
  localStorage.setItem(KEY, value ? "1" : "0");
}

// Browsers start audio only after a gesture on the page: the context is made on the
// first click or key, and sounds before it are silently skipped.
function wake() {
  if (!context && window.AudioContext) context = new AudioContext();
  if (context && context.state === "suspended") context.resume();
}
document.addEventListener("pointerdown", wake);
document.addEventListener("keydown", wake);

// Plays tones one after another: [frequency in Hz, seconds] each.
function tones(notes, volume = 0.15) {
  if (muted() || !context || context.state !== "running") return;
  let at = context.currentTime;
  for (const [frequency, length] of notes) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = "triangle";
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(volume, at);
    gain.gain.exponentialRampToValueAtTime(0.001, at + length);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + length);
    at += length * 0.8;
  }
}

// The sounds played, listed so that a test can see one was made even with no
// speakers: `document.body.dataset.sounds` lists them.
function heard(name) {
  document.body.dataset.sounds = `${document.body.dataset.sounds || ""}${name} `.slice(-200);
}

export function moveSound() {
  if (muted()) return;
  heard("move");
  tones([[520, 0.08]]);
}

export function endSound() {
  if (muted()) return;
  heard("end");
  tones([[660, 0.15], [520, 0.15], [440, 0.3]]);
}
