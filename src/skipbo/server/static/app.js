// The Skip-Bo page, part 1: shared state, small helpers, the connection, settings
// and start-up. The page's entry module (index.html loads it; it imports the rest):
// lobby.js (landing page), table.js (drawing the table and choosing a move),
// motion.js (the queue of states, moving cards, announcements), replay.js (the
// replay page), and the others each named for what they show. Every module is typed
// from its JSDoc (tsc, strict; the server's data shapes in types/*.d.ts) and linted.
//
// The server is the only authority. The page never decides a rule: what may be
// played comes only from the "legal" list the server sends to the seat to move,
// and the page only shows the view it is sent and sends the move that is chosen.
// Every text from the server goes into the DOM through textContent, never
// innerHTML, so a nickname can never become markup. Every text of our own comes
// from t() (i18n.js), in the chosen language.

import { language, LANGUAGES, setLanguage, t, translateStatic } from "./i18n.js";
import { errorText } from "./errors.js";
import { forgetTable, levelName, rememberTable, renderLobby, renderMyTables, setupLobby } from "./lobby.js";
import { focusBack, refused, render, resetTableState, setupTable } from "./table.js";
import { beep, PACES, receiveState, startMotionWatchers } from "./motion.js";
import { openReplay, renderReplay, setupReplay } from "./replay.js";
import { receiveHint, setupCoach } from "./coach.js";
import { renderAnalysis, setupAnalysis } from "./analysis.js";
import { refreshOpenTables, renderIdentity, setupOnline } from "./online.js";
import { setupAccountTools } from "./account.js";
import { receiveReaction, setupReactions } from "./reactions.js";
import { openPeopleHash, renderPeoplePages, setupPeople } from "./profile.js";
import { openInvite, renderInvite, setupInvite } from "./invite.js";
import { setupTutorial } from "./tutorial.js";
import "./pwa.js";

/**
 * The page's element with this id (index.html has each one the modules ask for).
 * @param {string} id
 * @returns {HTMLElement}
 */
export const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * A form field of the page by id: an input (its value, checked, ...).
 * @param {string} id
 * @returns {HTMLInputElement}
 */
export const $input = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id));

/**
 * A select of the page by id.
 * @param {string} id
 * @returns {HTMLSelectElement}
 */
export const $select = (id) => /** @type {HTMLSelectElement} */ (document.getElementById(id));

// ------------------------------------------------------------------ page state

/** @type {string[]} */
export let bots = []; // bot levels offered for the other seats, from /api/bots
/** @type {string[]} */
export let ladder = []; // the ladder's levels, weakest first: the quick game offers these
/** @type {Record<string, number>} */
export let botRatings = {}; // each bot's fixed public rating, shown where bots are chosen
/** @type {SeatTicket | null} */
export let current = null; // {code, token, seat}: the table this page is at
/** @type {WebSocket | null} */
let socket = null;
/** @type {{ code: string, node: HTMLElement } | null} */
let tableFocus = null; // what had focus at the table when another page was shown instead
let retryDelay = 500; // grows up to 5 s while the server is unreachable
/** @type {TableView | null} */
export let table = null; // the table view on screen (the server's newest may wait in the queue)
export let stateCount = 0; // states shown; tests wait for it to change
/** @type {"cards" | "numbers"} */
export let faces = localStorage.getItem("skipbo.faces") === "cards" ? "cards" : "numbers";

/**
 * Puts a new view on screen (motion.js decides when) and counts it for the tests.
 * @param {TableView} view
 */
export function showView(view) {
  table = view;
  stateCount += 1;
  document.body.dataset.stateCount = String(stateCount);
}

/**
 * A seat's token is its only key, kept per table so a reload sits down again.
 * @param {string} code
 * @returns {string}
 */
export const seatKey = (code) => `skipbo.seat.${code}`;

/**
 * The seat kept for the table ``code``, or null.
 * @param {string} code
 * @returns {StoredSeat | null}
 */
export function loadSeat(code) {
  try {
    return JSON.parse(localStorage.getItem(seatKey(code)) ?? "null");
  } catch {
    return null;
  }
}

// ------------------------------------------------------------------ small helpers

/**
 * An element with its text set safely; attrs become attributes (data-testid, ...).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {string | null} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attrs = {}, text = null) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined && value !== false) node.setAttribute(name, String(value));
  }
  if (text !== null) node.textContent = text;
  return node;
}

/**
 * The same for SVG (the graphs): an element in the SVG namespace, every attribute set.
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {string | null} [text]
 * @returns {SVGElementTagNameMap[K]}
 */
export function svgEl(tag, attrs = {}, text = null) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  if (text !== null) node.textContent = text;
  return node;
}

/**
 * A button with its test id that runs ``onClick``.
 * @param {string} text
 * @param {string} testid
 * @param {(event: MouseEvent) => unknown} onClick
 * @param {string} [cls]
 */
export function button(text, testid, onClick, cls = "") {
  const node = el("button", { type: "button", "data-testid": testid, class: cls || null }, text);
  node.addEventListener("click", onClick);
  return node;
}

/** @param {number} ms */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// An error of the server ({error, code, params, field}) in the page's language:
// errors.js's ERROR_TEXTS[lang][code] filled with params, else the English text.
export class ServerError extends Error {
  /**
   * @param {ServerErrorJson} data
   * @param {string} [fallback] the text when the data has none (the HTTP status text)
   */
  constructor(data, fallback) {
    super(serverErrorText(data, fallback));
    /** @type {string | null} */
    this.code = data.code ?? null;
    /** @type {string | null} the request field at fault */
    this.field = data.field ?? null;
  }
}

/**
 * @param {ServerErrorJson} data
 * @param {string} [fallback]
 * @returns {string}
 */
function serverErrorText(data, fallback = "") {
  // errors.js's errorText(): ERROR_TEXTS[lang][code] with the params, else the English text
  const text = errorText(data, language);
  return text || (typeof data.detail === "string" ? data.detail : data.detail?.[0]?.msg) || fallback;
}

/**
 * A validation error names the request field at fault: that input is marked.
 * @type {Record<string, string>}
 */
const FIELD_INPUTS = {
  name: "nickname", players: "players", stock: "stock", target: "target", teams: "teams",
  seats: "seats", turn_seconds: "turn-seconds", "invite-name": "invite-name",
};

/**
 * Shows an error in the page's box ("" hides it); a ServerError's field marks its input.
 * @param {unknown} error a text, or anything thrown (its message is shown)
 */
export function showError(error) {
  const box = $("error");
  for (const node of document.querySelectorAll("[aria-invalid=true]")) node.removeAttribute("aria-invalid");
  const thrown = /** @type {{ message?: string, field?: string | null } | null | undefined} */ (error);
  const message = typeof error === "string" ? error : thrown?.message ?? "";
  box.textContent = message;
  box.hidden = !message;
  const input = thrown?.field ? $(FIELD_INPUTS[thrown.field] ?? "") : null;
  if (input) {
    input.setAttribute("aria-invalid", "true");
    input.focus();
  }
}

/**
 * Tells a screen reader what just happened: the page's live region (polite) says it.
 * @param {string} text
 */
export function say(text) {
  $("live").textContent = text;
}

/**
 * A JSON request to the server; a refusal is thrown as a ServerError. The answer's
 * shape is the caller's to know (each endpoint's), hence ``any``.
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<any>}
 */
export async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ServerError(data, response.statusText);
  return data;
}

/**
 * Buttons run async work; any refusal is shown instead of thrown away.
 * @param {() => unknown} action
 * @returns {() => Promise<void>}
 */
export function guarded(action) {
  return async () => {
    showError("");
    try {
      await action();
    } catch (error) {
      showError(error);
    }
  };
}

/**
 * A seat's name as shown: bots with their level, "Ada (expert)". A seat whose person
 * resigned keeps the person's name (a bot plays it now: seatHead says so), so that
 * their moves, earlier and later, are named as everyone knew them.
 * @param {number} seat
 * @param {TableView | null} [view] the table's seats (the one on screen by default)
 * @returns {string}
 */
export function seatName(seat, view = table) {
  const info = view?.seats?.[seat];
  if (!info) return t("seatN", { n: seat + 1 });
  if (info.kind === "open") return t("openSeatName");
  if (info.resigned) return info.name;
  return info.kind === "bot" && info.bot ? `${info.name} (${levelName(info.bot)})` : info.name; // lobby.js: "moyen"
}

/**
 * The seat this page plays; none once its person resigned (they watch, and are never
 * shown as "Bob (hard) (you)").
 * @returns {number | null}
 */
export function mySeat() {
  if (!current || iResigned()) return null;
  return current.seat;
}

/**
 * The seat this page's person holds at the table, resigned or not (null for a
 * spectator): their result is still theirs ("You lost"), their tables list still
 * follows the table, and at two sides, where nobody takes a resigned seat, they may
 * still ask for the rematch.
 * @returns {number | null}
 */
export function heldSeat() {
  return current?.token ? current.seat : null;
}

/**
 * Whether this page's person resigned their seat at the table.
 * @param {TableView | null} [view]
 * @returns {boolean}
 */
export function iResigned(view = table) {
  return Boolean(current && current.seat !== null && view?.seats?.[current.seat]?.resigned);
}

// ------------------------------------------------------------------ the connection

/**
 * Sits down at (with a token) or watches (none) the table ``code``.
 * @param {string} code
 * @param {string | null} token
 * @param {number | null} seat
 */
export function enterTable(code, token, seat) {
  if (token) localStorage.setItem(seatKey(code), JSON.stringify({ token, seat }));
  if (socket) socket.close();
  socket = null;
  current = { code, token: token || null, seat: token ? seat : null };
  table = null;
  tableFocus = null; // a table entered anew: its first view takes focus (table.js)
  resetTableState();
  rememberTable(code, token ? seat : null);
  tableEntry(code);
  showPage("table");
  connect();
}

function leaveTable() {
  current = null;
  if (socket) socket.close();
  socket = null;
  table = null;
  resetTableState();
  document.title = "Skip-Bo";
  if (location.hash) history.replaceState(null, "", location.pathname);
  showPage("lobby");
  renderMyTables();
}

// Before the game starts a person may give their seat back: the server opens it
// again for someone else, and this browser forgets the seat's token.
export async function giveUpSeat() {
  if (!current || !current.token) return;
  const at = current;
  try {
    await api("POST", `/api/tables/${encodeURIComponent(at.code)}/leave`, { token: at.token });
  } catch (error) {
    showError(error);
    return;
  }
  localStorage.removeItem(seatKey(at.code));
  forgetTable(at.code);
  leaveTable();
}

/**
 * How many connections the server has let in (answered a hello with the table) since
 * the page loaded: a move sent on an earlier one that closed before answering it is
 * sent again on the next (table.js; its position keeps it from being played twice).
 */
export let connection = 0;

function connect() {
  if (!current) return;
  const at = current;
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${scheme}//${location.host}/ws/${encodeURIComponent(at.code)}`);
  socket = ws;
  let greeted = false; // the server answered this socket's hello with the table
  setConnection(t("connecting"));
  ws.onopen = () => {
    ws.send(JSON.stringify({ type: "hello", token: at.token }));
  };
  ws.onmessage = (event) => {
    if (socket !== ws) return;
    const message = /** @type {ServerMessage} */ (JSON.parse(event.data));
    if (!greeted && message.type === "error" && message.code === "storage_unavailable") {
      // the hello itself could not be answered (the database is away): try again, as
      // after a lost connection; until a hello is answered the seat counts as away
      ws.close();
      return;
    }
    if (message.type === "state") {
      if (!greeted) {
        greeted = true;
        connection += 1;
        retryDelay = 500;
        setConnection("");
      }
      receiveState(message.view);
    } else if (message.type === "hint") {
      receiveHint(message.move);
    } else if (message.type === "reaction") {
      receiveReaction(message); // reactions.js
    } else if (message.type === "error") {
      if (!refused(message)) showError(serverErrorText(message)); // table.js may retry it
    }
  };
  ws.onclose = (event) => {
    if (socket !== ws || current !== at) return; // left on purpose
    if (event.code === 4404) {
      showError(t("noTable"));
      localStorage.removeItem(seatKey(at.code));
      forgetTable(at.code);
      leaveTable();
      return;
    }
    // the server restarted or the network dropped: the token sits us down again
    setConnection(t("reconnecting"));
    setTimeout(connect, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 5000);
  };
}

/** @param {string} text */
function setConnection(text) {
  $("conn").textContent = text;
  $("conn").hidden = !text;
}

/**
 * Send a message on the table's socket. While it is down (the server restarting, the
 * network gone) nothing can be sent: the player is told so, never left guessing, and
 * a move is kept and sent on reconnection by table.js.
 * @param {ClientMessage} message
 * @returns {boolean} whether it was sent
 */
export function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) {
    showError("");
    socket.send(JSON.stringify(message));
    return true;
  }
  showError(t("notSent"));
  return false;
}

// ------------------------------------------------------------------ history

/**
 * An open overlay (the players drawer, a dialog) is one entry of the browser's
 * history, so that Back closes it first; closed by the page, it takes its entry back.
 * history.back() arrives later (a popstate): an overlay opened before it arrives
 * (the result of a resign, sent as its dialog closed) is pushed after it, or the Back
 * would land on the closed dialog's entry and put the new overlay aside.
 * @param {string} name
 */
export function pushOverlay(name) {
  if (backOnItsWay) {
    if (!pushAfterBack.includes(name)) pushAfterBack.push(name);
    return;
  }
  if (history.state?.overlay === name) return;
  /** @type {PageHistoryState} */
  const state = history.state ?? {};
  history.pushState({ ...state, overlay: name, depth: (state.depth ?? 0) + 1 }, "", location.href);
}

let backOnItsWay = false;
let backTimer = 0;
/** @type {string[]} */
let pushAfterBack = [];

/** @param {string} name */
export function dropOverlay(name) {
  if (backOnItsWay) {
    pushAfterBack = pushAfterBack.filter((other) => other !== name); // opened and closed meanwhile
    return;
  }
  /** @type {PageHistoryState} */
  const state = history.state ?? {};
  // a table left's entry (New game's Back past it still on its way) is not this one's to take
  if (state.overlay === name && (!state.table || state.table === current?.code)) {
    backOnItsWay = true;
    history.back();
    backTimer = window.setTimeout(historySettled, 1000); // a Back that never came (none to take) frees the queue
  }
}

/**
 * The page's own Back has arrived: the overlays opened meanwhile get their entries.
 * Called first by the popstate listener, before it closes what the entry has not open.
 */
export function historySettled() {
  if (!backOnItsWay) return;
  backOnItsWay = false;
  clearTimeout(backTimer);
  const names = pushAfterBack;
  pushAfterBack = [];
  for (const name of names) pushOverlay(name);
}

/**
 * A table is one entry right after the landing page's, so that Back (and the Lobby
 * button) returns to the landing page and never leaves the site: from the landing
 * page it is pushed; a link straight to a table puts the landing page under it; a
 * table after another one (New game) takes its entry, the one under the overlays
 * the old table still had open (its end dialog).
 * @param {string} code
 */
function tableEntry(code) {
  /** @type {PageHistoryState} */
  const state = history.state ?? {};
  if (state.table === code && location.hash === `#${code}`) return; // a reload, Back or Forward
  if (state.table && state.depth) {
    takeEntryUnderOverlays(state.depth, code);
    return;
  }
  if (state.table || state.invite === code) {
    history.replaceState({ ...state, table: code, overlay: null, depth: 0 }, "", `#${code}`);
    return;
  }
  if (location.hash) history.replaceState({ ...state, lobby: true }, "", location.pathname);
  history.pushState({ table: code }, "", `#${code}`);
}

/**
 * Back past the old table's overlays (same URL: no hashchange; overlaysFollowHistory
 * ignores another table's entry), then the new table replaces the old one's entry.
 * @param {number} depth the overlay entries above the old table's
 * @param {string} code
 */
function takeEntryUnderOverlays(depth, code) {
  const replace = () => {
    if (current?.code === code) history.replaceState({ table: code, overlay: null, depth: 0 }, "", `#${code}`);
  };
  window.addEventListener("popstate", replace, { once: true });
  history.go(-depth);
}

// The Lobby button: Back to the landing page's entry when the table has one after it.
export function goToLobby() {
  if (!history.state?.table) {
    leaveTable();
    return;
  }
  history.go(-1 - (history.state.depth ?? 0)); // past open overlays; the hashchange leaves the table
}

// ------------------------------------------------------------------ pages

/**
 * The three pages share one document; only one shows at a time.
 * @param {PageName} name
 */
export function showPage(name) {
  const from = document.body.dataset.page;
  const focused = document.activeElement;
  if (from === "table" && name !== "table") {
    // the replay (or a profile) opened from the table: Back returns to what had focus
    tableFocus = current && focused instanceof HTMLElement && $("table").contains(focused) ? { code: current.code, node: focused } : null;
  }
  for (const page of ["lobby", "table", "replay", "profile", "leaderboard", "invite"]) $(page).hidden = page !== name;
  document.body.dataset.page = name;
  if (name === "table" && from !== "table" && tableFocus) {
    const back = tableFocus;
    tableFocus = null;
    if (current?.code === back.code) focusBack(back.node); // table.js: else the next card to play
  }
}

// ------------------------------------------------------------------ settings

// Language, card faces, bot pace and sound are remembered; a change redraws.
function redrawAll() {
  translateStatic();
  renderLobby();
  renderIdentity();
  refreshOpenTables();
  renderPeoplePages();
  renderInvite();
  if (table && current) render();
  renderReplay();
  renderAnalysis();
}

function setupSettings() {
  const langSelect = $select("lang");
  for (const [code, name] of Object.entries(LANGUAGES)) langSelect.append(el("option", { value: code }, name));
  langSelect.value = language;
  langSelect.addEventListener("change", () => {
    setLanguage(langSelect.value);
    localStorage.setItem("skipbo.lang", language);
    redrawAll();
  });
  $select("faces").value = faces;
  $select("faces").addEventListener("change", () => {
    faces = /** @type {"cards" | "numbers"} */ ($select("faces").value); // the select's options
    localStorage.setItem("skipbo.faces", faces);
    redrawAll();
  });
  const pace = $select("pace");
  const stored = localStorage.getItem("skipbo.pace") ?? ""; // "" is no pace's name either
  pace.value = /** @type {Record<string, number | undefined>} */ (PACES)[stored] !== undefined ? stored : "normal";
  if (pace.value !== localStorage.getItem("skipbo.pace")) pace.value = "normal";
  pace.addEventListener("change", () => localStorage.setItem("skipbo.pace", pace.value));
  $input("sound").checked = localStorage.getItem("skipbo.sound") === "on";
  $("sound").addEventListener("change", () => {
    localStorage.setItem("skipbo.sound", $input("sound").checked ? "on" : "off");
    if ($input("sound").checked) beep(); // a first sound also unlocks audio in the browser
  });
  const oneTap = $input("one-tap");
  oneTap.checked = localStorage.getItem("skipbo.onetap") === "on";
  oneTap.addEventListener("change", () => localStorage.setItem("skipbo.onetap", oneTap.checked ? "on" : "off"));
  closeSettingsAsAMenu();
  translateStatic();
}

/**
 * The settings close as a menu does: when its link is followed (the replay page opened
 * under an open menu, which covered its form), on a click or tap outside it, and on
 * Escape inside it (focus back on its button).
 */
function closeSettingsAsAMenu() {
  const menu = /** @type {HTMLDetailsElement} */ ($("settings"));
  $("replay-link").addEventListener("click", () => {
    menu.open = false;
  });
  document.addEventListener("click", (event) => {
    if (menu.open && !menu.contains(/** @type {Node} */ (event.target))) menu.open = false;
  });
  menu.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !menu.open) return;
    menu.open = false;
    /** @type {HTMLElement} */ (menu.querySelector("summary")).focus();
  });
}

// ------------------------------------------------------------------ start-up

// A link like /#CODE sits down again with a stored token, else joins the table;
// /#replay opens the replay page.
function openFromHash() {
  if (openPeopleHash()) return; // profile.js: #player/ID, #leaderboard, #replay/CODE/N, ...
  if (location.hash === "#replay") {
    openReplay();
    return;
  }
  const code = decodeURIComponent(location.hash.slice(1)).trim().toUpperCase();
  if (!code) {
    if (current) leaveTable(); // Back from a table to the landing page
    else if (document.body.dataset.page !== "lobby") showPage("lobby"); // from the replay, an invite
    return;
  }
  if (current && current.code === code) {
    showPage("table");
    return;
  }
  $input("join-code").value = code;
  const stored = loadSeat(code);
  if (stored?.token) {
    enterTable(code, stored.token, stored.seat);
  } else {
    openInvite(code); // invite.js: its own page while a seat is open, else watching
  }
}

async function start() {
  setupSettings();
  setupLobby();
  setupTable();
  setupReplay();
  setupOnline();
  setupAccountTools();
  setupCoach();
  setupAnalysis();
  setupReactions();
  setupPeople();
  setupTutorial();
  setupInvite();
  window.addEventListener("hashchange", () => {
    if (!current || location.hash !== `#${current.code}` || $("table").hidden) openFromHash();
  });
  try {
    ({ bots, ladder, ratings: botRatings = {} } = await api("GET", "/api/bots"));
  } catch (error) {
    showError(t("botsFailed", { e: /** @type {Error} */ (error).message }));
  }
  renderLobby();
  startMotionWatchers();
  document.body.dataset.ready = "true";
  openFromHash();
}

document.addEventListener("DOMContentLoaded", start);
