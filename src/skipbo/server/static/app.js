"use strict";
// The Skip-Bo table page: a lobby, then one table over a WebSocket.
//
// The server is the only authority. This file never decides a rule: what may be
// played comes only from the "legal" list the server sends to the seat to move,
// and the page only shows the view it is sent and sends the move that is clicked.
// Every text from the server goes into the DOM through textContent, never
// innerHTML, so a nickname can never become markup. Every text of our own comes
// from t() (i18n.js), in the chosen language.

const $ = (id) => document.getElementById(id);

// ------------------------------------------------------------------ page state

let bots = []; // bot levels offered for the other seats, from /api/bots
let current = null; // {code, token, seat}: the table this page is at
let socket = null;
let retryDelay = 500; // grows up to 5 s while the server is unreachable
let table = null; // the last table view the server sent
let selected = null; // the chosen source ("H7", "S", "D2", "pS", "pD1") or null
let stateCount = 0; // state messages received; tests wait for it to change
let dragSource = null; // the source being dragged, while a drag lasts
let faces = localStorage.getItem("skipbo.faces") === "cards" ? "cards" : "numbers";

// A seat's token is its only key, kept per table so a reload sits down again.
const seatKey = (code) => `skipbo.seat.${code}`;

function loadSeat(code) {
  try {
    return JSON.parse(localStorage.getItem(seatKey(code)));
  } catch {
    return null;
  }
}

// ------------------------------------------------------------------ small helpers

// An element with its text set safely; attrs become attributes (data-testid, ...).
function el(tag, attrs = {}, text = null) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) node.setAttribute(name, value);
  }
  if (text !== null) node.textContent = text;
  return node;
}

function showError(message) {
  const box = $("error");
  box.textContent = message;
  box.hidden = !message;
}

async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.error || data.detail?.[0]?.msg || response.statusText);
  return data;
}

function seatName(seat) {
  const info = table?.seats?.[seat];
  if (!info) return t("seatN", { n: seat + 1 });
  return info.kind === "open" ? t("openSeatName") : info.name;
}

// ------------------------------------------------------------------ lobby

// One row per other seat: open for a person, or a bot level.
function renderSeatChoices() {
  const list = $("seats");
  const players = Number($("players").value);
  const kept = [...list.querySelectorAll("select")].map((s) => s.value);
  list.replaceChildren(el("li", {}, t("you")));
  for (let seat = 1; seat < players; seat++) {
    const select = el("select", { "data-testid": `seat-kind-${seat}` });
    select.append(el("option", { value: "human" }, t("openSeat")));
    for (const bot of bots) select.append(el("option", { value: `bot:${bot}` }, t("botSeat", { bot })));
    if (kept[seat - 1]) select.value = kept[seat - 1];
    const row = el("li");
    row.append(select);
    list.append(row);
  }
}

function nickname() {
  const name = $("nickname").value.trim();
  if (!name) throw new Error(t("needName"));
  localStorage.setItem("skipbo.name", name);
  return name;
}

// An empty number field means "the server's default", sent as null.
function numberOrNull(input) {
  return input.value.trim() === "" ? null : Number(input.value);
}

async function createTable() {
  const seats = ["human", ...[...$("seats").querySelectorAll("select")].map((s) => s.value)];
  const body = {
    name: nickname(),
    players: Number($("players").value),
    stock: numberOrNull($("stock")),
    target: numberOrNull($("target")),
    teams: $("teams").checked,
    seats,
  };
  const created = await api("POST", "/api/tables", body);
  enterTable(created.code, created.token, created.seat);
}

async function joinTable(code) {
  code = code.trim().toUpperCase();
  if (!code) throw new Error(t("needCode"));
  const joined = await api("POST", `/api/tables/${encodeURIComponent(code)}/join`, {
    name: nickname(),
  });
  enterTable(joined.code, joined.token, joined.seat);
}

// Buttons run async work; any refusal is shown instead of thrown away.
function guarded(action) {
  return async () => {
    showError("");
    try {
      await action();
    } catch (error) {
      showError(error.message);
    }
  };
}

// ------------------------------------------------------------------ the connection

function enterTable(code, token, seat) {
  if (token) localStorage.setItem(seatKey(code), JSON.stringify({ token, seat }));
  current = { code, token: token || null, seat: token ? seat : null };
  table = null;
  selected = null;
  if (location.hash !== `#${code}`) history.replaceState(null, "", `#${code}`);
  showPage("table");
  connect();
}

function leaveTable() {
  current = null;
  if (socket) socket.close();
  socket = null;
  history.replaceState(null, "", location.pathname);
  showPage("lobby");
}

// Before the game starts a person may give their seat back: the server opens it
// again for someone else, and this browser forgets the seat's token.
async function giveUpSeat() {
  if (!current || !current.token) return;
  const at = current;
  try {
    await api("POST", `/api/tables/${encodeURIComponent(at.code)}/leave`, { token: at.token });
  } catch (error) {
    showError(error.message);
    return;
  }
  localStorage.removeItem(seatKey(at.code));
  leaveTable();
}

function connect() {
  if (!current) return;
  const at = current;
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${scheme}//${location.host}/ws/${encodeURIComponent(at.code)}`);
  socket = ws;
  $("conn").textContent = t("connecting");
  ws.onopen = () => {
    retryDelay = 500;
    $("conn").textContent = "";
    ws.send(JSON.stringify({ type: "hello", token: at.token }));
  };
  ws.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state") {
      stateCount += 1;
      document.body.dataset.stateCount = String(stateCount);
      table = message.view;
      render();
    } else if (message.type === "error") {
      showError(message.error);
      // a refused move leaves the position as it was: let the player choose again
      selected = null;
      if (table) render();
    }
  };
  ws.onclose = (event) => {
    if (socket !== ws || current !== at) return; // left on purpose
    if (event.code === 4404) {
      showError(t("noTable"));
      localStorage.removeItem(seatKey(at.code));
      leaveTable();
      return;
    }
    // the server restarted or the network dropped: the token sits us down again
    $("conn").textContent = t("reconnecting");
    setTimeout(connect, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 5000);
  };
}

function send(message) {
  showError("");
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

// ------------------------------------------------------------------ pages

// The three pages share one document; only one shows at a time.
function showPage(name) {
  for (const page of ["lobby", "table", "replay"]) $(page).hidden = page !== name;
}

// ------------------------------------------------------------------ choosing a move

// A move is "SOURCE-TARGET" or "end" (notation.md); the split only reads the list.
function legal() {
  return table?.legal ?? [];
}

function sources() {
  return new Set(legal().filter((m) => m.includes("-")).map((m) => m.split("-")[0]));
}

// The targets the server lists for one source (the picked card, or a dragged one).
function targetsOf(source) {
  if (!source) return new Set();
  const prefix = `${source}-`;
  return new Set(legal().filter((m) => m.startsWith(prefix)).map((m) => m.slice(prefix.length)));
}

function targets() {
  return targetsOf(selected);
}

// After a render, focus goes back where it was ("S>", "B2>B2"...) or to the first lit target.
let focusKey = null;

// One handler for every card and pile (click, Enter, Space): play onto a lit target, else select.
function clicked(source, target) {
  if (selected && target && targets().has(target)) {
    send({ type: "move", move: `${selected}-${target}` });
    selected = null;
    focusKey = null;
    render();
    return;
  }
  if (source && sources().has(source)) {
    selected = selected === source ? null : source;
    focusKey = selected ? "lit" : `${source}>`;
    render();
  }
}

// Drag and drop: a selectable card dragged onto a lit target plays the same move.
function startDrag(event, source) {
  dragSource = source;
  event.dataTransfer.setData("text/plain", source);
  event.dataTransfer.effectAllowed = "move";
  const lit = targetsOf(source);
  for (const node of document.querySelectorAll("#table [data-target]")) {
    if (lit.has(node.dataset.target)) node.dataset.lit = "true";
  }
}

function dropOn(event, target) {
  if (!dragSource || !targetsOf(dragSource).has(target)) return;
  event.preventDefault();
  event.stopPropagation();
  const move = `${dragSource}-${target}`;
  dragSource = null;
  selected = null;
  send({ type: "move", move });
  render();
}

// Marks an element selectable / selected / lit and makes it clickable, focusable,
// draggable (a source) or a drop target.
function interactive(node, source, target) {
  const canSelect = source !== null && sources().has(source);
  const lit = target !== null && targets().has(target);
  if (canSelect) node.dataset.selectable = "true";
  if (source !== null && source === selected) node.dataset.selected = "true";
  if (lit) node.dataset.lit = "true";
  if (target !== null) {
    node.dataset.target = target;
    node.addEventListener("dragover", (event) => {
      if (dragSource && targetsOf(dragSource).has(target)) event.preventDefault();
    });
    node.addEventListener("drop", (event) => dropOn(event, target));
  }
  if (canSelect) {
    node.draggable = true;
    node.addEventListener("dragstart", (event) => startDrag(event, source));
    node.addEventListener("dragend", () => {
      dragSource = null;
      if (table) render();
    });
  }
  if (canSelect || lit) {
    node.tabIndex = 0;
    node.setAttribute("role", "button");
    node.dataset.key = `${canSelect ? source : ""}>${lit ? target : ""}`;
    const act = () => clicked(canSelect ? source : null, lit ? target : null);
    node.addEventListener("click", (event) => {
      event.stopPropagation();
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
  return node;
}

function restoreFocus() {
  if (!focusKey) return;
  const box = $("table");
  const node =
    focusKey === "lit"
      ? box.querySelector("[data-lit=true][tabindex='0']")
      : [...box.querySelectorAll("[data-key]")].find((n) => n.dataset.key === focusKey);
  if (node) node.focus();
  focusKey = null;
}

// Arrow keys walk the focusable cards of the table in page order; Escape cancels a pick.
function tableKeys(event) {
  if ($("table").hidden) return;
  if (event.key === "Escape" && selected) {
    selected = null;
    focusKey = null;
    render();
    return;
  }
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  if (!step) return;
  const nodes = [...$("table").querySelectorAll("[tabindex='0']")];
  if (!nodes.length) return;
  event.preventDefault();
  const at = nodes.indexOf(document.activeElement);
  const next = at < 0 ? 0 : (at + step + nodes.length) % nodes.length;
  nodes[next].focus();
}

// ------------------------------------------------------------------ words

// A card's face: the notation's number, or a playing card (rules §1: Ace..Queen
// are 1..12, Kings and Jokers are the wild SB). Display only; moves keep notation.
const PLAYING = { 1: "A", 11: "J", 12: "Q", SB: "K/🃏" };

function face(value) {
  return faces === "cards" ? PLAYING[value] ?? String(value) : String(value);
}

// One side of a move in words, read from its notation: "D3" -> "discard pile 3".
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
function moveWords(move) {
  if (move === "end") return t("moveEnd");
  const [source, target] = move.split("-");
  return `${pileWords(source)} → ${pileWords(target ?? "")}`;
}

// ------------------------------------------------------------------ drawing the table

// Card colours follow the printed deck: 1-4, 5-8, 9-12 and the wild SB.
function card(value, attrs = {}) {
  const n = Number(value);
  const band = value === "SB" ? "sb" : n <= 4 ? "low" : n <= 8 ? "mid" : "high";
  return el("div", { class: `card ${band}`, "data-card": value, ...attrs }, face(value));
}

function emptySlot(attrs = {}, label = "") {
  return el("div", { class: "card empty", ...attrs }, label);
}

// A discard pile fanned downwards so every card shows; the last card is the top.
function discardPile(cards, index, own, partner) {
  const pile = el("div", {
    class: "pile fan",
    "data-testid": own ? `own-discard-${index}` : null,
    "data-count": String(cards.length),
    title: `${t("discard")} ${index}`,
  });
  if (own) interactive(pile, null, `D${index}`);
  if (!cards.length) pile.append(emptySlot({}, `D${index}`));
  cards.forEach((value, i) => {
    const top = i === cards.length - 1;
    const node = card(value);
    if (top && (own || partner)) {
      const source = own ? `D${index}` : `pD${index}`;
      node.dataset.testid = own ? `own-discard-top-${index}` : `partner-discard-top-${index}`;
      interactive(node, source, own ? `D${index}` : null);
    }
    pile.append(node);
  });
  return pile;
}

function stock(player, testid, source) {
  const box = el("div", { class: "stock", title: t("stock") });
  const top = player.stock_top
    ? card(player.stock_top, { "data-testid": testid })
    : emptySlot({ "data-testid": testid }, "—");
  if (source && player.stock_top) interactive(top, source, null);
  const count = t("stockCount", { n: player.stock });
  box.append(top, el("span", { class: "count", "data-testid": `${testid}-count` }, count));
  return box;
}

// One other player's piles; nameOf turns a seat into a name (table or replay).
function playerArea(view, seat, partnerSeat, nameOf = seatName, testid = `player-${seat}`) {
  const player = view.players[seat];
  const partner = seat === partnerSeat;
  const area = el("div", {
    class: `player${seat === view.to_move ? " to-move" : ""}`,
    "data-testid": testid,
  });
  const who = partner ? `${nameOf(seat)} (${t("partner")})` : nameOf(seat);
  area.append(el("h3", {}, `${who} · ${t("handCount", { n: player.hand })}`));
  const row = el("div", { class: "piles" });
  row.append(stock(player, testid === `player-${seat}` ? `stock-${seat}` : `${testid}-stock`, partner ? "pS" : null));
  player.discards.forEach((cards, i) => row.append(discardPile(cards, i + 1, false, partner)));
  area.append(row);
  return area;
}

// The four building piles; on the table they are targets, in a replay only shown.
function renderBuild(box, view, testPrefix, targetsToo) {
  box.replaceChildren();
  view.build.forEach((value, i) => {
    const cards = view.build_piles?.[i] ?? [];
    const top = cards[cards.length - 1];
    const slot = el("div", {
      class: "slot",
      "data-testid": `${testPrefix}${i + 1}`,
      "data-value": String(value),
      title: `${t("build")} ${i + 1}`,
    });
    if (targetsToo) interactive(slot, null, `B${i + 1}`);
    // the number a pile counts matters, not the card on top (an SB takes its value)
    const faceNode = value ? card(String(value)) : emptySlot();
    slot.append(faceNode, el("span", { class: "count" }, top === "SB" ? `B${i + 1} · SB` : `B${i + 1}`));
    box.append(slot);
  });
}

function renderMe(view, seat) {
  const box = $("me");
  box.replaceChildren();
  if (seat === null) {
    box.append(el("p", { class: "status" }, t("watching")));
    return;
  }
  const player = view.players[seat];
  box.append(el("h3", { "data-testid": "my-name" }, t("youSuffix", { name: seatName(seat) })));
  const row = el("div", { class: "piles" });
  row.append(stock(player, "own-stock", "S"));
  player.discards.forEach((cards, i) => row.append(discardPile(cards, i + 1, true, false)));
  box.append(row);
  // the hand is shown sorted; the order carries no meaning (notation.md)
  const order = (c) => (c === "SB" ? 13 : Number(c));
  const hand = el("div", { class: "hand", "data-testid": "hand", title: t("hand") });
  for (const value of [...view.hand].sort((a, b) => order(a) - order(b))) {
    hand.append(interactive(card(value, { "data-testid": "hand-card" }), `H${value}`, null));
  }
  box.append(hand);
  if (legal().includes("end")) {
    const end = el("button", { "data-testid": "end-turn" }, t("endTurn"));
    end.addEventListener("click", () => send({ type: "move", move: "end" }));
    box.append(end);
  }
}

function resultText(result, nameOf = seatName) {
  if (result.reason === "stock") {
    const who = result.team ? result.team.map(nameOf).join(" & ") : nameOf(result.winner);
    return t("won", { who, points: result.points });
  }
  if (result.reason === "forfeit") return t("forfeited", { who: nameOf(result.forfeited) });
  if (result.reason === "blocked") return t("blocked");
  return t("ended", { reason: result.reason });
}

function renderResult() {
  const box = $("result");
  const over = table.phase === "round_over" || table.phase === "match_over";
  box.hidden = !over || !table.result;
  if (box.hidden) return;
  let text = resultText(table.result);
  if (table.match_winner !== null && table.match_winner !== undefined) {
    text += ` ${t("winsMatch", { who: seatName(table.match_winner) })}`;
  }
  $("result-text").textContent = text;
  $("scores").textContent = table.scores
    .map((score, seat) => `${seatName(seat)}: ${score}`)
    .join(" · ");
  // the finished round as a skipbo-record/1 file (the server refuses running rounds)
  const record = $("record");
  record.href = `/api/tables/${encodeURIComponent(table.code)}/records/${table.round_index}`;
  record.download = `skipbo-${table.code}-round-${table.round_index + 1}.json`;
  const next = $("next");
  next.hidden = current.seat === null;
  next.textContent = table.phase === "match_over" ? t("playAgain") : t("nextRound");
}

function statusText() {
  if (table.phase === "lobby") {
    return t("waiting", { n: table.seats.filter((s) => s.kind === "open").length });
  }
  if (table.phase !== "playing") return t("roundOver");
  if (table.to_move === current.seat) return selected ? t("pickTarget") : t("yourTurn");
  return t("toMove", { who: seatName(table.to_move) });
}

function render() {
  document.body.dataset.phase = table.phase;
  const myTurn = table.phase === "playing" && legal().length > 0;
  document.body.dataset.myTurn = String(myTurn);
  if (selected && !sources().has(selected)) selected = null; // the position moved on

  $("code").textContent = table.code;
  const link = `${location.origin}${location.pathname}#${table.code}`;
  $("share").href = link;
  $("share").textContent = link;
  $("status").textContent = statusText();

  const started = table.phase !== "lobby";
  $("give-up-seat").hidden = started || !current.token;
  for (const id of ["others", "build", "me"]) $(id).hidden = !started;
  $("draw").textContent = started ? String(table.view.draw) : "";
  $("completed").textContent = started ? String(table.view.completed) : "";
  renderResult();
  renderMoves();
  if (!started) return;

  const view = table.view;
  const seat = current.seat;
  // partners sit opposite (rules §2); only used to place the partner's piles
  const n = view.players.length;
  const partnerSeat = view.rules.teams && seat !== null ? (seat + n / 2) % n : null;
  const others = $("others");
  others.replaceChildren();
  for (let i = 1; i <= n; i++) {
    const other = seat === null ? i - 1 : (seat + i) % n; // clockwise from the viewer
    if (other !== seat) others.append(playerArea(view, other, partnerSeat));
  }
  renderBuild($("build"), view, "build-", true);
  renderMe(view, seat);
  restoreFocus();
}

function renderMoves() {
  const list = $("moves");
  list.replaceChildren();
  for (const { seat, move } of table.last_moves ?? []) {
    list.append(el("li", { "data-move": move, title: move }, `${seatName(seat)}: ${moveWords(move)}`));
  }
}

// ------------------------------------------------------------------ the replay page

// The server computes every step (POST /api/replay, GET /api/tables/CODE/replay/I);
// this page only shows the public view of the step it is at.
let replayData = null; // {names, result, steps: [{move, seat, view}]}
let replayAt = 0;
let replayFrom = null; // the table to go back to, if any

function openReplay() {
  replayFrom = current ? current.code : replayFrom;
  if (current && table) {
    $("replay-code").value = current.code;
    const over = table.phase !== "playing" && table.phase !== "lobby";
    $("replay-round").value = String(Math.max(1, (table.round_index ?? 0) + (over ? 1 : 0)));
  }
  showPage("replay");
  if (replayData) renderReplay();
}

function closeReplay() {
  if (current) {
    history.replaceState(null, "", `#${current.code}`);
    showPage("table");
  } else {
    history.replaceState(null, "", location.pathname);
    showPage("lobby");
  }
}

async function loadReplay(response) {
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.error || response.statusText);
  replayData = data;
  replayAt = 0;
  renderReplay();
}

async function replayFile() {
  const file = $("replay-file").files[0];
  if (!file) return;
  const body = await file.text(); // sent as it is: the server checks and replays it
  await loadReplay(await fetch("/api/replay", { method: "POST", body, headers: { "Content-Type": "application/json" } }));
}

async function replayTableRound() {
  const code = $("replay-code").value.trim().toUpperCase();
  if (!code) throw new Error(t("needCode"));
  const index = Math.max(0, Number($("replay-round").value) - 1); // shown from 1
  await loadReplay(await fetch(`/api/tables/${encodeURIComponent(code)}/replay/${index}`));
}

function replayStep(to) {
  if (!replayData) return;
  replayAt = Math.max(0, Math.min(replayData.steps.length - 1, to));
  renderReplay();
}

function renderReplay() {
  const board = $("replay-board");
  board.hidden = !replayData;
  if (!replayData) return;
  const { names, steps } = replayData;
  const nameOf = (seat) => names[seat] ?? t("seatN", { n: seat + 1 });
  const { move, seat, view } = steps[replayAt];
  document.body.dataset.replayStep = String(replayAt);
  $("replay-step").textContent = t("step", { i: replayAt, n: steps.length - 1 });
  $("replay-move").textContent = move === null ? t("dealt") : `${nameOf(seat)}: ${moveWords(move)}`;
  $("replay-move").dataset.move = move ?? "";
  const players = $("replay-players");
  players.replaceChildren();
  view.players.forEach((_, s) => players.append(playerArea(view, s, null, nameOf, `replay-player-${s}`)));
  renderBuild($("replay-build"), view, "replay-build-", false);
  $("replay-draw").textContent = String(view.draw);
  $("replay-completed").textContent = String(view.completed);
  const last = replayAt === steps.length - 1;
  $("replay-result").textContent = last && replayData.result ? resultText(replayData.result, nameOf) : "";
  $("replay-prev").disabled = replayAt === 0;
  $("replay-first").disabled = replayAt === 0;
  $("replay-next").disabled = last;
  $("replay-last").disabled = last;
}

// Left/right arrows step through the replay (unless typing in a field).
function replayKeys(event) {
  if ($("replay").hidden || !replayData || event.target.matches("input, select")) return;
  const step = { ArrowRight: 1, ArrowLeft: -1, Home: -Infinity, End: Infinity }[event.key];
  if (!step) return;
  event.preventDefault();
  replayStep(Number.isFinite(step) ? replayAt + step : step);
}

// ------------------------------------------------------------------ settings

// Language and face style are remembered; changing one redraws every page.
function redrawAll() {
  translateStatic();
  renderSeatChoices();
  if (table && current) render();
  renderReplay();
}

function setupSettings() {
  const langSelect = $("lang");
  for (const [code, name] of Object.entries(LANGUAGES)) langSelect.append(el("option", { value: code }, name));
  langSelect.value = language;
  langSelect.addEventListener("change", () => {
    language = langSelect.value;
    localStorage.setItem("skipbo.lang", language);
    redrawAll();
  });
  $("faces").value = faces;
  $("faces").addEventListener("change", () => {
    faces = $("faces").value;
    localStorage.setItem("skipbo.faces", faces);
    redrawAll();
  });
  translateStatic();
}

// ------------------------------------------------------------------ start-up

// A link like /#CODE sits down again with a stored token, else joins the table;
// /#replay opens the replay page.
function openFromHash() {
  if (location.hash === "#replay") {
    openReplay();
    return;
  }
  const code = decodeURIComponent(location.hash.slice(1)).trim().toUpperCase();
  if (!code) return;
  if (current && current.code === code) {
    showPage("table");
    return;
  }
  $("join-code").value = code;
  const stored = loadSeat(code);
  if (stored?.token) {
    enterTable(code, stored.token, stored.seat);
  } else if ($("nickname").value.trim()) {
    // a link to a table with no open seat (or one already playing) lets you watch
    joinTable(code).catch((error) => {
      enterTable(code, null, null);
      showError(error.message);
    });
  }
}

async function start() {
  setupSettings();
  $("nickname").value = localStorage.getItem("skipbo.name") || "";
  $("players").addEventListener("change", renderSeatChoices);
  $("create").addEventListener("click", guarded(createTable));
  $("join").addEventListener("click", guarded(() => joinTable($("join-code").value)));
  $("watch").addEventListener("click", () => {
    const code = $("join-code").value.trim().toUpperCase();
    if (code) enterTable(code, null, null);
  });
  $("next").addEventListener("click", () => send({ type: "next" }));
  $("leave").addEventListener("click", leaveTable);
  $("give-up-seat").addEventListener("click", giveUpSeat);
  $("replay-file").addEventListener("change", guarded(replayFile));
  $("replay-load").addEventListener("click", guarded(replayTableRound));
  $("replay-back").addEventListener("click", closeReplay);
  $("replay-first").addEventListener("click", () => replayStep(0));
  $("replay-prev").addEventListener("click", () => replayStep(replayAt - 1));
  $("replay-next").addEventListener("click", () => replayStep(replayAt + 1));
  $("replay-last").addEventListener("click", () => replayStep(Infinity));
  document.addEventListener("keydown", tableKeys);
  document.addEventListener("keydown", replayKeys);
  window.addEventListener("hashchange", () => {
    if (!current || location.hash !== `#${current.code}` || $("table").hidden) openFromHash();
  });
  renderSeatChoices();
  try {
    bots = (await api("GET", "/api/bots")).bots;
  } catch (error) {
    showError(t("botsFailed", { e: error.message }));
  }
  renderSeatChoices();
  document.body.dataset.ready = "true";
  openFromHash();
}

start();
