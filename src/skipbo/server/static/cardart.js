"use strict";
// The Skip-Bo page, part 3: cards and piles as DOM nodes. The art itself is
// cards.js's (window.Cards, SVG); this file sizes it, names it for screen readers
// and falls back to a plain text card while cards.js is missing.

// A card's face as text: the notation's number, or a playing card (rules §1: Ace..
// Queen are 1..12, Kings and Jokers are the wild SB). Display only; moves keep notation.
const PLAYING = { 1: "A", 11: "J", 12: "Q", SB: "K/🃏" };

function face(value) {
  return faces === "cards" ? PLAYING[value] ?? String(value) : String(value);
}

// The spoken name of a card value: "7", "Skip-Bo (wild)", "Queen (12)".
function cardWords(value) {
  if (value === "SB") return t("wildCard");
  const court = faces === "cards" ? { 1: "ace", 11: "jack", 12: "queen" }[value] : null;
  return court ? `${t(court)} (${value})` : String(value);
}

function band(value) {
  const n = Number(value);
  return value === "SB" ? "sb" : n <= 4 ? "low" : n <= 8 ? "mid" : "high";
}

// One face-up card; a div sized by CSS with the SVG art (or text) inside.
function cardNode(value, attrs = {}) {
  const node = el("div", { class: `card ${band(value)}`, "data-card": value, "data-face": face(value), ...attrs });
  if (window.Cards?.face) {
    node.classList.add("art");
    node.append(Cards.face(value, faces));
  } else {
    node.append(el("span", { class: "pip", "aria-hidden": "true" }, face(value)));
  }
  return node;
}

function emptyNode(label = "", attrs = {}) {
  const node = el("div", { class: "card empty", ...attrs });
  if (window.Cards?.empty) {
    node.classList.add("art");
    node.append(Cards.empty(label));
  } else {
    node.append(el("span", { class: "pip", "aria-hidden": "true" }, label));
  }
  return node;
}

function backNode(attrs = {}) {
  const node = el("div", { class: "card back", ...attrs });
  if (window.Cards?.back) {
    node.classList.add("art");
    node.append(Cards.back());
  }
  return node;
}

// A pile drawn as a stack with its count (stock, draw, completed); top null = face down.
function stackNode(count, top, kind, attrs = {}) {
  const node = el("div", { class: `card stack ${kind}`, "data-count": String(count), ...attrs });
  if (top) {
    node.dataset.card = top;
    node.dataset.face = face(top);
  }
  if (window.Cards?.stack) {
    node.classList.add("art");
    node.append(Cards.stack(count, top, faces, kind));
    return node;
  }
  if (count === 0) node.classList.add("empty");
  else if (top) node.classList.add(band(top));
  else node.classList.add("back");
  node.append(el("span", { class: "pip", "aria-hidden": "true" }, top ? face(top) : ""));
  node.append(el("span", { class: "badge", "aria-hidden": "true" }, String(count)));
  return node;
}

// Text labels that are only for screen readers.
function hiddenText(text) {
  return el("span", { class: "sr-only" }, text);
}
