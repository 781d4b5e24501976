// The Skip-Bo page, the coach's Hint button on the table. The server thinks (the
// expert, from the seat's view only); this page shows the hinted move's source and
// target lit, and why in words. The replay page's Analyze is analysis.js.

import { t } from "./i18n.js";
import { cardWords, face } from "./cardart.js";
import { legal, moveWords, partnerOf } from "./table.js";
import { $, el, mySeat, say, send, table } from "./app.js";

/** @type {{move: string, at: string} | null} */
let hint = null; // {move, at}: the move hinted, and the position (as text) it was for

// ------------------------------------------------------------------ hint

/** The position the table shows, as text: a hint holds for this position only. */
function movesPlayed() {
  return `${table?.round_index ?? 0}/${JSON.stringify(table?.view ?? null)}`;
}

function askHint() {
  send({ type: "hint" });
}

/**
 * The server's hint for this seat: a move in notation ("H7-B2", "end").
 * @param {string} move
 */
export function receiveHint(move) {
  hint = { move, at: movesPlayed() };
  renderHint();
  if (hint) say($("hint-text").textContent ?? ""); // shown only now: a live region there would not be heard
}

/**
 * The hinted source and target, found by what the table drew.
 * @param {string} move
 * @returns {Array<[Element, "source" | "target"]>}
 */
function hintNodes(move) {
  const [source, target] = move.split("-");
  /** @type {Array<[Element, "source" | "target"]>} */
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
export function renderHint() {
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
    const lit = /** @type {HTMLElement} */ (node); // the table's piles and cards
    lit.dataset.hinted = role;
    lit.dataset.hintLabel = t("hint");
  }
}

/**
 * Why the hinted move, in words, from what the table shows the person: its own stock
 * and discard piles and what each building pile needs. Only a description of the
 * server's move; which moves are legal is never decided here.
 * @param {string} move
 * @returns {string}
 */
function hintReason(move) {
  const seat = mySeat();
  const view = table?.view;
  if (seat === null || !view) return ""; // no seat of mine on the table: no reason
  const me = view.players?.[seat];
  if (!me || move === "end") return "";
  const [source, target] = move.split("-");
  const stock = me.stock_top && me.stock_top !== "SB" ? Number(me.stock_top) : null;
  const partner = source.startsWith("p");
  const bare = source.replace(/^p/, "");
  // a partner's pile ("pS", "pD1") is only ever hinted at a table of partnerships
  const owner = partner ? view.players[/** @type {number} */ (partnerOf(view, seat))] : me;
  if (target.startsWith("B")) {
    const n = Number(target.slice(1));
    const shows = Number(view.build[n - 1]) + 1; // what the pile shows after the move
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

export function setupCoach() {
  $("hint-btn").addEventListener("click", askHint);
}
