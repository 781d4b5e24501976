// The Skip-Bo page, part 2: the landing page. One big "Play against the computer"
// button (you + one bot, started at once), the tables this browser sits at, how to
// play, and the full form to create or join a table.

import { language, t } from "./i18n.js";
import { Cards } from "./cards.js";
import { HOWTO } from "./howto.js";
import { cardNode } from "./cardart.js";
import { tableReach } from "./online.js";
import { addServerTables } from "./profile.js";
import { $, $input, $select, api, botRatings, bots, button, el, enterTable, guarded, ladder, loadSeat, seatKey, ServerError } from "./app.js";

const TIMER_CHOICES = [null, 15, 30, 60, 120, 300];
const TABLES_KEY = "skipbo.tables";
const MAX_TABLES = 12;

// ------------------------------------------------------------------ your tables

/**
 * The tables this browser sat at, newest first: {code, seat, at, who, phase}.
 * @returns {MyTableEntry[]}
 */
export function myTables() {
  /** @type {MyTableEntry[]} */
  let list;
  try {
    list = JSON.parse(localStorage.getItem(TABLES_KEY) ?? "null") || []; // nothing stored: null, hence []
  } catch {
    list = [];
  }
  // seats stored by older pages (only a token) still count
  for (const code of keptSeats()) {
    if (!list.some((entry) => entry.code === code)) list.push({ code, at: 0 });
  }
  return list.filter((entry) => loadSeat(entry.code)?.token).sort((a, b) => b.at - a.at);
}

/**
 * The codes of the tables this browser keeps a seat for (app.js's seatKey).
 * @returns {string[]}
 */
function keptSeats() {
  const prefix = seatKey("");
  const codes = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = /** @type {string} */ (localStorage.key(i)); // i < localStorage.length
    if (key.startsWith(prefix)) codes.push(key.slice(prefix.length));
  }
  return codes;
}

/** @param {MyTableEntry[]} list */
function saveTables(list) {
  localStorage.setItem(TABLES_KEY, JSON.stringify(list.slice(0, MAX_TABLES)));
}

/**
 * A table this browser sits at, first in "Your tables" (no seat: nothing to remember).
 * @param {string} code
 * @param {number | null | undefined} seat
 * @param {{who?: string, phase?: string}} [details]
 */
export function rememberTable(code, seat, details = {}) {
  if (seat === null || seat === undefined) return;
  const list = myTables().filter((entry) => entry.code !== code);
  const old = myTables().find((entry) => entry.code === code) ?? {};
  list.unshift({ ...old, code, seat, at: Date.now(), ...details });
  saveTables(list);
}

/**
 * Log-out: every seat this browser kept belongs to the player who logged out (a
 * guest's seats became the account's when it was made). The next person at this
 * browser must not sit down in them; the account gets them back on any device by
 * logging in (Your tables by the server, and a new seat token: /reseat).
 */
export function forgetAllTables() {
  for (const code of keptSeats()) localStorage.removeItem(seatKey(code));
  localStorage.removeItem(TABLES_KEY);
  renderMyTables();
}

/** @param {string} code */
export function forgetTable(code) {
  localStorage.removeItem(seatKey(code));
  saveTables(myTables().filter((entry) => entry.code !== code));
  renderMyTables();
}

/**
 * A table of "Your tables": the code and phase on one line, who else sits there on
 * the next, where long names end in "…" (the tooltip has them whole); the whole line
 * is never cut down to "with …".
 * @param {string} code
 * @param {string} [phase] a table view's phase (or the server lists' "lobby", "playing")
 * @param {string} [who] the others' names, joined by ", "
 * @returns {HTMLSpanElement}
 */
export function myTableText(code, phase, who) {
  const text = el("span", { class: "my-table-text" });
  const head = el("span", { class: "my-table-head" });
  head.append(el("b", {}, code));
  if (phase) head.append(el("span", { class: "muted" }, ` · ${t(`phase_${phase}`)}`));
  text.append(head);
  if (who) {
    const words = t("withWho", { who });
    text.append(el("span", { class: "my-table-who", title: words, "data-testid": `my-table-who-${code}` }, words));
  }
  return text;
}

export function renderMyTables() {
  const box = $("my-tables-list");
  const list = myTables();
  box.replaceChildren();
  for (const entry of list) {
    const item = el("li", { class: "my-table" });
    const text = myTableText(entry.code, entry.phase, entry.who);
    const back = button(t("backToTable"), `my-table-${entry.code}`, () => {
      const stored = loadSeat(entry.code);
      if (stored?.token) enterTable(entry.code, stored.token, stored.seat);
    });
    back.setAttribute("aria-label", t("backToTableN", { code: entry.code }));
    const forget = button("✕", `forget-table-${entry.code}`, () => forgetTable(entry.code), "ghost small");
    forget.setAttribute("aria-label", t("forgetTable", { code: entry.code }));
    forget.title = t("forgetTable", { code: entry.code });
    item.append(text, back, forget);
    box.append(item);
  }
  // the server's list of this player's running tables (profile.js): turn tags, other devices' tables
  addServerTables(box, list);
  $("my-tables").hidden = box.children.length === 0;
}

// ------------------------------------------------------------------ how to play

// A fan of four cards beside the big button: the four colours of the deck.
function renderHeroCards() {
  const box = $("hero-cards");
  box.replaceChildren(...["1", "5", "9", "SB"].map((value) => cardNode(value, { "aria-hidden": "true" })));
}

function renderHowto() {
  const picture = $("howto-picture");
  picture.replaceChildren();
  const names = { stock: t("stock"), hand: t("hand"), discard: t("discardPiles"), build: t("buildPiles"), draw: t("draw") };
  const svg = Cards.areas(names);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("areasPicture"));
  svg.removeAttribute("aria-hidden");
  picture.append(svg);
  const text = $("howto-text");
  text.replaceChildren();
  const paragraphs = HOWTO[language] ?? HOWTO.en;
  for (const paragraph of paragraphs) text.append(el("p", {}, paragraph));
}

// ------------------------------------------------------------------ the forms

// One row per other seat: open for a person, or a bot level.
function renderSeatChoices() {
  const list = $("seats");
  const players = Number($select("players").value);
  const kept = [...list.querySelectorAll("select")].map((s) => s.value);
  list.replaceChildren(el("li", {}, t("you")));
  for (let seat = 1; seat < players; seat++) {
    const select = el("select", { "data-testid": `seat-kind-${seat}`, "aria-label": t("seatN", { n: seat + 1 }) });
    select.append(el("option", { value: "human" }, t("openSeat")));
    for (const bot of byStrength()) select.append(el("option", { value: `bot:${bot}` }, t("botSeat", { bot: ratedLevel(bot) })));
    if (kept[seat - 1]) select.value = kept[seat - 1];
    const row = el("li");
    row.append(select);
    list.append(row);
  }
}

/**
 * A bot level's name in the page's language ("level_hard"), else the level as it is.
 * @param {string} bot
 * @returns {string}
 */
export function levelName(bot) {
  const key = `level_${bot}`;
  const text = t(key);
  return text === key ? bot : text;
}

/**
 * A name as the server's records and games lists give it, a bot's with its level in
 * English ("Ada (hard)"), in the page's language: "Ada (difficile)". Other names (a
 * level the page does not know, a person's) stay as they are.
 * @param {string} name
 * @returns {string}
 */
export function shownName(name) {
  return name.replace(BOT_NAME, (_, level) => ` (${levelName(level)})`);
}

/** A bot's name as records give it, its level in brackets at the end: "Ada (hard)". */
export const BOT_NAME = / \(([\w:.-]+)\)$/;

/**
 * A bot level as offered for a seat: its name and its fixed public rating (/api/bots),
 * "hard · rating 1620", so that a player can see how they compare.
 * @param {string} bot
 * @returns {string}
 */
export function ratedLevel(bot) {
  const rating = botRatings[bot];
  return rating === undefined ? levelName(bot) : `${levelName(bot)} · ${t("ratingShort", { rating })}`;
}

// The ladder's levels weakest first, then the other bots (for a seat of a table).
function byStrength() {
  return [...ladder.filter((b) => bots.includes(b)), ...bots.filter((b) => !ladder.includes(b))];
}

// The level of the quick game: the ladder without "random", weakest first (a
// player chooses a strength, not an algorithm; the others are in the table form).
function renderLevels() {
  const select = $select("quick-level");
  const kept = select.value || localStorage.getItem("skipbo.level") || "hard";
  select.replaceChildren();
  const levels = ladder.filter((b) => b !== "random" && bots.includes(b));
  for (const bot of levels) select.append(el("option", { value: bot }, ratedLevel(bot)));
  if (levels.includes(kept)) select.value = kept;
}

function renderTimerChoices() {
  const select = $select("turn-seconds");
  const kept = select.value;
  select.replaceChildren();
  for (const seconds of TIMER_CHOICES) {
    const label = seconds === null ? t("noTimer") : t("seconds", { n: seconds });
    select.append(el("option", { value: seconds === null ? "" : String(seconds) }, label));
  }
  select.value = kept;
}

export function renderLobby() {
  renderSeatChoices();
  renderLevels();
  renderTimerChoices();
  renderMyTables();
  renderHowto();
  renderHeroCards();
}

/**
 * The name typed (remembered for the next visit); a refusal when there is none,
 * unless ``fallback``: then the default name, written into the field.
 * @param {boolean} [fallback]
 * @returns {string}
 */
export function nickname(fallback = false) {
  let name = $input("nickname").value.trim();
  if (!name && fallback) {
    name = t("defaultName");
    $input("nickname").value = name;
  }
  if (!name) throw new ServerError({ error: t("needName"), field: "name" });
  localStorage.setItem("skipbo.name", name);
  return name;
}

/**
 * An empty number field means "the server's default", sent as null.
 * @param {HTMLInputElement | HTMLSelectElement} input
 * @returns {number | null}
 */
function numberOrNull(input) {
  return input.value.trim() === "" ? null : Number(input.value);
}

/**
 * Quick play's length: short (a stock of 10, a few minutes) for a first game, then the
 * player's last choice. A first game: no finished game remembered by this browser
 * (table.js keeps each finished game's winner under "skipbo.series.CODE").
 * @returns {"10" | "30"}
 */
function quickStock() {
  const chosen = localStorage.getItem("skipbo.quickStock");
  if (chosen === "10" || chosen === "30") return chosen;
  const played = Object.keys(localStorage).some((key) => key.startsWith("skipbo.series."));
  return played ? "30" : "10";
}

/** @returns {Promise<void>} */
export async function quickPlay() {
  const level = $select("quick-level").value || "hard";
  localStorage.setItem("skipbo.level", level);
  const stock = Number($select("quick-length").value) || 10;
  /** @type {CreateTableBody} */
  const body = { name: nickname(true), players: 2, stock, target: null, teams: false, seats: ["human", `bot:${level}`] };
  /** @type {SeatedJson} */
  const created = await api("POST", "/api/tables", body);
  enterTable(created.code, created.token, created.seat);
}

async function createTable() {
  const seats = ["human", ...[...$("seats").querySelectorAll("select")].map((s) => s.value)];
  /** @type {CreateTableBody} */
  const body = {
    name: nickname(),
    players: Number($select("players").value),
    stock: numberOrNull($input("stock")),
    target: numberOrNull($input("target")),
    teams: $input("teams").checked,
    seats,
  };
  // no timer is the server's default: the field is only sent when one is chosen
  const seconds = numberOrNull($select("turn-seconds"));
  if (seconds !== null) body.turn_seconds = seconds;
  Object.assign(body, tableReach()); // online.js: public or link only, live or slow
  /** @type {SeatedJson} */
  const created = await api("POST", "/api/tables", body);
  enterTable(created.code, created.token, created.seat);
}

/**
 * Joining a table this browser already sits at goes back to that seat.
 * @param {string} code
 * @returns {Promise<void>}
 */
export async function joinTable(code) {
  code = code.trim().toUpperCase();
  if (!code) throw new ServerError({ error: t("needCode") });
  const stored = loadSeat(code);
  if (stored?.token) {
    enterTable(code, stored.token, stored.seat);
    return;
  }
  /** @type {SeatedJson} */
  const joined = await api("POST", `/api/tables/${encodeURIComponent(code)}/join`, { name: nickname() });
  enterTable(joined.code, joined.token, joined.seat);
}

export function setupLobby() {
  $input("nickname").value = localStorage.getItem("skipbo.name") || "";
  if (!localStorage.getItem("skipbo.name")) /** @type {HTMLDetailsElement} */ ($("howto")).open = true; // a first visit

  $("players").addEventListener("change", renderSeatChoices);
  $select("quick-length").value = quickStock();
  $("quick-length").addEventListener("change", () => {
    localStorage.setItem("skipbo.quickStock", $select("quick-length").value);
  });
  $("quick-play").addEventListener("click", guarded(quickPlay));
  $("create").addEventListener("click", guarded(createTable));
  $("join").addEventListener("click", guarded(() => joinTable($input("join-code").value)));
  $("join-code").addEventListener("keydown", (event) => {
    if (event.key === "Enter") $("join").click();
  });
  $("watch").addEventListener("click", () => {
    const code = $input("join-code").value.trim().toUpperCase();
    if (code) enterTable(code, null, null);
  });
  renderLobby();
}
