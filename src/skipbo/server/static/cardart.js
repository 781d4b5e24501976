// The Skip-Bo page, part 3: cards and piles as DOM nodes. The art itself is
// cards.js's (SVG); this file wraps it in nodes that CSS sizes and names it for
// screen readers.

import { t } from "./i18n.js";
import { Cards } from "./cards.js";
import { el, faces } from "./app.js";

// A card's face as text: the notation's number, or a playing card (rules §1: Ace..
// Queen are 1..12, Kings and Jokers are the wild SB). Display only; moves keep notation.
/** @type {Record<CardText, string>} */
const PLAYING = { 1: "A", 11: "J", 12: "Q", SB: "K/🃏" };

/**
 * A card's face as text, in the faces chosen in the settings.
 * @param {CardText} value
 * @returns {string}
 */
export function face(value) {
  return faces === "cards" ? PLAYING[value] ?? String(value) : String(value);
}

/**
 * The spoken name of a card value: "7", "Skip-Bo (wild)", "Queen (12)".
 * @param {CardText} value
 * @returns {string}
 */
export function cardWords(value) {
  if (value === "SB") return t("wildCard");
  /** @type {Record<CardText, string>} */
  const courts = { 1: "ace", 11: "jack", 12: "queen" };
  const court = faces === "cards" ? courts[value] : null;
  return court ? `${t(court)} (${value})` : String(value);
}

/**
 * The colour band of a card, for CSS: "low" 1-4, "mid" 5-8, "high" 9-12, "sb".
 * @param {CardText} value
 */
function band(value) {
  const n = Number(value);
  return value === "SB" ? "sb" : n <= 4 ? "low" : n <= 8 ? "mid" : "high";
}

/**
 * One face-up card; a div sized by CSS with the SVG art inside.
 * @param {CardText} value
 * @param {Attrs} [attrs]
 * @returns {HTMLDivElement}
 */
export function cardNode(value, attrs = {}) {
  const node = el("div", { class: `card ${band(value)} art`, "data-card": value, "data-face": face(value), ...attrs });
  node.append(Cards.face(value, faces));
  return node;
}

/**
 * An empty place, with its label when there is one.
 * @param {string} [label]
 * @param {Attrs} [attrs]
 * @returns {HTMLDivElement}
 */
export function emptyNode(label = "", attrs = {}) {
  const node = el("div", { class: "card empty art", ...attrs });
  node.append(Cards.empty(label));
  return node;
}

/**
 * A pile drawn as a stack with its count (stock, draw, completed); top null = face down.
 * @param {number} count
 * @param {CardText | null} top
 * @param {StackKind} kind
 * @param {Attrs} [attrs]
 * @returns {HTMLDivElement}
 */
export function stackNode(count, top, kind, attrs = {}) {
  const node = el("div", { class: `card stack ${kind}`, "data-count": String(count), ...attrs });
  if (top) {
    node.dataset.card = top;
    node.dataset.face = face(top);
  }
  node.classList.add("art");
  node.append(Cards.stack(count, top, faces, kind));
  return node;
}

/**
 * Text labels that are only for screen readers.
 * @param {string} text
 * @returns {HTMLSpanElement}
 */
export function hiddenText(text) {
  return el("span", { class: "sr-only" }, text);
}
