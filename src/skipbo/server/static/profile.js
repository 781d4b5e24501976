// The Skip-Bo page, people: a player's profile (#player/ID: rating and its graph over
// time, games played and won, average stock left, the finished games with a Replay and
// an Analyze link per round, more games by pages), the leaderboard (#leaderboard,
// #leaderboard/N), the links into the replay page (#replay/CODE/N, #analyze/CODE/N/SEAT,
// rounds counted from 1), and the server's list of your running tables beside "Your
// tables". Every text from the server goes into the DOM through textContent; the graph
// is SVG drawn with attributes and classes only (the CSP allows no inline style).
//
// Each of these pages is a history entry: a link pushes it, Back returns to where the
// player came from (the hashchange runs app.js's openFromHash, which asks openPeopleHash).

import { colonJoin, language, t, TEXTS } from "./i18n.js";
import { myTableText, renderMyTables, shownName } from "./lobby.js";
import { replaySource, replayTableRound } from "./replay.js";
import { analysis, analyzeRound } from "./analysis.js";
import { fetchMyTables, identity, refreshOpenTables, turnUntilText } from "./online.js";
import { $, $input, $select, api, button, el, enterTable, guarded, loadSeat, showPage, svgEl } from "./app.js";

const PROFILE_TEXTS = {
  en: {
    myProfile: "My profile", leaderboardLink: "Leaderboard", pageBack: "Back", loadingPage: "Loading…",
    ratingIs: "Rating {rating}", noRating: "No rating yet: it comes with the first rated game.", youTag: "you",
    statGames: "Games played", statWins: "Games won", statWinsValue: "{wins} ({pct}\u00a0%)", statStock: "Cards left in the stock at the end (average)",
    statRated: "Rated games", graphTitle: "Rating over time", graphAxisY: "Rating", graphAxisX: "Rated games",
    graphSummary: "{n} rated games from {from} to {to}: rating {first} after the first, {last} now; lowest {low}, highest {high}.",
    graphOne: "One rated game, on {from}: rating {last}.", graphNone: "No rated game yet: the graph starts with the first one.",
    gamesTitle: "Finished games", gamesNone: "No finished game yet.", moreGames: "More games", noMoreGames: "That is every game.",
    outcomeWon: "Won", outcomeLost: "Lost", outcomeTie: "Tie", outcomePlace: "{place} of {sides}",
    kindN: "{n} players", stockN: "stock {n}", roundsN: "{n} rounds", ratingAfter: "rating after: {rating}", ratingChanged: "Your rating: {before} → {after} ({delta})", resignedTag: "resigned", abandonedTag: "left",
    roundN: "Round {n}", replayGame: "Replay", analyzeGame: "Analyze", seatsLabel: "Players and places",
    replayLabel: "Replay the game of {when}", replayRoundLabel: "Replay round {n} of the game of {when}",
    analyzeLabel: "Analyze the moves of {who} in the game of {when}", analyzeRoundLabel: "Analyze the moves of {who} in round {n} of the game of {when}",
    boardTitle: "Leaderboard", boardHint: "Accounts with at least {n} rated games, best rating first.", boardRank: "Rank", boardPlayer: "Player",
    boardRating: "Rating", boardGames: "Games", boardWins: "Won", boardPage: "Page {page} of {pages}", boardCaption: "Leaderboard, page {page} of {pages}",
    boardPrev: "Previous page", boardNext: "Next page", boardNav: "Leaderboard pages",
    boardEmpty: "Nobody on the leaderboard yet: an account joins it after {n} rated games.",
    yourTurnTag: "your turn", watchTable: "Watch", watchTableN: "Watch table {code}",
  },
  fr: {
    myProfile: "Mon profil", leaderboardLink: "Classement", pageBack: "Retour", loadingPage: "Chargement…",
    ratingIs: "Classement {rating}", noRating: "Pas encore de classement\u00a0: il vient avec la première partie classée.", youTag: "vous",
    statGames: "Parties jouées", statWins: "Parties gagnées", statWinsValue: "{wins} ({pct}\u00a0%)", statStock: "Cartes restées dans le stock à la fin (moyenne)",
    statRated: "Parties classées", graphTitle: "Classement au fil du temps", graphAxisY: "Classement", graphAxisX: "Parties classées",
    graphSummary: "{n} parties classées du {from} au {to}\u00a0: classement {first} après la première, {last} maintenant\u00a0; au plus bas {low}, au plus haut {high}.",
    graphOne: "Une partie classée, le {from}\u00a0: classement {last}.", graphNone: "Pas encore de partie classée\u00a0: la courbe commence avec la première.",
    gamesTitle: "Parties terminées", gamesNone: "Aucune partie terminée pour l'instant.", moreGames: "Plus de parties", noMoreGames: "Ce sont toutes les parties.",
    outcomeWon: "Gagnée", outcomeLost: "Perdue", outcomeTie: "Égalité", outcomePlace: "{place} sur {sides}",
    kindN: "{n} joueurs", stockN: "stock de {n}", roundsN: "{n} manches", ratingAfter: "classement après\u00a0: {rating}", ratingChanged: "Votre classement\u00a0: {before} → {after} ({delta})", resignedTag: "abandon", abandonedTag: "partie quittée",
    roundN: "Manche {n}", replayGame: "Revoir", analyzeGame: "Analyser", seatsLabel: "Joueurs et places",
    replayLabel: "Revoir la partie du {when}", replayRoundLabel: "Revoir la manche {n} de la partie du {when}",
    analyzeLabel: "Analyser les coups de {who} dans la partie du {when}", analyzeRoundLabel: "Analyser les coups de {who} dans la manche {n} de la partie du {when}",
    boardTitle: "Classement", boardHint: "Les comptes avec au moins {n} parties classées, du meilleur au moins bon.", boardRank: "Rang", boardPlayer: "Joueur",
    boardRating: "Classement", boardGames: "Parties", boardWins: "Gagnées", boardPage: "Page {page} sur {pages}", boardCaption: "Classement, page {page} sur {pages}",
    boardPrev: "Page précédente", boardNext: "Page suivante", boardNav: "Pages du classement",
    boardEmpty: "Personne au classement pour l'instant\u00a0: un compte y entre après {n} parties classées.",
    yourTurnTag: "à vous de jouer", watchTable: "Regarder", watchTableN: "Regarder la table {code}",
  },
  de: {
    myProfile: "Mein Profil", leaderboardLink: "Bestenliste", pageBack: "Zurück", loadingPage: "Wird geladen…",
    ratingIs: "Wertung {rating}", noRating: "Noch keine Wertung: Sie kommt mit dem ersten gewerteten Spiel.", youTag: "du",
    statGames: "Gespielte Spiele", statWins: "Gewonnene Spiele", statWinsValue: "{wins} ({pct}\u00a0%)", statStock: "Karten im Vorratsstapel am Ende (Schnitt)",
    statRated: "Gewertete Spiele", graphTitle: "Wertung im Verlauf", graphAxisY: "Wertung", graphAxisX: "Gewertete Spiele",
    graphSummary: "{n} gewertete Spiele vom {from} bis {to}: Wertung {first} nach dem ersten, jetzt {last}; am niedrigsten {low}, am höchsten {high}.",
    graphOne: "Ein gewertetes Spiel am {from}: Wertung {last}.", graphNone: "Noch kein gewertetes Spiel: Die Kurve beginnt mit dem ersten.",
    gamesTitle: "Beendete Spiele", gamesNone: "Noch kein beendetes Spiel.", moreGames: "Weitere Spiele", noMoreGames: "Das sind alle Spiele.",
    outcomeWon: "Gewonnen", outcomeLost: "Verloren", outcomeTie: "Unentschieden", outcomePlace: "{place} von {sides}",
    kindN: "{n} Spieler", stockN: "Vorrat {n}", roundsN: "{n} Runden", ratingAfter: "Wertung danach: {rating}", ratingChanged: "Deine Wertung: {before} → {after} ({delta})", resignedTag: "aufgegeben", abandonedTag: "verlassen",
    roundN: "Runde {n}", replayGame: "Ansehen", analyzeGame: "Analysieren", seatsLabel: "Spieler und Plätze",
    replayLabel: "Das Spiel vom {when} ansehen", replayRoundLabel: "Runde {n} des Spiels vom {when} ansehen",
    analyzeLabel: "Die Züge von {who} im Spiel vom {when} analysieren", analyzeRoundLabel: "Die Züge von {who} in Runde {n} des Spiels vom {when} analysieren",
    boardTitle: "Bestenliste", boardHint: "Konten mit mindestens {n} gewerteten Spielen, die beste Wertung zuerst.", boardRank: "Rang", boardPlayer: "Spieler",
    boardRating: "Wertung", boardGames: "Spiele", boardWins: "Siege", boardPage: "Seite {page} von {pages}", boardCaption: "Bestenliste, Seite {page} von {pages}",
    boardPrev: "Vorige Seite", boardNext: "Nächste Seite", boardNav: "Seiten der Bestenliste",
    boardEmpty: "Noch niemand auf der Bestenliste: Ein Konto kommt nach {n} gewerteten Spielen dazu.",
    yourTurnTag: "du bist dran", watchTable: "Zuschauen", watchTableN: "Tisch {code} zuschauen",
  },
  nl: {
    myProfile: "Mijn profiel", leaderboardLink: "Ranglijst", pageBack: "Terug", loadingPage: "Laden…",
    ratingIs: "Rating {rating}", noRating: "Nog geen rating: die komt met het eerste spel dat meetelt.", youTag: "jij",
    statGames: "Gespeelde spellen", statWins: "Gewonnen spellen", statWinsValue: "{wins} ({pct}\u00a0%)", statStock: "Kaarten over in de stok aan het eind (gemiddeld)",
    statRated: "Spellen die meetellen", graphTitle: "Rating in de tijd", graphAxisY: "Rating", graphAxisX: "Spellen die meetellen",
    graphSummary: "{n} spellen die meetellen van {from} tot {to}: rating {first} na het eerste, nu {last}; laagste {low}, hoogste {high}.",
    graphOne: "Eén spel dat meetelt, op {from}: rating {last}.", graphNone: "Nog geen spel dat meetelt: de grafiek begint met het eerste.",
    gamesTitle: "Afgelopen spellen", gamesNone: "Nog geen afgelopen spel.", moreGames: "Meer spellen", noMoreGames: "Dat zijn alle spellen.",
    outcomeWon: "Gewonnen", outcomeLost: "Verloren", outcomeTie: "Gelijkspel", outcomePlace: "{place} van {sides}",
    kindN: "{n} spelers", stockN: "stok {n}", roundsN: "{n} rondes", ratingAfter: "rating daarna: {rating}", ratingChanged: "Je rating: {before} → {after} ({delta})", resignedTag: "opgegeven", abandonedTag: "verlaten",
    roundN: "Ronde {n}", replayGame: "Terugkijken", analyzeGame: "Analyseren", seatsLabel: "Spelers en plaatsen",
    replayLabel: "Het spel van {when} terugkijken", replayRoundLabel: "Ronde {n} van het spel van {when} terugkijken",
    analyzeLabel: "De zetten van {who} in het spel van {when} analyseren", analyzeRoundLabel: "De zetten van {who} in ronde {n} van het spel van {when} analyseren",
    boardTitle: "Ranglijst", boardHint: "Accounts met minstens {n} spellen die meetellen, de hoogste rating eerst.", boardRank: "Plaats", boardPlayer: "Speler",
    boardRating: "Rating", boardGames: "Spellen", boardWins: "Gewonnen", boardPage: "Pagina {page} van {pages}", boardCaption: "Ranglijst, pagina {page} van {pages}",
    boardPrev: "Vorige pagina", boardNext: "Volgende pagina", boardNav: "Pagina's van de ranglijst",
    boardEmpty: "Nog niemand op de ranglijst: een account komt erop na {n} spellen die meetellen.",
    yourTurnTag: "jij bent aan de beurt", watchTable: "Kijken", watchTableN: "Tafel {code} bekijken",
  },
};
for (const [lang, texts] of Object.entries(PROFILE_TEXTS)) Object.assign(TEXTS[lang], texts);

const GAMES_PAGE = 20; // the server's page of a profile's games
const BOARD_PAGE = 50; // the server's page of the leaderboard
const LISTED_GAMES = 10; // rated games an account needs to be on the leaderboard (the server's)
const PEOPLE_PAGES = ["profile", "leaderboard"];

/** @type {ProfileShown | null} */
let profile = null; // {id, player, games, graph, more, done}: the profile shown
let profileAsk = 0; // only the latest request's answer is shown
/** @type {BoardShown | null} */
let board = null; // {page, rows, total}: the leaderboard page shown
let boardAsk = 0;
/** @type {MyTablesJson} */
let serverTables = { running: [], your_turn: [] }; // /api/me/tables: your tables by the server
let linkedReplay = false; // the replay page shows a link's round (#replay/... or #analyze/...)
/** @type {string | null} */
let returnTo = null; // the link a player followed from a profile: focused again on Back

// ------------------------------------------------------------------ routes

/** @type {[RegExp, (match: RegExpExecArray) => void][]} */
const PEOPLE_ROUTES = [
  [/^#player\/(\d{1,15})$/, (m) => openProfile(Number(m[1]))],
  [/^#leaderboard(?:\/(\d{1,6}))?$/, (m) => openLeaderboard(Math.max(1, Number(m[1] ?? 1)))],
  [/^#replay\/([A-Za-z0-9]{1,16})\/(\d{1,5})$/, (m) => openLinkedRound(m[1], Number(m[2]), null)],
  [/^#analyze\/([A-Za-z0-9]{1,16})\/(\d{1,5})\/(\d)$/, (m) => openLinkedRound(m[1], Number(m[2]), Number(m[3]))],
];

/**
 * Called by openFromHash first: true when the hash is one of these pages (or the
 * landing page reached by Back from one of them), which is then shown.
 * @returns {boolean}
 */
export function openPeopleHash() {
  for (const [pattern, open] of PEOPLE_ROUTES) {
    const match = pattern.exec(location.hash);
    if (match) {
      open(match);
      return true;
    }
  }
  const page = document.body.dataset.page;
  if (!location.hash && (PEOPLE_PAGES.includes(page ?? "") || (page === "replay" && linkedReplay))) {
    showLanding();
    return true;
  }
  linkedReplay = false;
  labelReplayBack();
  return false;
}

// The page's own Back button: the browser's Back when the player came from a page of
// this site, else the landing page.
function goBack() {
  if (history.state?.visited === "first") {
    history.pushState(null, "", location.pathname);
    showLanding();
  } else {
    history.back();
  }
}

function showLanding() {
  linkedReplay = false;
  labelReplayBack();
  showPage("lobby");
  document.title = "Skip-Bo";
  renderMyTables();
  refreshOpenTables();
  refreshServerTables();
}

// The replay page's Back button goes back to the game, or after a link to where the link was.
function labelReplayBack() {
  $("replay-back").textContent = t(linkedReplay ? "pageBack" : "back");
}

/**
 * The replay page's Back after a link (replay.js asks): back to where the link was.
 * @returns {boolean} whether it went back (false: the replay was not opened by a link)
 */
export function closeLinkedReplay() {
  if (!linkedReplay) return false;
  goBack();
  return true;
}

/**
 * #replay/CODE/N and #analyze/CODE/N/SEAT: the table's round N (from 1) in the replay
 * page, and for Analyze the coach's look at the seat's moves.
 * @param {string} code
 * @param {number} round
 * @param {number | null} seat null: a replay only
 */
function openLinkedRound(code, round, seat) {
  const index = Math.max(0, round - 1);
  linkedReplay = true;
  labelReplayBack();
  showPage("replay");
  document.title = `${t("replay")} · Skip-Bo`;
  $input("replay-code").value = code.toUpperCase();
  $input("replay-round").value = String(index + 1);
  const shown = replaySource && replaySource.code === code.toUpperCase() && replaySource.index === index;
  guarded(async () => {
    if (!shown) await replayTableRound();
    if (seat !== null) {
      const chosen = [...$select("analyze-seat").options].some((o) => o.value === String(seat));
      if (chosen) $select("analyze-seat").value = String(seat);
      if (!analysis || analysis.seat !== seat || !shown) await analyzeRound();
    }
  })();
}

// ------------------------------------------------------------------ small helpers

/**
 * A moment in the language's way: the date, with the time unless withTime is false.
 * @param {number} seconds since the epoch (the server's times)
 * @param {boolean} [withTime]
 * @returns {string}
 */
function when(seconds, withTime = true) {
  /** @type {Intl.DateTimeFormatOptions} */
  const options = withTime ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" };
  return new Intl.DateTimeFormat(language, options).format(new Date(seconds * 1000));
}

/**
 * "1st", "1er", "1.", "1e": a place in the language's way.
 * @param {number} n
 * @returns {string}
 */
function ordinal(n) {
  if (language === "fr") return n === 1 ? "1er" : `${n}e`;
  if (language === "de") return `${n}.`;
  if (language === "nl") return `${n}e`;
  /** @type {Partial<Record<number, string>>} */
  const suffixes = { 1: "st", 2: "nd", 3: "rd" };
  const suffix = suffixes[n % 100 > 10 && n % 100 < 14 ? 0 : n % 10] ?? "th";
  return `${n}${suffix}`;
}

/**
 * A link to a player's profile (#player/ID), their name its text.
 * @param {number} id
 * @param {string} name
 * @param {string} [testid]
 * @returns {HTMLAnchorElement}
 */
export function playerLink(id, name, testid = "player-link") {
  return el("a", { href: `#player/${id}`, class: "player-link", "data-testid": testid, "data-player-id": String(id) }, name);
}

/**
 * This browser's player (online.js's identity), null before /api/me has answered.
 * @returns {number | null}
 */
function myPlayerId() {
  return identity?.id ?? null;
}

/** @param {string} id */
function focusHeading(id) {
  const heading = $(id);
  if (heading) heading.focus({ preventScroll: false });
}

// ------------------------------------------------------------------ the profile

/** @param {number} id */
async function openProfile(id) {
  const backFromReplay = document.body.dataset.page === "replay" && profile?.id === id && profile.player;
  linkedReplay = false;
  labelReplayBack();
  showPage("profile");
  if (backFromReplay) {
    // the same profile as before the replay: as it was, with focus on the link followed
    document.title = `${profile?.player?.name} · Skip-Bo`;
    renderProfile();
    const link =
      returnTo && /** @type {HTMLAnchorElement | null} */ ($("profile").querySelector(`a[href="${CSS.escape(returnTo)}"]`));
    if (link) link.focus();
    return;
  }
  const ask = ++profileAsk;
  if (profile?.id !== id) {
    profile = { id, player: null, games: [], graph: [], more: false, done: false };
    renderProfile();
  }
  $("profile-status").textContent = t("loadingPage");
  /** @type {ProfileJson} */
  let data;
  try {
    data = await api("GET", `/api/players/${id}`);
  } catch (error) {
    if (ask !== profileAsk) return;
    profile = { id, player: null, games: [], graph: [], more: false, done: false };
    renderProfile();
    $("profile-status").textContent = /** @type {Error} */ (error).message;
    focusHeading("profile-name");
    return;
  }
  if (ask !== profileAsk) return;
  profile = { id, player: data.player, games: data.games, graph: data.graph, more: data.games.length >= GAMES_PAGE, done: false };
  $("profile-status").textContent = "";
  document.title = `${data.player.name} · Skip-Bo`;
  renderProfile();
  focusHeading("profile-name");
}

async function moreGames() {
  if (!profile?.games.length) return;
  const at = profile;
  const last = at.games[at.games.length - 1].game_id;
  /** @type {ProfileJson} */
  const data = await api("GET", `/api/players/${at.id}?before=${last}`);
  if (profile !== at) return;
  const first = at.games.length;
  at.games = at.games.concat(data.games);
  at.more = data.games.length >= GAMES_PAGE;
  at.done = !at.more;
  renderProfile();
  // the first game added takes the focus: keyboard and screen reader go on from there
  const added = /** @type {HTMLElement | undefined} */ ($("profile-games").children[first]);
  if (added) added.focus();
  else $("profile-more-status").focus();
}

function renderProfile() {
  const player = profile?.player;
  $("profile-name").textContent = player ? player.name : profile?.id ? "…" : "";
  const rating = $("profile-rating");
  rating.replaceChildren();
  if (player) {
    if (player.rating === null || player.rating === undefined || !player.rated_games) {
      rating.append(el("span", { class: "muted" }, t("noRating")));
    } else {
      rating.append(el("b", { "data-testid": "profile-rating-value" }, t("ratingIs", { rating: player.rating })));
      if (player.provisional) rating.append(" ", el("span", { class: "tag soft", "data-testid": "profile-provisional" }, t("provisional")));
    }
    if (player.kind === "guest") rating.append(" ", el("span", { class: "tag soft" }, t("guest")));
    if (myPlayerId() === player.player_id) rating.append(" ", el("span", { class: "tag soft you" }, t("youTag")));
  }
  renderStats(player);
  renderGraph();
  renderGames();
}

/** @param {PlayerStandingJson | null | undefined} player */
function renderStats(player) {
  const stats = $("profile-stats");
  stats.replaceChildren();
  if (!player) return;
  const pct = player.games ? Math.round((100 * player.wins) / player.games) : 0;
  const average = player.games ? (player.stock_left / player.games).toLocaleString(language, { maximumFractionDigits: 1, minimumFractionDigits: 1 }) : "—";
  const rows = [
    ["statGames", String(player.games), "stat-games"],
    ["statWins", t("statWinsValue", { wins: player.wins, pct }), "stat-wins"],
    ["statRated", String(player.rated_games), "stat-rated"],
    ["statStock", average, "stat-stock"],
  ];
  for (const [key, value, testid] of rows) {
    const row = el("div", { class: "stat" });
    row.append(el("dt", {}, t(key)), el("dd", { "data-testid": testid }, value));
    stats.append(row);
  }
}

// ------------------------------------------------------------------ the graph

/**
 * A round step for about four lines across the ratings shown: 5, 10, 25, 50, 100, ...
 * @param {number} span
 * @returns {number}
 */
function niceStep(span) {
  const raw = span / 4;
  const power = 10 ** Math.floor(Math.log10(Math.max(raw, 1)));
  for (const factor of [1, 2, 2.5, 5, 10]) if (raw <= factor * power) return factor * power;
  return 10 * power;
}

/**
 * The graph in words (its caption, and what a screen reader says of it).
 * @param {RatingPointJson[]} points
 * @returns {string}
 */
function graphSummary(points) {
  if (!points.length) return t("graphNone");
  const ratings = points.map((p) => p.rating);
  const from = when(points[0].at, false);
  const last = ratings[ratings.length - 1];
  if (points.length === 1) return t("graphOne", { from, last });
  return t("graphSummary", {
    n: points.length,
    from,
    to: when(points[points.length - 1].at, false),
    first: ratings[0],
    last,
    low: Math.min(...ratings),
    high: Math.max(...ratings),
  });
}

/**
 * The rating after each rated game as a line, the ratings on the left axis and the
 * games on the bottom one, drawn at the box's own width so that its text keeps its size.
 * @param {RatingPointJson[]} points
 * @param {number} width
 * @returns {SVGSVGElement}
 */
function ratingGraph(points, width) {
  const height = width < 480 ? 200 : 240;
  const pad = { left: 72, right: 18, top: 14, bottom: 50 };
  const plotW = width - pad.left - pad.right;
  const plotH = height - pad.top - pad.bottom;
  const ratings = points.map((p) => p.rating);
  const step = niceStep(Math.max(Math.max(...ratings) - Math.min(...ratings), 100));
  let low = Math.floor(Math.min(...ratings) / step) * step;
  let high = Math.ceil(Math.max(...ratings) / step) * step;
  if (high - low < 2 * step) {
    // a flat line gets room above and below: a change of a few points is not a cliff
    low -= step;
    high += step;
  }
  /** @param {number} i the game, from 0 */
  const x = (i) => pad.left + (points.length === 1 ? plotW / 2 : (plotW * i) / (points.length - 1));
  /** @param {number} r a rating */
  const y = (r) => pad.top + (plotH * (high - r)) / (high - low);
  const svg = svgEl("svg", {
    viewBox: `0 0 ${width} ${height}`,
    width,
    height,
    class: "rating-graph",
    role: "img",
    "aria-labelledby": "profile-graph-caption",
    "data-testid": "rating-graph",
    "data-points": points.length,
  });
  for (let r = low; r <= high + 1e-9; r += step) {
    svg.append(svgEl("line", { x1: pad.left, x2: width - pad.right, y1: y(r), y2: y(r), class: "grid" }));
    svg.append(svgEl("text", { x: pad.left - 8, y: y(r), "text-anchor": "end", "dominant-baseline": "middle", class: "tick" }, String(Math.round(r))));
  }
  svg.append(svgEl("line", { x1: pad.left, x2: pad.left, y1: pad.top, y2: pad.top + plotH, class: "axis" }));
  svg.append(svgEl("line", { x1: pad.left, x2: width - pad.right, y1: pad.top + plotH, y2: pad.top + plotH, class: "axis" }));
  const ticks = [...new Set([0, Math.floor((points.length - 1) / 2), points.length - 1])];
  for (const i of ticks) {
    svg.append(svgEl("line", { x1: x(i), x2: x(i), y1: pad.top + plotH, y2: pad.top + plotH + 5, class: "axis" }));
    svg.append(svgEl("text", { x: x(i), y: pad.top + plotH + 19, "text-anchor": "middle", class: "tick" }, String(i + 1)));
  }
  svg.append(svgEl("text", { x: pad.left + plotW / 2, y: height - 8, "text-anchor": "middle", class: "axis-title" }, t("graphAxisX")));
  const yTitle = svgEl("text", { x: 0, y: 0, "text-anchor": "middle", class: "axis-title", transform: `translate(16 ${pad.top + plotH / 2}) rotate(-90)` }, t("graphAxisY"));
  svg.append(yTitle);
  if (points.length > 1) svg.append(svgEl("polyline", { points: points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" "), class: "line" }));
  if (points.length <= 60) {
    points.forEach((p, i) => {
      const dot = svgEl("circle", { cx: x(i).toFixed(1), cy: y(p.rating).toFixed(1), r: 4, class: "dot" });
      dot.append(svgEl("title", {}, colonJoin(when(p.at), String(p.rating))));
      svg.append(dot);
    });
  }
  return svg;
}

function renderGraph() {
  const figure = $("profile-graph");
  const points = profile?.player ? profile.graph : [];
  const caption = el("figcaption", { id: "profile-graph-caption", class: "hint", "data-testid": "rating-graph-summary" }, profile?.player ? graphSummary(points) : "");
  const children = [];
  if (points.length) {
    const width = Math.max(280, Math.floor(figure.clientWidth || 600));
    children.push(ratingGraph(points, width));
  }
  figure.replaceChildren(...children, caption);
}

// ------------------------------------------------------------------ the games

/**
 * The game's outcome for the profile's player: won, lost, a tie or a place.
 * @param {GameShownJson} game
 * @param {GameSeatJson} mine
 * @returns {string}
 */
function outcome(game, mine) {
  const sides = new Set(game.seats.map((s) => s.side)).size;
  const first = game.seats.filter((s) => s.place === 1).map((s) => s.side);
  if (mine.place === 1) return new Set(first).size > 1 ? t("outcomeTie") : t("outcomeWon");
  if (sides === 2) return t("outcomeLost");
  return t("outcomePlace", { place: ordinal(mine.place), sides });
}

/**
 * The change of rating a game brought: from the graph's point before it.
 * @param {GameShownJson} game a game of the profile shown
 * @returns {string}
 */
function ratingChange(game) {
  if (game.rating_before === null || game.rating_after === null) return "";
  return ` (${signed(game.rating_after - game.rating_before)})`;
}

/**
 * A rating change as shown: "+105", "−12", "±0".
 * @param {number} delta
 * @returns {string}
 */
export function signed(delta) {
  return `${delta > 0 ? "+" : delta < 0 ? "−" : "±"}${Math.abs(delta)}`;
}

/**
 * A finished game of the profile shown, with its Replay and Analyze links.
 * @param {GameShownJson} game
 * @returns {HTMLLIElement}
 */
function gameItem(game) {
  const mine = game.seats.find((s) => s.player_id === /** @type {ProfileShown} */ (profile).id) ?? null;
  const whenText = when(game.finished);
  const item = el("li", { class: "game", "data-testid": "profile-game", "data-game-id": String(game.game_id), "data-table": game.table_id, tabindex: "-1" });
  const head = el("h3", { class: "game-head" });
  head.append(el("span", { class: "game-when" }, whenText));
  if (mine) head.append(el("span", { class: `game-outcome${mine.place === 1 ? " won" : ""}`, "data-testid": "game-outcome" }, outcome(game, mine)));
  item.append(head);
  const facts = [
    game.teams ? t("kind22") : TEXTS[language][`kind${game.players}`] ? t(`kind${game.players}`) : t("kindN", { n: game.players }),
    t("stockN", { n: game.stock }),
  ];
  if (game.rounds > 1) facts.push(t("roundsN", { n: game.rounds }));
  facts.push(game.rated ? t("rated") : t("unrated"));
  const factLine = el("p", { class: "game-facts" }, facts.join(" · "));
  if (game.rated && game.rating_after !== null && game.rating_after !== undefined) {
    factLine.append(" · ", el("span", { "data-testid": "game-rating-after" }, t("ratingAfter", { rating: game.rating_after }) + ratingChange(game)));
  }
  item.append(factLine);
  const seats = el("ul", { class: "game-seats", "aria-label": t("seatsLabel") });
  const ordered = [...game.seats].sort((a, b) => a.place - b.place || a.seat - b.seat);
  for (const seat of ordered) {
    const row = el("li", { class: `game-seat${seat === mine ? " is-self" : ""}`, "data-testid": "game-seat" });
    row.append(el("span", { class: "place" }, ordinal(seat.place)));
    if (seat.player_id !== null && seat.player_id !== undefined && seat !== mine) row.append(playerLink(seat.player_id, seat.name));
    else row.append(el(seat === mine ? "strong" : "span", { class: "seat-who" }, shownName(seat.name))); // "Ada (difficile)"
    if (seat.resigned) row.append(el("span", { class: "tag soft" }, t(game.ending === "abandoned" ? "abandonedTag" : "resignedTag")));
    seats.append(row);
  }
  item.append(seats);
  const links = el("div", { class: "game-links" });
  const who = mine ? mine.name : "";
  for (let r = 0; r < game.rounds; r++) {
    const round = game.first_round + r + 1; // the table's round, counted from 1
    const group = el("span", { class: "round-links" });
    if (game.rounds > 1) group.append(el("span", { class: "round-name" }, t("roundN", { n: r + 1 })));
    const replay = el("a", { class: "button secondary", href: `#replay/${encodeURIComponent(game.table_id)}/${round}`, "data-testid": "game-replay" }, t("replayGame"));
    replay.setAttribute("aria-label", game.rounds > 1 ? t("replayRoundLabel", { n: r + 1, when: whenText }) : t("replayLabel", { when: whenText }));
    group.append(replay);
    if (mine) {
      const analyze = el("a", { class: "button secondary", href: `#analyze/${encodeURIComponent(game.table_id)}/${round}/${mine.seat}`, "data-testid": "game-analyze" }, t("analyzeGame"));
      analyze.setAttribute("aria-label", game.rounds > 1 ? t("analyzeRoundLabel", { who, n: r + 1, when: whenText }) : t("analyzeLabel", { who, when: whenText }));
      group.append(analyze);
    }
    links.append(group);
  }
  item.append(links);
  return item;
}

function renderGames() {
  const list = $("profile-games");
  const games = profile?.player ? profile.games : [];
  list.replaceChildren(...games.map(gameItem));
  $("profile-games-none").hidden = !profile?.player || games.length > 0;
  $("profile-more").hidden = !profile?.more;
  $("profile-more-status").textContent = profile?.done && games.length > GAMES_PAGE ? t("noMoreGames") : "";
}

// ------------------------------------------------------------------ the leaderboard

/** @param {number} page counted from 1 */
async function openLeaderboard(page) {
  linkedReplay = false;
  labelReplayBack();
  showPage("leaderboard");
  document.title = `${t("boardTitle")} · Skip-Bo`;
  const ask = ++boardAsk;
  $("board-status").textContent = t("loadingPage");
  /** @type {BoardJson} */
  let data;
  try {
    data = await api("GET", `/api/leaderboard?page=${page - 1}`);
  } catch (error) {
    if (ask !== boardAsk) return;
    $("board-status").textContent = /** @type {Error} */ (error).message;
    return;
  }
  if (ask !== boardAsk) return;
  board = { page, rows: data.rows, total: data.total };
  $("board-status").textContent = "";
  renderLeaderboard();
  focusHeading("board-title");
}

function renderLeaderboard() {
  $("board-hint").textContent = t("boardHint", { n: LISTED_GAMES });
  const body = $("board-body");
  body.replaceChildren();
  if (!board) return;
  const pages = Math.max(1, Math.ceil(board.total / BOARD_PAGE));
  for (const row of board.rows) {
    const mine = myPlayerId() === row.player_id;
    const tr = el("tr", { "data-testid": "board-row", "data-player-id": String(row.player_id), class: mine ? "is-self" : null });
    const name = el("th", { scope: "row" });
    name.append(playerLink(row.player_id, row.name, "board-player"));
    if (mine) name.append(" ", el("span", { class: "tag soft you" }, t("youTag")));
    tr.append(el("td", { class: "num", "data-testid": "board-rank" }, String(row.place)), name);
    tr.append(el("td", { class: "num", "data-testid": "board-rating" }, String(row.rating)));
    tr.append(el("td", { class: "num" }, String(row.games)), el("td", { class: "num" }, String(row.wins)));
    body.append(tr);
  }
  $("board-table").hidden = board.rows.length === 0;
  $("board-empty").hidden = board.rows.length > 0;
  $("board-empty").textContent = t("boardEmpty", { n: LISTED_GAMES });
  $("board-caption").textContent = t("boardCaption", { page: board.page, pages });
  $("board-page").textContent = t("boardPage", { page: board.page, pages });
  $("board-pager").hidden = pages <= 1;
  $("board-prev").hidden = board.page <= 1;
  /** @type {HTMLAnchorElement} */ ($("board-prev")).href = `#leaderboard/${board.page - 1}`;
  $("board-next").hidden = board.page >= pages;
  /** @type {HTMLAnchorElement} */ ($("board-next")).href = `#leaderboard/${board.page + 1}`;
}

// ------------------------------------------------------------------ your tables

/**
 * The server's running tables of this player (/api/me/tables): the ones this browser
 * has a seat token for are "Your tables" already (lobby.js) and get a "your turn" tag;
 * the others (sat at on another device) can be watched from here.
 * @returns {Promise<void>}
 */
export async function refreshServerTables() {
  if (myPlayerId() === null || $("lobby").hidden || document.hidden) return;
  const fresh = await fetchMyTables(); // online.js: the turn badge too
  if (!fresh) return; // the next refresh tries again
  if (JSON.stringify(fresh) === JSON.stringify(serverTables)) return; // unchanged: focus stays
  serverTables = fresh;
  renderMyTables();
}

/**
 * "your turn", with when it ends at a slow table: "your turn, until 14:05".
 * @param {string} code
 */
function turnTag(code) {
  const deadline = serverTables.your_turn.find((table) => table.table_id === code)?.deadline;
  return el("span", { class: "tag turn", "data-testid": "my-table-turn" }, deadline ? turnUntilText(deadline) : t("yourTurnTag"));
}

/**
 * Called at the end of lobby.js's renderMyTables with the list it drew.
 * @param {HTMLElement} box the list of "Your tables"
 * @param {MyTableEntry[]} localList the tables this browser has a seat token for
 */
export function addServerTables(box, localList) {
  const turn = new Set(serverTables.your_turn.map((table) => table.table_id));
  const local = new Set(localList.map((entry) => entry.code));
  for (const entry of localList) {
    if (!turn.has(entry.code)) continue;
    // beside the text, not in it: the text may be cut short with an ellipsis, never the tag
    const item = box.querySelector(`[data-testid="my-table-${CSS.escape(entry.code)}"]`)?.closest("li");
    item?.querySelector(".my-table-text")?.after(turnTag(entry.code));
  }
  for (const table of serverTables.running) {
    if (local.has(table.table_id)) continue;
    const item = el("li", { class: "my-table", "data-testid": "server-table", "data-code": table.table_id });
    const others = table.seats.filter((s) => s.kind !== "open" && s.player_id !== myPlayerId()).map((s) => s.name);
    const text = myTableText(table.table_id, table.phase, others.join(", ")); // lobby.js
    const stored = loadSeat(table.table_id);
    // my seat without its token here (another device): the server issues a new one
    const mine = table.seats.some((s) => s.player_id === myPlayerId() && s.kind === "human");
    const sit = mine || stored?.token;
    const go = sit
      ? button(t("backToTable"), `server-table-${table.table_id}`, guarded(() => sitBackDown(table.table_id, stored)))
      : button(t("watchTable"), `server-table-${table.table_id}`, () => enterTable(table.table_id, null, null));
    go.setAttribute("aria-label", sit ? t("backToTableN", { code: table.table_id }) : t("watchTableN", { code: table.table_id }));
    item.append(text);
    if (turn.has(table.table_id)) item.append(turnTag(table.table_id));
    item.append(go);
    box.append(item);
  }
}

/**
 * Back to a seat: with this browser's token, else a new one for the logged-in player.
 * @param {string} code
 * @param {StoredSeat | null} stored this browser's seat at the table (loadSeat), if any
 */
export async function sitBackDown(code, stored) {
  if (stored?.token) {
    enterTable(code, stored.token, stored.seat);
    return;
  }
  /** @type {ReseatJson} */
  const seated = await api("POST", `/api/tables/${encodeURIComponent(code)}/reseat`);
  enterTable(seated.code, seated.token, seated.seat);
}

// ------------------------------------------------------------------ the result's rating

const RATING_ASKS = 8; // the game is recorded just after it ends: asked again a few times
const RATING_ASK_MS = 750;
/** @type {string | null} */
let ratingAsked = null; // "CODE:GAME": the finished rated game whose change is asked or shown

/**
 * The result dialog of a finished rated game says how the own rating moved:
 * "Your rating: 1500 → 1605 (+105)" (table.js's renderResult calls this at every
 * render; the server is asked once per game, until the game is recorded).
 * @param {TableView} view
 * @param {number | null} seat the page's seat, resigned or not
 */
export function showResultRating(view, seat) {
  const line = $("result-rating");
  const key = `${view.code}:${view.game}`;
  if (view.phase !== "match_over" || !view.config.rated || seat === null || identity === null) {
    line.hidden = true;
    return;
  }
  if (ratingAsked === key) return; // asked already: its answer fills the line
  ratingAsked = key;
  line.hidden = true;
  askRating(view.code, /** @type {number} */ (view.game), key, RATING_ASKS).catch(() => {});
}

/**
 * @param {string} code
 * @param {number} game
 * @param {string} key
 * @param {number} left
 */
async function askRating(code, game, key, left) {
  /** @type {{games: GameShownJson[]}} */
  const data = await api("GET", `/api/players/${/** @type {IdentityJson} */ (identity).id}`);
  if (ratingAsked !== key) return; // another table or game since
  const played = data.games.find((g) => g.table_id === code && g.game_index === game);
  if (played && played.rating_after !== null && played.rating_before !== null) {
    const line = $("result-rating");
    const delta = played.rating_after - played.rating_before;
    line.textContent = t("ratingChanged", { before: played.rating_before, after: played.rating_after, delta: signed(delta) });
    line.hidden = false;
    return;
  }
  if (left > 1) setTimeout(() => askRating(code, game, key, left - 1).catch(() => {}), RATING_ASK_MS);
}

// ------------------------------------------------------------------ start-up

// Redrawn in the new language (app.js's redrawAll).
export function renderPeoplePages() {
  labelReplayBack();
  if (!$("profile").hidden && profile) renderProfile();
  if (!$("leaderboard").hidden) renderLeaderboard();
}

export function setupPeople() {
  // the entry the page was opened at: the Back button of these pages does not leave the site
  history.replaceState({ ...(history.state ?? {}), visited: "first" }, "");
  $("profile-back").addEventListener("click", goBack);
  $("board-back").addEventListener("click", goBack);
  $("profile-more").addEventListener("click", guarded(moreGames));
  // a link followed from a profile gets the focus back when the player returns
  $("profile").addEventListener("click", (event) => {
    const link = /** @type {Element} */ (event.target).closest("a[href^='#']");
    if (link) returnTo = link.getAttribute("href");
  });
  let pending = false;
  window.addEventListener("resize", () => {
    if (pending || $("profile").hidden || !profile?.player) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      renderGraph();
    });
  });
  setInterval(refreshServerTables, 4000);
  document.addEventListener("visibilitychange", refreshServerTables);
}
