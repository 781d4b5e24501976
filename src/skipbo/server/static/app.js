"use strict";
// The Skip-Bo table page: a lobby, then one table over a WebSocket.
//
// The server is the only authority. This file never decides a rule: what may be
// played comes only from the "legal" list the server sends to the seat to move,
// and the page only shows the view it is sent and sends the move that is clicked.
// Every text from the server goes into the DOM through textContent, never
// innerHTML, so a nickname can never become markup.

const $ = (id) => document.getElementById(id);

// ------------------------------------------------------------------ page state

let bots = []; // bot levels offered for the other seats, from /api/bots
let current = null; // {code, token, seat}: the table this page is at
let socket = null;
let retryDelay = 500; // grows up to 5 s while the server is unreachable
let table = null; // the last table view the server sent
let selected = null; // the chosen source ("H7", "S", "D2", "pS", "pD1") or null
let stateCount = 0; // state messages received; tests wait for it to change

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
  if (!info) return `seat ${seat + 1}`;
  return info.kind === "open" ? "(open seat)" : info.name;
}

// ------------------------------------------------------------------ lobby

// One row per other seat: open for a person, or a bot level.
function renderSeatChoices() {
  const list = $("seats");
  const players = Number($("players").value);
  const kept = [...list.querySelectorAll("select")].map((s) => s.value);
  list.replaceChildren(el("li", {}, "You"));
  for (let seat = 1; seat < players; seat++) {
    const select = el("select", { "data-testid": `seat-kind-${seat}` });
    select.append(el("option", { value: "human" }, "open for a person"));
    for (const bot of bots) select.append(el("option", { value: `bot:${bot}` }, `bot: ${bot}`));
    if (kept[seat - 1]) select.value = kept[seat - 1];
    const row = el("li");
    row.append(select);
    list.append(row);
  }
}

function nickname() {
  const name = $("nickname").value.trim();
  if (!name) throw new Error("Please enter your name first.");
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
  if (!code) throw new Error("Please enter a table code.");
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
  $("lobby").hidden = true;
  $("table").hidden = false;
  connect();
}

function leaveTable() {
  current = null;
  if (socket) socket.close();
  socket = null;
  history.replaceState(null, "", location.pathname);
  $("table").hidden = true;
  $("lobby").hidden = false;
}

function connect() {
  if (!current) return;
  const at = current;
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${scheme}//${location.host}/ws/${encodeURIComponent(at.code)}`);
  socket = ws;
  $("conn").textContent = "connecting…";
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
      showError("There is no table with this code.");
      localStorage.removeItem(seatKey(at.code));
      leaveTable();
      return;
    }
    // the server restarted or the network dropped: the token sits us down again
    $("conn").textContent = "reconnecting…";
    setTimeout(connect, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 5000);
  };
}

function send(message) {
  showError("");
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

// ------------------------------------------------------------------ choosing a move

// A move is "SOURCE-TARGET" or "end" (notation.md); the split only reads the list.
function legal() {
  return table?.legal ?? [];
}

function sources() {
  return new Set(legal().filter((m) => m.includes("-")).map((m) => m.split("-")[0]));
}

function targets() {
  if (!selected) return new Set();
  const prefix = `${selected}-`;
  return new Set(legal().filter((m) => m.startsWith(prefix)).map((m) => m.slice(prefix.length)));
}

// One click handler for every card and pile: play onto a lit target, else select.
function clicked(source, target) {
  if (selected && target && targets().has(target)) {
    send({ type: "move", move: `${selected}-${target}` });
    selected = null;
    render();
    return;
  }
  if (source && sources().has(source)) {
    selected = selected === source ? null : source;
    render();
  }
}

// Marks an element selectable / selected / lit and makes it clickable.
function interactive(node, source, target) {
  const canSelect = source !== null && sources().has(source);
  const lit = target !== null && targets().has(target);
  if (canSelect) node.dataset.selectable = "true";
  if (source !== null && source === selected) node.dataset.selected = "true";
  if (lit) node.dataset.lit = "true";
  if (canSelect || lit) {
    node.tabIndex = 0;
    node.setAttribute("role", "button");
    node.addEventListener("click", (event) => {
      event.stopPropagation();
      clicked(canSelect ? source : null, lit ? target : null);
    });
  }
  return node;
}

// ------------------------------------------------------------------ drawing the table

// Card colours follow the printed deck: 1-4, 5-8, 9-12 and the wild SB.
function card(value, attrs = {}) {
  const n = Number(value);
  const band = value === "SB" ? "sb" : n <= 4 ? "low" : n <= 8 ? "mid" : "high";
  return el("div", { class: `card ${band}`, "data-card": value, ...attrs }, value);
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
  const box = el("div", { class: "stock" });
  const top = player.stock_top
    ? card(player.stock_top, { "data-testid": testid })
    : emptySlot({ "data-testid": testid }, "—");
  if (source && player.stock_top) interactive(top, source, null);
  box.append(top, el("span", { class: "count", "data-testid": `${testid}-count` }, `stock ${player.stock}`));
  return box;
}

function playerArea(view, seat, partnerSeat) {
  const player = view.players[seat];
  const partner = seat === partnerSeat;
  const area = el("div", {
    class: `player${seat === view.to_move ? " to-move" : ""}`,
    "data-testid": `player-${seat}`,
  });
  const title = `${seatName(seat)}${partner ? " (partner)" : ""} · hand ${player.hand}`;
  area.append(el("h3", {}, title));
  const row = el("div", { class: "piles" });
  row.append(stock(player, `stock-${seat}`, partner ? "pS" : null));
  player.discards.forEach((cards, i) => row.append(discardPile(cards, i + 1, false, partner)));
  area.append(row);
  return area;
}

function renderBuild(view) {
  const box = $("build");
  box.replaceChildren();
  view.build.forEach((value, i) => {
    const cards = view.build_piles?.[i] ?? [];
    const top = cards[cards.length - 1];
    const slot = el("div", { class: "slot", "data-testid": `build-${i + 1}`, "data-value": String(value) });
    interactive(slot, null, `B${i + 1}`);
    // the number a pile counts matters, not the card on top (an SB takes its value)
    const face = value ? card(String(value)) : emptySlot();
    slot.append(face, el("span", { class: "count" }, top === "SB" ? `B${i + 1} · SB` : `B${i + 1}`));
    box.append(slot);
  });
}

function renderMe(view, seat) {
  const box = $("me");
  box.replaceChildren();
  if (seat === null) {
    box.append(el("p", { class: "status" }, "You are watching."));
    return;
  }
  const player = view.players[seat];
  box.append(el("h3", { "data-testid": "my-name" }, `${seatName(seat)} (you)`));
  const row = el("div", { class: "piles" });
  row.append(stock(player, "own-stock", "S"));
  player.discards.forEach((cards, i) => row.append(discardPile(cards, i + 1, true, false)));
  box.append(row);
  // the hand is shown sorted; the order carries no meaning (notation.md)
  const order = (c) => (c === "SB" ? 13 : Number(c));
  const hand = el("div", { class: "hand", "data-testid": "hand" });
  for (const value of [...view.hand].sort((a, b) => order(a) - order(b))) {
    hand.append(interactive(card(value, { "data-testid": "hand-card" }), `H${value}`, null));
  }
  box.append(hand);
  if (legal().includes("end")) {
    const end = el("button", { "data-testid": "end-turn" }, "End turn");
    end.addEventListener("click", () => send({ type: "move", move: "end" }));
    box.append(end);
  }
}

function resultText(result) {
  if (result.reason === "stock") {
    const who = result.team
      ? result.team.map(seatName).join(" & ")
      : seatName(result.winner);
    return `${who} won the round: ${result.points} points.`;
  }
  if (result.reason === "forfeit") return `${seatName(result.forfeited)} forfeited the round.`;
  if (result.reason === "blocked") return "The round is blocked: nobody can play on.";
  return `The round ended (${result.reason}).`;
}

function renderResult() {
  const box = $("result");
  const over = table.phase === "round_over" || table.phase === "match_over";
  box.hidden = !over || !table.result;
  if (box.hidden) return;
  let text = resultText(table.result);
  if (table.match_winner !== null && table.match_winner !== undefined) {
    text += ` ${seatName(table.match_winner)} wins the match.`;
  }
  $("result-text").textContent = text;
  $("scores").textContent = table.scores
    .map((score, seat) => `${seatName(seat)}: ${score}`)
    .join(" · ");
  const next = $("next");
  next.hidden = current.seat === null;
  next.textContent = table.phase === "match_over" ? "Play again" : "Next round";
}

function statusText() {
  if (table.phase === "lobby") {
    const open = table.seats.filter((s) => s.kind === "open").length;
    return `Waiting for ${open} more player${open === 1 ? "" : "s"}: share the link.`;
  }
  if (table.phase !== "playing") return "The round is over.";
  if (table.to_move === current.seat) {
    return selected ? "Now click a lit pile." : "Your turn: pick a card that is outlined.";
  }
  return `${seatName(table.to_move)} is to move.`;
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
  renderBuild(view);
  renderMe(view, seat);
}

function renderMoves() {
  const list = $("moves");
  list.replaceChildren();
  for (const { seat, move } of table.last_moves ?? []) {
    list.append(el("li", {}, `${seatName(seat)}: ${move}`));
  }
}

// ------------------------------------------------------------------ start-up

// A link like /#CODE sits down again with a stored token, else joins the table.
function openFromHash() {
  const code = decodeURIComponent(location.hash.slice(1)).trim().toUpperCase();
  if (!code) return;
  $("join-code").value = code;
  const stored = loadSeat(code);
  if (stored?.token) {
    enterTable(code, stored.token, stored.seat);
  } else if ($("nickname").value.trim()) {
    guarded(() => joinTable(code))();
  }
}

async function start() {
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
  window.addEventListener("hashchange", () => {
    if (!current || location.hash !== `#${current.code}`) openFromHash();
  });
  renderSeatChoices();
  try {
    bots = (await api("GET", "/api/bots")).bots;
  } catch (error) {
    showError(`Could not load the bot list: ${error.message}`);
  }
  renderSeatChoices();
  document.body.dataset.ready = "true";
  openFromHash();
}

start();
