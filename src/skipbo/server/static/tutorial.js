// The Skip-Bo page, the guided first game. POST /api/tutorial opens a
// table of its own kind: the person against the greedy bot on a deal arranged by
// the server (server/tutorial.py), played through the normal table view and
// WebSocket. This file only guides: a panel points at one part of the table at a
// time (data-tutorial-spot), says what to do, and narrows the server's "legal" list
// to the one move the lesson asks for (legal() in table.js asks tutorialMoves). The
// server still judges every move, and no rule is decided here: the script below is
// the deal's moves, written down, and tests/test_tutorial.py checks the deal gives
// exactly these positions. Texts: TUTORIAL_TEXTS, merged into i18n.js's TEXTS,
// with each rule sheet's own pile names.

import { t, TEXTS } from "./i18n.js";
import { forgetTable, myTables, nickname, quickPlay } from "./lobby.js";
import { pending, render, selected, setFocusKey } from "./table.js";
import { $, api, button, current, el, enterTable, goToLobby, guarded, mySeat, seatKey, seatName, table } from "./app.js";

// exported for the tests' page probe (tests/browser_helpers.py PAGE_PROBE)
export const TUTORIAL_TEXTS = {
  en: {
    tutorialEntry: "Learn to play (2 minutes)",
    tutorialOfferTitle: "New to Skip-Bo?",
    tutorialOfferText: "Learn the rules in a short guided game against the computer: about two minutes.",
    tutorialOfferStart: "Show me how to play", tutorialOfferDismiss: "No thanks",
    tutorialTitle: "Learn to play", tutorialStep: "Step {i} of {n}", tutorialNext: "Next",
    tutorialLeave: "Leave the tutorial", tutorialFollow: "Follow the guide, then choose Next.", tutorialMove: "Your turn: play the card ringed in gold (▲), as the guide says.",
    tutorialDone: "You finished the tutorial and won your first round. Now play a real game!",
    tutorialPlayReal: "Play against the computer",
    tut_welcome: "Welcome! In this short game against {bot} you learn Skip-Bo by playing: about two minutes. The goal: be the first to empty your stock pile.",
    tut_stock: "This is your stock pile: {n} cards, only the top one face up. Empty it to win the round.",
    tut_hand: "These are your five hand cards. Only you can see them.",
    tut_build: "In the middle are four building piles, shared by everyone. Each starts with a 1 and goes up, one card at a time, to 12. Play your 1 on building pile 1: pick the card, then the pile (or drag it there).",
    tut_stockPlay: "The top card of your stock pile is a 2: it fits on the 1. Play it on building pile 1.",
    tut_wild: "Your stock pile now shows a 4, but the pile needs a 3. A Skip-Bo card is wild: it counts as whatever card the pile needs. Play it as the 3.",
    tut_stockAgain: "Now the 4 of your stock pile fits. Play it.",
    tut_discard: "These are your four discard piles. Your 7, 9 and 12 fit nowhere now. Put your 12 on discard pile 1: that ends your turn. (Pick the pile again to confirm, or wait a moment.)",
    tut_opponent: "Now {bot} plays. Watch the table.",
    tut_discarded: "{bot} had nothing to build and discarded a card: there it is, on their discard pile. A discard always ends the turn.",
    tut_refill: "Your turn again: your hand was filled up to five cards from the draw pile.",
    tut_run: "Play 5, 6, 7, 8 and 9 from your hand on building pile 1, in order. ({done} of 5)",
    tut_drawFive: "Your hand was empty, so you drew five new cards at once, and you play on.",
    tut_stockTen: "The 10 of your stock pile fits on the 9. Play it.",
    tut_eleven: "Now the 11 from your hand.",
    tut_discardPlay: "The top card of a discard pile may be played too: your 12 on discard pile 1 completes the building pile.",
    tut_completed: "A building pile that reaches 12 is complete: it leaves the table, and its place is free for a new pile that starts with a 1.",
    tut_win: "One card is left in your stock pile: a 1. Play it on an empty building pile to win!",
  },
  fr: {
    tutorialEntry: "Apprendre à jouer (2 minutes)",
    tutorialOfferTitle: "Nouveau au Skip-Bo\u00a0?",
    tutorialOfferText: "Apprenez les règles dans une courte partie guidée contre l'ordinateur\u00a0: environ deux minutes.",
    tutorialOfferStart: "Montrez-moi comment jouer", tutorialOfferDismiss: "Non merci",
    tutorialTitle: "Apprendre à jouer", tutorialStep: "Étape {i} sur {n}", tutorialNext: "Suivant",
    tutorialLeave: "Quitter le tutoriel", tutorialFollow: "Suivez le guide, puis choisissez Suivant.", tutorialMove: "À vous\u00a0: jouez la carte cerclée d'or (▲), comme le dit le guide.",
    tutorialDone: "Tutoriel terminé\u00a0: vous avez gagné votre première manche. À vous une vraie partie\u00a0!",
    tutorialPlayReal: "Jouer contre l'ordinateur",
    tut_welcome: "Bienvenue\u00a0! Dans cette courte partie contre {bot}, vous apprenez le Skip-Bo en jouant\u00a0: environ deux minutes. Le but\u00a0: être le premier à vider son stock.",
    tut_stock: "Voici votre stock\u00a0: {n} cartes, seule celle du dessus est visible. Videz-le pour gagner la manche.",
    tut_hand: "Voici vos cinq cartes en main. Vous seul les voyez.",
    tut_build: "Au centre, quatre séries communes à tous. Chacune commence par un 1 et monte, carte par carte, jusqu'à 12. Posez votre 1 sur la série 1\u00a0: choisissez la carte, puis la série (ou faites-la glisser).",
    tut_stockPlay: "La carte du dessus de votre stock est un 2\u00a0: elle va sur le 1. Posez-la sur la série 1.",
    tut_wild: "Votre stock montre maintenant un 4, mais la série attend un 3. La carte Skip-Bo est un joker\u00a0: elle vaut la carte dont la série a besoin. Posez-la comme 3.",
    tut_stockAgain: "Maintenant le 4 de votre stock va. Posez-le.",
    tut_discard: "Voici vos quatre défausses. Votre 7, votre 9 et votre 12 ne vont nulle part pour l'instant. Posez votre 12 sur la défausse 1\u00a0: cela termine votre tour. (Choisissez-la encore pour confirmer, ou attendez un instant.)",
    tut_opponent: "{bot} joue maintenant. Regardez la table.",
    tut_discarded: "{bot} n'avait rien à poser sur les séries et a défaussé une carte\u00a0: la voici, sur sa défausse. Défausser finit toujours le tour.",
    tut_refill: "À vous\u00a0: votre main a été complétée à cinq cartes avec la pioche.",
    tut_run: "Posez 5, 6, 7, 8 et 9 de votre main sur la série 1, dans l'ordre. ({done} sur 5)",
    tut_drawFive: "Votre main était vide\u00a0: vous avez aussitôt pris cinq nouvelles cartes, et vous continuez à jouer.",
    tut_stockTen: "Le 10 de votre stock va sur le 9. Posez-le.",
    tut_eleven: "Maintenant le 11 de votre main.",
    tut_discardPlay: "La carte du dessus d'une défausse se joue aussi\u00a0: votre 12 de la défausse 1 termine la série.",
    tut_completed: "Une série qui atteint 12 est terminée\u00a0: elle quitte la table, et sa place est libre pour une nouvelle série qui commence par un 1.",
    tut_win: "Il reste une carte dans votre stock\u00a0: un 1. Posez-le sur une série vide pour gagner\u00a0!",
  },
  de: {
    tutorialEntry: "Spielen lernen (2 Minuten)",
    tutorialOfferTitle: "Neu bei Skip-Bo?",
    tutorialOfferText: "Lerne die Regeln in einem kurzen, geführten Spiel gegen den Computer: etwa zwei Minuten.",
    tutorialOfferStart: "Zeig mir, wie es geht", tutorialOfferDismiss: "Nein danke",
    tutorialTitle: "Spielen lernen", tutorialStep: "Schritt {i} von {n}", tutorialNext: "Weiter",
    tutorialLeave: "Anleitung verlassen", tutorialFollow: "Lies die Anleitung, dann wähle Weiter.", tutorialMove: "Du bist dran: spiele die gold umrandete Karte (▲), wie die Anleitung sagt.",
    tutorialDone: "Anleitung geschafft: du hast deine erste Runde gewonnen. Jetzt ein echtes Spiel!",
    tutorialPlayReal: "Gegen den Computer spielen",
    tut_welcome: "Willkommen! In diesem kurzen Spiel gegen {bot} lernst du Skip-Bo beim Spielen: etwa zwei Minuten. Das Ziel: als Erster den eigenen Vorratsstapel leeren.",
    tut_stock: "Das ist dein Vorratsstapel: {n} Karten, nur die oberste liegt offen. Leere ihn, um die Runde zu gewinnen.",
    tut_hand: "Das sind deine fünf Handkarten. Nur du siehst sie.",
    tut_build: "In der Mitte liegen vier Baustapel für alle. Jeder beginnt mit einer 1 und steigt Karte für Karte bis 12. Lege deine 1 auf Baustapel 1: wähle die Karte, dann den Stapel (oder zieh sie hin).",
    tut_stockPlay: "Die oberste Karte deines Vorratsstapels ist eine 2: sie passt auf die 1. Lege sie auf Baustapel 1.",
    tut_wild: "Dein Vorratsstapel zeigt jetzt eine 4, aber der Baustapel braucht eine 3. Die Skip-Bo-Karte ist ein Joker: sie zählt als die Karte, die der Stapel braucht. Lege sie als 3.",
    tut_stockAgain: "Jetzt passt die 4 von deinem Vorratsstapel. Lege sie.",
    tut_discard: "Das sind deine vier Ablagestapel. Deine 7, 9 und 12 passen gerade nirgends. Lege deine 12 auf Ablagestapel 1: damit endet dein Zug. (Wähle den Stapel noch einmal zum Bestätigen oder warte kurz.)",
    tut_opponent: "Jetzt spielt {bot}. Schau auf den Tisch.",
    tut_discarded: "{bot} konnte nichts anlegen und hat eine Karte abgelegt: hier, auf dem Ablagestapel. Ablegen beendet immer den Zug.",
    tut_refill: "Du bist wieder dran: deine Hand wurde vom Nachziehstapel auf fünf Karten aufgefüllt.",
    tut_run: "Lege 5, 6, 7, 8 und 9 aus deiner Hand der Reihe nach auf Baustapel 1. ({done} von 5)",
    tut_drawFive: "Deine Hand war leer, also hast du sofort fünf neue Karten gezogen und spielst weiter.",
    tut_stockTen: "Die 10 von deinem Vorratsstapel passt auf die 9. Lege sie.",
    tut_eleven: "Jetzt die 11 aus deiner Hand.",
    tut_discardPlay: "Auch die oberste Karte eines Ablagestapels darf gespielt werden: deine 12 von Ablagestapel 1 macht den Baustapel voll.",
    tut_completed: "Ein Baustapel, der die 12 erreicht, ist fertig: er verlässt den Tisch, und sein Platz ist frei für einen neuen Stapel, der mit einer 1 beginnt.",
    tut_win: "In deinem Vorratsstapel liegt noch eine Karte: eine 1. Lege sie auf einen leeren Baustapel und gewinne!",
  },
  nl: {
    tutorialEntry: "Leer spelen (2 minuten)",
    tutorialOfferTitle: "Nieuw bij Skip-Bo?",
    tutorialOfferText: "Leer de regels in een kort spel met uitleg tegen de computer: ongeveer twee minuten.",
    tutorialOfferStart: "Laat zien hoe het werkt", tutorialOfferDismiss: "Nee, dank je",
    tutorialTitle: "Leer spelen", tutorialStep: "Stap {i} van {n}", tutorialNext: "Verder",
    tutorialLeave: "Uitleg verlaten", tutorialFollow: "Lees de uitleg en kies dan Verder.", tutorialMove: "Jouw beurt: speel de goud omrande kaart (▲), zoals de uitleg zegt.",
    tutorialDone: "Uitleg klaar: je hebt je eerste ronde gewonnen. Speel nu een echt spel!",
    tutorialPlayReal: "Speel tegen de computer",
    tut_welcome: "Welkom! In dit korte spel tegen {bot} leer je Skip-Bo door te spelen: ongeveer twee minuten. Het doel: als eerste je stok leegspelen.",
    tut_stock: "Dit is je stok: {n} kaarten, alleen de bovenste ligt open. Speel hem leeg om de ronde te winnen.",
    tut_hand: "Dit zijn je vijf kaarten in de hand. Alleen jij ziet ze.",
    tut_build: "In het midden liggen vier bouwstapels voor iedereen. Elke stapel begint met een 1 en gaat kaart voor kaart omhoog tot 12. Leg je 1 op bouwstapel 1: kies de kaart en dan de stapel (of sleep hem erheen).",
    tut_stockPlay: "De bovenste kaart van je stok is een 2: die past op de 1. Leg hem op bouwstapel 1.",
    tut_wild: "Je stok toont nu een 4, maar de stapel heeft een 3 nodig. Een Skip-Bo-kaart is een joker: hij telt als de kaart die de stapel nodig heeft. Leg hem als 3.",
    tut_stockAgain: "Nu past de 4 van je stok. Leg hem.",
    tut_discard: "Dit zijn je vier weggooistapels. Je 7, 9 en 12 passen nu nergens. Leg je 12 op weggooistapel 1: daarmee eindigt je beurt. (Kies de stapel nog eens om te bevestigen, of wacht even.)",
    tut_opponent: "Nu speelt {bot}. Kijk naar de tafel.",
    tut_discarded: "{bot} kon niets aanleggen en gooide een kaart weg: hier, op de weggooistapel. Weggooien beëindigt altijd de beurt.",
    tut_refill: "Jij bent weer aan de beurt: je hand is van de trekstapel aangevuld tot vijf kaarten.",
    tut_run: "Leg 5, 6, 7, 8 en 9 uit je hand op volgorde op bouwstapel 1. ({done} van 5)",
    tut_drawFive: "Je hand was leeg, dus je pakte meteen vijf nieuwe kaarten en je speelt verder.",
    tut_stockTen: "De 10 van je stok past op de 9. Leg hem.",
    tut_eleven: "Nu de 11 uit je hand.",
    tut_discardPlay: "Ook de bovenste kaart van een weggooistapel mag je spelen: je 12 van weggooistapel 1 maakt de bouwstapel af.",
    tut_completed: "Een bouwstapel die 12 bereikt is af: hij gaat van tafel, en zijn plek is vrij voor een nieuwe stapel die met een 1 begint.",
    tut_win: "Er ligt nog één kaart in je stok: een 1. Leg hem op een lege bouwstapel en win!",
  },
};
for (const [lang, texts] of Object.entries(TUTORIAL_TEXTS)) Object.assign(TEXTS[lang], texts);

const TUTORIAL_DEAL = "tutorial"; // the configuration's name of the arranged deal
const TUTORIAL_SEEN = "skipbo.tutorial"; // "offered" once the first visit's offer was answered
const TUTORIAL_WATCH_MS = 1500; // the other player's turn stays told at least this long

/**
 * A lesson of the tutorial (its text is TUTORIAL_TEXTS' tut_ID).
 * @typedef {object} TutorialStep
 * @property {TutorialLessonId} id
 * @property {number} at the round's move count when the lesson begins
 * @property {string | null} spot a selector of what the panel points at
 * @property {string[]} [moves] the moves it asks for, in order (server/tutorial.py's PERSON_MOVES)
 * @property {boolean} [wait] over when it is the person's turn again
 * @property {"top" | "bottom"} [place] where the panel goes (top by default)
 */
/** @typedef {"welcome" | "stock" | "hand" | "build" | "stockPlay" | "wild" | "stockAgain" | "discard" | "opponent"
 *   | "discarded" | "refill" | "run" | "drawFive" | "stockTen" | "eleven" | "discardPlay" | "completed" | "win"} TutorialLessonId */
/**
 * Past the last lesson: the round is won (or over).
 * @typedef {{ id: "done", at?: undefined, spot?: undefined, moves?: undefined, wait?: undefined, place?: undefined }}
 *   TutorialDone
 */
/**
 * The lesson on screen at a tutorial table.
 * @typedef {object} TutorialAt
 * @property {string} code the table's
 * @property {number | undefined} round the table's round_index
 * @property {number} index in TUTORIAL_STEPS
 * @property {number} shown the index last drawn (-1: none yet)
 * @property {number} [since] when it was first drawn (Date.now())
 * @property {ReturnType<typeof setTimeout> | null} [timer] the redraw once the other player's turn was shown
 */

// The lessons, in order. "at": the round's move count when the lesson begins. A
// lesson with "moves" asks for those moves, one at a time, and is over once they are
// all made; "wait" is over when it is the person's turn after "at"; the others wait
// for Next. "spot": what the panel points at (a selector on the table).
/** @type {TutorialStep[]} */
const TUTORIAL_STEPS = [
  { id: "welcome", at: 0, spot: null },
  { id: "stock", at: 0, spot: "[data-testid=own-stock]" },
  { id: "hand", at: 0, spot: "#hand" },
  { id: "build", at: 0, spot: "#build", moves: ["H1-B1"] },
  { id: "stockPlay", at: 1, spot: "[data-testid=own-stock]", moves: ["S-B1"] },
  { id: "wild", at: 2, spot: "[data-testid=hand-card][data-card=SB]", moves: ["HSB-B1"] },
  { id: "stockAgain", at: 3, spot: "[data-testid=own-stock]", moves: ["S-B1"] },
  { id: "discard", at: 4, spot: ".own-discards", moves: ["H12-D1"] },
  { id: "opponent", at: 5, spot: "#others", wait: true, place: "bottom" },
  { id: "discarded", at: 6, spot: "#others", place: "bottom" },
  { id: "refill", at: 6, spot: "#hand" },
  { id: "run", at: 6, spot: "#hand", moves: ["H5-B1", "H6-B1", "H7-B1", "H8-B1", "H9-B1"] },
  { id: "drawFive", at: 11, spot: "#hand" },
  { id: "stockTen", at: 11, spot: "[data-testid=own-stock]", moves: ["S-B1"] },
  { id: "eleven", at: 12, spot: "#hand", moves: ["H11-B1"] },
  { id: "discardPlay", at: 13, spot: "[data-testid=own-discard-1]", moves: ["D1-B1"] },
  { id: "completed", at: 14, spot: "#completed-pile" },
  { id: "win", at: 14, spot: "[data-testid=own-stock]", moves: ["S-B1"] },
];

/** @type {TutorialAt | null} */
let tutorialAt = null; // {code, round, index, shown, since}: the lesson on screen at a tutorial table
/** @type {string | null} */
let tutorialLeft = null; // the code of a tutorial the person left (no guide there again)

// ------------------------------------------------------------------ which lesson

/**
 * Whether this page sits at a tutorial table as a player (a spectator gets no guide).
 * @returns {boolean}
 */
function tutorialActive() {
  return Boolean(table && current?.token && table.config?.deal === TUTORIAL_DEAL && mySeat() !== null && tutorialLeft !== table.code);
}

/**
 * A lesson is passed once the table is past it: its moves made, the other player's
 * turn over (and shown a moment: the bot is quick), or, for one read with Next, a
 * later move made (after a reload).
 * @param {TutorialStep} step
 * @returns {boolean}
 */
function tutorialPassed(step) {
  const view = /** @type {TableView} */ (table); // only tutorialStep() asks: at a tutorial table
  const at = /** @type {TutorialAt} */ (tutorialAt);
  const moves = view.moves ?? 0;
  if (step.moves) return moves >= step.at + step.moves.length;
  if (!step.wait) return moves > step.at;
  if (moves <= step.at || view.view?.to_move !== mySeat()) return false;
  const left = (at.since ?? 0) + TUTORIAL_WATCH_MS - Date.now();
  if (left > 0 && !at.timer) at.timer = setTimeout(tutorialWatched, left);
  return left <= 0;
}

function tutorialWatched() {
  if (tutorialAt) tutorialAt.timer = null;
  if (table && current) render();
}

/**
 * The lesson now: the pointer moves on over every lesson the table is past.
 * @returns {TutorialStep | TutorialDone | null} null away from a tutorial table
 */
function tutorialStep() {
  if (!tutorialActive() || !table) return null; // (tutorialActive() is false without a table)
  if (!tutorialAt || tutorialAt.code !== table.code || tutorialAt.round !== table.round_index) {
    tutorialAt = { code: table.code, round: table.round_index, index: 0, shown: -1 };
  }
  while (tutorialAt.index < TUTORIAL_STEPS.length && tutorialPassed(TUTORIAL_STEPS[tutorialAt.index])) tutorialAt.index += 1;
  return TUTORIAL_STEPS[tutorialAt.index] ?? { id: "done" };
}

/**
 * table.js's legal() asks this: a lesson lets only the move it asks for be chosen
 * (none while a lesson is read). The server's list is only narrowed, never added to.
 * @param {string[]} all the server's legal moves
 * @returns {string[]}
 */
export function tutorialMoves(all) {
  const step = tutorialStep();
  const view = /** @type {TableView} */ (table); // a lesson is only found at a table
  if (!step || step.id === "done" || view.phase !== "playing") return all;
  if (!step.moves) return [];
  const asked = step.moves[(view.moves ?? 0) - step.at];
  return all.filter((move) => move === asked);
}

// ------------------------------------------------------------------ starting

async function startTutorial() {
  localStorage.setItem(TUTORIAL_SEEN, "offered");
  $("tutorial-offer").hidden = true;
  const created = await api("POST", "/api/tutorial", { name: nickname(true) });
  tutorialAt = null;
  tutorialLeft = null;
  enterTable(created.code, created.token, created.seat);
}

// Leaving stops the guide and goes back to the landing page; the table is forgotten.
function leaveTutorial() {
  if (!table) return;
  tutorialLeft = table.code;
  forgetTable(table.code);
  tutorialRendered();
  goToLobby();
}

// A first visit (no name kept, no table, the offer never answered) is offered the tutorial.
function offerTutorial() {
  const first = !localStorage.getItem("skipbo.name") && !localStorage.getItem(TUTORIAL_SEEN) && !myTables().length;
  $("tutorial-offer").hidden = !first;
}

/** Someone who has played (an account logged in on a new device) is not a newcomer. */
export function noTutorialOffer() {
  localStorage.setItem(TUTORIAL_SEEN, "offered");
  $("tutorial-offer").hidden = true;
}

export function setupTutorial() {
  $("tutorial-start").addEventListener("click", guarded(startTutorial));
  $("tutorial-offer-start").addEventListener("click", guarded(startTutorial));
  $("tutorial-offer-dismiss").addEventListener("click", () => {
    localStorage.setItem(TUTORIAL_SEEN, "offered");
    $("tutorial-offer").hidden = true;
    $("tutorial-start").focus();
  });
  offerTutorial();
  $("board").before(tutorialPanel());
  resultNote();
}

// ------------------------------------------------------------------ the panel

function tutorialPanel() {
  const panel = el("section", { id: "tutorial", class: "tutorial", "data-testid": "tutorial", "aria-labelledby": "tutorial-title", hidden: "" });
  const head = el("div", { class: "tutorial-head" });
  const leave = button("✕", "tutorial-leave", leaveTutorial, "ghost tutorial-leave");
  leave.id = "tutorial-leave";
  head.append(el("h2", { id: "tutorial-title" }), el("span", { id: "tutorial-count", class: "tutorial-count", "data-testid": "tutorial-count" }), leave);
  const text = el("p", { id: "tutorial-text", class: "tutorial-text", "data-testid": "tutorial-text", "aria-live": "polite" });
  const next = button("", "tutorial-next", tutorialNext);
  next.id = "tutorial-next";
  const actions = el("div", { class: "tutorial-actions" });
  actions.append(next);
  panel.append(head, text, actions);
  panel.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    event.stopPropagation();
    leaveTutorial();
  });
  return panel;
}

function tutorialNext() {
  const step = tutorialStep();
  if (!step || step.moves || step.wait || step.id === "done") return;
  /** @type {TutorialAt} */ (tutorialAt).index += 1; // tutorialStep() set it
  setFocusKey("next"); // table.js: focus the one card the next lesson asks for
  render();
}

/** table.js's render() calls this last: the panel, the spot and the end of the tutorial. */
export function tutorialRendered() {
  const panel = $("tutorial");
  const step = tutorialStep();
  document.body.dataset.tutorial = step ? step.id : "";
  for (const node of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-tutorial-spot]"))) {
    delete node.dataset.tutorialSpot;
  }
  if (step) {
    // nothing to resign or react to against the guide's bot (Lobby and ✕ leave)
    $("resign").hidden = true;
    $("react-box").hidden = true;
  }
  if (!step || step.id === "done") {
    panel.hidden = true;
    if (step) finishTutorial();
    else $("result").removeAttribute("data-tutorial");
    return;
  }
  panel.hidden = false;
  // a lesson is only found at a tutorial table where this page plays a seat
  const view = /** @type {TableView} */ (table);
  const seat = /** @type {number} */ (mySeat());
  const at = /** @type {TutorialAt} */ (tutorialAt);
  const index = TUTORIAL_STEPS.indexOf(step);
  const fresh = at.shown !== index;
  at.shown = index;
  if (fresh) at.since = Date.now();
  $("tutorial-title").textContent = t("tutorialTitle");
  $("tutorial-count").textContent = t("tutorialStep", { i: index + 1, n: TUTORIAL_STEPS.length });
  const players = /** @type {PlayerViewJson} */ (view.view).players;
  const text = t(`tut_${step.id}`, {
    bot: view.seats[1 - seat]?.name ?? "", n: players[seat].stock, done: (view.moves ?? 0) - step.at,
  });
  if ($("tutorial-text").textContent !== text) $("tutorial-text").textContent = text;
  const next = $("tutorial-next");
  const actions = /** @type {HTMLElement} */ (next.parentElement); // tutorialPanel()'s
  next.textContent = t("tutorialNext");
  actions.hidden = Boolean(step.moves || step.wait);
  const leave = $("tutorial-leave");
  leave.setAttribute("aria-label", t("tutorialLeave"));
  leave.title = t("tutorialLeave");
  // the table's own status would say any card may be discarded: here only one move is asked for
  if (!step.moves) $("status-text").textContent = step.wait ? t("toMove", { who: seatName(1 - seat) }) : t("tutorialFollow");
  else if (!selected && !pending) $("status-text").textContent = t("tutorialMove");
  const spot = step.spot ? /** @type {HTMLElement | null} */ (document.querySelector(step.spot)) : null;
  if (spot) spot.dataset.tutorialSpot = "true";
  panel.dataset.place = step.place ?? "top";
  if (fresh && !actions.hidden) next.focus({ preventScroll: true });
}

// The end: the round's own dialog says "You won!"; the guide adds a word and the way on.
function finishTutorial() {
  const view = /** @type {TableView} */ (table); // tutorialRendered() found the tutorial's end at it
  if (view.phase === "playing") return;
  $("result").dataset.tutorial = "done";
  if (localStorage.getItem(seatKey(view.code))) forgetTable(view.code); // not one of "your tables"
}

function resultNote() {
  const note = el("div", { class: "tutorial-done", "data-testid": "tutorial-done" });
  note.append(el("p", { "data-i18n": "tutorialDone" }, t("tutorialDone")));
  const play = button(t("tutorialPlayReal"), "tutorial-play-real", guarded(quickPlay), "big");
  play.dataset.i18n = "tutorialPlayReal";
  note.append(play);
  /** @type {Element} */ (document.querySelector("#result .actions")).before(note); // index.html's
}
