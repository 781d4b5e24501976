// The Skip-Bo page, part 6: the replay page. The server computes every step
// (POST /api/replay, GET /api/tables/CODE/replay/I); this page only shows the step
// it is at: the public view, and every hand once the round is over (step.hands).

import { colonJoin, t } from "./i18n.js";
import { cardNode, cardWords, emptyNode, stackNode } from "./cardart.js";
import { buildSlot, moveWords, resultText } from "./table.js";
import { resetAnalysis, showAnalysisStep } from "./analysis.js";
import { moveEnds } from "./motion.js";
import { closeLinkedReplay } from "./profile.js";
import { BOT_NAME, shownName } from "./lobby.js";
import { $, $input, $select, current, el, guarded, ServerError, showPage, table } from "./app.js";

/** @type {ReplayJson | null} */
export let replayData = null; // {names, result, steps: [{move, seat, view, hands?}]}
export let replayAt = 0;
/** @type {ReplaySource | null} */
export let replaySource = null; // what is shown: {file: the uploaded text} or {code, index}

export function openReplay() {
  if (current && table) {
    $input("replay-code").value = current.code;
    const over = table.phase !== "playing" && table.phase !== "lobby";
    $input("replay-round").value = String(Math.max(1, (table.round_index ?? 0) + (over ? 1 : 0)));
  }
  // from a table, the replay is an entry of its own: Back returns to the table
  if (location.hash !== "#replay" && document.body.dataset.page === "table") history.pushState({ replay: "table" }, "", "#replay");
  else if (location.hash !== "#replay") history.replaceState(null, "", "#replay");
  showPage("replay");
  if (replayData) renderReplay();
}

function closeReplay() {
  if (closeLinkedReplay()) return; // opened by a profile's link
  if (current && history.state?.replay === "table") {
    history.back(); // the hashchange shows the table again
    return;
  }
  if (current) {
    history.replaceState(null, "", `#${current.code}`);
    showPage("table");
  } else {
    history.replaceState(null, "", location.pathname);
    showPage("lobby");
  }
}

/**
 * Shows the replay the server answered with (a refusal is thrown as a ServerError).
 * @param {Response} response
 * @param {ReplaySource} source
 */
async function loadReplay(response, source) {
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ServerError(data, response.statusText);
  replayData = data;
  replayAt = 0;
  replaySource = source;
  resetAnalysis(); // an analysis shown was of the record before
  fillSeatChoice(data.names, defaultSeat(data.names, source));
  renderReplay();
  // the board from its controls down, the form above scrolled away (it filled a phone's
  // screen, and a laptop's showed the building piles cut off)
  $("replay-board").scrollIntoView({ block: "start" });
  $("replay-slider").focus({ preventScroll: true });
}

async function replayFile() {
  const file = $input("replay-file").files?.[0];
  if (!file) return;
  const body = await file.text(); // sent as it is: the server checks and replays it
  await loadReplay(await fetch("/api/replay", { method: "POST", body, headers: { "Content-Type": "application/json" } }), { file: body });
}

/**
 * The table round asked for in the code and round fields.
 * @returns {{ code: string, index: number }}
 */
export function tableRoundAsked() {
  const code = $input("replay-code").value.trim().toUpperCase();
  if (!code) throw new ServerError({ error: t("needCode") });
  const index = Math.max(0, Number($input("replay-round").value) - 1); // shown from 1
  return { code, index };
}

/** @returns {Promise<void>} */
export async function replayTableRound() {
  const { code, index } = tableRoundAsked();
  await loadReplay(await fetch(`/api/tables/${encodeURIComponent(code)}/replay/${index}`), { code, index });
}

/**
 * The seat to analyse first: yours at your own table's round, else the first seat
 * that is not a bot (records name bots "Ada (expert)"), else the first.
 * @param {string[]} names
 * @param {ReplaySource} source
 * @returns {number}
 */
function defaultSeat(names, source) {
  if (source?.code && current?.code === source.code && current.seat !== null) return current.seat;
  const person = names.findIndex((name) => !BOT_NAME.test(name));
  return Math.max(0, person);
}

/**
 * The Analyze seat chooser: a choice per player of the record, worded by renderReplay
 * (by name, in the page's language).
 * @param {string[]} names
 * @param {number} chosen
 */
function fillSeatChoice(names, chosen) {
  const select = $select("analyze-seat");
  select.replaceChildren(...names.map((_, seat) => el("option", { value: String(seat) })));
  select.value = String(chosen);
}

/**
 * Shows step ``to`` of the replay (clamped to its steps; Infinity: the last).
 * @param {number} to
 */
export function replayStep(to) {
  if (!replayData) return;
  replayAt = Math.max(0, Math.min(replayData.steps.length - 1, to));
  renderReplay();
}

/**
 * One seat of the replay: stock, discard piles and, when known, the hand.
 * @param {PlayerViewJson} view
 * @param {number} seat
 * @param {(seat: number) => string} nameOf
 * @param {CardText[] | null} hand
 * @param {boolean} moved
 * @returns {HTMLDivElement}
 */
function replayPlayer(view, seat, nameOf, hand, moved) {
  const player = view.players[seat];
  const area = el("div", {
    class: `player${seat === view.to_move ? " to-move" : ""}${moved ? " moved" : ""}`,
    "data-testid": `replay-player-${seat}`,
    role: "group",
    "aria-label": nameOf(seat),
  });
  const head = el("div", { class: "seat-head" });
  head.append(el("h2", { class: "seat-name" }, nameOf(seat)), el("span", { class: "hand-count" }, t("handCount", { n: player.hand })));
  if (seat === view.to_move) head.append(el("span", { class: "tag turn" }, t("toMoveTag")));
  area.append(head);
  const row = el("div", { class: "piles" });
  const stockName = t("stockOf", { who: nameOf(seat) });
  const stockLabel = player.stock_top ? t("stockLabel", { name: stockName, top: cardWords(player.stock_top), n: player.stock }) : t("pileEmpty", { name: stockName });
  row.append(stackNode(player.stock, player.stock_top, "stock", { role: "img", "aria-label": stockLabel, "data-testid": `replay-player-${seat}-stock` }));
  player.discards.forEach((cards, i) => {
    const name = t("discardOf", { who: nameOf(seat), n: i + 1 });
    const top = cards[cards.length - 1];
    const pile = el("div", { class: "pile discard other", role: "img", "aria-label": top ? t("pileTop", { name, top: cardWords(top), n: cards.length }) : t("pileEmpty", { name }) });
    const fan = el("div", { class: "fan" });
    if (!cards.length) fan.append(emptyNode(String(i + 1), { "aria-hidden": "true" }));
    for (const value of cards) fan.append(cardNode(value, { "aria-hidden": "true" }));
    pile.append(fan);
    row.append(pile);
  });
  area.append(row);
  if (hand) {
    const box = el("div", { class: "replay-hand", "data-testid": `replay-hand-${seat}`, role: "list", "aria-label": t("handOf", { who: nameOf(seat) }) });
    for (const value of hand) box.append(cardNode(value, { role: "listitem", "aria-label": cardWords(value) }));
    area.append(box);
  }
  return area;
}

export function renderReplay() {
  const board = $("replay-board");
  board.hidden = !replayData;
  if (!replayData) return;
  const { names, steps } = replayData;
  // a record names a bot with its level in English, "Ada (hard)": said in the page's language
  const nameOf = (/** @type {number} */ seat) => (names[seat] === undefined ? t("seatN", { n: seat + 1 }) : shownName(names[seat]));
  // the seat chooser's names too, after a language switch
  for (const option of $select("analyze-seat").options) option.textContent = `${Number(option.value) + 1} · ${nameOf(Number(option.value))}`;
  const { move, seat, view, hands } = steps[replayAt];
  document.body.dataset.replayStep = String(replayAt);
  const slider = $input("replay-slider");
  slider.max = String(steps.length - 1);
  slider.value = String(replayAt);
  slider.setAttribute("aria-valuetext", t("step", { i: replayAt, n: steps.length - 1 }));
  $("replay-step").textContent = t("step", { i: replayAt, n: steps.length - 1 });
  // the card a move carried, read from the step before it (a stock or discard pile's top)
  const card = move === null || seat === null ? null : moveEnds({ seat, move }, steps[replayAt - 1] ?? null)?.value ?? null;
  $("replay-move").textContent = move === null ? t("dealt") : colonJoin(nameOf(seat), moveWords(move, card));
  $("replay-move").dataset.move = move ?? "";
  $("replay-hands-note").hidden = Boolean(hands);
  const players = $("replay-players");
  players.replaceChildren();
  view.players.forEach((_, s) => players.append(replayPlayer(view, s, nameOf, hands?.[s] ?? null, move !== null && s === seat)));
  const build = $("replay-build");
  build.replaceChildren();
  view.build.forEach((value, i) => build.append(buildSlot(view, value, i + 1, false, "replay-build-")));
  $("replay-draw").textContent = String(view.draw);
  $("replay-completed").textContent = String(view.completed);
  const last = replayAt === steps.length - 1;
  $("replay-result").textContent = last && replayData.result ? resultText(replayData.result, nameOf) : "";
  const focused = document.activeElement;
  /** @type {HTMLButtonElement} */ ($("replay-prev")).disabled = replayAt === 0;
  /** @type {HTMLButtonElement} */ ($("replay-first")).disabled = replayAt === 0;
  /** @type {HTMLButtonElement} */ ($("replay-next")).disabled = last;
  /** @type {HTMLButtonElement} */ ($("replay-last")).disabled = last;
  // a step button pressed to the end is disabled: focus moves to the step slider (it says
  // the step), not to the page's body
  if (focused instanceof HTMLButtonElement && focused.disabled && $("replay-board").contains(focused)) $("replay-slider").focus();
  showAnalysisStep(); // analysis.js: the step on the graph, what the expert plays at a marked move
}

/**
 * Left/right arrows step through the replay (unless typing in a field).
 * @param {KeyboardEvent} event
 */
function replayKeys(event) {
  if ($("replay").hidden || !replayData || /** @type {Element} */ (event.target).matches("input, select")) return;
  const step = /** @type {Record<string, number | undefined>} */ ({ ArrowRight: 1, ArrowLeft: -1, Home: -Infinity, End: Infinity })[event.key];
  if (!step) return;
  event.preventDefault();
  replayStep(Number.isFinite(step) ? replayAt + step : step);
}

export function setupReplay() {
  $("replay-link").addEventListener("click", (event) => {
    event.preventDefault();
    openReplay();
  });
  $("replay-file").addEventListener("change", guarded(replayFile));
  $("replay-load").addEventListener("click", guarded(replayTableRound));
  $("replay-back").addEventListener("click", closeReplay);
  $("replay-first").addEventListener("click", () => replayStep(0));
  $("replay-prev").addEventListener("click", () => replayStep(replayAt - 1));
  $("replay-next").addEventListener("click", () => replayStep(replayAt + 1));
  $("replay-last").addEventListener("click", () => replayStep(Infinity));
  $("replay-slider").addEventListener("input", () => replayStep(Number($input("replay-slider").value)));
  document.addEventListener("keydown", replayKeys);
}
