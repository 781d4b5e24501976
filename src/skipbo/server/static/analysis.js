// The Skip-Bo page, the replay page's Analyze: a seat's win chance over a finished
// round (the server's expert judges every move; this page only draws its answer),
// with labelled axes and the seat's own moves dotted, and the marked moves
// (inaccuracy, mistake, blunder) as a strip of chips. Choosing a chip or a dot shows
// that step of the replay and brings the board and the graph into view together:
// beside each other on a wide screen, the graph just above the board on a phone.

import { language, t } from "./i18n.js";
import { moveWords } from "./table.js";
import { shownName } from "./lobby.js";
import { replayAt, replayData, replaySource, replayStep, tableRoundAsked } from "./replay.js";
import { $, $select, button, el, guarded, ServerError, svgEl } from "./app.js";

/** @type {AnalysisJson | null} */
export let analysis = null; // {round, seat, moves: [...], marks}
let analysisAsk = 0; // counts the requests: only the latest one's answer is shown

/** @type {Record<MarkName, string>} */
const MARK_COLORS = { inaccuracy: "#f2c230", mistake: "#ff8a2a", blunder: "#ff5252" };

/**
 * The analysis of the replay shown (an uploaded file is sent again: the server keeps
 * nothing of it but the analysis); with no replay shown, of the round in the fields.
 * @param {ReplaySource} source
 * @param {number} seat
 * @returns {Promise<Response>}
 */
function askAnalysis(source, seat) {
  if (source.file !== undefined) {
    return fetch(`/api/analysis?seat=${seat}`, { method: "POST", body: source.file, headers: { "Content-Type": "application/json" } });
  }
  return fetch(`/api/tables/${encodeURIComponent(source.code)}/analysis/${source.index}?seat=${seat}`);
}

/** @returns {Promise<void>} */
export async function analyzeRound() {
  const source = replaySource ?? tableRoundAsked();
  const seat = Number($select("analyze-seat").value);
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
  bringAnalysisIntoView();
}

export function resetAnalysis() {
  analysisAsk += 1; // an answer on its way is for the replay before
  analysis = null;
  $("analysis").hidden = true;
  delete $("analysis").dataset.seat;
  $("analysis-status").textContent = "";
  $("analysis-graph-box").replaceChildren();
  $("analysis-marks").replaceChildren();
}

// ------------------------------------------------------------------ the graph

/**
 * The round's steps shown (the replay's, else up to the seat's last move); only
 * while an analysis is shown.
 * @returns {number}
 */
function analysisSteps() {
  const shown = /** @type {AnalysisJson} */ (analysis);
  return replayData ? replayData.steps.length - 1 : Math.max(...shown.moves.map((m) => m.index + 1), 1);
}

/**
 * Where things go, in CSS pixels (the graph is drawn at the width of its box, so
 * that its words keep their size on a phone): the plot inside room for the labels.
 * @param {number} width
 * @param {number} steps
 * @returns {GraphFrame}
 */
function analysisFrame(width, steps) {
  const height = matchMedia("(max-width: 760px)").matches ? 130 : 190; // a phone: lower
  const plot = { left: 44, right: width - 12, top: 24, bottom: height - 38 };
  return {
    width,
    height,
    plot,
    x: (/** @type {number} */ step) => plot.left + ((plot.right - plot.left) * step) / Math.max(1, steps),
    y: (/** @type {number} */ chance) => plot.bottom - ((plot.bottom - plot.top) * chance) / 100,
  };
}

/**
 * A tick every 1, 2, 5, 10, 20, 50... steps: as many as fit 40 px apart.
 * @param {number} steps
 * @param {number} room
 * @returns {number}
 */
function analysisTickEvery(steps, room) {
  const most = Math.max(1, Math.floor(room / 40));
  for (const unit of [1, 2, 5, 10, 20, 25, 50, 100, 200, 500]) if (steps / unit <= most) return unit;
  return Math.ceil(steps / most);
}

/**
 * The graph's grid, axes, their labels and the legend naming the seat.
 * @param {GraphFrame} frame
 * @param {number} steps
 * @param {string} who
 * @returns {SVGElement[]}
 */
function analysisAxes(frame, steps, who) {
  const { plot, x, y } = frame;
  /** @type {SVGElement[]} */
  const parts = [];
  for (const chance of [0, 50, 100]) {
    parts.push(svgEl("line", { x1: plot.left, x2: plot.right, y1: y(chance), y2: y(chance), class: chance === 50 ? "half" : "grid" }));
    parts.push(svgEl("text", { x: plot.left - 6, y: y(chance) + 4, class: "tick", "text-anchor": "end" }, `${chance}\u00a0%`));
  }
  const unit = analysisTickEvery(steps, plot.right - plot.left);
  for (let step = 0; step <= steps; step += unit) {
    parts.push(svgEl("line", { x1: x(step), x2: x(step), y1: plot.bottom, y2: plot.bottom + 4, class: "axis" }));
    parts.push(svgEl("text", { x: x(step), y: plot.bottom + 17, class: "tick", "text-anchor": "middle" }, String(step)));
  }
  parts.push(svgEl("line", { x1: plot.left, x2: plot.left, y1: plot.top, y2: plot.bottom, class: "axis" }));
  parts.push(svgEl("line", { x1: plot.left, x2: plot.right, y1: plot.bottom, y2: plot.bottom, class: "axis" }));
  parts.push(svgEl("text", { x: 2, y: 14, class: "title", "data-testid": "analysis-axis-y" }, t("axisChance")));
  parts.push(svgEl("text", { x: (plot.left + plot.right) / 2, y: frame.height - 4, class: "title", "text-anchor": "middle", "data-testid": "analysis-axis-x" }, t("axisStep")));
  const legend = svgEl("text", { x: plot.right, y: 14, class: "legend", "text-anchor": "end", "data-testid": "analysis-legend" });
  legend.append(svgEl("tspan", { class: "own-dot" }, "● "), svgEl("tspan", {}, t("axisOwnMoves", { who: shortName(who) })));
  parts.push(legend);
  return parts;
}

/**
 * A name cut to fit the legend (the whole name is in the seat chooser above).
 * @param {string} name
 * @returns {string}
 */
function shortName(name) {
  const letters = [...new Intl.Segmenter().segment(name)].map((part) => part.segment);
  return letters.length > 16 ? `${letters.slice(0, 15).join("")}…` : name;
}

/**
 * The seat's win chance after each of its moves, over the round's steps: every move
 * of the seat a dot, the marked ones bigger in their colour, the step shown a line;
 * only while an analysis is shown.
 * @param {number} width
 * @returns {SVGSVGElement}
 */
function analysisGraph(width) {
  const shown = /** @type {AnalysisJson} */ (analysis);
  const steps = analysisSteps();
  const frame = analysisFrame(width, steps);
  const { x, y } = frame;
  const svg = svgEl("svg", {
    width: frame.width,
    height: frame.height,
    viewBox: `0 0 ${frame.width} ${frame.height}`,
    class: "analysis-graph",
    role: "img",
    "data-testid": "analysis-graph",
    "aria-label": t("analysisGraph"),
  });
  const who = replayData?.names?.[shown.seat];
  svg.append(...analysisAxes(frame, steps, who === undefined ? t("seatN", { n: shown.seat + 1 }) : shownName(who)));
  svg.append(svgEl("line", { x1: x(0), x2: x(0), y1: frame.plot.top, y2: frame.plot.bottom, class: "cursor", "data-testid": "analysis-cursor" }));
  const points = shown.moves.map((m) => `${x(m.index + 1).toFixed(1)},${y(m.after_played).toFixed(1)}`).join(" ");
  svg.append(svgEl("polyline", { points, class: "chance" }));
  for (const m of shown.moves) {
    if (m.mark) continue;
    svg.append(svgEl("circle", { cx: x(m.index + 1), cy: y(m.after_played), r: 3, class: "own", "data-step": m.index + 1 }));
  }
  for (const m of shown.moves) {
    if (!m.mark) continue;
    const dot = svgEl("circle", { cx: x(m.index + 1), cy: y(m.after_played), r: 6.5, fill: MARK_COLORS[m.mark], class: "marked", "data-mark": m.mark, "data-step": m.index + 1 });
    dot.addEventListener("click", () => goToMark(m.index + 1));
    svg.append(dot);
  }
  return svg;
}

function drawAnalysisGraph() {
  const box = $("analysis-graph-box");
  if (!analysis || $("analysis").hidden) return;
  box.replaceChildren(analysisGraph(box.clientWidth || 600));
  showAnalysisStep();
}

// ------------------------------------------------------------------ the marks

/**
 * A marked move in words: its step, the move played, the best one, the drop.
 * @param {AssessmentJson} m
 * @returns {string}
 */
function markText(m) {
  return t("markedMove", { step: m.index + 1, played: moveWords(m.played), best: moveWords(m.best), drop: percent(m.drop), mark: t(`mark_${m.mark}`) });
}

/**
 * A win chance's drop as the page's language writes it: "9.8" in English, "9,8" in French.
 * @param {number} drop
 * @returns {string}
 */
function percent(drop) {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(drop);
}

/**
 * A marked move's chip, in the strip of marks: choosing it shows that step.
 * @param {AssessmentJson} m
 * @returns {HTMLLIElement}
 */
function markChip(m) {
  const item = el("li");
  const chip = button(t("markChip", { step: m.index + 1, mark: t(`mark_${m.mark}`) }), "analysis-mark", () => goToMark(m.index + 1), `mark ${m.mark}`);
  chip.dataset.step = String(m.index + 1);
  chip.title = markText(m);
  item.append(chip);
  return item;
}

export function renderAnalysis() {
  if (!analysis) return;
  $("analysis").dataset.seat = String(analysis.seat); // the seat whose analysis is shown
  $("analysis-status").textContent = t("analysisSummary", {
    n: analysis.moves.length,
    inaccuracy: analysis.marks.inaccuracy,
    mistake: analysis.marks.mistake,
    blunder: analysis.marks.blunder,
  });
  const list = $("analysis-marks");
  list.setAttribute("aria-label", t("markedMoves"));
  list.replaceChildren(...analysis.moves.filter((m) => m.mark).map(markChip));
  list.hidden = !list.childElementCount;
  drawAnalysisGraph();
}

// The step of the replay shown, on the graph and in the marks; at a marked move the
// move's line under the board also says what the expert plays instead.
export function showAnalysisStep() {
  if (!analysis || !replayData) return;
  const cursor = /** @type {SVGLineElement | null} */ (document.querySelector("[data-testid=analysis-cursor]"));
  const { x } = analysisFrame(Number(cursor?.ownerSVGElement?.getAttribute("width") ?? 600), analysisSteps());
  for (const attr of ["x1", "x2"]) cursor?.setAttribute(attr, String(x(replayAt)));
  for (const chip of $("analysis-marks").querySelectorAll("button")) {
    if (chip.dataset.step === String(replayAt)) chip.setAttribute("aria-current", "step");
    else chip.removeAttribute("aria-current");
  }
  const m = analysis.moves.find((move) => move.mark && move.index + 1 === replayAt);
  const line = $("replay-move");
  line.querySelector(".mark-detail")?.remove();
  if (m) line.append(el("span", { class: `mark-detail ${m.mark}`, "data-testid": "mark-detail" }, t("markDetail", { mark: t(`mark_${m.mark}`), best: moveWords(m.best), drop: percent(m.drop) })));
}

/** @param {number} step */
function goToMark(step) {
  replayStep(step);
  bringAnalysisIntoView();
}

// Scrolls so that the graph and the board are both on screen: with the analysis's
// summary line when all of it fits (a wide screen), else from the graph down (a
// phone), else the board alone.
function bringAnalysisIntoView() {
  const board = $("replay-board");
  if (board.hidden || $("analysis").hidden) return;
  const span = (/** @type {HTMLElement[]} */ nodes) => {
    const boxes = nodes.map((node) => node.getBoundingClientRect());
    return { top: Math.min(...boxes.map((box) => box.top)), bottom: Math.max(...boxes.map((box) => box.bottom)) };
  };
  const margin = 8;
  const choices = [[$("analysis"), board], [$("analysis-graph-box"), board], [board]].map(span);
  const whole = choices.find((box) => box.bottom - box.top + 2 * margin <= innerHeight) ?? choices[2];
  if (whole.top >= 0 && whole.bottom <= innerHeight) return;
  window.scrollBy(0, whole.top - margin);
}

export function setupAnalysis() {
  $("analyze-btn").addEventListener("click", guarded(analyzeRound));
  let width = innerWidth;
  window.addEventListener("resize", () => {
    if (innerWidth === width) return; // a phone's bar coming and going changes the height only
    width = innerWidth;
    drawAnalysisGraph();
  });
}
