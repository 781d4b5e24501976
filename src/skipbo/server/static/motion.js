// The Skip-Bo page, part 5: states arrive in a queue and are shown one by one, so
// bot moves can be followed at a chosen pace; each move's card travels from its
// source to its target (FLIP with the Web Animations API); the last move stays
// marked; a live region says what happened; a hidden tab says "your turn".

import { colonJoin, t } from "./i18n.js";
import { cardNode } from "./cardart.js";
import { rememberTable } from "./lobby.js";
import { lastMove, moveWords, noteGameOver, noteMoveValues, partnerOf, render, renderResult, resignedNotices, resultText, setHoldResult, setLastMove } from "./table.js";
import { noteSoundsAndCelebration, playSound } from "./sounds.js";
import { $, current, el, heldSeat, mySeat, say, seatName, showView, sleep, table } from "./app.js";

/**
 * Milliseconds between two moves of other players; "instant" is for tests. Looked up
 * by the name stored in the settings, which may be none of these.
 * @type {{ readonly [pace: string]: number | undefined, readonly normal: number }}
 */
export const PACES = { slow: 1200, normal: 700, fast: 300, instant: 0 };

/** @type {QueuedState[]} */
let queue = []; // [{view, at}] states received, not shown yet
let pumping = false;
let nextShowAt = 0;
/** @type {DOMRect | null} */
let flightStart = null; // where the person's own card was when the move was sent
/** @type {number | null} */
let timerEnds = null; // Date.now() when the seat to move runs out of time
let baseTitle = "Skip-Bo";

const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

/** @returns {number} */
function pace() {
  return PACES[localStorage.getItem("skipbo.pace") ?? "normal"] ?? PACES.normal;
}

export function resetMotion() {
  queue = [];
  nextShowAt = 0;
  flightStart = null;
  timerEnds = null;
}

/**
 * Queues a table view from the server, to be shown in turn.
 * @param {TableView} view
 */
export function receiveState(view) {
  queue.push({ view, at: Date.now() });
  if (!pumping) pump();
}

async function pump() {
  pumping = true;
  try {
    while (queue.length) {
      const wait = nextShowAt - Date.now();
      if (wait > 0) await sleep(queue.length > 8 ? wait / 4 : wait);
      const item = queue.shift();
      if (!item || !current || item.view.code !== current.code) continue;
      const moves = showState(item);
      const byOthers = moves.some((m) => m.seat !== mySeat());
      nextShowAt = Date.now() + (byOthers ? pace() : 0);
    }
  } finally {
    pumping = false;
  }
}

/**
 * The moves between two views: the new tail of last_moves (12 at most).
 * @param {TableView | null} old
 * @param {TableView} view
 * @returns {SeatMove[]}
 */
function newMoves(old, view) {
  const after = view.last_moves ?? [];
  if (!old || old.round_index !== view.round_index || old.phase === "lobby") return [];
  const before = old.last_moves ?? [];
  for (let keep = Math.min(after.length, before.length); keep >= 0; keep--) {
    let same = true;
    for (let i = 0; i < keep && same; i++) {
      const x = before[before.length - keep + i];
      const y = after[i];
      same = x.seat === y.seat && x.move === y.move;
    }
    if (same) return after.slice(keep);
  }
  return after;
}

/**
 * Shows one queued view: its moves' cards travel, what happened is said.
 * @param {QueuedState} state
 * @returns {SeatMove[]} the moves it brought
 */
function showState({ view, at }) {
  const old = table;
  const rects = pileRects();
  const moves = newMoves(old, view);
  noteMoveValues(old, view, moves);
  noteGameOver(view);
  showView(view);
  if (moves.length) setLastMove(moves[moves.length - 1]);
  else if (!old || old.round_index !== view.round_index) setLastMove(null);
  const endsRound = old?.phase === "playing" && view.phase !== "playing";
  if (endsRound && pace() > 0) {
    setHoldResult(true);
    setTimeout(() => {
      setHoldResult(false);
      if (table === view) {
        renderResult();
        if (!$("result").hidden) $("next").focus();
      }
    }, Math.max(pace(), 400));
  }
  timerEnds = view.turn_remaining === null || view.turn_remaining === undefined ? null : at + view.turn_remaining * 1000;
  render();
  if (lastMove && moves.length) fly(lastMove, old, rects);
  flightStart = null;
  announce(old, view, moves);
  noteSoundsAndCelebration(old, view, moves); // sounds.js
  if (endsRound && pace() === 0 && !$("result").hidden) $("next").focus();
  // resigned or not: a resigned seat's table still ends, and Your tables must say so
  const held = heldSeat();
  rememberTable(view.code, held, {
    who: view.seats.filter((s) => s.seat !== held).map((s) => seatName(s.seat, view)).join(", "),
    phase: view.phase,
  });
  return moves;
}

// ------------------------------------------------------------------ moving cards

/**
 * Where each pile of the board is now, by its data-pile key ("B2", "1:D3", ...).
 * @returns {Record<string, DOMRect>}
 */
function pileRects() {
  /** @type {Record<string, DOMRect>} */
  const rects = {};
  for (const node of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#board [data-pile]"))) {
    rects[/** @type {string} */ (node.dataset.pile)] = node.getBoundingClientRect();
  }
  return rects;
}

/**
 * Notes where the card of the move about to be sent is: its flight starts there.
 * @param {Element | null} [from] the card (else the one selected, else the own stock)
 */
export function rememberFlightStart(from = null) {
  const node = from ?? document.querySelector("#me [data-selected=true]") ?? document.querySelector("#me [data-testid=own-stock]");
  flightStart = node ? node.getBoundingClientRect() : null;
}

/**
 * "H7-B2" by seat 1 -> {from: "1:H", to: "B2", value: "7"}, read from the old view.
 * @param {SeatMove} move
 * @param {{ view?: PlayerViewJson } | null} old
 * @returns {MoveEnds | null}
 */
export function moveEnds(move, old) {
  if (move.move === "end" || !old?.view) return null;
  const [source, target] = move.move.split("-");
  // a partner's pile ("pS", "pD1") is only played in a team game: there is a partner
  const seat = source.startsWith("p") ? /** @type {number} */ (partnerOf(old.view, move.seat)) : move.seat;
  const bare = source.replace(/^p/, "");
  const player = old.view.players[seat];
  let value = null;
  if (bare.startsWith("H")) value = bare.slice(1);
  else if (bare === "S") value = player?.stock_top;
  else if (bare.startsWith("D")) value = player?.discards[Number(bare.slice(1)) - 1]?.at(-1);
  const from = bare.startsWith("H") ? `${seat}:H` : `${seat}:${bare}`;
  const to = target.startsWith("B") ? target : `${move.seat}:${target}`;
  return value ? { from, to, value } : null;
}

/**
 * The move's card travels from where it was (rects: before the new view) to where it lands.
 * @param {SeatMove} move
 * @param {TableView | null} old
 * @param {Record<string, DOMRect>} rects
 */
function fly(move, old, rects) {
  const duration = move.seat === mySeat() ? Math.min(260, pace()) : Math.min(600, pace() * 0.75);
  const ends = moveEnds(move, old);
  if (!ends || duration <= 0 || reducedMotion.matches) return;
  let from = move.seat === mySeat() && flightStart ? flightStart : rects[ends.from];
  const targetNode = document.querySelector(`#board [data-pile="${ends.to}"]`);
  if (!from || !targetNode) return;
  /** @type {HTMLElement | null} */
  const landed = targetNode.querySelector(".fan > .card:last-child") ?? targetNode.querySelector(".card");
  const to = (landed ?? targetNode).getBoundingClientRect();
  if (!from.width) from = to;
  const flying = cardNode(ends.value, { "aria-hidden": "true" });
  flying.classList.add("flying");
  flying.style.left = `${to.left}px`;
  flying.style.top = `${to.top}px`;
  flying.style.width = `${to.width}px`;
  flying.style.height = `${to.height}px`;
  document.body.append(flying);
  if (landed) landed.style.visibility = "hidden";
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  const scale = from.width / to.width || 1;
  const animation = flying.animate(
    [
      { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, boxShadow: "0 2px 4px #0006" },
      { transform: `translate(${dx / 2}px, ${dy / 2 - 30}px) scale(1.12)`, boxShadow: "0 18px 30px #0008", offset: 0.5 },
      { transform: "translate(0, 0) scale(1)", boxShadow: "0 2px 4px #0006" },
    ],
    { duration, easing: "cubic-bezier(.3,.7,.3,1)" },
  );
  const done = () => {
    flying.remove();
    if (landed) landed.style.visibility = "";
  };
  animation.onfinish = done;
  animation.oncancel = done;
}

/**
 * The last move stays marked: its source and target get a ring and a small tag.
 * @returns {MoveEnds | null | undefined} the move's ends, when it is marked
 */
export function markLastMove() {
  for (const node of document.querySelectorAll("#board .last-from, #board .last-to")) node.classList.remove("last-from", "last-to");
  for (const node of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#board [data-last-move]"))) delete node.dataset.lastMove;
  if (!lastMove || !table?.view) return;
  const ends = moveEnds(lastMove, { view: table.view });
  const [source, target] = lastMove.move.split("-");
  if (!target) return;
  const to = target.startsWith("B") ? target : `${lastMove.seat}:${target}`;
  /** @type {HTMLElement | null} */
  const node = document.querySelector(`#board [data-pile="${to}"]`);
  if (!node) return;
  node.dataset.lastMove = "true";
  node.classList.add("last-to");
  // on another seat's small discard pile the tag sits under the pile, pointing up: on
  // top it covered the pile's count and its neighbour's
  const below = !target.startsWith("B") && lastMove.seat !== mySeat();
  const tag = el(
    "span",
    { class: below ? "last-tag below" : "last-tag", "data-testid": "last-move-tag", "aria-hidden": "true" },
    `${initials(lastMove.seat)} ${below ? "↑" : "↓"}`,
  );
  tag.title = colonJoin(seatName(lastMove.seat), moveWords(lastMove.move));
  node.append(tag);
  const fromSeat = source.startsWith("p") ? partnerOf(table.view, lastMove.seat) : lastMove.seat;
  const fromKey = source.replace(/^p/, "").startsWith("H") ? `${fromSeat}:H` : `${fromSeat}:${source.replace(/^p/, "")}`;
  if (lastMove.seat !== mySeat()) document.querySelector(`#board [data-pile="${fromKey}"]`)?.classList.add("last-from");
  return ends;
}

/**
 * A seat's tag on the last move: "you", else the name's first three letters.
 * @param {number} seat
 * @returns {string}
 */
function initials(seat) {
  return seat === mySeat() ? t("you") : (table?.seats[seat]?.name ?? "?").slice(0, 3);
}

// ------------------------------------------------------------------ words, title, sound

/**
 * Says in the live region what happened between two views: the moves, whose turn it
 * is, the result; a hidden tab's title says "your turn".
 * @param {TableView | null} old
 * @param {TableView} view
 * @param {SeatMove[]} moves
 */
function announce(old, view, moves) {
  /** @type {string[]} */
  const parts = [];
  // the last three; your own too: it confirms the move. The card a move carried is read
  // from the view before it, which is the first move's only (of a batch of them)
  const said = moves.slice(-3);
  const card = said.length && said[0] === moves[0] ? moveEnds(moves[0], old)?.value ?? null : null;
  said.forEach(({ seat, move }, i) => {
    parts.push(`${colonJoin(seat === mySeat() ? t("you") : seatName(seat, view), moveWords(move, i === 0 ? card : null))}.`);
  });
  const wasMine = old?.phase === "playing" && (old.legal ?? []).length > 0;
  const isMine = view.phase === "playing" && (view.legal ?? []).length > 0;
  const turnChanged = !old || old.view?.to_move !== view.view?.to_move || old.phase !== view.phase;
  if (view.phase === "playing" && turnChanged) {
    parts.push(isMine ? t("yourTurnShort") : t("toMove", { who: seatName(/** @type {PlayerViewJson} */ (view.view).to_move, view) }));
  }
  if (old?.phase === "playing" && view.phase !== "playing" && view.result) parts.push(resultText(view.result));
  const resignedBefore = new Set(old ? resignedNotices(old) : []); // table.js
  if (old && view.phase === "playing") parts.push(...resignedNotices(view).filter((text) => !resignedBefore.has(text)));
  if (parts.length) say(parts.join(" "));
  if (isMine && !wasMine) yourTurnAlert();
  baseTitle = `Skip-Bo · ${view.code}`;
  if (!document.hidden) document.title = baseTitle;
}

function yourTurnAlert() {
  if (!document.hidden) return;
  document.title = `▶ ${t("titleYourTurn")} · Skip-Bo`; // the sound: sounds.js
}

// The your-turn sound (sounds.js), also played when the sound setting is turned on:
// a first sound in answer to a click lets the browser play the later ones.
export function beep() {
  playSound("turn");
}

// Started by app.js's start(), not at load: on a slow load a timer set here fired
// before app.js had defined $ and the table state.
export function startMotionWatchers() {
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) document.title = current ? baseTitle : "Skip-Bo";
  });
  setInterval(tickTimer, 500);
}

// ------------------------------------------------------------------ turn timer

export function tickTimer() {
  const nodes = document.querySelectorAll("[data-timer]");
  const own = $("turn-timer");
  if (timerEnds === null || !table || table.phase !== "playing") {
    own.hidden = true;
    return;
  }
  const left = Math.max(0, Math.ceil((timerEnds - Date.now()) / 1000));
  const text = `⏱ ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  for (const node of nodes) {
    node.textContent = text;
    node.classList.toggle("urgent", left <= 10);
  }
  own.hidden = false;
  const view = /** @type {PlayerViewJson} */ (table.view); // a round being played has one
  own.textContent = view.to_move === mySeat() ? t("timeLeftYou", { t: text }) : t("timeLeft", { who: seatName(view.to_move), t: text });
  own.classList.toggle("urgent", left <= 10);
}
