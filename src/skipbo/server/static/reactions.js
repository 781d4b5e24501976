// The Skip-Bo page, preset reactions at the table: a seated player picks one of five
// ("Good game", "Well played", "Oops", "Thanks", "Hurry up?") from the React menu; the
// server sends every connection of the table {type: "reaction", seat, reaction} and
// the page shows it beside that player's name for a few seconds, in the reader's
// language. Only ids travel, never free text: there is nothing to moderate. The
// server limits how often a connection may react (too_many_reactions).

import { t, TEXTS } from "./i18n.js";
import { $, current, el, mySeat, say, seatName, send, table } from "./app.js";

const REACTION_TEXTS = {
  en: {
    react_gg: "Good game", react_wp: "Well played", react_oops: "Oops", react_thanks: "Thanks", react_hurry: "Hurry up?",
    reactButton: "React", reactMenu: "Reactions", reactionSaid: "{name}: {reaction}",
  },
  fr: {
    react_gg: "Bonne partie", react_wp: "Bien joué", react_oops: "Oups", react_thanks: "Merci", react_hurry: "On se dépêche\u00a0?",
    reactButton: "Réagir", reactMenu: "Réactions", reactionSaid: "{name}\u00a0: {reaction}",
  },
  de: {
    react_gg: "Gutes Spiel", react_wp: "Gut gespielt", react_oops: "Hoppla", react_thanks: "Danke", react_hurry: "Etwas schneller?",
    reactButton: "Reagieren", reactMenu: "Reaktionen", reactionSaid: "{name}: {reaction}",
  },
  nl: {
    react_gg: "Goed spel", react_wp: "Goed gespeeld", react_oops: "Oeps", react_thanks: "Bedankt", react_hurry: "Schiet je op?",
    reactButton: "Reageren", reactMenu: "Reacties", reactionSaid: "{name}: {reaction}",
  },
};
for (const [lang, texts] of Object.entries(REACTION_TEXTS)) Object.assign(TEXTS[lang], texts);

const REACTION_IDS = ["gg", "wp", "oops", "thanks", "hurry"];
const REACTION_SHOW_MS = 6000; // how long a reaction stays beside the name
/** @type {Record<number, {reaction: string, timer: number}>} */
let reactionsShown = {}; // seat -> {reaction, timer}, at the table reactionsAt
/** @type {string | null} */
let reactionsAt = null;

/**
 * A reaction from the server: shown beside the seat's name, and said to screen readers.
 * @param {ReactionMessage} message
 */
export function receiveReaction(message) {
  const seat = message.seat;
  if (!REACTION_IDS.includes(message.reaction) || !table?.seats?.[seat]) return;
  if (reactionsAt !== current?.code) clearReactions();
  reactionsAt = current?.code ?? null;
  clearTimeout(reactionsShown[seat]?.timer);
  const timer = setTimeout(() => {
    delete reactionsShown[seat];
    showReactionTags();
  }, REACTION_SHOW_MS);
  reactionsShown[seat] = { reaction: message.reaction, timer };
  showReactionTags();
  say(t("reactionSaid", { name: seatName(seat), reaction: t(`react_${message.reaction}`) }));
}

function clearReactions() {
  for (const shown of Object.values(reactionsShown)) clearTimeout(shown.timer);
  reactionsShown = {};
}

/**
 * The tag beside a seat's name while its reaction shows (table.js's seatHead adds it).
 * @param {number} seat
 * @returns {HTMLSpanElement | null}
 */
export function reactionTag(seat) {
  const shown = reactionsAt === current?.code ? reactionsShown[seat] : null;
  if (!shown) return null;
  return el("span", { class: "tag reaction", "data-testid": `reaction-${seat}` }, t(`react_${shown.reaction}`));
}

// The seat heads already drawn get (or lose) their tag now, without redrawing the table.
function showReactionTags() {
  const heads = /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#table .seat-head[data-seat]"));
  for (const head of heads) {
    head.querySelector(".tag.reaction")?.remove();
    const tag = reactionTag(Number(head.dataset.seat));
    if (tag) /** @type {Element} */ (head.querySelector(".seat-name")).after(tag); // every seat head has its name
  }
}

// The React menu is offered to a seated player once the game has begun.
export function renderReactBox() {
  // a seat that resigned is a bot's now: its person watches, and watchers do not react
  const seated =
    Boolean(current?.token) && mySeat() !== null && table?.seats?.[/** @type {number} */ (mySeat())]?.kind === "human";
  const open = seated && table?.phase !== "lobby";
  $("react-box").hidden = !open;
  if (!open) setReactMenu(false);
}

/** @param {boolean} open */
function setReactMenu(open) {
  $("react-menu").hidden = !open;
  $("react-toggle").setAttribute("aria-expanded", String(open));
}

/** @param {string} reaction one of REACTION_IDS */
function sendReaction(reaction) {
  send({ type: "react", reaction });
  setReactMenu(false);
  $("react-toggle").focus();
}

export function setupReactions() {
  const menu = $("react-menu");
  for (const id of REACTION_IDS) {
    const choice = el("button", { type: "button", class: "secondary", "data-testid": `react-${id}`, "data-i18n": `react_${id}` }, t(`react_${id}`));
    choice.addEventListener("click", () => sendReaction(id));
    menu.append(choice);
  }
  $("react-toggle").addEventListener("click", () => setReactMenu(/** @type {boolean} */ ($("react-menu").hidden)));
  $("react-box").addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || $("react-menu").hidden) return;
    event.stopPropagation(); // the table's Escape (closing dialogs) is not meant
    setReactMenu(false);
    $("react-toggle").focus();
  });
  document.addEventListener("click", (event) => {
    if (!$("react-box").contains(/** @type {Node | null} */ (event.target))) setReactMenu(false);
  });
}
