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
  $("hint-text").textContent = t("hintText", { move: hint.move === "end" ? t("endTurn") : moveWords(hint.move) });
  $("hint-text").dataset.move = hint.move;
  for (const [node, role] of hintNodes(hint.move)) node.dataset.hinted = role;
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
