"use strict";
// Every visible text of the page, in the four languages of the printed rules.
//
// The names of the piles and cards are the official ones of the printed rule
// sheets in /work/shared/seeds (the project's reference documents):
//   en: 001 (English): "stock pile", "building pile", "discard pile", "draw pile", "hand".
//   fr: 000 (French): "stock", "pioche", "piles de défausse", "séries" (au centre de la
//       table); 004 (French part) the same: STOCK, DÉFAUSSE, SÉRIES CENTRALES, pioche.
//       (003, a Canadian sheet, says "talon", "écart", "pile d'accumulation" instead.)
//   de: 002 (German): "Vorratsstapel", "Nachziehstapel", "Baustapel", "Ablagestapel".
//       (004's German part says "Spielerstapel", "Kartenstock", "Ablegestapel", "Hilfstapel".)
//   nl: 004 (Dutch part): "stok", "trekstapel", "bouwstapel", "weggooistapel", "hand".
// "{name}" in a text is filled in by t(); the values are set with textContent only.

const LANGUAGES = { en: "English", fr: "Français", de: "Deutsch", nl: "Nederlands" };

const TEXTS = {
  en: {
    language: "Language", faces: "Cards", facesNumbers: "Skip-Bo numbers", facesCards: "Playing cards",
    yourName: "Your name", createTitle: "Create a table", players: "Players", stockSize: "Stock pile",
    playTo: "Play to", partnerships: "Partnerships", create: "Create table", joinTitle: "Join a table",
    code: "Code", join: "Join", watch: "Watch", defaultPh: "default", oneRoundPh: "one round",
    you: "You", openSeat: "open for a person", botSeat: "bot: {bot}", tableLabel: "Table",
    lobby: "Lobby", giveUpSeat: "Leave this table", replay: "Replay", draw: "Draw pile", completed: "Completed", lastMoves: "Last moves",
    nextRound: "Next round", playAgain: "Play again", downloadRecord: "Download the record", endTurn: "End turn",
    stock: "stock pile", build: "building pile", discard: "discard pile", hand: "hand",
    partnerStock: "partner's stock pile", partnerDiscard: "partner's discard pile",
    stockCount: "stock pile {n}", handCount: "hand {n}", partner: "partner",
    seatN: "seat {n}", openSeatName: "(open seat)", youSuffix: "{name} (you)",
    watching: "You are watching.", needName: "Please enter your name first.",
    needCode: "Please enter a table code.", noTable: "There is no table with this code.",
    connecting: "connecting…", reconnecting: "reconnecting…", botsFailed: "Could not load the bot list: {e}",
    won: "{who} won the round: {points} points.", forfeited: "{who} forfeited the round.",
    blocked: "The round is blocked: nobody can play on.", ended: "The round ended ({reason}).",
    winsMatch: "{who} wins the match.",
    waiting: "Waiting for {n} more player(s): share the link.", roundOver: "The round is over.",
    pickTarget: "Now pick a lit pile (Enter, or drop the card there). Escape cancels.",
    yourTurn: "Your turn: pick a card that is outlined (click, drag, or Tab and Enter).",
    toMove: "{who} is to move.", moveEnd: "ends the turn",
    replayTitle: "Replay a round", replayFile: "Record file (.jsonl or .json)",
    replayTable: "A finished round of a table", round: "Round", load: "Show",
    first: "|◀ Start", prev: "◀ Back", next: "Forward ▶", last: "End ▶|",
    step: "Step {i} / {n}", dealt: "The deal.", replayHint: "Arrow keys ← → step through the round.",
    back: "Back to the game",
  },
  fr: {
    language: "Langue", faces: "Cartes", facesNumbers: "Chiffres Skip-Bo", facesCards: "Cartes à jouer",
    yourName: "Votre nom", createTitle: "Créer une table", players: "Joueurs", stockSize: "Stock",
    playTo: "Jouer jusqu'à", partnerships: "Par équipes", create: "Créer la table", joinTitle: "Rejoindre une table",
    code: "Code", join: "Rejoindre", watch: "Regarder", defaultPh: "par défaut", oneRoundPh: "une manche",
    you: "Vous", openSeat: "place libre pour une personne", botSeat: "robot : {bot}", tableLabel: "Table",
    lobby: "Accueil", giveUpSeat: "Quitter la table", replay: "Revoir", draw: "Pioche", completed: "Séries terminées", lastMoves: "Derniers coups",
    nextRound: "Manche suivante", playAgain: "Rejouer", downloadRecord: "Télécharger la partie", endTurn: "Finir le tour",
    stock: "stock", build: "série", discard: "défausse", hand: "main",
    partnerStock: "stock du coéquipier", partnerDiscard: "défausse du coéquipier",
    stockCount: "stock {n}", handCount: "main {n}", partner: "coéquipier",
    seatN: "place {n}", openSeatName: "(place libre)", youSuffix: "{name} (vous)",
    watching: "Vous regardez la partie.", needName: "Entrez d'abord votre nom.",
    needCode: "Entrez le code d'une table.", noTable: "Aucune table n'a ce code.",
    connecting: "connexion…", reconnecting: "reconnexion…", botsFailed: "Liste des robots indisponible : {e}",
    won: "{who} gagne la manche : {points} points.", forfeited: "{who} a déclaré forfait.",
    blocked: "La manche est bloquée : personne ne peut plus jouer.", ended: "La manche est finie ({reason}).",
    winsMatch: "{who} gagne la partie.",
    waiting: "Il manque {n} joueur(s) : partagez le lien.", roundOver: "La manche est finie.",
    pickTarget: "Choisissez une pile éclairée (Entrée, ou déposez la carte). Échap annule.",
    yourTurn: "À vous : choisissez une carte entourée (clic, glisser, ou Tab et Entrée).",
    toMove: "À {who} de jouer.", moveEnd: "finit son tour",
    replayTitle: "Revoir une manche", replayFile: "Fichier de partie (.jsonl ou .json)",
    replayTable: "Une manche finie d'une table", round: "Manche", load: "Afficher",
    first: "|◀ Début", prev: "◀ Retour", next: "Avancer ▶", last: "Fin ▶|",
    step: "Étape {i} / {n}", dealt: "La donne.", replayHint: "Flèches ← → pour avancer ou reculer.",
    back: "Retour au jeu",
  },
  de: {
    language: "Sprache", faces: "Karten", facesNumbers: "Skip-Bo-Zahlen", facesCards: "Spielkarten",
    yourName: "Dein Name", createTitle: "Tisch eröffnen", players: "Spieler", stockSize: "Vorratsstapel",
    playTo: "Spielen bis", partnerships: "Partnerschaften", create: "Tisch eröffnen", joinTitle: "An einen Tisch setzen",
    code: "Code", join: "Mitspielen", watch: "Zuschauen", defaultPh: "Standard", oneRoundPh: "eine Runde",
    you: "Du", openSeat: "frei für eine Person", botSeat: "Bot: {bot}", tableLabel: "Tisch",
    lobby: "Start", giveUpSeat: "Tisch verlassen", replay: "Wiederholung", draw: "Nachziehstapel", completed: "Abgelegt", lastMoves: "Letzte Züge",
    nextRound: "Nächste Runde", playAgain: "Noch einmal", downloadRecord: "Partie herunterladen", endTurn: "Zug beenden",
    stock: "Vorratsstapel", build: "Baustapel", discard: "Ablagestapel", hand: "Hand",
    partnerStock: "Vorratsstapel des Partners", partnerDiscard: "Ablagestapel des Partners",
    stockCount: "Vorrat {n}", handCount: "Hand {n}", partner: "Partner",
    seatN: "Platz {n}", openSeatName: "(freier Platz)", youSuffix: "{name} (du)",
    watching: "Du schaust zu.", needName: "Bitte zuerst deinen Namen eingeben.",
    needCode: "Bitte einen Tisch-Code eingeben.", noTable: "Es gibt keinen Tisch mit diesem Code.",
    connecting: "verbinde…", reconnecting: "verbinde neu…", botsFailed: "Bot-Liste nicht geladen: {e}",
    won: "{who} gewinnt die Runde: {points} Punkte.", forfeited: "{who} hat die Runde aufgegeben.",
    blocked: "Die Runde ist blockiert: niemand kann weiterspielen.", ended: "Die Runde ist vorbei ({reason}).",
    winsMatch: "{who} gewinnt das Spiel.",
    waiting: "Es fehlen noch {n} Spieler: teile den Link.", roundOver: "Die Runde ist vorbei.",
    pickTarget: "Jetzt einen leuchtenden Stapel wählen (Enter, oder Karte dorthin ziehen). Esc bricht ab.",
    yourTurn: "Du bist dran: wähle eine umrandete Karte (Klick, Ziehen, oder Tab und Enter).",
    toMove: "{who} ist am Zug.", moveEnd: "beendet den Zug",
    replayTitle: "Runde ansehen", replayFile: "Spielprotokoll (.jsonl oder .json)",
    replayTable: "Eine beendete Runde eines Tisches", round: "Runde", load: "Zeigen",
    first: "|◀ Anfang", prev: "◀ Zurück", next: "Weiter ▶", last: "Ende ▶|",
    step: "Schritt {i} / {n}", dealt: "Das Austeilen.", replayHint: "Pfeiltasten ← → blättern durch die Runde.",
    back: "Zurück zum Spiel",
  },
  nl: {
    language: "Taal", faces: "Kaarten", facesNumbers: "Skip-Bo-getallen", facesCards: "Speelkaarten",
    yourName: "Je naam", createTitle: "Tafel openen", players: "Spelers", stockSize: "Stok",
    playTo: "Spelen tot", partnerships: "In teams", create: "Tafel openen", joinTitle: "Aanschuiven aan een tafel",
    code: "Code", join: "Meedoen", watch: "Kijken", defaultPh: "standaard", oneRoundPh: "één ronde",
    you: "Jij", openSeat: "vrij voor een persoon", botSeat: "bot: {bot}", tableLabel: "Tafel",
    lobby: "Begin", giveUpSeat: "Tafel verlaten", replay: "Terugkijken", draw: "Trekstapel", completed: "Voltooid", lastMoves: "Laatste zetten",
    nextRound: "Volgende ronde", playAgain: "Nog eens", downloadRecord: "Partij downloaden", endTurn: "Beurt beëindigen",
    stock: "stok", build: "bouwstapel", discard: "weggooistapel", hand: "hand",
    partnerStock: "stok van je partner", partnerDiscard: "weggooistapel van je partner",
    stockCount: "stok {n}", handCount: "hand {n}", partner: "partner",
    seatN: "plaats {n}", openSeatName: "(vrije plaats)", youSuffix: "{name} (jij)",
    watching: "Je kijkt mee.", needName: "Vul eerst je naam in.",
    needCode: "Vul een tafelcode in.", noTable: "Er is geen tafel met deze code.",
    connecting: "verbinden…", reconnecting: "opnieuw verbinden…", botsFailed: "Botlijst niet geladen: {e}",
    won: "{who} wint de ronde: {points} punten.", forfeited: "{who} heeft de ronde opgegeven.",
    blocked: "De ronde zit vast: niemand kan verder.", ended: "De ronde is voorbij ({reason}).",
    winsMatch: "{who} wint het spel.",
    waiting: "Nog {n} speler(s) nodig: deel de link.", roundOver: "De ronde is voorbij.",
    pickTarget: "Kies nu een verlichte stapel (Enter, of sleep de kaart erheen). Esc annuleert.",
    yourTurn: "Jouw beurt: kies een omrande kaart (klik, sleep, of Tab en Enter).",
    toMove: "{who} is aan de beurt.", moveEnd: "beëindigt de beurt",
    replayTitle: "Een ronde terugkijken", replayFile: "Spelverslag (.jsonl of .json)",
    replayTable: "Een afgelopen ronde van een tafel", round: "Ronde", load: "Tonen",
    first: "|◀ Begin", prev: "◀ Terug", next: "Verder ▶", last: "Einde ▶|",
    step: "Stap {i} / {n}", dealt: "Het delen.", replayHint: "Pijltjestoetsen ← → bladeren door de ronde.",
    back: "Terug naar het spel",
  },
};

// The chosen language: remembered, else the browser's, else English.
function initialLanguage() {
  const stored = localStorage.getItem("skipbo.lang");
  if (stored && TEXTS[stored]) return stored;
  const browser = (navigator.language || "en").slice(0, 2).toLowerCase();
  return TEXTS[browser] ? browser : "en";
}

let language = initialLanguage();

// One text in the chosen language, "{name}" filled from params (English as fallback).
function t(key, params = {}) {
  const text = TEXTS[language][key] ?? TEXTS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

// The fixed texts of index.html: data-i18n sets textContent, data-i18n-ph a placeholder.
function translateStatic() {
  document.documentElement.lang = language;
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of document.querySelectorAll("[data-i18n-ph]")) node.placeholder = t(node.dataset.i18nPh);
}
