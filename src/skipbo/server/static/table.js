// The Skip-Bo page, part 4: drawing the table and choosing a move.
//
// Choosing never moves a card: a tap on a playable card selects it (only that card
// is raised), a tap on it again deselects, and only a tap on a lit target plays.
// A discard ends the turn, so it waits UNDO_MS with an Undo button (a second tap on
// the same "discard here" target sends it at once). Tap-tap, keyboard and a drag
// with Pointer Events (mouse, pen, touch) all end in the same two functions.

import { colonJoin, t } from "./i18n.js";
import { cardNode, cardWords, emptyNode, face, hiddenText, stackNode } from "./cardart.js";
import { levelName } from "./lobby.js";
import { markLastMove, moveEnds, rememberFlightStart, resetMotion, tickTimer } from "./motion.js";
import { openReplay, replayTableRound } from "./replay.js";
import { renderHint } from "./coach.js";
import { analyzeRound } from "./analysis.js";
import { showResultRating } from "./profile.js";
import { reactionTag, renderReactBox } from "./reactions.js";
import { tutorialMoves, tutorialRendered } from "./tutorial.js";
import { findAgain, followSlowTurn, offerFill, onTurnsRead, openedByFind, slowTableText } from "./online.js";
import { $, $input, $select, api, connection, current, dropOverlay, el, enterTable, giveUpSeat, goToLobby, guarded, heldSeat, historySettled, iResigned, mySeat, pushOverlay, say, seatName, send, showError, table } from "./app.js";

const UNDO_MS = 2500;

/** @type {string | null} */
export let selected = null; // the chosen source ("H7", "S", "D2", "pS", "pD1") or null
/** @type {string | null} */
let selectedNode = null; // which node of that source is raised ("H7#2": the third hand card)
/** @type {PendingDiscard | null} */
export let pending = null; // a discard waiting for its undo moment: {move, target, timer}
/** @type {string | null} */
export let focusKey = null; // where focus goes after the next render
/** @type {TableDrag | null} */
let drag = null; // a pointer drag in progress
let suppressClick = false; // the click that ends a drag is not a tap
/** @type {SeatMove | null} */
export let lastMove = null; // {seat, move} shown as "last move" on the table
let resultClosed = false; // the result overlay was put aside to look at the table
export let holdResult = false; // the round's last move is still travelling
/** @type {Map<string, CardText>} */
let moveValues = new Map(); // "round:move index" -> the card a move carried, read from the view before it

// Setters for the state above that other modules change (an import is read-only).
/** @param {SeatMove | null} move */
export function setLastMove(move) {
  lastMove = move;
}
/** @param {boolean} flag */
export function setHoldResult(flag) {
  holdResult = flag;
}
/** @param {string | null} key */
export function setFocusKey(key) {
  focusKey = key;
}

// The table on screen. What draws it or acts on it runs only while one is shown
// (render() returns without one; its buttons and cards are on its page), so those
// read it through these, typed as there; started: past its lobby, with a round.
/** @returns {TableView} */
const shownTable = () => /** @type {TableView} */ (table);
/** @returns {StartedTableView} */
const startedTable = () => /** @type {StartedTableView} */ (table);

export function resetTableState() {
  // the table left: its phase and turn no longer describe the page (the next table's
  // own come with its first view; until then its board stays hidden, app.css)
  delete document.body.dataset.phase;
  delete document.body.dataset.myTurn;
  cancelPending();
  stopRetry();
  lastSent = null;
  selected = null;
  selectedNode = null;
  lastMove = null;
  resultClosed = false;
  holdResult = false;
  moveValues = new Map();
  resetMotion();
  // the next table's first view takes focus: the button that opened it went with the
  // page it was on, and a keyboard player must not have to start again from the top
  focusKey = "next";
}

// ------------------------------------------------------------------ legal moves

/**
 * The moves the person may choose now: the server's list (a tutorial lesson: its one move).
 * A move is "SOURCE-TARGET" or "end" (notation.md); the split only reads the list.
 * @returns {string[]}
 */
export function legal() {
  const all = table?.legal ?? [];
  return tutorialMoves(all); // tutorial.js: a lesson asks for one move
}

/** @returns {Set<string>} */
function sources() {
  return new Set(legal().filter((m) => m.includes("-")).map((m) => m.split("-")[0]));
}

/**
 * @param {string | null} source
 * @returns {Set<string>}
 */
function targetsOf(source) {
  if (!source) return new Set();
  const prefix = `${source}-`;
  return new Set(legal().filter((m) => m.startsWith(prefix)).map((m) => m.slice(prefix.length)));
}

/** @returns {Set<string>} */
function targets() {
  return pending ? new Set() : targetsOf(selected);
}

/**
 * The building piles a source may go to (any hand card may also be discarded).
 * @param {string} source
 * @returns {string[]}
 */
function buildTargets(source) {
  return [...targetsOf(source)].filter((target) => target.startsWith("B"));
}

// Optional (⚙ Settings): a tap on a card that fits exactly one building pile plays it there.
function oneTap() {
  return localStorage.getItem("skipbo.onetap") === "on";
}

// ------------------------------------------------------------------ choosing

/**
 * @param {string} source
 * @param {string} nodeId
 */
function choose(source, nodeId) {
  if (pending || !sources().has(source)) return;
  const builds = buildTargets(source);
  if (oneTap() && builds.length === 1 && !(selected === source && selectedNode === nodeId)) {
    const nodes = /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#me [data-key]"));
    const from = [...nodes].find((n) => n.dataset.key === `node:${nodeId}`);
    sendMove(`${source}-${builds[0]}`, from);
    return;
  }
  if (selected === source && selectedNode === nodeId) {
    selected = null;
    selectedNode = null;
    focusKey = `node:${nodeId}`;
  } else {
    selected = source;
    selectedNode = nodeId;
    focusKey = "lit";
  }
  render();
}

/**
 * A tap on a lit target: a building pile plays at once, a discard waits for its undo.
 * @param {string} target
 */
function playTo(target) {
  if (pending && pending.target === target) {
    commitPending();
    return;
  }
  if (!selected || !targetsOf(selected).has(target)) return;
  const move = `${selected}-${target}`;
  if (target.startsWith("D")) startPending(move, target);
  else sendMove(move);
}

/**
 * A move names the position it answers, so that a view still in flight (or the same
 * person on another device) can never turn it into a move on a later position.
 * @param {string} move
 * @returns {{ type: "move", move: string, at: [number, number] }}
 */
function moveMessage(move) {
  const view = startedTable(); // a move is chosen only during a round
  return { type: "move", move, at: [view.round_index, view.moves] };
}

/**
 * @param {string} move
 * @param {HTMLElement | null} [from] the node the card flies from (else the raised one)
 */
function sendMove(move, from = null) {
  rememberFlightStart(from);
  stopRetry(); // a move chosen now replaces one the server could not save
  lastSent = moveMessage(move);
  lastSentOn = connection;
  if (!send(lastSent)) sendOnReconnection(lastSent);
  selected = null;
  selectedNode = null;
  focusKey = "next";
  render();
}

/**
 * @param {string} move
 * @param {string} target
 */
function startPending(move, target) {
  cancelPending();
  pending = { move, target, timer: setTimeout(commitPending, UNDO_MS) };
  focusKey = `target:${target}`;
  render();
  say(`${$("pending-text").textContent} ${$("status-text").textContent}`); // what waits, and how to undo it
}

function commitPending() {
  if (!pending) return;
  const { move } = pending;
  cancelPending();
  sendMove(move);
}

function cancelPending() {
  if (pending) clearTimeout(pending.timer);
  pending = null;
}

function undoPending() {
  if (!pending) return;
  cancelPending();
  focusKey = selectedNode ? `node:${selectedNode}` : "next";
  render();
  say(t("discardUndone"));
}

/**
 * A refused move (an error from the server) leaves the position as it was. A move the
 * server could not save (storage_unavailable: its database is away for a moment,
 * nothing was changed) is not the player's to send again: it is sent again here until
 * it is saved. Returns whether the refusal is handled here (app.js shows the others).
 * @param {ServerErrorJson} [error]
 * @returns {boolean}
 */
export function refused(error = {}) {
  cancelPending();
  selected = null;
  selectedNode = null;
  const handled = retryUnsaved(error.code);
  if (table) render();
  return handled;
}

// ------------------------------------------------------------------ a move not saved yet

const RETRY_FIRST_MS = 1000; // the first re-send; each next one waits twice as long
const RETRY_MAX_MS = 5000;
const ANSWER_WAIT_MS = 10000; // no answer by then (the socket went meanwhile): sent again

/** @typedef {{ type: "move", move: string, at: [number, number] }} MoveMessage */
/** @type {MoveMessage | null} */
let lastSent = null; // the move sent, until the table moves on past its position or it is refused
let lastSentOn = 0; // app.js's connection it was sent on
/** @type {{ message: MoveMessage, delay: number, timer: number } | null} */
let unsaved = null; // the move the server could not save, being sent again

/**
 * The move still stands where it was chosen: the position it carries is on screen.
 * @param {[number, number]} at
 * @returns {boolean}
 */
function stillAt(at) {
  return table?.phase === "playing" && startedTable().round_index === at[0] && startedTable().moves === at[1];
}

/**
 * After a refusal: the move is sent again (storage_unavailable), or that ends.
 * It carries the position it was chosen at, so sending it again never plays it twice:
 * had an earlier copy been saved after all, the server answers table_moved_on (this
 * page's own re-send: not shown, the state that follows it tells what happened).
 * @param {string | undefined} code
 * @returns {boolean} whether the refusal is handled here
 */
function retryUnsaved(code) {
  if (code === "storage_unavailable" && lastSent && stillAt(lastSent.at)) {
    unsaved ??= { message: lastSent, delay: RETRY_FIRST_MS, timer: 0 };
    clearTimeout(unsaved.timer);
    unsaved.timer = setTimeout(resendUnsaved, unsaved.delay);
    unsaved.delay = Math.min(unsaved.delay * 2, RETRY_MAX_MS);
    $("conn").textContent = t("savingRetry");
    $("conn").hidden = false;
    return true;
  }
  const ours = unsaved !== null && code === "table_moved_on";
  lastSent = null;
  stopRetry();
  return ours;
}

function resendUnsaved() {
  if (!unsaved) return;
  const sent = send(unsaved.message);
  if (!sent) showError(t("moveKept"));
  // not sent while the socket reconnects: tried again soon; sent: again if no answer comes
  unsaved.timer = setTimeout(resendUnsaved, sent ? ANSWER_WAIT_MS : RETRY_FIRST_MS);
}

/**
 * A move chosen while the socket is down is kept and sent once it is back (it
 * carries its position, so it is never played on a later one: the server answers
 * table_moved_on if the table went on meanwhile, and this page then drops it).
 * @param {MoveMessage} message
 */
function sendOnReconnection(message) {
  unsaved = { message, delay: RETRY_FIRST_MS, timer: setTimeout(resendUnsaved, RETRY_FIRST_MS) };
  showError(t("moveKept"));
}

function stopRetry() {
  if (!unsaved) return;
  clearTimeout(unsaved.timer);
  unsaved = null;
  if ($("conn").textContent === t("savingRetry")) {
    $("conn").textContent = ""; // "reconnecting…" meanwhile is the connection's to clear
    $("conn").hidden = true;
  }
}

// ------------------------------------------------------------------ interactive nodes

/**
 * A card that may be picked: selectable, draggable, focusable, with a spoken name.
 * @template {HTMLElement} N
 * @param {N} node
 * @param {string} source
 * @param {string} nodeId
 * @param {string} label
 * @returns {N}
 */
function asSource(node, source, nodeId, label) {
  node.dataset.source = source;
  node.dataset.key = `node:${nodeId}`;
  if (pending && selected === source && selectedNode === nodeId) node.dataset.selected = "true";
  if (!sources().has(source) || pending) {
    node.setAttribute("aria-label", label);
    node.setAttribute("role", "img");
    return node;
  }
  const isSelected = selected === source && selectedNode === nodeId;
  const builds = buildTargets(source).length > 0;
  node.dataset.selectable = "true";
  node.dataset.builds = String(builds);
  if (isSelected) node.dataset.selected = "true";
  node.dataset.nodeId = nodeId;
  node.tabIndex = 0;
  node.setAttribute("role", "button");
  node.setAttribute("aria-pressed", String(isSelected));
  node.setAttribute("aria-label", builds ? `${label}, ${t("fitsBuild")}` : label);
  if (builds) node.append(el("span", { class: "fits-tag", "aria-hidden": "true" }, "▲"));
  onActivate(node, () => choose(source, nodeId));
  node.addEventListener("pointerdown", (event) => startDrag(event, node, source, nodeId));
  return node;
}

/**
 * A pile that may receive the chosen card: lit, focusable, named with "play here".
 * @template {HTMLElement} N
 * @param {N} node
 * @param {string} target
 * @param {string} label
 * @param {string} litLabel
 * @returns {N}
 */
function asTarget(node, target, label, litLabel) {
  node.dataset.target = target;
  const lit = targets().has(target) || (pending && pending.target === target);
  if (!lit) {
    if (label) node.setAttribute("aria-label", label);
    return node;
  }
  node.dataset.lit = "true";
  node.dataset.key = `target:${target}`;
  node.tabIndex = 0;
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", colonJoin(label, litLabel));
  onActivate(node, () => playTo(target));
  return node;
}

/**
 * @param {HTMLElement} node
 * @param {() => void} act
 */
function onActivate(node, act) {
  node.addEventListener("click", (event) => {
    event.stopPropagation();
    if (suppressClick) return;
    act();
  });
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      event.stopPropagation();
      act();
    }
  });
}

// ------------------------------------------------------------------ pointer drag

/**
 * @param {PointerEvent} event
 * @param {HTMLElement} node
 * @param {string} source
 * @param {string} nodeId
 */
function startDrag(event, node, source, nodeId) {
  if (pending || (event.pointerType === "mouse" && event.button !== 0)) return;
  drag = { source, nodeId, node, id: event.pointerId, x: event.clientX, y: event.clientY, ghost: null };
}

/** @param {PointerEvent} event */
function dragMove(event) {
  if (!drag || event.pointerId !== drag.id) return;
  const dx = event.clientX - drag.x;
  const dy = event.clientY - drag.y;
  if (!drag.ghost) {
    if (Math.hypot(dx, dy) < 8) return;
    const rect = drag.node.getBoundingClientRect();
    const ghost = /** @type {HTMLElement} */ (drag.node.cloneNode(true));
    ghost.removeAttribute("data-testid");
    ghost.classList.add("ghost");
    ghost.style.left = `${rect.left}px`;
    ghost.style.top = `${rect.top}px`;
    ghost.style.width = `${rect.width}px`;
    ghost.style.height = `${rect.height}px`;
    document.body.append(ghost);
    drag.ghost = ghost;
    const lit = targetsOf(drag.source);
    for (const node of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#table [data-target]"))) {
      if (lit.has(/** @type {string} */ (node.dataset.target))) node.dataset.dropLit = "true";
    }
  }
  event.preventDefault();
  drag.ghost.style.transform = `translate(${dx}px, ${dy}px) rotate(4deg)`;
}

/** @param {PointerEvent} event */
function dragEnd(event) {
  if (!drag || event.pointerId !== drag.id) return;
  const { ghost, source, nodeId } = drag;
  drag = null;
  if (!ghost) return; // a tap: the click handler chooses
  ghost.remove();
  suppressClick = true;
  setTimeout(() => (suppressClick = false), 0);
  const dropLit = /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-drop-lit]"));
  for (const node of dropLit) delete node.dataset.dropLit;
  if (event.type === "pointercancel") return;
  const point = document.elementFromPoint(event.clientX, event.clientY);
  const under = /** @type {HTMLElement | null | undefined} */ (point?.closest("[data-target]"));
  const target = under?.dataset.target;
  if (target && targetsOf(source).has(target)) {
    selected = source;
    selectedNode = nodeId;
    playTo(target);
  }
}

// ------------------------------------------------------------------ keys

/**
 * Arrow keys walk the focusable cards of the table; Escape undoes or cancels a pick.
 * @param {KeyboardEvent} event
 */
function tableKeys(event) {
  const target = /** @type {Element} */ (event.target); // a key goes to an element (the body at least)
  if ($("table").hidden || target.matches("input, select")) return;
  if (event.key === "Escape") {
    if (closeOverlays()) return;
    if (pending) undoPending();
    else if (selected) {
      focusKey = `node:${selectedNode}`;
      selected = null;
      selectedNode = null;
      render();
    }
    return;
  }
  /** @type {Record<string, number | undefined>} */
  const steps = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  const step = steps[event.key];
  if (!step || target.closest(".overlay")) return;
  const nodes = [.../** @type {NodeListOf<HTMLElement>} */ ($("board").querySelectorAll("[tabindex='0']"))];
  if (!nodes.length) return;
  event.preventDefault();
  const at = nodes.indexOf(/** @type {HTMLElement} */ (document.activeElement)); // -1 for none
  const next = at < 0 ? 0 : (at + step + nodes.length) % nodes.length;
  nodes[next].focus();
}

function restoreFocus() {
  if (!focusKey) return;
  const key = focusKey;
  focusKey = null;
  if (!$("result").hidden) {
    // the end-of-round dialog is modal: focus goes into it, never behind it
    if (!$("result").contains(document.activeElement)) dialogItems("result")[0]?.focus({ preventScroll: true });
    return;
  }
  const box = $("board");
  const focusable = (/** @type {HTMLElement | null | undefined} */ node) => Boolean(node && !node.hidden && node.tabIndex >= 0);
  const next = () => /** @type {HTMLElement | null} */ (box.querySelector("#me [data-selectable=true]")) ?? $("end-turn-btn");
  /** @type {HTMLElement | null | undefined} */
  let node;
  if (key === "lit") node = box.querySelector("[data-lit=true][tabindex='0']");
  else if (key === "next") node = next();
  else {
    node = [.../** @type {NodeListOf<HTMLElement>} */ (box.querySelectorAll("[data-key]"))].find((n) => n.dataset.key === key);
    // the card just played, or one no longer playable: the next card to play, if any
    if (!focusable(node)) node = next();
  }
  (focusable(node) ? /** @type {HTMLElement} */ (node) : $("status")).focus({ preventScroll: true });
}

/**
 * The table shown again (Back from its replay): focus returns to what had it, or,
 * when that is gone or no longer to be acted on, to the next card to play.
 * @param {HTMLElement} node
 */
export function focusBack(node) {
  if (node.isConnected && !node.closest("[hidden]") && node.tabIndex >= 0 && !(/** @type {HTMLButtonElement} */ (node).disabled)) {
    node.focus({ preventScroll: true });
    return;
  }
  focusKey = "next";
  render();
}

/**
 * What may take focus in an open dialog, in order (its first: where focus goes in).
 * @param {string} id the overlay's
 * @returns {HTMLElement[]}
 */
function dialogItems(id) {
  const nodes = /** @type {NodeListOf<HTMLElement>} */ ($(id).querySelectorAll("button, a[href], input, select, [tabindex='0']"));
  return [...nodes].filter((node) => !(/** @type {HTMLButtonElement} */ (node).disabled) && node.getClientRects().length > 0);
}

/**
 * The open dialog, if any: the pile viewer or the resign question over the table, else
 * the end-of-round dialog.
 * @returns {string | null} its id
 */
function openDialogId() {
  if ($("table").hidden) return null;
  return ["pile-viewer", "resign-dialog", "result"].find((id) => !$(id).hidden) ?? null;
}

/**
 * Tab and Shift+Tab go round the open dialog's controls: what lies behind a modal
 * dialog (the table, the header) is not reached until it closes.
 * @param {KeyboardEvent} event
 */
function keepTabInDialog(event) {
  const id = event.key === "Tab" ? openDialogId() : null;
  if (!id) return;
  const items = dialogItems(id);
  if (!items.length) return;
  const at = items.indexOf(/** @type {HTMLElement} */ (document.activeElement));
  const last = items.length - 1;
  let to = null;
  if (at < 0) to = event.shiftKey ? last : 0;
  else if (event.shiftKey && at === 0) to = last;
  else if (!event.shiftKey && at === last) to = 0;
  if (to === null) return; // within the dialog: the browser moves on
  event.preventDefault();
  items[to].focus();
}

// ------------------------------------------------------------------ words

/**
 * "Tap" on a touch screen, "Click" with a mouse (the text KEY, or KEYClick).
 * @param {string} key
 * @returns {string}
 */
function pointerText(key) {
  return matchMedia("(pointer: coarse)").matches ? t(key) : t(`${key}Click`);
}

/**
 * A pile's words: "S" -> "stock", "D2" -> "discard 2", "H7" -> "hand 7".
 * @param {string} code
 * @returns {string}
 */
function pileWords(code) {
  if (code === "S") return t("stock");
  if (code === "pS") return t("partnerStock");
  if (code.startsWith("pD")) return `${t("partnerDiscard")} ${code.slice(2)}`;
  if (code.startsWith("D")) return `${t("discard")} ${code.slice(1)}`;
  if (code.startsWith("B")) return `${t("build")} ${code.slice(1)}`;
  if (code.startsWith("H")) return `${t("hand")} ${face(code.slice(1))}`;
  return code;
}

/**
 * "H7-B2" -> "hand 7 → building pile 2"; only splits the string, knows no rule. With
 * the card it carried (read from the view before it), a card from a pile is named
 * too, as everyone at the table saw it: "S-B2" -> "stock pile (7) → building pile 2".
 * @param {string} move
 * @param {CardText | null} [card]
 * @returns {string}
 */
export function moveWords(move, card = null) {
  if (move === "end") return t("moveEnd");
  const [source, target] = move.split("-");
  const shown = card && !source.startsWith("H") ? ` (${card === "SB" ? "Skip-Bo" : face(card)})` : "";
  return `${pileWords(source)}${shown} → ${pileWords(target ?? "")}`;
}

/**
 * The number a building pile needs next (an SB counts as the value it took).
 * @param {number} value the pile's value
 * @returns {string}
 */
function needs(value) {
  return t("needs", { n: Number(value) + 1 });
}

/**
 * A discard pile's name: "your discard pile 2", "Ann's discard pile 2".
 * @param {number} seat
 * @param {number} n the pile, from 1
 * @param {(seat: number) => string} [nameOf]
 * @returns {string}
 */
function discardName(seat, n, nameOf = seatName) {
  return seat === mySeat() && nameOf === seatName ? t("discardYour", { n }) : t("discardOf", { who: nameOf(seat), n });
}

// ------------------------------------------------------------------ piles

/**
 * A seat's partner at a table of partnerships (the seat across), else null.
 * @param {PlayerViewJson} view
 * @param {number | null} seat
 * @returns {number | null}
 */
export function partnerOf(view, seat) {
  const n = view.players.length;
  return view.rules.teams && seat !== null ? (seat + n / 2) % n : null;
}

/**
 * A discard pile: fanned cards (the top one last), a count badge that opens the
 * whole pile, and for the viewer's own piles a "discard here" place when lit.
 * @param {PlayerViewJson} view
 * @param {number} seat
 * @param {number} index the pile, from 1
 * @param {"own" | "partner" | "other"} kind
 * @returns {HTMLDivElement}
 */
function discardPile(view, seat, index, kind) {
  const cards = view.players[seat].discards[index - 1];
  const top = cards[cards.length - 1];
  const testid = kind === "own" ? `own-discard-${index}` : `player-${seat}-discard-${index}`;
  const name = discardName(seat, index);
  const label = top ? t("pileTop", { name, top: cardWords(top), n: cards.length }) : t("pileEmpty", { name });
  const pile = el("div", {
    class: `pile discard ${kind}`,
    "data-testid": testid,
    "data-pile": `${seat}:D${index}`,
    "data-count": String(cards.length),
    role: "group",
    "aria-label": label,
  });
  const fan = el("div", { class: "fan" });
  if (!cards.length) fan.append(emptyNode(`${index}`, { "aria-hidden": "true" }));
  cards.forEach((value, i) => {
    const isTop = i === cards.length - 1;
    const node = cardNode(value, { "aria-hidden": isTop ? null : "true" });
    if (isTop && kind === "own") {
      node.dataset.testid = `own-discard-top-${index}`;
      asSource(node, `D${index}`, `D${index}`, label);
    } else if (isTop && kind === "partner") {
      node.dataset.testid = `partner-discard-top-${index}`;
      asSource(node, `pD${index}`, `pD${index}`, label);
    } else if (isTop) {
      node.setAttribute("role", "img");
      node.setAttribute("aria-label", label);
    }
    fan.append(node);
  });
  pile.append(fan);
  if (kind === "own") {
    pile.dataset.target = `D${index}`; // a drop anywhere on the pile is clear enough
    const lit = targets().has(`D${index}`) || pending?.target === `D${index}`;
    if (lit) pile.dataset.lit = "true";
    if (lit) pile.append(discardTarget(index, name));
  }
  if (cards.length > 1 && kind === "other") pile.append(el("span", { class: "badge-count", "aria-hidden": "true" }, String(cards.length)));
  else if (cards.length > 1) pile.append(expandButton(view, seat, index, name, cards.length));
  return pile;
}

/**
 * The clear "discard here" place; while a discard waits it says "tap again".
 * @param {number} index the pile, from 1
 * @param {string} name the pile's name
 * @returns {HTMLDivElement}
 */
function discardTarget(index, name) {
  const waiting = pending?.target === `D${index}`;
  const node = el("div", { class: `drop${waiting ? " waiting" : ""}`, "data-testid": `discard-target-${index}` });
  node.append(el("span", { "aria-hidden": "true" }, waiting ? pointerText("tapAgainShort") : t("discardHere")));
  return asTarget(node, `D${index}`, name, waiting ? pointerText("tapAgain") : t("discardHere"));
}

/**
 * The count badge of a pile of more than one card: it opens the whole pile.
 * @param {PlayerViewJson} view
 * @param {number} seat
 * @param {number} index the pile, from 1
 * @param {string} name the pile's name
 * @param {number} count its cards
 * @returns {HTMLButtonElement}
 */
function expandButton(view, seat, index, name, count) {
  const node = el("button", {
    type: "button",
    class: "badge-btn",
    "data-testid": `expand-${seat}-D${index}`,
    "aria-label": t("showPile", { name, n: count }),
  });
  node.append(el("span", { class: "badge-pill", "aria-hidden": "true" }, String(count)));
  node.addEventListener("click", (event) => {
    event.stopPropagation();
    openPileViewer(seat, index);
  });
  return node;
}

/**
 * A stock pile with its count; source: the move source it is for the person, or null.
 * @param {PlayerViewJson} view
 * @param {number} seat
 * @param {string} testid
 * @param {string | null} source
 * @returns {HTMLDivElement}
 */
function stockPile(view, seat, testid, source) {
  const player = view.players[seat];
  const name = seat === mySeat() ? t("yourStock") : t("stockOf", { who: seatName(seat) });
  const label = player.stock_top
    ? t("stockLabel", { name, top: cardWords(player.stock_top), n: player.stock })
    : t("pileEmpty", { name });
  const node = stackNode(player.stock, player.stock_top, "stock", { "data-testid": testid, "data-pile": `${seat}:S` });
  if (source && player.stock_top) asSource(node, source, source, label);
  else {
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", label);
  }
  const box = el("div", { class: "stock-box" });
  box.append(node, el("span", { class: "count", "data-testid": `${testid}-count`, "aria-hidden": "true" }, t("stockCount", { n: player.stock })));
  // another player's stock is drawn small: its count, the number that says who is
  // ahead, is a pill of the text's size instead of the drawing's (about 6 px on a phone)
  if (seat !== mySeat()) box.append(el("span", { class: "badge-count stock-badge", "data-testid": `${testid}-badge`, "aria-hidden": "true" }, String(player.stock)));
  return box;
}

// ------------------------------------------------------------------ presence and badges

/**
 * A seat's presence dot: online, away, autopilot, open.
 * @param {number} seat
 * @param {string} [prefix] of its test id
 * @returns {HTMLSpanElement}
 */
function presence(seat, prefix = "presence") {
  const info = shownTable().seats[seat] ?? /** @type {Partial<SeatJson>} */ ({});
  let state = "online";
  if (info.kind === "open") state = "open";
  else if (info.autopilot) state = "autopilot";
  else if (info.kind === "human" && info.connected === false) state = "away";
  const words = t(`presence_${state}`);
  const node = el("span", { class: `presence ${state}`, "data-testid": `${prefix}-${seat}`, "data-state": state, title: words });
  // "away" and "a bot plays for now" are said in words beside the dot (a hollow dot
  // alone told nobody); "online", the usual case, and "open seat", which the seat's
  // name "(open seat)" says already, only to screen readers
  const word = state === "online" || state === "open" ? hiddenText(words) : el("span", { class: "presence-word" }, words);
  node.append(el("span", { class: "dot", "aria-hidden": "true" }), word);
  return node;
}

/**
 * A seat's head: presence, name, tags (partner, resigned, to move, ready).
 * @param {StartedTableView} view
 * @param {number} seat
 * @param {keyof HTMLElementTagNameMap} [tag] of the name
 * @returns {HTMLDivElement}
 */
function seatHead(view, seat, tag = "h2") {
  const head = el("div", { class: "seat-head", "data-seat": String(seat) });
  const partner = seat !== mySeat() && partnerOf(view.view, mySeat()) === seat;
  const name = seat === mySeat() ? t("youSuffix", { name: seatName(seat) }) : seatName(seat);
  const title = el(tag, { class: "seat-name", title: name, "data-testid": seat === mySeat() ? "my-name" : `name-${seat}` }, name);
  head.append(presence(seat), title);
  const reaction = reactionTag(seat); // reactions.js: a reaction just sent by this seat
  if (reaction) head.append(reaction);
  if (partner) head.append(el("span", { class: "tag partner" }, t("partner")));
  if (view.seats[seat]?.resigned) head.append(resignedTag(seat, view));
  if (seat === view.view?.to_move && view.phase === "playing") {
    head.append(el("span", { class: "tag turn", "data-testid": `turn-${seat}` }, t("toMoveTag")));
    if (view.turn_remaining !== null && view.turn_remaining !== undefined) {
      head.append(el("span", { class: "tag timer", "data-timer": "true" }, ""));
    }
  }
  if (view.seats[seat]?.ready && view.phase !== "playing") head.append(el("span", { class: "tag ready" }, `✓ ${t("ready")}`));
  return head;
}

// ------------------------------------------------------------------ areas

/**
 * Another player's area: head, hand count, stock and discard piles.
 * @param {StartedTableView} view
 * @param {number} seat
 * @param {number | null} partnerSeat the person's partner, if any
 * @returns {HTMLDivElement}
 */
function opponentArea(view, seat, partnerSeat) {
  const player = view.view.players[seat];
  const kind = seat === partnerSeat ? "partner" : "other";
  const toMove = seat === view.view.to_move && view.phase === "playing";
  const area = el("div", {
    class: `player${toMove ? " to-move" : ""}${kind === "partner" ? " is-partner" : ""}`,
    "data-testid": `player-${seat}`,
    "data-seat": String(seat),
    role: "group",
    "aria-label": seatName(seat),
  });
  const head = seatHead(view, seat);
  head.append(el("span", { class: "hand-count", "data-pile": `${seat}:H` }, t("handCount", { n: player.hand })));
  area.append(head);
  const row = el("div", { class: "piles" });
  row.append(stockPile(view.view, seat, `stock-${seat}`, kind === "partner" ? "pS" : null));
  for (let i = 1; i <= player.discards.length; i++) {
    const pile = discardPile(view.view, seat, i, kind);
    // another player's discard pile opens whole when tapped: the pile is the button
    const count = player.discards[i - 1].length;
    if (kind === "other" && count) {
      pile.classList.add("openable");
      pile.setAttribute("role", "button");
      pile.tabIndex = 0;
      pile.title = t("showPile", { name: discardName(seat, i), n: count }); // its description too
      onActivate(pile, () => openPileViewer(seat, i));
    }
    row.append(pile);
  }
  area.append(row);
  return area;
}

/** @param {StartedTableView} view */
function renderOthers(view) {
  const seat = mySeat();
  const n = view.view.players.length;
  const partnerSeat = partnerOf(view.view, seat);
  const others = $("others");
  others.replaceChildren();
  others.dataset.count = String(seat === null ? n : n - 1);
  for (let i = 1; i <= n; i++) {
    const other = seat === null ? i - 1 : (seat + i) % n; // clockwise from the viewer
    if (other !== seat) others.append(opponentArea(view, other, partnerSeat));
  }
}

/** @param {StartedTableView} view */
function renderMiddle(view) {
  const box = $("build");
  box.replaceChildren();
  view.view.build.forEach((value, i) => box.append(buildSlot(view.view, value, i + 1, true, "build-")));
  const draw = $("draw-pile");
  draw.replaceChildren(stackNode(view.view.draw, null, "draw", { role: "img", "aria-label": t("drawLabel", { n: view.view.draw }), "data-pile": "draw" }));
  const done = view.view.completed_cards ?? [];
  const completed = $("completed-pile");
  completed.replaceChildren(
    stackNode(view.view.completed, done.length ? done[done.length - 1] : null, "completed", {
      role: "img",
      "aria-label": t("completedLabel", { n: view.view.completed }),
      "data-pile": "completed",
    }),
  );
  $("draw").textContent = String(view.view.draw);
  $("completed").textContent = String(view.view.completed);
}

/**
 * A building pile; on the table a target, in a replay only shown.
 * @param {{ build_piles?: CardText[][] }} view the player view (its build_piles may be left out)
 * @param {number} value the pile's value (0: empty)
 * @param {number} n the pile, from 1
 * @param {boolean} targetsToo
 * @param {string} prefix of its test id
 * @returns {HTMLDivElement}
 */
export function buildSlot(view, value, n, targetsToo, prefix) {
  const cards = view.build_piles?.[n - 1] ?? [];
  const top = cards[cards.length - 1];
  const name = t("buildN", { n });
  const label = colonJoin(name, value ? `${needs(value)}${top === "SB" ? ` (${t("wildOnTop")})` : ""}` : t("needsOne"));
  const slot = el("div", { class: "slot", "data-testid": `${prefix}${n}`, "data-value": String(value), "data-pile": `B${n}` });
  const faceNode = top ? cardNode(top, { "aria-hidden": "true" }) : emptyNode(`B${n}`, { "aria-hidden": "true" });
  if (top === "SB") faceNode.append(el("span", { class: "as-value", "aria-hidden": "true" }, `= ${value}`));
  slot.append(faceNode, el("span", { class: "slot-label", "aria-hidden": "true" }, value ? t("needsShort", { n: value + 1 }) : t("needsShort", { n: 1 })));
  if (targetsToo) {
    asTarget(slot, `B${n}`, label, t("playHere"));
    if (slot.dataset.lit) {
      const tag = el("span", { class: "play-here", "aria-hidden": "true" }, "▼ ");
      tag.append(el("span", { class: "play-word" }, t("playHere")));
      slot.append(tag);
    }
  }
  if (!slot.hasAttribute("role")) {
    slot.setAttribute("role", "img");
    slot.setAttribute("aria-label", label);
  }
  return slot;
}

/** @param {StartedTableView} view */
function renderOwnArea(view) {
  const seat = mySeat();
  const box = $("me-piles");
  const hand = $("hand");
  box.replaceChildren();
  hand.replaceChildren();
  $("me-head").replaceChildren();
  $("me").classList.toggle("to-move", view.phase === "playing" && view.view.to_move === seat);
  const watching = seat === null || !view.view.players[seat];
  // a watcher has no piles and no hand: the panel keeps its status lines only
  $("me").classList.toggle("watching", watching);
  if (watching) {
    // one who resigned is told so by the status line ("You resigned: you are watching.")
    if (!iResigned()) $("me-head").append(el("p", { class: "status" }, t("watching")));
    $("end-turn-btn").hidden = true;
    return;
  }
  const player = view.view.players[seat];
  const cards = /** @type {CardText[]} */ (view.view.hand); // a seat's view has its hand
  $("me-head").append(seatHead(view, seat, "h2"));
  box.append(stockPile(view.view, seat, "own-stock", "S"));
  const discards = el("div", { class: "own-discards" });
  for (let i = 1; i <= player.discards.length; i++) discards.append(discardPile(view.view, seat, i, "own"));
  box.append(discards);
  // the hand is shown sorted; the order carries no meaning (notation.md)
  const order = (/** @type {CardText} */ c) => (c === "SB" ? 13 : Number(c));
  hand.dataset.pile = `${seat}:H`;
  [...cards].sort((a, b) => order(a) - order(b)).forEach((value, i) => {
    const node = cardNode(value, { "data-testid": "hand-card" });
    hand.append(asSource(node, `H${value}`, `H${value}#${i}`, t("handCard", { card: cardWords(value) })));
  });
  // hands are drawn when a turn starts (rules.md): an empty hand before one's turn is
  // normal, and says so, rather than looking like cards that failed to show
  if (!cards.length) hand.append(el("p", { class: "hand-empty", "data-testid": "hand-empty" }, t("handEmpty")));
  $("end-turn-btn").hidden = !legal().includes("end");
}

// The bar shown while a discard waits: what will happen, Undo, and "discard now".
function renderPending() {
  const bar = $("pending-bar");
  bar.hidden = !pending;
  if (!pending) return;
  const [source, target] = pending.move.split("-");
  $("pending-text").textContent = t("pendingDiscard", { card: pileWords(source), pile: pileWords(target) });
  const meter = $("pending-meter");
  meter.classList.remove("run");
  void meter.offsetWidth; // restart the shrinking bar
  meter.style.animationDuration = `${UNDO_MS}ms`;
  meter.classList.add("run");
}

/** @param {TableView} view */
function renderRoster(view) {
  const list = $("roster");
  list.replaceChildren();
  view.seats.forEach((info, seat) => {
    const row = el("li", {
      "data-testid": `seat-${seat}`,
      "data-connected": String(info.connected !== false),
      "data-autopilot": String(Boolean(info.autopilot)),
      "data-ready": String(Boolean(info.ready)),
      class: seat === view.view?.to_move && view.phase === "playing" ? "to-move" : null,
    });
    const name = seat === mySeat() ? t("youSuffix", { name: seatName(seat) }) : seatName(seat);
    row.append(presence(seat, "roster-presence"), el("span", { class: "roster-name", title: name }, name));
    if (info.resigned) row.append(resignedTag(seat, view));
    if (view.scores) row.append(el("span", { class: "score", title: t("matchTotal") }, String(seatScore(seat, view))));
    list.append(row);
  });
  followSlowTurn(view, mySeat()); // online.js: a slow turn's deadline asked as it begins
  renderMatchInfo(view);
}

/**
 * The match's length and a slow table's pace, with the own turn's deadline (again
 * when the server's list of turns is read: onTurnsRead).
 * @param {TableView} view
 */
function renderMatchInfo(view) {
  const target = view.config?.target;
  $("match-info").textContent = `${target ? t("playingTo", { n: target }) : t("oneRound")} ${slowTableText(view, mySeat())}`.trim();
}

/**
 * What the others did since the person's last move, on the table itself (on a phone
 * the move list is in the drawer): "Ada (hard): 5 → B1, 6 → B1, discards 9".
 */
function renderLastTurn() {
  const view = shownTable();
  const box = $("last-turn");
  const runs = view.phase === "lobby" ? [] : lastTurnRuns();
  const notices = view.phase === "playing" ? resignedNotices() : [];
  box.hidden = !runs.length && !notices.length;
  box.replaceChildren(...notices.map((text) => el("span", { class: "turn-run notice", "data-testid": "resigned-notice" }, text)));
  for (const run of runs) {
    const name = seatName(run.seat);
    const words = run.moves.map(([move, key]) => shortMoveWords(move, key)).join(", ");
    const line = el("span", { class: "turn-run", title: colonJoin(name, words) });
    line.append(el("b", { class: "who" }, name), el("span", { class: "what" }, `${t("colon")}${words}`));
    box.append(line);
  }
}

/**
 * "resigned: a bot (hard) plays" beside the name of a seat whose person gave up.
 * @param {number} seat
 * @param {TableView} [view]
 * @returns {HTMLSpanElement}
 */
function resignedTag(seat, view = shownTable()) {
  // at two sides the game ended with it: no bot plays the seat
  const words = view.seats[seat].kind === "human" ? t("resignedTag") : t("resignedBot", { bot: levelName(view.seats[seat].bot ?? "hard") });
  return el("span", { class: "tag resigned", "data-testid": `resigned-${seat}` }, words);
}

/**
 * Everyone is told who resigned at a table that plays on: "Bob resigned; a bot plays the seat."
 * @param {TableView} [view] the table on screen, else this one
 * @returns {string[]}
 */
export function resignedNotices(view = shownTable()) {
  return view.seats
    .filter((info) => info.resigned)
    .map((info) => (current?.seat === info.seat ? t("youResignedNotice") : t("resignedNotice", { who: info.name })));
}

/**
 * The moves after the person's own last one (a spectator: the last player's), in
 * runs by seat; each with its key "round:index" for moveValues.
 * @returns {TurnRun[]}
 */
function lastTurnRuns() {
  const view = shownTable();
  const moves = view.last_moves ?? [];
  const me = mySeat();
  let start = moves.length;
  if (me === null) while (start > 0 && moves[start - 1].seat === moves[moves.length - 1].seat) start--;
  else while (start > 0 && moves[start - 1].seat !== me) start--;
  const first = (view.moves ?? moves.length) - moves.length;
  /** @type {TurnRun[]} */
  const runs = [];
  for (let i = start; i < moves.length; i++) {
    const { seat, move } = moves[i];
    if (!runs.length || runs[runs.length - 1].seat !== seat) runs.push({ seat, moves: [] });
    runs[runs.length - 1].moves.push([move, `${view.round_index}:${first + i}`]);
  }
  return runs;
}

/**
 * "5 → B1" or "discards 9"; a card not seen moving is named by its pile.
 * @param {string} move
 * @param {string} key "round:index" in moveValues
 * @returns {string}
 */
function shortMoveWords(move, key) {
  if (move === "end") return t("moveEnd");
  const [source, target] = move.split("-");
  const value = source.startsWith("H") ? source.slice(1) : moveValues.get(key);
  const card = value ? (value === "SB" ? "Skip-Bo" : face(value)) : pileWords(source);
  return target.startsWith("B") ? `${card} → B${target.slice(1)}` : t("discardsCard", { card });
}

/**
 * The card each new move carried, read from the view before it: exact for one move
 * between two views (the usual case); a batch keeps only its first.
 * @param {TableView | null} old the view shown before
 * @param {TableView} view the new one
 * @param {SeatMove[]} moves the moves between them
 */
export function noteMoveValues(old, view, moves) {
  if (!moves.length || view.moves === undefined) return;
  const ends = moveEnds(moves[0], old);
  if (ends) moveValues.set(`${view.round_index}:${view.moves - moves.length}`, ends.value);
}

/** The list of the round's last moves (in the drawer on a phone). */
function renderMoves() {
  const view = shownTable();
  const list = $("moves");
  list.replaceChildren();
  const moves = view.last_moves ?? [];
  const first = (view.moves ?? moves.length) - moves.length; // the list shows the round's last moves
  moves.forEach(({ seat, move }, i) => {
    const who = seatName(seat);
    // a card from a pile is named where the page saw it go (hand cards name themselves)
    const words = moveWords(move, moveValues.get(`${view.round_index}:${first + i}`) ?? null);
    // numbered by the move's place in the round; the tooltip says it in words, whole
    const item = el("li", { "data-move": move, "data-seat": String(seat), value: String(first + i + 1), title: colonJoin(who, words) });
    item.append(el("span", { class: "move-who" }, who), `${t("colon")}${words}`);
    list.append(item);
  });
  list.scrollTop = list.scrollHeight;
}

// ------------------------------------------------------------------ status, banners

/**
 * The status line: whose turn, what to do now, or the phase.
 * @returns {string}
 */
function statusText() {
  const view = shownTable();
  if (view.phase === "lobby") return t("waiting", { n: view.seats.filter((s) => s.kind === "open").length });
  if (view.phase !== "playing") return view.phase === "match_over" ? t("matchOver") : t("roundOver");
  const seat = mySeat();
  if (iResigned()) return t("youResigned");
  const toMove = /** @type {PlayerViewJson} */ (view.view).to_move; // playing: the round's view is there
  if (toMove === seat) {
    if (view.seats[seat]?.autopilot) return t("botPlaysForYou");
    if (pending) return pointerText("pendingHint");
    if (selected) return selected.startsWith("H") ? pointerText("pickTargetHand") : t("pickTarget");
    return [...sources()].some((source) => buildTargets(source).length) ? t("yourTurn") : t("yourTurnNoBuild");
  }
  return t("toMove", { who: seatName(toMove) });
}

/** The banners and buttons of the moment: take back, resign, give up the seat, show the result. */
function renderBanners() {
  const view = shownTable();
  const seat = mySeat();
  const info = seat === null ? null : view.seats[seat];
  $("takeback").hidden = !info?.autopilot || view.phase === "lobby" || view.resigned === seat;
  const canResign = seat !== null && view.phase === "playing" && view.resigned !== seat;
  $("resign").hidden = !canResign;
  // at a table of Find a game the waiting panel's Cancel does the same
  $("give-up-seat").hidden = view.phase !== "lobby" || !(/** @type {SeatTicket} */ (current).token) || openedByFind(view);
  $("show-result").hidden = !(resultClosed && isOver());
}

/** @returns {boolean} */
function isOver() {
  const view = shownTable();
  return view.phase === "round_over" || view.phase === "match_over";
}

// ------------------------------------------------------------------ render

/** Draws the table on screen (nothing without one), then puts focus where it goes. */
export function render() {
  if (!table || !current) return;
  const focused = document.activeElement;
  document.body.dataset.phase = table.phase;
  const myTurn = table.phase === "playing" && legal().length > 0;
  document.body.dataset.myTurn = String(myTurn);
  if (selected && !sources().has(selected)) {
    selected = null; // the position moved on
    selectedNode = null;
  }
  if (pending && !myTurn) cancelPending();
  if (lastSent && !stillAt(lastSent.at)) {
    lastSent = null; // the table moved on: the move was saved, or another one came first
    stopRetry();
  } else if (lastSent && lastSentOn !== connection && !unsaved) {
    // its connection closed before an answer (a worker stalled or died) and a new one
    // shows the move's position still: it is sent again (never played twice: its position)
    lastSentOn = connection;
    unsaved = { message: lastSent, delay: RETRY_FIRST_MS, timer: 0 };
    resendUnsaved();
  }
  $("code").textContent = table.code;
  const link = `${location.origin}${location.pathname}#${table.code}`;
  /** @type {HTMLAnchorElement} */ ($("share")).href = link;
  $("share-text").textContent = link;
  $("status-text").textContent = statusText();
  const started = table.phase !== "lobby";
  $("board").dataset.started = String(started);
  $("lobby-wait").hidden = started;
  offerFill(); // online.js: Find a game's Cancel, the offer of bots after a wait
  renderBanners();
  renderRoster(table);
  renderMoves();
  renderLastTurn();
  renderResult();
  renderPending();
  if (started) {
    const view = /** @type {StartedTableView} */ (table); // past the lobby: a round's view
    renderOthers(view);
    renderMiddle(view);
    renderOwnArea(view);
    markLastMove();
  }
  renderHint();
  renderReactBox();
  tickTimer();
  keepFocus(focused);
  restoreFocus();
  tutorialRendered(); // tutorial.js: the guide's panel
}

/**
 * A focused card or pile that was redrawn (a new state, someone else's move) hands
 * focus to its new self, or to the next card to play, never to the page's body.
 * @param {Element | null} focused what had focus before the render
 */
function keepFocus(focused) {
  if (focusKey || !focused || focused === document.body) return;
  if (focused.isConnected && !focused.closest("[hidden]")) return;
  focusKey = /** @type {Partial<HTMLOrSVGElement>} */ (focused).dataset?.key ?? "next";
}

// ------------------------------------------------------------------ overlays

/**
 * How a round ended, in words: "Ann won (42 points)", "Bob resigned", "blocked".
 * @param {RoundResultJson} result
 * @param {(seat: number) => string} [nameOf] a seat's name (a replay has its own)
 * @returns {string}
 */
export function resultText(result, nameOf = seatName) {
  if (result.reason === "stock") {
    const winner = /** @type {number} */ (result.winner); // a round won alone has its winner
    // at the table, your own win is said to you ("You won!" above it named you, not "Marie")
    if (nameOf === seatName && !result.team && winner === mySeat()) return t("youWonPoints", { points: result.points });
    const who = result.team ? result.team.map((seat) => nameOf(seat)).join(" & ") : nameOf(winner);
    return t("won", { who, points: result.points });
  }
  if (result.reason === "forfeit") return t("forfeited", { who: nameOf(/** @type {number} */ (result.forfeited)) });
  if (result.reason === "resign" || result.reason === "resigned") {
    return t("resigned", { who: nameOf(/** @type {number} */ (result.forfeited ?? table?.resigned)) });
  }
  if (result.reason === "blocked") return t("blocked");
  return t("ended", { reason: result.reason });
}

/**
 * The side of a seat: itself, or "Ann & Bob" at a table of partnerships.
 * @param {number} seat
 * @param {StartedTableView} [view]
 * @returns {string}
 */
function sideName(seat, view = startedTable()) {
  const partner = partnerOf(view.view, seat);
  if (partner === null) return seatName(seat, view);
  const [a, b] = [seat, partner].sort((x, y) => x - y);
  return `${seatName(a, view)} & ${seatName(b, view)}`;
}

/**
 * Match scores are kept per side: at partnerships a seat's team is seat mod (n/2).
 * @param {number} seat
 * @param {TableView} [view]
 * @returns {number}
 */
function seatScore(seat, view = shownTable()) {
  const rules = view.view?.rules ?? view.config?.rules;
  const n = view.seats.length;
  return view.scores?.[rules?.teams ? seat % (n / 2) : seat] ?? 0;
}

/**
 * The points a seat won in a round (its team's at partnerships), else 0.
 * @param {RoundResultJson | null | undefined} result
 * @param {number} seat
 * @returns {number}
 */
function roundPoints(result, seat) {
  if (!result || result.points === undefined || result.points === null) return 0;
  if (result.team) return result.team.includes(seat) ? result.points : 0;
  return result.winner === seat ? result.points : 0;
}

/** The result dialog of a finished round or match (hidden while the last move travels). */
export function renderResult() {
  const view = shownTable();
  const box = $("result");
  const over = isOver() && (view.result || view.phase === "match_over");
  const wasHidden = box.hidden;
  box.hidden = !over || resultClosed || holdResult;
  if (wasHidden && !box.hidden) pushOverlay("result"); // Back puts it aside first
  if (!wasHidden && box.hidden) dropOverlay("result");
  if (!over) {
    resultClosed = false;
    return;
  }
  const matchOver = view.phase === "match_over";
  $("result-title").textContent = resultHeadline();
  // a resignation ended the game: said so whether or not it came on the resigner's turn
  // (only then is the core's round a forfeit; otherwise it just stopped)
  const resigner = matchOver && view.resigned !== null && view.resigned !== undefined ? view.resigned : null;
  let text = resigner !== null ? t("resigned", { who: seatName(resigner) }) : view.result ? resultText(view.result) : "";
  if (view.match_winner !== null && view.match_winner !== undefined) {
    text += ` ${t("winsMatch", { who: sideName(view.match_winner) })}`;
  }
  $("result-text").textContent = text.trim();
  showResultRating(view, heldSeat()); // profile.js: a rated game's change, once recorded
  $("scores").classList.toggle("one-round", !view.config?.target); // no match total then
  renderScores();
  renderSeries();
  const seat = resultSeat(view);
  const me = seat === null ? null : view.seats[seat];
  const next = /** @type {HTMLButtonElement} */ ($("next"));
  next.hidden = seat === null;
  $("new-game").hidden = seat === null || !current?.token;
  $("result-analyze").hidden = seat === null || !view.result; // a finished round of the core
  next.disabled = Boolean(me?.ready);
  next.textContent = me?.ready ? t("waitingOthers") : matchOver ? t("rematch") : t("nextRound");
  $("result-takeback").hidden = !me?.autopilot;
  const waiting = view.seats.filter((s) => s.kind === "human" && !s.autopilot && s.connected !== false && !s.ready);
  const ready = view.seats.filter((s) => s.ready);
  $("ready-list").textContent = ready.length
    ? t("readyList", { who: ready.map((s) => seatName(s.seat)).join(", ") }) + (waiting.length ? ` ${t("waitingFor", { who: waiting.map((s) => seatName(s.seat)).join(", ") })}` : "")
    : t(matchOver ? "readyHintMatch" : "readyHint");
  // the finished round as a skipbo-record/1 file (the server refuses running rounds)
  const record = /** @type {HTMLAnchorElement} */ ($("record"));
  const index = /** @type {number} */ (view.round_index); // over: a round was played
  record.href = `/api/tables/${encodeURIComponent(view.code)}/records/${index}`;
  record.download = `skipbo-${view.code}-round-${index + 1}.json`;
}

/**
 * The seat whose buttons the result dialog shows: the own seat, or at two sides one
 * that resigned (still a person's: no bot took it) once the game is over, so that
 * the rematch can be asked by both.
 * @param {TableView} view
 * @returns {number | null}
 */
function resultSeat(view) {
  const held = heldSeat();
  if (held === null) return null;
  return mySeat() ?? (view.phase === "match_over" && view.seats[held]?.kind === "human" ? held : null);
}

/**
 * The dialog's title: "You won!", "You lost", "Ann & Bob won" (a match: of the match,
 * or of round N), read from the result and the match winner the server sends.
 * @returns {string}
 */
function resultHeadline() {
  const view = shownTable();
  const over = view.phase === "match_over";
  const inMatch = Boolean(view.config?.target);
  const n = (view.round ?? 0) + 1;
  /** @type {number[] | null} */
  let winners = null;
  if (over && view.match_winner !== null && view.match_winner !== undefined) winners = sideSeats(view.match_winner);
  else if (view.result?.reason === "stock") winners = view.result.team ?? [/** @type {number} */ (view.result.winner)];
  if (!winners) {
    if (view.result?.reason === "blocked") return t("nobodyWon");
    return over ? t("matchOverTitle") : t("roundOverTitle", { n });
  }
  const scope = !inMatch ? "" : over ? "Match" : "Round";
  const me = heldSeat(); // one who resigned lost
  if (me !== null && winners.includes(me)) return t(`youWon${scope}`, { n });
  if (me !== null) return t(`youLost${scope}`, { n });
  return t(`whoWon${scope}`, { who: winners.map((seat) => seatName(seat)).join(" & "), n });
}

/**
 * The seats of a side: a seat, or at partnerships the team (side = seat mod n/2).
 * @param {number} side
 * @param {TableView} [view]
 * @returns {number[]}
 */
function sideSeats(side, view = shownTable()) {
  const n = view.seats.length;
  return view.view?.rules?.teams ? [side, side + n / 2] : [side];
}

/**
 * A seat's side: itself, or at partnerships its team (seat mod n/2).
 * @param {number} seat
 * @param {TableView} [view]
 * @returns {number}
 */
function sideOf(seat, view = shownTable()) {
  return view.view?.rules?.teams ? seat % (view.seats.length / 2) : seat;
}

// Rematches at one table make a series: this browser keeps who won each game it saw
// end ("skipbo.series.CODE": game number -> winning side, or null for none), and the
// dialog shows the tally. Read from the views only.
const seriesKey = (/** @type {string} */ code) => `skipbo.series.${code}`;

/**
 * @param {string} code
 * @returns {SeriesGames}
 */
function seriesGames(code) {
  try {
    return JSON.parse(/** @type {string} */ (localStorage.getItem(seriesKey(code)))) || {}; // none yet: null
  } catch {
    return {};
  }
}

/**
 * A game just over is noted in its series (once; a view seen again changes nothing).
 * @param {TableView} view
 */
export function noteGameOver(view) {
  if (view.phase !== "match_over" || view.game === undefined) return;
  let winner = null;
  if (view.match_winner !== null && view.match_winner !== undefined) winner = view.match_winner;
  else if (view.result?.reason === "stock") {
    winner = sideOf(view.result.team ? view.result.team[0] : /** @type {number} */ (view.result.winner), view);
  }
  const games = seriesGames(view.code);
  if (String(view.game) in games) return;
  games[view.game] = winner;
  localStorage.setItem(seriesKey(view.code), JSON.stringify(games));
}

/** The series tally of a table's rematches, "You 2 · Ann 1", when a game is over. */
function renderSeries() {
  const view = shownTable();
  const box = $("series");
  const games = seriesGames(view.code);
  const played = Object.keys(games).length;
  box.hidden = !played || view.phase !== "match_over";
  if (box.hidden) return;
  const n = view.seats.length;
  const sides = view.view?.rules?.teams ? n / 2 : n;
  const wins = Array.from({ length: sides }, (_, side) => Object.values(games).filter((w) => w === side).length);
  const me = mySeat();
  const names = wins.map((count, side) => {
    const mine = me !== null && sideOf(me) === side;
    return `${mine ? t("you") : sideName(side)} ${count}`;
  });
  box.dataset.games = String(played);
  box.dataset.wins = wins.join(",");
  box.textContent = t("seriesTally", { n: played, tally: names.join(" · ") });
}

/**
 * A name in the scores: a long one ends in "…" (the tooltip has it whole), while the
 * "(you)" of the person's own row always shows.
 * @param {number} seat
 * @returns {HTMLSpanElement}
 */
function scoreName(seat) {
  const name = seatName(seat);
  const [before, after] = seat === mySeat() ? t("youSuffix", { name: "\u0000" }).split("\u0000") : ["", ""];
  const box = el("span", { class: "score-who", title: `${before}${name}${after}` });
  if (before) box.append(before);
  box.append(el("span", { class: "score-name" }, name));
  if (after) box.append(el("span", { class: "score-you" }, after));
  return box;
}

/** The score table of the result dialog: a row per seat. */
function renderScores() {
  const view = shownTable();
  const body = $("scores-body");
  body.replaceChildren();
  const players = view.view?.players ?? [];
  view.seats.forEach((info, seat) => {
    const row = el("tr", { "data-testid": `score-row-${seat}` });
    const winner = roundPoints(view.result, seat) > 0;
    const name = el("th", { scope: "row" });
    name.append(scoreName(seat));
    if (winner) name.append(el("span", { class: "tag win" }, `★ ${t("winner")}`));
    if (info.ready) name.append(el("span", { class: "tag ready", "data-testid": `ready-${seat}` }, `✓ ${t("ready")}`));
    row.append(
      name,
      el("td", { "data-testid": `stock-left-${seat}` }, String(players[seat]?.stock ?? "")),
      el("td", { "data-testid": `round-points-${seat}` }, String(roundPoints(view.result, seat))),
      el("td", { "data-testid": `total-${seat}` }, String(seatScore(seat))),
    );
    body.append(row);
  });
}

/**
 * A discard pile shown whole in a dialog.
 * @param {number} seat
 * @param {number} index the pile, from 1
 */
function openPileViewer(seat, index) {
  const view = startedTable();
  const cards = view.view.players[seat].discards[index - 1];
  $("pile-viewer-title").textContent = discardName(seat, index);
  const row = $("pile-viewer-cards");
  row.replaceChildren();
  cards.forEach((value, i) => {
    const node = cardNode(value, { role: "listitem", "aria-label": i === cards.length - 1 ? `${cardWords(value)} (${t("top")})` : cardWords(value) });
    row.append(node);
  });
  openDialog("pile-viewer", $("pile-viewer-close"));
}

/**
 * Closes the dialog or drawer that is open (Escape), if any.
 * @returns {boolean} whether one was
 */
function closeOverlays() {
  for (const id of ["pile-viewer", "resign-dialog"]) {
    if (!$(id).hidden) {
      closeDialog(id);
      return true;
    }
  }
  if (!$("result").hidden) {
    putResultAside(); // as "See the table": its "Result" button brings it back
    return true;
  }
  if (!$("side").classList.contains("open")) return false;
  closeSide();
  return true;
}

/**
 * A dialog or the players drawer takes one entry of the browser's history while it
 * is open, so that Back (the phone's Back gesture too) closes it before anything else.
 * @param {string} id
 * @param {HTMLElement} focus what gets focus in it
 */
function openDialog(id, focus) {
  const opener = /** @type {HTMLElement} */ (document.activeElement);
  // the opener is found again by its test id or id: a pile is redrawn with each view
  dialogOpeners[id] = opener?.dataset?.testid ? `[data-testid="${opener.dataset.testid}"]` : opener?.id ? `#${opener.id}` : null;
  $(id).hidden = false;
  pushOverlay(id);
  focus.focus();
}

/** @type {Record<string, string | null>} */
const dialogOpeners = {}; // each open dialog's opener, as a selector: focus goes back to it

/** @param {string} id */
function closeDialog(id) {
  if ($(id).hidden) return;
  hideDialog(id);
  dropOverlay(id);
}

/**
 * A dialog closes (by its buttons, Escape, a tap outside or Back): focus goes back to
 * what opened it, else to the next card to play, never to the page's body.
 * @param {string} id
 */
function hideDialog(id) {
  const hadFocus = $(id).contains(document.activeElement);
  $(id).hidden = true;
  const selector = dialogOpeners[id];
  delete dialogOpeners[id];
  if (!hadFocus && document.activeElement !== document.body) return; // focus went elsewhere meanwhile
  const opener = selector ? /** @type {HTMLElement | null} */ (document.querySelector(`#table ${selector}`)) : null;
  if (opener && !opener.hidden && opener.tabIndex >= 0 && opener.getClientRects().length) opener.focus();
  else {
    focusKey = "next";
    render();
  }
}

/**
 * On a phone the players drawer covers the table: a Close button, a tap outside it
 * and Back close it again.
 * @param {boolean} open
 */
function setSide(open) {
  $("side").classList.toggle("open", open);
  $("side-scrim").hidden = !open;
  $("toggle-side").setAttribute("aria-expanded", String(open));
}

function openSide() {
  setSide(true);
  pushOverlay("side");
  $("side-close").focus();
}

function closeSide() {
  if (!$("side").classList.contains("open")) return;
  setSide(false);
  dropOverlay("side");
  $("toggle-side").focus();
}

// Back took an overlay's entry: whatever the entry now shown does not have open closes.
function overlaysFollowHistory() {
  historySettled(); // the page's own Back: what opened meanwhile is pushed now, and stays
  // an entry of a table left since (a Back still on its way when New game was pressed)
  // says nothing about this table's dialogs: it must not put this one's result aside
  const of = history.state?.table;
  if (of && current && of !== current.code) return;
  const open = history.state?.overlay ?? null;
  for (const id of ["pile-viewer", "resign-dialog"]) {
    if (id !== open && !$(id).hidden) hideDialog(id);
  }
  if (open !== "side" && $("side").classList.contains("open")) setSide(false);
  if (open !== "result" && !$("result").hidden && table && current) {
    resultClosed = true; // as "See the table" does
    render();
  }
}

// "See the table" (or Escape): the result is put aside; its "Result" button brings it back.
function putResultAside() {
  resultClosed = true;
  render();
  $("show-result").focus();
}

/** The resign dialog: at two sides resigning ends the match, at more a bot plays on. */
function openResign() {
  const view = startedTable();
  const sides = view.view.rules.teams ? view.view.players.length / 2 : view.view.players.length;
  $("resign-text").textContent = sides === 2 ? t("resignTwo") : t("resignMany");
  openDialog("resign-dialog", $("resign-cancel"));
}

// The replay page at this table's round; openReplayOfRound also shows the round.
function openReplayOfRoundOnly() {
  const view = startedTable();
  $input("replay-code").value = view.code;
  $input("replay-round").value = String(view.round_index + 1);
  openReplay();
}

function openReplayOfRound() {
  openReplayOfRoundOnly();
  guarded(replayTableRound)();
}

// Straight from the end of a round to the coach's marks on the person's own moves.
async function analyzeMyRound() {
  const seat = mySeat();
  openReplayOfRoundOnly();
  await replayTableRound();
  $select("analyze-seat").value = String(seat);
  await analyzeRound();
}

// A new table like this one (players, stock, partnerships, target, bots, timer, hints),
// the person in the first seat and the other people's seats open; after a game that
// Find a game paired, the same search again.
async function newGameAlike() {
  const view = shownTable();
  if (openedByFind(view)) {
    await findAgain(view); // online.js: paired again, with people
    return;
  }
  const seat = /** @type {number} */ (heldSeat()); // the button shows only to a seat (resigned or not)
  const rules = view.view?.rules ?? view.config.rules;
  const kinds = view.config.seats.filter((_, i) => i !== seat).map((kind) => (kind.startsWith("bot:") ? kind : "human"));
  /** @type {AlikeTableRequest} */
  const body = {
    name: view.seats[seat].name,
    players: rules.players,
    stock: rules.stock,
    target: view.config.target,
    teams: Boolean(rules.teams),
    seats: ["human", ...kinds],
  };
  if (view.config.turn_seconds) body.turn_seconds = view.config.turn_seconds;
  if (view.config.hints !== null && view.config.hints !== undefined) body.hints = view.config.hints;
  const created = await api("POST", "/api/tables", body);
  enterTable(created.code, created.token, created.seat);
}

export function setupTable() {
  onTurnsRead(() => {
    if (table && !$("table").hidden) renderMatchInfo(table); // the own turn's deadline, once known
  });
  $("leave").addEventListener("click", goToLobby);
  $("give-up-seat").addEventListener("click", giveUpSeat);
  $("resign").addEventListener("click", openResign);
  $("resign-cancel").addEventListener("click", () => closeDialog("resign-dialog"));
  $("resign-confirm").addEventListener("click", () => {
    closeDialog("resign-dialog");
    send({ type: "resign" });
  });
  $("takeback-btn").addEventListener("click", () => send({ type: "back" }));
  $("result-takeback-btn").addEventListener("click", () => send({ type: "back" }));
  $("next").addEventListener("click", () => send({ type: "next" }));
  $("result-replay").addEventListener("click", openReplayOfRound);
  $("result-analyze").addEventListener("click", guarded(analyzeMyRound));
  $("result-lobby").addEventListener("click", () => $("leave").click());
  $("new-game").addEventListener("click", guarded(newGameAlike));
  $("result-close").addEventListener("click", putResultAside);
  $("show-result").addEventListener("click", () => {
    resultClosed = false;
    render();
    $("next").focus();
  });
  $("pile-viewer-close").addEventListener("click", () => closeDialog("pile-viewer"));
  $("undo").addEventListener("click", undoPending);
  $("discard-now").addEventListener("click", commitPending);
  $("end-turn-btn").addEventListener("click", () => {
    rememberFlightStart();
    send(moveMessage("end"));
  });
  $("copy-link").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(/** @type {HTMLAnchorElement} */ ($("share")).href);
      $("copy-link").textContent = t("copied");
    } catch {
      $("copy-link").textContent = t("copyFailed");
    }
  });
  $("toggle-side").addEventListener("click", () => ($("side").classList.contains("open") ? closeSide() : openSide()));
  $("side-close").addEventListener("click", closeSide);
  $("side-scrim").addEventListener("click", closeSide);
  window.addEventListener("popstate", overlaysFollowHistory);
  for (const overlay of document.querySelectorAll(".overlay")) {
    overlay.addEventListener("click", (event) => {
      if (event.target === overlay && overlay.id !== "result") closeDialog(overlay.id);
    });
  }
  document.addEventListener("keydown", tableKeys);
  document.addEventListener("keydown", keepTabInDialog);
  window.addEventListener("pointermove", dragMove, { passive: false });
  window.addEventListener("pointerup", dragEnd);
  window.addEventListener("pointercancel", dragEnd);
}
