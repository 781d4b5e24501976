// Sounds and the celebration of a won round. Sounds are made with Web Audio (no file
// to download) and are off until the player turns them on in the settings (⚙): a card
// placed, your turn, a round won. A round you win also throws a little confetti, unless
// the system asks for reduced motion or the settings say "No animation".
// motion.js calls noteSoundsAndCelebration() for every state it shows.

import { el, mySeat } from "./app.js";

/** @typedef {"card" | "turn" | "win"} SoundKind a card placed, your turn, a round won */

/** @type {Record<SoundKind, Array<[number, number, number]>>} */
const SOUND_NOTES = {
  // [frequency in Hz, start in s, length in s], played as soft sine tones
  card: [[330, 0, 0.07]],
  turn: [[660, 0, 0.15], [880, 0.16, 0.15]],
  win: [[523, 0, 0.12], [659, 0.12, 0.12], [784, 0.24, 0.12], [1047, 0.36, 0.4]],
};
const CELEBRATION_MS = 1800;
const CONFETTI = 28;
/** @type {AudioContext | null} */
let soundContext = null;

/** Whether the player turned the sounds on in the settings. */
function soundsOn() {
  return localStorage.getItem("skipbo.sound") === "on";
}

/**
 * Plays one of the sounds, when sounds are on.
 * @param {SoundKind} kind
 */
export function playSound(kind) {
  if (!soundsOn() || !SOUND_NOTES[kind]) return;
  try {
    soundContext = soundContext ?? new AudioContext();
    if (soundContext.state === "suspended") soundContext.resume();
    const now = soundContext.currentTime;
    for (const [freq, at, length] of SOUND_NOTES[kind]) {
      const osc = soundContext.createOscillator();
      const gain = soundContext.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + at);
      gain.gain.exponentialRampToValueAtTime(kind === "card" ? 0.12 : 0.2, now + at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + at + length);
      osc.connect(gain).connect(soundContext.destination);
      osc.start(now + at);
      osc.stop(now + at + length + 0.01);
    }
  } catch {
    // no audio in this browser: the page says everything in words anyway
  }
}

// Confetti in the deck's four colours falling over the page for a moment; never in
// the way (no pointer events) and hidden from screen readers (the dialog says it).
export function celebrateWin() {
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  if (still || localStorage.getItem("skipbo.pace") === "instant") return;
  document.getElementById("celebration")?.remove();
  const box = el("div", { id: "celebration", class: "celebration", "data-testid": "celebration", "aria-hidden": "true" });
  for (let i = 0; i < CONFETTI; i++) {
    const piece = el("span", { class: `confetti confetti-${i % 4}` });
    piece.style.setProperty("--x", `${Math.round(Math.random() * 100)}vw`);
    piece.style.setProperty("--drift", `${Math.round(Math.random() * 30 - 15)}vw`);
    piece.style.setProperty("--delay", `${Math.round(Math.random() * 400)}ms`);
    piece.style.setProperty("--turns", `${(Math.random() * 3 + 1).toFixed(2)}turn`);
    box.append(piece);
  }
  document.body.append(box);
  setTimeout(() => box.remove(), CELEBRATION_MS);
}

/**
 * Whether the round that just ended was won by this browser's side.
 * @param {TableView} view
 */
function wonByMe(view) {
  const seat = mySeat();
  if (seat === null || view.result?.reason !== "stock") return false;
  return (view.result.team ?? [view.result.winner]).includes(seat);
}

/**
 * The sound (and the confetti) for a view just shown, after the one before it.
 * @param {TableView | null} old
 * @param {TableView} view
 * @param {SeatMove[]} moves the moves that came with it
 */
export function noteSoundsAndCelebration(old, view, moves) {
  /** @param {TableView | null} v */
  const myTurn = (v) => v?.phase === "playing" && (v.legal ?? []).length > 0;
  const endsRound = old?.phase === "playing" && view.phase !== "playing";
  if (endsRound && wonByMe(view)) {
    playSound("win");
    celebrateWin();
  } else if (myTurn(view) && !myTurn(old)) {
    playSound("turn");
  } else if (moves.some((move) => move.move !== "end")) {
    playSound("card");
  }
}
