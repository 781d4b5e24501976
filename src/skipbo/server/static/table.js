// The Skip-Bo page, part 4: drawing the table and choosing a move.
//
// Choosing never moves a card: a tap on a playable card selects it (only that card
// is raised), a tap on it again deselects, and only a tap on a lit target plays.
// A discard ends the turn, so it waits UNDO_MS with an Undo button (a second tap on
// the same "discard here" target sends it at once). Tap-tap, keyboard and a drag
// with Pointer Events (mouse, pen, touch) all end in the same two functions.

import { t } from "./i18n.js";
import { cardNode, cardWords, emptyNode, face, hiddenText, stackNode } from "./cardart.js";
import { levelName } from "./lobby.js";
import { markLastMove, moveEnds, rememberFlightStart, resetMotion, tickTimer } from "./motion.js";
import { openReplay, replayTableRound } from "./replay.js";
import { renderHint } from "./coach.js";
import { analyzeRound } from "./analysis.js";
import { reactionTag, renderReactBox } from "./reactions.js";
import { tutorialMoves, tutorialRendered } from "./tutorial.js";
import { $, api, current, dropOverlay, el, enterTable, giveUpSeat, goToLobby, guarded, iResigned, mySeat, pushOverlay, seatName, send, table } from "./app.js";

const UNDO_MS = 2500;

export let selected = null; // the chosen source ("H7", "S", "D2", "pS", "pD1") or null
let selectedNode = null; // which node of that source is raised ("H7#2": the third hand card)
export let pending = null; // a discard waiting for its undo moment: {move, target, timer}
export let focusKey = null; // where focus goes after the next render
let drag = null; // a pointer drag in progress
let suppressClick = false; // the click that ends a drag is not a tap
export let lastMove = null; // {seat, move} shown as "last move" on the table
let resultClosed = false; // the result overlay was put aside to look at the table
export let holdResult = false; // the round's last move is still travelling
let moveValues = new Map(); // "round:move index" -> the card a move carried, read from the view before it

// Setters for the state above that other modules change (an import is read-only).
export function setLastMove(move) {
  lastMove = move;
}
export function setHoldResult(flag) {
  holdResult = flag;
}
export function setFocusKey(key) {
  focusKey = key;
}

export function resetTableState() {
  // the table left: its phase and turn no longer describe the page (the next table's
  // own come with its first view; until then its board stays hidden, app.css)
  delete document.body.dataset.phase;
  delete document.body.dataset.myTurn;
  cancelPending();
  selected = null;
  selectedNode = null;
  lastMove = null;
  resultClosed = false;
  holdResult = false;
  moveValues = new Map();
  resetMotion();
}

// ------------------------------------------------------------------ legal moves

// A move is "SOURCE-TARGET" or "end" (notation.md); the split only reads the list.
export function legal() {
  const all = table?.legal ?? [];
  return typeof tutorialMoves === "function" ? tutorialMoves(all) : all; // tutorial.js: a lesson asks for one move
}

function sources() {
  return new Set(legal().filter((m) => m.includes("-")).map((m) => m.split("-")[0]));
}

function targetsOf(source) {
  if (!source) return new Set();
  const prefix = `${source}-`;
  return new Set(legal().filter((m) => m.startsWith(prefix)).map((m) => m.slice(prefix.length)));
}

function targets() {
  return pending ? new Set() : targetsOf(selected);
}

// The building piles a source may go to (any hand card may also be discarded).
function buildTargets(source) {
  return [...targetsOf(source)].filter((target) => target.startsWith("B"));
}

// Optional (⚙ Settings): a tap on a card that fits exactly one building pile plays it there.
function oneTap() {
  return localStorage.getItem("skipbo.onetap") === "on";
}

// ------------------------------------------------------------------ choosing

function choose(source, nodeId) {
  if (pending || !sources().has(source)) return;
  const builds = buildTargets(source);
  if (oneTap() && builds.length === 1 && !(selected === source && selectedNode === nodeId)) {
    const from = [...document.querySelectorAll("#me [data-key]")].find((n) => n.dataset.key === `node:${nodeId}`);
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

// A tap on a lit target: a building pile plays at once, a discard waits for its undo.
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

// A move names the position it answers, so that a view still in flight (or the same
// person on another device) can never turn it into a move on a later position.
function moveMessage(move) {
  return { type: "move", move, at: [table.round_index, table.moves] };
}

function sendMove(move, from = null) {
  rememberFlightStart(from);
  send(moveMessage(move));
  selected = null;
  selectedNode = null;
  focusKey = "next";
  render();
}

function startPending(move, target) {
  cancelPending();
  pending = { move, target, timer: setTimeout(commitPending, UNDO_MS) };
  focusKey = `target:${target}`;
  render();
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
}

// A refused move (an error from the server) leaves the position as it was.
export function refused() {
  cancelPending();
  selected = null;
  selectedNode = null;
  if (table) render();
}

// ------------------------------------------------------------------ interactive nodes

// A card that may be picked: selectable, draggable, focusable, with a spoken name.
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

// A pile that may receive the chosen card: lit, focusable, named with "play here".
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
  node.setAttribute("aria-label", `${label}: ${litLabel}`);
  onActivate(node, () => playTo(target));
  return node;
}

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

function startDrag(event, node, source, nodeId) {
  if (pending || (event.pointerType === "mouse" && event.button !== 0)) return;
  drag = { source, nodeId, node, id: event.pointerId, x: event.clientX, y: event.clientY, ghost: null };
}

function dragMove(event) {
  if (!drag || event.pointerId !== drag.id) return;
  const dx = event.clientX - drag.x;
  const dy = event.clientY - drag.y;
  if (!drag.ghost) {
    if (Math.hypot(dx, dy) < 8) return;
    const rect = drag.node.getBoundingClientRect();
    const ghost = drag.node.cloneNode(true);
    ghost.removeAttribute("data-testid");
    ghost.classList.add("ghost");
    ghost.style.left = `${rect.left}px`;
    ghost.style.top = `${rect.top}px`;
    ghost.style.width = `${rect.width}px`;
    ghost.style.height = `${rect.height}px`;
    document.body.append(ghost);
    drag.ghost = ghost;
    const lit = targetsOf(drag.source);
    for (const node of document.querySelectorAll("#table [data-target]")) {
      if (lit.has(node.dataset.target)) node.dataset.dropLit = "true";
    }
  }
  event.preventDefault();
  drag.ghost.style.transform = `translate(${dx}px, ${dy}px) rotate(4deg)`;
}

function dragEnd(event) {
  if (!drag || event.pointerId !== drag.id) return;
  const { ghost, source, nodeId } = drag;
  drag = null;
  if (!ghost) return; // a tap: the click handler chooses
  ghost.remove();
  suppressClick = true;
  setTimeout(() => (suppressClick = false), 0);
  for (const node of document.querySelectorAll("[data-drop-lit]")) delete node.dataset.dropLit;
  if (event.type === "pointercancel") return;
  const under = document.elementFromPoint(event.clientX, event.clientY)?.closest("[data-target]");
  const target = under?.dataset.target;
  if (target && targetsOf(source).has(target)) {
    selected = source;
    selectedNode = nodeId;
    playTo(target);
  }
}

// ------------------------------------------------------------------ keys

// Arrow keys walk the focusable cards of the table; Escape undoes or cancels a pick.
function tableKeys(event) {
  if ($("table").hidden || event.target.matches("input, select")) return;
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
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  if (!step || event.target.closest(".overlay")) return;
  const nodes = [...$("board").querySelectorAll("[tabindex='0']")];
  if (!nodes.length) return;
  event.preventDefault();
  const at = nodes.indexOf(document.activeElement);
  const next = at < 0 ? 0 : (at + step + nodes.length) % nodes.length;
  nodes[next].focus();
}

function restoreFocus() {
  if (!focusKey) return;
  const key = focusKey;
  focusKey = null;
  const box = $("board");
  let node;
  if (key === "lit") node = box.querySelector("[data-lit=true][tabindex='0']");
  else if (key === "next") node = box.querySelector("#me [data-selectable=true]") ?? $("end-turn-btn");
  else node = [...box.querySelectorAll("[data-key]")].find((n) => n.dataset.key === key);
  const focusable = node && !node.hidden && node.tabIndex >= 0; // a card no longer playable is not
  (focusable ? node : $("status")).focus({ preventScroll: true });
}

// ------------------------------------------------------------------ words

// "Tap" on a touch screen, "Click" with a mouse (the text KEY, or KEYClick).
function pointerText(key) {
  return matchMedia("(pointer: coarse)").matches ? t(key) : t(`${key}Click`);
}

function pileWords(code) {
  if (code === "S") return t("stock");
  if (code === "pS") return t("partnerStock");
  if (code.startsWith("pD")) return `${t("partnerDiscard")} ${code.slice(2)}`;
  if (code.startsWith("D")) return `${t("discard")} ${code.slice(1)}`;
  if (code.startsWith("B")) return `${t("build")} ${code.slice(1)}`;
  if (code.startsWith("H")) return `${t("hand")} ${face(code.slice(1))}`;
  return code;
}

// "H7-B2" -> "hand 7 → building pile 2"; only splits the string, knows no rule.
export function moveWords(move) {
  if (move === "end") return t("moveEnd");
  const [source, target] = move.split("-");
  return `${pileWords(source)} → ${pileWords(target ?? "")}`;
}

// The number a building pile needs next (an SB counts as the value it took).
function needs(value) {
  return t("needs", { n: Number(value) + 1 });
}

function discardName(seat, n, nameOf = seatName) {
  return seat === mySeat() && nameOf === seatName ? t("discardYour", { n }) : t("discardOf", { who: nameOf(seat), n });
}

// ------------------------------------------------------------------ piles

export function partnerOf(view, seat) {
  const n = view.players.length;
  return view.rules.teams && seat !== null ? (seat + n / 2) % n : null;
}

// A discard pile: fanned cards (the top one last), a count badge that opens the
// whole pile, and for the viewer's own piles a "discard here" place when lit.
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

// The clear "discard here" place; while a discard waits it says "tap again".
function discardTarget(index, name) {
  const waiting = pending?.target === `D${index}`;
  const node = el("div", { class: `drop${waiting ? " waiting" : ""}`, "data-testid": `discard-target-${index}` });
  node.append(el("span", { "aria-hidden": "true" }, waiting ? pointerText("tapAgainShort") : t("discardHere")));
  return asTarget(node, `D${index}`, name, waiting ? pointerText("tapAgain") : t("discardHere"));
}

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
  return box;
}

// ------------------------------------------------------------------ presence and badges

function presence(seat, prefix = "presence") {
  const info = table.seats[seat] ?? {};
  let state = "online";
  if (info.kind === "open") state = "open";
  else if (info.autopilot) state = "autopilot";
  else if (info.kind === "human" && info.connected === false) state = "away";
  const words = t(`presence_${state}`);
  const node = el("span", { class: `presence ${state}`, "data-testid": `${prefix}-${seat}`, "data-state": state, title: words });
  // "away", "a bot plays for now", "open seat" are said in words beside the dot (a
  // hollow dot alone told nobody); "online", the usual case, only to screen readers
  const word = state === "online" ? hiddenText(words) : el("span", { class: "presence-word" }, words);
  node.append(el("span", { class: "dot", "aria-hidden": "true" }), word);
  return node;
}

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

// A building pile; on the table a target, in a replay only shown.
export function buildSlot(view, value, n, targetsToo, prefix) {
  const cards = view.build_piles?.[n - 1] ?? [];
  const top = cards[cards.length - 1];
  const name = t("buildN", { n });
  const label = value ? `${name}: ${needs(value)}${top === "SB" ? ` (${t("wildOnTop")})` : ""}` : `${name}: ${t("needsOne")}`;
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

function renderOwnArea(view) {
  const seat = mySeat();
  const box = $("me-piles");
  const hand = $("hand");
  box.replaceChildren();
  hand.replaceChildren();
  $("me-head").replaceChildren();
  $("me").classList.toggle("to-move", view.phase === "playing" && view.view.to_move === seat);
  if (seat === null || !view.view.players[seat]) {
    $("me-head").append(el("p", { class: "status" }, t("watching")));
    $("end-turn-btn").hidden = true;
    return;
  }
  const player = view.view.players[seat];
  $("me-head").append(seatHead(view, seat, "h2"));
  box.append(stockPile(view.view, seat, "own-stock", "S"));
  const discards = el("div", { class: "own-discards" });
  for (let i = 1; i <= player.discards.length; i++) discards.append(discardPile(view.view, seat, i, "own"));
  box.append(discards);
  // the hand is shown sorted; the order carries no meaning (notation.md)
  const order = (c) => (c === "SB" ? 13 : Number(c));
  hand.dataset.pile = `${seat}:H`;
  [...view.view.hand].sort((a, b) => order(a) - order(b)).forEach((value, i) => {
    const node = cardNode(value, { "data-testid": "hand-card" });
    hand.append(asSource(node, `H${value}`, `H${value}#${i}`, t("handCard", { card: cardWords(value) })));
  });
  // hands are drawn when a turn starts (rules.md): an empty hand before one's turn is
  // normal, and says so, rather than looking like cards that failed to show
  if (!view.view.hand.length) hand.append(el("p", { class: "hand-empty", "data-testid": "hand-empty" }, t("handEmpty")));
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
  const target = view.config?.target;
  $("match-info").textContent = target ? t("playingTo", { n: target }) : t("oneRound");
}

// What the others did since the person's last move, on the table itself (on a phone
// the move list is in the drawer): "Ada (hard): 5 → B1, 6 → B1, discards 9".
function renderLastTurn() {
  const box = $("last-turn");
  const runs = table.phase === "lobby" ? [] : lastTurnRuns();
  const notices = table.phase === "playing" ? resignedNotices() : [];
  box.hidden = !runs.length && !notices.length;
  box.replaceChildren(...notices.map((text) => el("span", { class: "turn-run notice", "data-testid": "resigned-notice" }, text)));
  for (const run of runs) {
    const name = seatName(run.seat);
    const words = run.moves.map(([move, key]) => shortMoveWords(move, key)).join(", ");
    const line = el("span", { class: "turn-run", title: `${name}: ${words}` });
    line.append(el("b", { class: "who" }, name), el("span", { class: "what" }, `: ${words}`));
    box.append(line);
  }
}

// "resigned: a bot (hard) plays" beside the name of a seat whose person gave up.
function resignedTag(seat, view = table) {
  return el("span", { class: "tag resigned", "data-testid": `resigned-${seat}` }, t("resignedBot", { bot: levelName(view.seats[seat].bot ?? "hard") }));
}

// Everyone is told who resigned at a table that plays on: "Bob resigned; a bot plays the seat."
export function resignedNotices(view = table) {
  return view.seats
    .filter((info) => info.resigned)
    .map((info) => (current?.seat === info.seat ? t("youResignedNotice") : t("resignedNotice", { who: info.name })));
}

// The moves after the person's own last one (a spectator: the last player's), in
// runs by seat; each with its key "round:index" for moveValues.
function lastTurnRuns() {
  const moves = table.last_moves ?? [];
  const me = mySeat();
  let start = moves.length;
  if (me === null) while (start > 0 && moves[start - 1].seat === moves[moves.length - 1].seat) start--;
  else while (start > 0 && moves[start - 1].seat !== me) start--;
  const first = (table.moves ?? moves.length) - moves.length;
  const runs = [];
  for (let i = start; i < moves.length; i++) {
    const { seat, move } = moves[i];
    if (!runs.length || runs[runs.length - 1].seat !== seat) runs.push({ seat, moves: [] });
    runs[runs.length - 1].moves.push([move, `${table.round_index}:${first + i}`]);
  }
  return runs;
}

// "5 → B1" or "discards 9"; a card not seen moving is named by its pile.
function shortMoveWords(move, key) {
  if (move === "end") return t("moveEnd");
  const [source, target] = move.split("-");
  const value = source.startsWith("H") ? source.slice(1) : moveValues.get(key);
  const card = value ? (value === "SB" ? "Skip-Bo" : face(value)) : pileWords(source);
  return target.startsWith("B") ? `${card} → B${target.slice(1)}` : t("discardsCard", { card });
}

// The card each new move carried, read from the view before it: exact for one move
// between two views (the usual case); a batch keeps only its first.
export function noteMoveValues(old, view, moves) {
  if (!moves.length || view.moves === undefined) return;
  const ends = moveEnds(moves[0], old);
  if (ends) moveValues.set(`${view.round_index}:${view.moves - moves.length}`, ends.value);
}

function renderMoves() {
  const list = $("moves");
  list.replaceChildren();
  const moves = table.last_moves ?? [];
  const first = (table.moves ?? moves.length) - moves.length; // the list shows the round's last moves
  moves.forEach(({ seat, move }, i) => {
    const who = seatName(seat);
    const words = moveWords(move);
    // numbered by the move's place in the round; the tooltip says it in words, whole
    const item = el("li", { "data-move": move, "data-seat": String(seat), value: String(first + i + 1), title: `${who}: ${words}` });
    item.append(el("span", { class: "move-who" }, who), `: ${words}`);
    list.append(item);
  });
  list.scrollTop = list.scrollHeight;
}

// ------------------------------------------------------------------ status, banners

function statusText() {
  if (table.phase === "lobby") return t("waiting", { n: table.seats.filter((s) => s.kind === "open").length });
  if (table.phase !== "playing") return table.phase === "match_over" ? t("matchOver") : t("roundOver");
  const seat = mySeat();
  if (iResigned()) return t("youResigned");
  if (table.view.to_move === seat) {
    if (table.seats[seat]?.autopilot) return t("botPlaysForYou");
    if (pending) return pointerText("pendingHint");
    if (selected) return selected.startsWith("H") ? pointerText("pickTargetHand") : t("pickTarget");
    return [...sources()].some((source) => buildTargets(source).length) ? t("yourTurn") : t("yourTurnNoBuild");
  }
  return t("toMove", { who: seatName(table.view.to_move) });
}

function renderBanners() {
  const seat = mySeat();
  const info = seat === null ? null : table.seats[seat];
  $("takeback").hidden = !info?.autopilot || table.phase === "lobby" || table.resigned === seat;
  const canResign = seat !== null && table.phase === "playing" && table.resigned !== seat;
  $("resign").hidden = !canResign;
  $("give-up-seat").hidden = table.phase !== "lobby" || !current.token;
  $("show-result").hidden = !(resultClosed && isOver());
}

function isOver() {
  return table.phase === "round_over" || table.phase === "match_over";
}

// ------------------------------------------------------------------ render

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
  $("code").textContent = table.code;
  const link = `${location.origin}${location.pathname}#${table.code}`;
  $("share").href = link;
  $("share-text").textContent = link;
  $("status-text").textContent = statusText();
  const started = table.phase !== "lobby";
  $("board").dataset.started = String(started);
  $("lobby-wait").hidden = started;
  renderBanners();
  renderRoster(table);
  renderMoves();
  renderLastTurn();
  renderResult();
  renderPending();
  if (started) {
    renderOthers(table);
    renderMiddle(table);
    renderOwnArea(table);
    markLastMove();
  }
  renderHint();
  renderReactBox();
  tickTimer();
  keepFocus(focused);
  restoreFocus();
  if (typeof tutorialRendered === "function") tutorialRendered(); // tutorial.js: the guide's panel
}

// A focused card or pile that was redrawn (a new state, someone else's move) hands
// focus to its new self, or to the next card to play, never to the page's body.
function keepFocus(focused) {
  if (focusKey || !focused || focused === document.body) return;
  if (focused.isConnected && !focused.closest("[hidden]")) return;
  focusKey = focused.dataset?.key ?? "next";
}

// ------------------------------------------------------------------ overlays

export function resultText(result, nameOf = seatName) {
  if (result.reason === "stock") {
    const who = result.team ? result.team.map((seat) => nameOf(seat)).join(" & ") : nameOf(result.winner);
    return t("won", { who, points: result.points });
  }
  if (result.reason === "forfeit") return t("forfeited", { who: nameOf(result.forfeited) });
  if (result.reason === "resign" || result.reason === "resigned") return t("resigned", { who: nameOf(result.forfeited ?? table?.resigned) });
  if (result.reason === "blocked") return t("blocked");
  return t("ended", { reason: result.reason });
}

// The side of a seat: itself, or "Ann & Bob" at a table of partnerships.
function sideName(seat, view = table) {
  const partner = partnerOf(view.view, seat);
  if (partner === null) return seatName(seat, view);
  const [a, b] = [seat, partner].sort((x, y) => x - y);
  return `${seatName(a, view)} & ${seatName(b, view)}`;
}

// Match scores are kept per side: at partnerships a seat's team is seat mod (n/2).
function seatScore(seat, view = table) {
  const rules = view.view?.rules ?? view.config?.rules;
  const n = view.seats.length;
  return view.scores?.[rules?.teams ? seat % (n / 2) : seat] ?? 0;
}

function roundPoints(result, seat) {
  if (!result || result.points === undefined || result.points === null) return 0;
  if (result.team) return result.team.includes(seat) ? result.points : 0;
  return result.winner === seat ? result.points : 0;
}

export function renderResult() {
  const box = $("result");
  const over = isOver() && (table.result || table.phase === "match_over");
  const wasHidden = box.hidden;
  box.hidden = !over || resultClosed || holdResult;
  if (wasHidden && !box.hidden) pushOverlay("result"); // Back puts it aside first
  if (!wasHidden && box.hidden) dropOverlay("result");
  if (!over) {
    resultClosed = false;
    return;
  }
  const matchOver = table.phase === "match_over";
  $("result-title").textContent = resultHeadline();
  let text = table.result ? resultText(table.result) : "";
  if (table.match_winner !== null && table.match_winner !== undefined) {
    text += ` ${t("winsMatch", { who: sideName(table.match_winner) })}`;
  }
  $("result-text").textContent = text.trim();
  $("scores").classList.toggle("one-round", !table.config?.target); // no match total then
  renderScores();
  renderSeries();
  const seat = mySeat();
  const me = seat === null ? null : table.seats[seat];
  const next = $("next");
  next.hidden = seat === null;
  $("new-game").hidden = seat === null || !current?.token;
  $("result-analyze").hidden = seat === null || !table.result; // a finished round of the core
  next.disabled = Boolean(me?.ready);
  next.textContent = me?.ready ? t("waitingOthers") : matchOver ? t("rematch") : t("nextRound");
  $("result-takeback").hidden = !me?.autopilot;
  const waiting = table.seats.filter((s) => s.kind === "human" && !s.autopilot && s.connected !== false && !s.ready);
  const ready = table.seats.filter((s) => s.ready);
  $("ready-list").textContent = ready.length
    ? t("readyList", { who: ready.map((s) => seatName(s.seat)).join(", ") }) + (waiting.length ? ` ${t("waitingFor", { who: waiting.map((s) => seatName(s.seat)).join(", ") })}` : "")
    : t(matchOver ? "readyHintMatch" : "readyHint");
  // the finished round as a skipbo-record/1 file (the server refuses running rounds)
  const record = $("record");
  record.href = `/api/tables/${encodeURIComponent(table.code)}/records/${table.round_index}`;
  record.download = `skipbo-${table.code}-round-${table.round_index + 1}.json`;
}

// The dialog's title: "You won!", "You lost", "Ann & Bob won" (a match: of the match,
// or of round N), read from the result and the match winner the server sends.
function resultHeadline() {
  const over = table.phase === "match_over";
  const inMatch = Boolean(table.config?.target);
  const n = (table.round ?? 0) + 1;
  let winners = null;
  if (over && table.match_winner !== null && table.match_winner !== undefined) winners = sideSeats(table.match_winner);
  else if (table.result?.reason === "stock") winners = table.result.team ?? [table.result.winner];
  if (!winners) {
    if (table.result?.reason === "blocked") return t("nobodyWon");
    return over ? t("matchOverTitle") : t("roundOverTitle", { n });
  }
  const scope = !inMatch ? "" : over ? "Match" : "Round";
  const me = mySeat();
  if (me !== null && winners.includes(me)) return t(`youWon${scope}`, { n });
  if (me !== null) return t(`youLost${scope}`, { n });
  return t(`whoWon${scope}`, { who: winners.map((seat) => seatName(seat)).join(" & "), n });
}

// The seats of a side: a seat, or at partnerships the team (side = seat mod n/2).
function sideSeats(side, view = table) {
  const n = view.seats.length;
  return view.view?.rules?.teams ? [side, side + n / 2] : [side];
}

function sideOf(seat, view = table) {
  return view.view?.rules?.teams ? seat % (view.seats.length / 2) : seat;
}

// Rematches at one table make a series: this browser keeps who won each game it saw
// end ("skipbo.series.CODE": game number -> winning side, or null for none), and the
// dialog shows the tally. Read from the views only.
const seriesKey = (code) => `skipbo.series.${code}`;

function seriesGames(code) {
  try {
    return JSON.parse(localStorage.getItem(seriesKey(code))) || {};
  } catch {
    return {};
  }
}

export function noteGameOver(view) {
  if (view.phase !== "match_over" || view.game === undefined) return;
  let winner = null;
  if (view.match_winner !== null && view.match_winner !== undefined) winner = view.match_winner;
  else if (view.result?.reason === "stock") winner = sideOf(view.result.team ? view.result.team[0] : view.result.winner, view);
  const games = seriesGames(view.code);
  if (String(view.game) in games) return;
  games[view.game] = winner;
  localStorage.setItem(seriesKey(view.code), JSON.stringify(games));
}

function renderSeries() {
  const box = $("series");
  const games = seriesGames(table.code);
  const played = Object.keys(games).length;
  box.hidden = !played || table.phase !== "match_over";
  if (box.hidden) return;
  const n = table.seats.length;
  const sides = table.view?.rules?.teams ? n / 2 : n;
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

// A name in the scores: a long one ends in "…" (the tooltip has it whole), while the
// "(you)" of the person's own row always shows.
function scoreName(seat) {
  const name = seatName(seat);
  const [before, after] = seat === mySeat() ? t("youSuffix", { name: "\u0000" }).split("\u0000") : ["", ""];
  const box = el("span", { class: "score-who", title: `${before}${name}${after}` });
  if (before) box.append(before);
  box.append(el("span", { class: "score-name" }, name));
  if (after) box.append(el("span", { class: "score-you" }, after));
  return box;
}

function renderScores() {
  const body = $("scores-body");
  body.replaceChildren();
  const players = table.view?.players ?? [];
  table.seats.forEach((info, seat) => {
    const row = el("tr", { "data-testid": `score-row-${seat}` });
    const winner = roundPoints(table.result, seat) > 0;
    const name = el("th", { scope: "row" });
    name.append(scoreName(seat));
    if (winner) name.append(el("span", { class: "tag win" }, `★ ${t("winner")}`));
    if (info.ready) name.append(el("span", { class: "tag ready", "data-testid": `ready-${seat}` }, `✓ ${t("ready")}`));
    row.append(
      name,
      el("td", { "data-testid": `stock-left-${seat}` }, String(players[seat]?.stock ?? "")),
      el("td", { "data-testid": `round-points-${seat}` }, String(roundPoints(table.result, seat))),
      el("td", { "data-testid": `total-${seat}` }, String(seatScore(seat))),
    );
    body.append(row);
  });
}

function openPileViewer(seat, index) {
  const cards = table.view.players[seat].discards[index - 1];
  $("pile-viewer-title").textContent = discardName(seat, index);
  const row = $("pile-viewer-cards");
  row.replaceChildren();
  cards.forEach((value, i) => {
    const node = cardNode(value, { role: "listitem", "aria-label": i === cards.length - 1 ? `${cardWords(value)} (${t("top")})` : cardWords(value) });
    row.append(node);
  });
  openDialog("pile-viewer", $("pile-viewer-close"));
}

function closeOverlays() {
  for (const id of ["pile-viewer", "resign-dialog"]) {
    if (!$(id).hidden) {
      closeDialog(id);
      return true;
    }
  }
  if (!$("side").classList.contains("open")) return false;
  closeSide();
  return true;
}

// A dialog or the players drawer takes one entry of the browser's history while it
// is open, so that Back (the phone's Back gesture too) closes it before anything else.
function openDialog(id, focus) {
  $(id).hidden = false;
  pushOverlay(id);
  focus.focus();
}

function closeDialog(id) {
  if ($(id).hidden) return;
  $(id).hidden = true;
  dropOverlay(id);
}

// On a phone the players drawer covers the table: a Close button, a tap outside it
// and Back close it again.
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
  // an entry of a table left since (a Back still on its way when New game was pressed)
  // says nothing about this table's dialogs: it must not put this one's result aside
  const of = history.state?.table;
  if (of && current && of !== current.code) return;
  const open = history.state?.overlay ?? null;
  for (const id of ["pile-viewer", "resign-dialog"]) {
    if (id !== open && !$(id).hidden) $(id).hidden = true;
  }
  if (open !== "side" && $("side").classList.contains("open")) setSide(false);
  if (open !== "result" && !$("result").hidden && table && current) {
    resultClosed = true; // as "See the table" does
    render();
  }
}

function openResign() {
  const sides = table.view.rules.teams ? table.view.players.length / 2 : table.view.players.length;
  $("resign-text").textContent = sides === 2 ? t("resignTwo") : t("resignMany");
  openDialog("resign-dialog", $("resign-cancel"));
}

// The replay page at this table's round; openReplayOfRound also shows the round.
function openReplayOfRoundOnly() {
  $("replay-code").value = table.code;
  $("replay-round").value = String(table.round_index + 1);
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
  $("analyze-seat").value = String(seat);
  await analyzeRound();
}

// A new table like this one (players, stock, partnerships, target, bots, timer, hints),
// the person in the first seat and the other people's seats open.
async function newGameAlike() {
  const seat = mySeat();
  const rules = table.view?.rules ?? table.config.rules;
  const kinds = table.config.seats.filter((_, i) => i !== seat).map((kind) => (kind.startsWith("bot:") ? kind : "human"));
  const body = {
    name: table.seats[seat].name,
    players: rules.players,
    stock: rules.stock,
    target: table.config.target,
    teams: Boolean(rules.teams),
    seats: ["human", ...kinds],
  };
  if (table.config.turn_seconds) body.turn_seconds = table.config.turn_seconds;
  if (table.config.hints !== null && table.config.hints !== undefined) body.hints = table.config.hints;
  const created = await api("POST", "/api/tables", body);
  enterTable(created.code, created.token, created.seat);
}

export function setupTable() {
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
  $("result-close").addEventListener("click", () => {
    resultClosed = true;
    render();
    $("show-result").focus();
  });
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
      await navigator.clipboard.writeText($("share").href);
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
  window.addEventListener("pointermove", dragMove, { passive: false });
  window.addEventListener("pointerup", dragEnd);
  window.addEventListener("pointercancel", dragEnd);
}
