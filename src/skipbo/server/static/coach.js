"use strict";
// The Skip-Bo page, the coach: the Hint button on the table and the Analyze button
// of the replay page. The server thinks (the expert, from the seat's view only);
// this page shows: the hinted move's source and target lit, and for a finished
// round (of a table, or an uploaded record file), the win-chance graph and the
// marked moves, each a link to its step of the replay.

let hint = null; // {move, at}: the move hinted, and the position (as text) it was for
let analysis = null; // {round, seat, moves: [...], marks}
let analysisAsk = 0; // counts the requests: only the latest one's answer is shown

// ------------------------------------------------------------------ hint

function movesPlayed() {
  return `${table?.round_index ?? 0}/${JSON.stringify(table?.view ?? null)}`;
}

function askHint() {
  send({ type: "hint" });
}

function receiveHint(move) {
  hint = { move, at: movesPlayed() };
  renderHint();
}

// The hinted source and target, found by what the table drew.
function hintNodes(move) {
  const [source, target] = move.split("-");
  const found = [];
  const mine = $("me");
  const from = mine.querySelector(`[data-source="${source}"]`);
  if (from) found.push([from, "source"]);
  if (target?.startsWith("B")) {
    const to = document.querySelector(`[data-testid="build-${target.slice(1)}"]`);
    if (to) found.push([to, "target"]);
  } else if (target?.startsWith("D")) {
    const to = mine.querySelector(`[data-testid="own-discard-${target.slice(1)}"]`);
    if (to) found.push([to, "target"]);
  }
  return found;
}

// Called after every render of the table: the button, the text and the lit piles.
function renderHint() {
  const button = $("hint-btn");
  const myTurn = table?.phase === "playing" && legal().length > 0;
  button.hidden = !(table?.config?.hints && myTurn);
  for (const node of document.querySelectorAll("[data-hinted]")) node.removeAttribute("data-hinted");
  if (hint && (hint.at !== movesPlayed() || !myTurn)) hint = null;
  $("hint-text").hidden = !hint;
  if (!hint) return;
  const text = $("hint-text");
  text.replaceChildren(t("hintText", { move: hint.move === "end" ? t("endTurn") : moveWords(hint.move) }));
  const why = hintReason(hint.move);
  if (why) text.append(" — ", el("span", { "data-testid": "hint-why" }, why));
  text.dataset.move = hint.move;
  for (const [node, role] of hintNodes(hint.move)) {
    node.dataset.hinted = role;
    node.dataset.hintLabel = t("hint");
  }
}

// Why the hinted move, in words, from what the table shows the person: its own stock
// and discard piles and what each building pile needs. Only a description of the
// server's move; which moves are legal is never decided here.
function hintReason(move) {
  const seat = mySeat();
  const me = table?.view?.players?.[seat];
  if (!me || move === "end") return "";
  const [source, target] = move.split("-");
  const stock = me.stock_top && me.stock_top !== "SB" ? Number(me.stock_top) : null;
  const partner = source.startsWith("p");
  const bare = source.replace(/^p/, "");
  const owner = partner ? table.view.players[partnerOf(table.view, seat)] : me;
  if (target.startsWith("B")) {
    const n = Number(target.slice(1));
    const shows = Number(table.view.build[n - 1]) + 1; // what the pile shows after the move
    if (bare === "S") return t(partner ? "whyPartnerStock" : "whyStock");
    if (shows === 12) return t("whyCompletes", { n });
    if (shows === 1) return t("whyStarts", { n });
    if (stock === shows + 1) return t("whyOpensStock", { n, v: face(String(stock)) });
    if (bare.startsWith("D")) {
      const k = Number(bare.slice(1));
      const pile = owner.discards[k - 1];
      const name = partner ? `${t("partnerDiscard")} ${k}` : t("discardYour", { n: k });
      return pile.length > 1 ? t("whyFrees", { pile: name, v: cardWords(pile[pile.length - 2]) }) : t("whyEmpties", { pile: name });
    }
    return t("whyHand");
  }
  // a discard: which card is kept back, and where it lies
  const value = bare.slice(1);
  const k = Number(target.slice(1));
  const pile = me.discards[k - 1] ?? [];
  const top = pile[pile.length - 1];
  if (value !== "SB" && stock !== null && Number(value) < stock && stock - Number(value) <= 3) {
    return t("whyKeepsForStock", { v: face(value), s: face(String(stock)) });
  }
  if (value !== "SB" && top && top !== "SB" && Number(top) === Number(value) + 1) return t("whyCountsDown", { v: face(value), top: face(top) });
  if (top === value) return t("whySame", { v: face(value) });
  if (!pile.length) return t("whyNewPile", { n: k });
  return t("whyLeast", { v: cardWords(value) });
}

// ------------------------------------------------------------------ analysis

const MARK_COLORS = { inaccuracy: "#d9a400", mistake: "#e06c00", blunder: "#c62828" };

// The analysis of the replay shown (an uploaded file is sent again: the server keeps
// nothing of it but the analysis); with no replay shown, of the round in the fields.
function askAnalysis(source, seat) {
  if (source.file !== undefined) {
    return fetch(`/api/analysis?seat=${seat}`, { method: "POST", body: source.file, headers: { "Content-Type": "application/json" } });
  }
  return fetch(`/api/tables/${encodeURIComponent(source.code)}/analysis/${source.index}?seat=${seat}`);
}

async function analyzeRound() {
  const source = replaySource ?? tableRoundAsked();
  const seat = Number($("analyze-seat").value);
  const ask = ++analysisAsk;
  analysis = null;
  $("analysis").hidden = false;
  delete $("analysis").dataset.seat;
  $("analysis-graph-box").replaceChildren();
  $("analysis-marks").replaceChildren();
  $("analysis-status").textContent = t("analyzing");
  const response = await askAnalysis(source, seat);
  const data = await response.json().catch(() => ({}));
  if (ask !== analysisAsk) return; // Analyze pressed again, or another replay loaded, meanwhile
  if (!response.ok) {
    $("analysis-status").textContent = "";
    throw new ServerError(data, response.statusText);
  }
  analysis = data;
  renderAnalysis();
}

function resetAnalysis() {
  analysisAsk += 1; // an answer on its way is for the replay before
  analysis = null;
  $("analysis").hidden = true;
  delete $("analysis").dataset.seat;
  $("analysis-status").textContent = "";
  $("analysis-graph-box").replaceChildren();
  $("analysis-marks").replaceChildren();
}

function svgNode(tag, attrs) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

// The seat's win chance after each of its moves, over the round's steps.
function analysisGraph(moves, steps) {
  const width = 600;
  const height = 160;
  const x = (index) => (width * (index + 1)) / Math.max(1, steps);
  const y = (chance) => height - (height * chance) / 100;
  const svg = svgNode("svg", { viewBox: `0 0 ${width} ${height}`, class: "analysis-graph", role: "img", "data-testid": "analysis-graph", "aria-label": t("analysisGraph") });
  svg.append(svgNode("line", { x1: 0, x2: width, y1: y(50), y2: y(50), class: "half" }));
  const points = moves.map((m) => `${x(m.index).toFixed(1)},${y(m.after_played).toFixed(1)}`).join(" ");
  svg.append(svgNode("polyline", { points, class: "chance" }));
  for (const m of moves) {
    if (!m.mark) continue;
    const dot = svgNode("circle", { cx: x(m.index), cy: y(m.after_played), r: 5, fill: MARK_COLORS[m.mark], "data-mark": m.mark, "data-step": m.index + 1 });
    dot.addEventListener("click", () => replayStep(m.index + 1));
    svg.append(dot);
  }
  return svg;
}

function renderAnalysis() {
  if (!analysis) return;
  const steps = replayData ? replayData.steps.length - 1 : Math.max(...analysis.moves.map((m) => m.index + 1), 1);
  const marked = analysis.moves.filter((m) => m.mark);
  $("analysis").dataset.seat = String(analysis.seat); // the seat whose analysis is shown
  $("analysis-status").textContent = t("analysisSummary", {
    n: analysis.moves.length,
    inaccuracy: analysis.marks.inaccuracy,
    mistake: analysis.marks.mistake,
    blunder: analysis.marks.blunder,
  });
  $("analysis-graph-box").replaceChildren(analysisGraph(analysis.moves, steps));
  const list = $("analysis-marks");
  list.replaceChildren();
  for (const m of marked) {
    const text = t("markedMove", {
      step: m.index + 1,
      played: moveWords(m.played),
      best: moveWords(m.best),
      drop: m.drop,
      mark: t(`mark_${m.mark}`),
    });
    const item = el("li");
    const jump = button(text, "analysis-mark", () => replayStep(m.index + 1), `mark ${m.mark}`);
    jump.dataset.step = String(m.index + 1);
    item.append(jump);
    list.append(item);
  }
}

function setupCoach() {
  $("hint-btn").addEventListener("click", askHint);
  $("analyze-btn").addEventListener("click", guarded(analyzeRound));
}
