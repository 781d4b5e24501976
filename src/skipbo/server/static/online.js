// The Skip-Bo page, the online part: who you are (a guest at once, an account if you
// like), "Find a game" (paired with people waiting for the same kind of game), and
// the lobby's open public tables, refreshed every few seconds while the landing page
// is shown. Every name from the server goes into the DOM through textContent.

import { language, t, TEXTS } from "./i18n.js";
import { forgetAllTables, joinTable, levelName } from "./lobby.js";
import { renderAccountTools } from "./account.js";
import { playerLink, refreshServerTables, sitBackDown } from "./profile.js";
import { fillInviteName } from "./invite.js";
import { noTutorialOffer } from "./tutorial.js";
import { $, $input, $select, api, botRatings, button, current, el, enterTable, giveUpSeat, guarded, loadSeat, table } from "./app.js";

const ONLINE_TEXTS = {
  en: {
    findTitle: "Find a game", findHint: "Play people you don't know yet: you are paired with players waiting for the same game.",
    findKind: "Game", findLength: "Round", kind2: "2 players", kind3: "3 players", kind4: "4 players", kind22: "2 × 2 partners",
    lengthShort: "short (stock 10)", lengthNormal: "normal (stock 30)", findButton: "Find a game",
    openTitle: "Open tables", openNone: "No open table right now: Find a game opens one that others will see here.",
    openSeats: "{free} of {players} seats free", rated: "rated", unrated: "friendly", takeSeat: "Take a seat",
    youAre: "You play as {name}", ratingShort: "rating {rating}", provisional: "provisional", guest: "guest",
    accountTitle: "Account", claimHint: "Keep your name, games and rating on any device: choose a user name and a password.",
    userName: "User name", password: "Password", claim: "Create account", logIn: "Log in", logOut: "Log out",
    logInHint: "Already have an account? Log in:", loggedIn: "Logged in as {name}.",
    fillHint: "Nobody else yet?", fillBots: "Fill the rest with computer players",
    findPace: "Pace", paceLive: "live", paceSlowTag: "slow game", pace1: "slow: 1 hour a turn", pace8: "slow: 8 hours a turn", pace24: "slow: a day a turn", pace72: "slow: 3 days a turn",
    turnBadge: "Your turn: {n}", turnBadgeLabel: "Your turn at {n} tables",
    playingTitle: "Games being played",
    visibility: "Who can join", visPrivate: "people with the link", visPublic: "anyone (listed in the lobby)",
    slowTableRule: "{pace}; past the deadline, {rule}.", turnUntil: "your turn, until {when}", onTimeout: "Past the deadline", timeoutLose: "the player gives up", timeoutBot: "a computer player takes the seat",
    findAs: "Your name at the table: {name}", renameOpen: "Change name", renameLabel: "New name", renameSave: "Save", cancel: "Cancel",
    renamed: "Done: you now play as {name}.", takeSeatN: "Take a seat at table {code}",
    findWaiting: "Looking for people who want the same game: it starts as soon as the table is full.", cancelFind: "Cancel",
  },
  fr: {
    findTitle: "Trouver une partie", findHint: "Jouez contre des inconnus\u00a0: vous êtes associé aux joueurs qui attendent la même partie.",
    findKind: "Partie", findLength: "Manche", kind2: "2 joueurs", kind3: "3 joueurs", kind4: "4 joueurs", kind22: "2 × 2 équipiers",
    lengthShort: "courte (stock de 10)", lengthNormal: "normale (stock de 30)", findButton: "Trouver une partie",
    openTitle: "Tables ouvertes", openNone: "Aucune table ouverte pour l'instant\u00a0: «\u00a0Trouver une partie\u00a0» en ouvre une que les autres verront ici.",
    openSeats: "places libres\u00a0: {free} sur {players}", rated: "classée", unrated: "amicale", takeSeat: "Prendre une place",
    youAre: "Vous jouez sous le nom {name}", ratingShort: "classement {rating}", provisional: "provisoire", guest: "invité",
    accountTitle: "Compte", claimHint: "Gardez votre nom, vos parties et votre classement sur tout appareil\u00a0: choisissez un nom d'utilisateur et un mot de passe.",
    userName: "Nom d'utilisateur", password: "Mot de passe", claim: "Créer le compte", logIn: "Se connecter", logOut: "Se déconnecter",
    logInHint: "Vous avez déjà un compte\u00a0? Connectez-vous\u00a0:", loggedIn: "Connecté en tant que {name}.",
    fillHint: "Personne d'autre pour l'instant\u00a0?", fillBots: "Compléter avec des joueurs ordinateur",
    findPace: "Rythme", paceLive: "en direct", paceSlowTag: "partie lente", pace1: "lent\u00a0: 1 heure par tour", pace8: "lent\u00a0: 8 heures par tour", pace24: "lent\u00a0: un jour par tour", pace72: "lent\u00a0: 3 jours par tour",
    turnBadge: "À vous\u00a0: {n}", turnBadgeLabel: "C'est à vous de jouer à {n} tables",
    playingTitle: "Parties en cours",
    visibility: "Qui peut venir", visPrivate: "les personnes qui ont le lien", visPublic: "tout le monde (table listée)",
    slowTableRule: "{pace}\u00a0; délai dépassé\u00a0: {rule}.", turnUntil: "à vous de jouer, jusqu'à {when}", onTimeout: "Délai dépassé", timeoutLose: "le joueur abandonne", timeoutBot: "un joueur ordinateur prend sa place",
    findAs: "Votre nom à la table\u00a0: {name}", renameOpen: "Changer de nom", renameLabel: "Nouveau nom", renameSave: "Enregistrer", cancel: "Annuler",
    renamed: "C'est fait\u00a0: vous jouez maintenant sous le nom {name}.", takeSeatN: "Prendre une place à la table {code}",
    findWaiting: "Recherche de joueurs qui veulent la même partie\u00a0: elle commence dès que la table est complète.", cancelFind: "Annuler",
  },
  de: {
    findTitle: "Spiel finden", findHint: "Spiel gegen Leute, die du noch nicht kennst: Du wirst mit Spielern zusammengebracht, die auf dasselbe Spiel warten.",
    findKind: "Spiel", findLength: "Runde", kind2: "2 Spieler", kind3: "3 Spieler", kind4: "4 Spieler", kind22: "2 × 2 Partner",
    lengthShort: "kurz (Vorrat 10)", lengthNormal: "normal (Vorrat 30)", findButton: "Spiel finden",
    openTitle: "Offene Tische", openNone: "Gerade ist kein Tisch offen: „Spiel finden“ eröffnet einen, den die anderen hier sehen.",
    openSeats: "{free} von {players} Plätzen frei", rated: "gewertet", unrated: "freundschaftlich", takeSeat: "Platz nehmen",
    youAre: "Du spielst als {name}", ratingShort: "Wertung {rating}", provisional: "vorläufig", guest: "Gast",
    accountTitle: "Konto", claimHint: "Behalte Namen, Spiele und Wertung auf jedem Gerät: wähle einen Benutzernamen und ein Passwort.",
    userName: "Benutzername", password: "Passwort", claim: "Konto anlegen", logIn: "Anmelden", logOut: "Abmelden",
    logInHint: "Schon ein Konto? Melde dich an:", loggedIn: "Angemeldet als {name}.",
    fillHint: "Noch niemand sonst?", fillBots: "Mit Computerspielern auffüllen",
    findPace: "Tempo", paceLive: "live", paceSlowTag: "langsame Partie", pace1: "langsam: 1 Stunde pro Zug", pace8: "langsam: 8 Stunden pro Zug", pace24: "langsam: ein Tag pro Zug", pace72: "langsam: 3 Tage pro Zug",
    turnBadge: "Du bist dran: {n}", turnBadgeLabel: "Du bist an {n} Tischen am Zug",
    playingTitle: "Laufende Spiele",
    visibility: "Wer mitspielen kann", visPrivate: "wer den Link hat", visPublic: "alle (in der Liste sichtbar)",
    slowTableRule: "{pace}; nach Ablauf der Frist: {rule}.", turnUntil: "du bist dran, bis {when}", onTimeout: "Frist abgelaufen", timeoutLose: "der Spieler gibt auf", timeoutBot: "ein Computerspieler übernimmt den Platz",
    findAs: "Dein Name am Tisch: {name}", renameOpen: "Namen ändern", renameLabel: "Neuer Name", renameSave: "Speichern", cancel: "Abbrechen",
    renamed: "Erledigt: Du spielst jetzt als {name}.", takeSeatN: "Platz an Tisch {code} nehmen",
    findWaiting: "Wir suchen Leute, die dasselbe Spiel wollen: Es beginnt, sobald der Tisch voll ist.", cancelFind: "Abbrechen",
  },
  nl: {
    findTitle: "Zoek een spel", findHint: "Speel tegen mensen die je nog niet kent: je wordt gekoppeld aan spelers die op hetzelfde spel wachten.",
    findKind: "Spel", findLength: "Ronde", kind2: "2 spelers", kind3: "3 spelers", kind4: "4 spelers", kind22: "2 × 2 partners",
    lengthShort: "kort (stok 10)", lengthNormal: "normaal (stok 30)", findButton: "Zoek een spel",
    openTitle: "Open tafels", openNone: "Er is nu geen open tafel: ‘Zoek een spel’ opent er een die anderen hier zien.",
    openSeats: "{free} van {players} plaatsen vrij", rated: "telt mee", unrated: "vriendschappelijk", takeSeat: "Neem plaats",
    youAre: "Je speelt als {name}", ratingShort: "rating {rating}", provisional: "voorlopig", guest: "gast",
    accountTitle: "Account", claimHint: "Houd je naam, spellen en rating op elk apparaat: kies een gebruikersnaam en een wachtwoord.",
    userName: "Gebruikersnaam", password: "Wachtwoord", claim: "Account maken", logIn: "Aanmelden", logOut: "Afmelden",
    logInHint: "Al een account? Meld je aan:", loggedIn: "Aangemeld als {name}.",
    fillHint: "Nog niemand anders?", fillBots: "Aanvullen met computerspelers",
    findPace: "Tempo", paceLive: "live", paceSlowTag: "trage partij", pace1: "traag: 1 uur per beurt", pace8: "traag: 8 uur per beurt", pace24: "traag: een dag per beurt", pace72: "traag: 3 dagen per beurt",
    turnBadge: "Jouw beurt: {n}", turnBadgeLabel: "Jij bent aan de beurt aan {n} tafels",
    playingTitle: "Lopende spellen",
    visibility: "Wie mag meedoen", visPrivate: "wie de link heeft", visPublic: "iedereen (in de lijst te zien)",
    slowTableRule: "{pace}; na de termijn: {rule}.", turnUntil: "jij bent aan de beurt, tot {when}", onTimeout: "Na de termijn", timeoutLose: "de speler geeft op", timeoutBot: "een computerspeler neemt de plaats over",
    findAs: "Je naam aan tafel: {name}", renameOpen: "Naam wijzigen", renameLabel: "Nieuwe naam", renameSave: "Opslaan", cancel: "Annuleren",
    renamed: "Klaar: je speelt nu als {name}.", takeSeatN: "Neem plaats aan tafel {code}",
    findWaiting: "We zoeken mensen die hetzelfde spel willen: het begint zodra de tafel vol is.", cancelFind: "Annuleren",
  },
};
for (const [lang, texts] of Object.entries(ONLINE_TEXTS)) Object.assign(TEXTS[lang], texts);

const LOBBY_REFRESH_MS = 4000;
const FILL_AFTER_MS = 30000; // a seated person may fill the open seats with bots after this wait
/** @type {Record<string, [players: number, teams: boolean]>} */
const FIND_KINDS = { 2: [2, false], 3: [3, false], 4: [4, false], "2x2": [4, true] };

/** @type {IdentityJson | null} */
export let identity = null; // {id, name, kind, rating, provisional}: this browser's player
/**
 * Who this browser now is (an import cannot be assigned from another module).
 * @param {IdentityJson | null} value
 */
export function setIdentity(value) {
  identity = value;
}
/** @type {{code: string, since: number} | null} */
let waiting = null; // {code, since}: the table this page waits at for people

/** @type {Promise<void>} */
let identityAsked = Promise.resolve(); // the page's first /api/me (setupOnline)

/**
 * Settles once the page's first question of who this browser is was answered (or
 * failed): the invite's Join waits for it when tapped before the guest's name came.
 * @returns {Promise<void>}
 */
export function identityAnswered() {
  return identityAsked;
}

/** @returns {Promise<void>} */
export async function loadIdentity() {
  identity = /** @type {IdentityJson} */ (await api("GET", "/api/me"));
  refreshTurns();
  offerGuestName();
  fillInviteName(identity?.name); // invite.js
  renderIdentity();
  refreshServerTables(); // profile.js: this player's running tables, by the server
}

/**
 * The guest's name into the empty nickname field, never under the person's fingers:
 * a name typed meanwhile (the answer may come after they typed) is kept, and a field
 * they are in stays theirs until they leave it (setupOnline asks again then).
 */
function offerGuestName() {
  const field = $input("nickname");
  if (localStorage.getItem("skipbo.name") || !identity?.name || field.value) return;
  if (document.activeElement !== field) field.value = identity.name;
}

export function renderIdentity() {
  const box = $("me-box");
  if (!identity) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  $("me-name").textContent = t("youAre", { name: identity.name });
  const details = [];
  if (identity.rating !== null && identity.rating !== undefined) details.push(t("ratingShort", { rating: identity.rating }));
  if (identity.provisional) details.push(t("provisional"));
  if (identity.kind === "guest") details.push(t("guest"));
  $("me-details").textContent = details.join(" · ");
  /** @type {HTMLAnchorElement} */ ($("my-profile")).href = `#player/${encodeURIComponent(identity.id)}`;
  const guest = identity.kind === "guest";
  // Find a game seats this name; a guest may change its random one (an account's is its log-in)
  $("find-as").textContent = t("findAs", { name: identity.name });
  $("rename-open").hidden = !guest;
  if (!guest) closeRename();
  $("claim-form").hidden = !guest;
  $("login-form").hidden = !guest;
  $("logout").hidden = guest;
  $("account-status").textContent = guest ? "" : t("loggedIn", { name: identity.name });
  renderAccountTools(identity); // account.js
}

/**
 * The user name and password typed into the claim or the login form.
 * @param {"claim" | "login"} prefix
 * @returns {{user_name: string, password: string}}
 */
function credentials(prefix) {
  return { user_name: $input(`${prefix}-user`).value, password: $input(`${prefix}-password`).value };
}

/**
 * An account form's action whose refusal is said in the form, beside its fields, and
 * marks the field at fault (a user name taken, a short password), instead of the
 * page's error line far above it (on a phone it covered Find a game).
 * @param {"claim" | "login"} prefix
 * @param {() => Promise<void>} action
 * @returns {() => Promise<void>}
 */
function inForm(prefix, action) {
  return async () => {
    const box = $(`${prefix}-error`);
    const fields = { name: $input(`${prefix}-user`), password: $input(`${prefix}-password`) };
    box.hidden = true;
    for (const input of Object.values(fields)) input.removeAttribute("aria-invalid");
    try {
      await action();
    } catch (error) {
      const thrown = /** @type {{ message?: string, field?: string | null }} */ (error);
      box.textContent = thrown?.message ?? String(error);
      box.hidden = false;
      const input = thrown?.field === "name" || thrown?.field === "password" ? fields[thrown.field] : null;
      if (input) {
        input.setAttribute("aria-invalid", "true");
        input.setAttribute("aria-describedby", `${prefix}-error`);
        input.focus();
      }
    }
  };
}

async function claimAccount() {
  const old = identity?.name;
  identity = /** @type {IdentityJson} */ (await api("POST", "/api/account/claim", credentials("claim")));
  $input("claim-password").value = "";
  followName(old, identity.name); // the account's name is the one played under from now on
  renderIdentity();
}

async function logIn() {
  identity = /** @type {IdentityJson} */ (await api("POST", "/api/account/login", credentials("login")));
  $input("login-password").value = "";
  if (identity.games) noTutorialOffer(); // tutorial.js: not a newcomer on this device
  $input("nickname").value = identity.name;
  renderIdentity();
}

// ------------------------------------------------------------------ the name

/** A guest's name change: the form under "Your name at the table", filled with the name. */
function openRename() {
  $("rename-form").hidden = false;
  $("rename-open").setAttribute("aria-expanded", "true");
  sayRename("");
  const input = $input("rename-input");
  input.value = identity?.name ?? "";
  input.focus();
  input.select();
}

/** @param {boolean} [focusButton] back to the Change button (after Cancel or Escape) */
function closeRename(focusButton = false) {
  $("rename-form").hidden = true;
  $("rename-open").setAttribute("aria-expanded", "false");
  $input("rename-input").removeAttribute("aria-invalid");
  if (focusButton) $("rename-open").focus();
}

/**
 * The answer to a name change: done (polite status) or the server's refusal.
 * @param {string} text
 * @param {boolean} [ok]
 */
function sayRename(text, ok = true) {
  const message = $("rename-message");
  message.textContent = text;
  message.dataset.kind = ok ? "ok" : "error";
}

/**
 * POST /api/me/name: the new name is the one Find a game seats (the server's player
 * name). The quick game's and the form's name field follows it when it held the old one.
 */
async function saveName() {
  const old = identity?.name;
  const input = $input("rename-input");
  /** @type {IdentityJson} */
  let renamed;
  try {
    renamed = await api("POST", "/api/me/name", { name: input.value });
  } catch (error) {
    input.setAttribute("aria-invalid", "true");
    sayRename(/** @type {Error} */ (error).message, false);
    input.focus();
    return;
  }
  identity = renamed;
  followName(old, renamed.name);
  closeRename();
  renderIdentity();
  sayRename(t("renamed", { name: renamed.name }));
  $("rename-open").focus();
}

/**
 * This player's name changed (renamed, or an account made of the guest): the name
 * fields that held the old one (or nothing) take the new one, and so does the name
 * remembered for the next visit; a name the person typed themselves stays.
 * @param {string | undefined} old
 * @param {string} name
 */
function followName(old, name) {
  const nick = $input("nickname");
  if (!nick.value.trim() || nick.value === old) nick.value = name;
  if (localStorage.getItem("skipbo.name") === old) localStorage.setItem("skipbo.name", name);
  fillInviteName(name); // invite.js
}

async function logOut() {
  await api("POST", "/api/account/logout");
  forgetAllTables(); // the account's seats are not the next person's
  localStorage.removeItem("skipbo.name"); // nor its name: the new guest's fills the field
  for (const id of ["nickname", "claim-user", "claim-password", "login-user", "login-password"]) $input(id).value = "";
  for (const id of ["claim-error", "login-error"]) $(id).hidden = true;
  await loadIdentity(); // a new guest, as a first visit: its name fills the nickname
}

/**
 * The Create-a-table form's online choices: public (listed in the lobby) or link
 * only, and the pace: live, or slow with what happens to a player past the deadline.
 * @typedef {{public: boolean, slow_hours?: number, on_timeout?: string, turn_seconds?: null}} TableReach
 * @returns {TableReach}
 */
export function tableReach() {
  const hours = Number($select("create-pace").value) || null;
  /** @type {TableReach} */
  const reach = { public: $select("visibility").value === "public" };
  if (hours) Object.assign(reach, { slow_hours: hours, on_timeout: $select("on-timeout").value, turn_seconds: null });
  return reach;
}

function showTimeoutChoice() {
  const slow = Boolean($select("create-pace").value);
  $("on-timeout-row").hidden = !slow;
  /** @type {HTMLLabelElement} */ ($("turn-seconds").closest("label")).hidden = slow; // a slow game's clock is its deadline
  $("find-timeout-row").hidden = !$select("find-pace").value; // the same choice when searching
}

async function findGame() {
  const [players, teams] = FIND_KINDS[$select("find-kind").value] ?? FIND_KINDS[2];
  const stock = Number($select("find-length").value) || 10;
  localStorage.setItem("skipbo.find", JSON.stringify({ kind: $select("find-kind").value, stock }));
  const hours = Number($select("find-pace").value) || null;
  await seek(players, teams, stock, hours, $select("find-timeout").value);
}

/**
 * Ask to be paired (POST /api/find) and sit down where the server says: a table of
 * people waiting, or a new one to wait at.
 * @param {number} players
 * @param {boolean} teams
 * @param {number} stock
 * @param {number | null} hours a slow game's hours a turn (null: live)
 * @param {string} onTimeout a slow game's player past the deadline: "lose" or "bot"
 */
async function seek(players, teams, stock, hours, onTimeout) {
  // a slow search is paired only with tables of the same hours and time-out choice
  const body = { players, teams, stock, slow_hours: hours, ...(hours ? { on_timeout: onTimeout } : {}) };
  /** @type {SeatedJson} */
  const found = await api("POST", "/api/find", body);
  enterTable(found.code, found.token, found.seat);
}

/**
 * A seated person's name with their rating ("?" while provisional).
 * @param {ListedSeatJson} seat
 * @returns {string}
 */
function seatText(seat) {
  const level = seat.kind.startsWith("bot:") ? seat.kind.slice(4) : null;
  if (level !== null) {
    // a bot: its level and its fixed public rating (/api/bots), "Ada (hard, 1620)"
    const fixed = botRatings[level];
    return `${seat.name} (${levelName(level)}${fixed === undefined ? "" : `, ${fixed}`})`;
  }
  const rating = seat.rating === null || seat.rating === undefined ? "" : ` (${seat.rating}${seat.provisional ? "?" : ""})`;
  return `${seat.name}${rating}`;
}

let openTablesShown = ""; // what the list shows: unchanged data is not redrawn (focus stays)

/**
 * The lobby's open tables and the public games in play.
 * @param {ListedTableJson[]} tables
 * @param {ListedTableJson[]} [playing]
 */
function renderOpenTables(tables, playing = []) {
  const shown = JSON.stringify([language, identity?.id, tables, playing]); // "mine" follows the identity
  if (shown === openTablesShown) return;
  openTablesShown = shown;
  $("open-none").hidden = tables.length > 0;
  $("open-tables-list").replaceChildren(
    ...tables.map((table) => {
      const take = button(t("takeSeat"), "take-seat", guarded(() => joinTable(table.table_id)));
      take.setAttribute("aria-label", t("takeSeatN", { code: table.table_id }));
      return lobbyTableItem(table, "open-table", take);
    }),
  );
  // the public games in play, which anyone may watch (a table entered without a token)
  $("playing-box").hidden = playing.length === 0;
  $("playing-list").replaceChildren(
    ...playing.map((table) => {
      // one of mine (this browser's seat, or the account's from another device): back to it
      const stored = loadSeat(table.table_id);
      if (stored?.token || table.seats.some((s) => s.kind === "human" && identity && s.player_id === identity.id)) {
        const back = button(t("backToTable"), "back-to-table", guarded(() => sitBackDown(table.table_id, stored)));
        back.setAttribute("aria-label", t("backToTableN", { code: table.table_id }));
        return lobbyTableItem(table, "playing-table", back);
      }
      const watch = button(t("watchTable"), "watch-table", () => enterTable(table.table_id, null, null));
      watch.setAttribute("aria-label", t("watchTableN", { code: table.table_id }));
      return lobbyTableItem(table, "playing-table", watch);
    }),
  );
}

/**
 * One table of the lobby's lists: who sits there, what game it is, and its button.
 * @param {ListedTableJson} table
 * @param {string} testid
 * @param {HTMLElement} action
 * @returns {HTMLLIElement}
 */
function lobbyTableItem(table, testid, action) {
  const length = table.stock <= 10 ? t("lengthShort") : t("lengthNormal");
  const seats = table.phase === "lobby" ? t("openSeats", { free: table.open_seats, players: table.players }) : null;
  // a slow game says so: whoever takes its seat commits to days of turns, not minutes
  const pace = table.pace !== "slow" ? null : table.slow_hours ? t(`pace${table.slow_hours}`) : t("paceSlowTag");
  const facts = [table.teams ? t("kind22") : t(`kind${table.players}`), length, pace, seats, table.rated ? t("rated") : t("unrated")];
  const item = el("li", { class: "open-table", "data-testid": testid, "data-code": table.table_id });
  // each person's name opens their profile (profile.js's #player/ID page); a seat is
  // one piece with its rating and comma, so that a long list wraps between seats
  const who = el("span", { class: "open-who" });
  const seated = table.seats.filter((s) => s.kind !== "open");
  seated.forEach((seat, i) => {
    const part = el("span", { class: "open-seat" });
    if (seat.player_id === null || seat.player_id === undefined) part.append(seatText(seat));
    else part.append(playerLink(seat.player_id, seat.name), seatText(seat).slice(seat.name.length));
    if (i < seated.length - 1) part.append(", ");
    who.append(part);
  });
  item.append(who, el("span", { class: "open-facts" }, facts.filter(Boolean).join(" · ")), action);
  return item;
}

/** @returns {Promise<void>} */
export async function refreshOpenTables() {
  if ($("lobby").hidden || document.hidden) return;
  try {
    /** @type {LobbyJson} */
    const lobby = await api("GET", "/api/lobby");
    renderOpenTables(lobby.tables, lobby.playing);
  } catch {
    // the next refresh tries again; the lobby stays as it was
  }
}

/**
 * A slow table's pace and what happens past its deadline, for the players' column:
 * "Slow: 8 hours a turn; past the deadline, the player gives up." ("" for a live one);
 * at the page's own turn, when it ends: "… Your turn, until Sat 14:05."
 * @param {TableView} view
 * @param {number | null} [seat] the page's seat
 * @returns {string}
 */
export function slowTableText(view, seat = null) {
  const hours = view.config.slow_hours;
  if (!hours) return "";
  const pace = TEXTS.en[`pace${hours}`] ? t(`pace${hours}`) : t("paceSlowTag");
  const rule = view.config.on_timeout === "bot" ? t("timeoutBot") : t("timeoutLose");
  const deadline = mySlowTurn(view, seat) && current ? turnDeadline(current.code) : null;
  const until = deadline ? ` ${capitalized(turnUntilText(deadline))}.` : "";
  return `${capitalized(t("slowTableRule", { pace, rule }))}${until}`;
}

/** @param {string} text */
function capitalized(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Whether it is the page's seat's turn at a slow table in play.
 * @param {TableView} view
 * @param {number | null} seat
 * @returns {boolean}
 */
function mySlowTurn(view, seat) {
  return Boolean(view.config.slow_hours) && view.phase === "playing" && seat !== null && view.view?.to_move === seat;
}

/** @type {string | null} */
let slowTurnAt = null; // the table where the page last saw it was this player's slow turn

/**
 * Called at each view of the table: when this player's turn at a slow table begins,
 * its deadline is asked for (the server writes it as the turn begins), and the last
 * turn's, which is not this one's, is forgotten; the answer shows through
 * onTurnsRead's listeners.
 * @param {TableView} view
 * @param {number | null} seat the page's seat
 */
export function followSlowTurn(view, seat) {
  const at = mySlowTurn(view, seat) ? current?.code ?? null : null;
  if (at === slowTurnAt) return;
  slowTurnAt = at;
  if (at === null) return;
  turnDeadlines.delete(at);
  setTimeout(() => void fetchMyTables(), DEADLINE_ASK_MS);
}

const DEADLINE_ASK_MS = 1000;

/**
 * Whether a table is one Find a game opens (public and rated): while it waits, its own
 * panel offers Cancel in place of the topbar's "Leave this table".
 * @param {TableView} view
 * @returns {boolean}
 */
export function openedByFind(view) {
  return Boolean(view.config.public && view.config.rated);
}

/**
 * "New game" at the end of a game Find a game paired: the same search again (the
 * same kind, length and pace), not a private table that waits for a link.
 * @param {TableView} view
 */
export async function findAgain(view) {
  const rules = view.view?.rules ?? view.config.rules;
  await seek(rules.players, Boolean(rules.teams), rules.stock, view.config.slow_hours ?? null, view.config.on_timeout ?? "lose");
}

// At a table that waits for people, "fill the rest with computer players" is offered
// after FILL_AFTER_MS (the server checks the seat's token); at a table of Find a game
// the search may be called off at once. Called by table.js's render and every second
// (for the wait).
export function offerFill() {
  const waitingHere = table?.phase === "lobby" && current?.token && table.code === current.code;
  $("find-wait").hidden = !(waitingHere && table && openedByFind(table));
  if (!waitingHere || !current) {
    waiting = null;
    $("fill-row").hidden = true;
    return;
  }
  if (waiting?.code !== current.code) waiting = { code: current.code, since: Date.now() };
  const after = Number(localStorage.getItem("skipbo.fillAfterMs") ?? FILL_AFTER_MS);
  $("fill-row").hidden = Date.now() - waiting.since < after;
}

// Cancel at a table of Find a game: the seat is given back (POST leave, as "Leave this
// table"), so that the emptied table is no longer listed nor paired into; the landing
// page shows the lobby as it now is.
async function cancelFind() {
  await giveUpSeat();
  if (!current) refreshOpenTables();
}

async function fillWithBots() {
  const ticket = /** @type {SeatTicket} */ (current); // the button shows only at a seat (offerFill)
  await api("POST", `/api/tables/${encodeURIComponent(ticket.code)}/fill`, { token: ticket.token });
}

// How many slow games wait for this player's move: a badge in the header, the tab's
// title and, where the browser has one, the installed app's badge.
const TURN_REFRESH_MS = 30000;
let turnsWaiting = 0;

async function refreshTurns() {
  // the landing page asks more often, for Your tables (profile.js's refreshServerTables)
  if (!identity || document.hidden || !$("lobby").hidden) return;
  await fetchMyTables();
}

/**
 * This player's running tables by the server (/api/me/tables), null when it did not
 * answer (the next refresh tries again); every answer also updates the badge.
 * @returns {Promise<MyTablesJson | null>}
 */
export async function fetchMyTables() {
  /** @type {MyTablesJson} */
  let tables;
  try {
    tables = await api("GET", "/api/me/tables");
  } catch {
    return null;
  }
  turnsWaiting = tables.your_turn.length;
  turnDeadlines = new Map(tables.your_turn.flatMap((entry) => (entry.deadline ? [[entry.table_id, entry.deadline]] : [])));
  showTurns();
  for (const listener of turnListeners) listener();
  return tables;
}

/** @type {Map<string, number>} */
let turnDeadlines = new Map(); // table code -> when this player's turn there ends (epoch seconds)
/** @type {(() => void)[]} */
const turnListeners = []; // told when the list of turns waiting is read again (table.js)

/** @param {() => void} listener */
export function onTurnsRead(listener) {
  turnListeners.push(listener);
}

/**
 * When this player's turn at a slow table ends, as the server's list of turns waiting
 * last said (null: not known, or not their turn there).
 * @param {string} code
 * @returns {number | null}
 */
export function turnDeadline(code) {
  return turnDeadlines.get(code) ?? null;
}

/**
 * "your turn, until 14:05" (today), "… until Sat 14:05" (this week), else with the
 * date: a slow game's player sees when the deadline falls, not only that there is one.
 * @param {number} deadline epoch seconds
 * @param {Date} [now]
 * @returns {string}
 */
export function turnUntilText(deadline, now = new Date()) {
  const at = new Date(deadline * 1000);
  const sameDay = at.toDateString() === now.toDateString();
  const soon = at.getTime() - now.getTime() < 6 * 24 * 3600 * 1000;
  /** @type {Intl.DateTimeFormatOptions} */
  const options = sameDay
    ? { hour: "numeric", minute: "2-digit" }
    : soon
      ? { weekday: "short", hour: "numeric", minute: "2-digit" }
      : { dateStyle: "medium", timeStyle: "short" };
  return t("turnUntil", { when: new Intl.DateTimeFormat(language, options).format(at) });
}

function showTurns() {
  const badge = $("turn-badge");
  badge.hidden = turnsWaiting === 0;
  badge.textContent = t("turnBadge", { n: turnsWaiting });
  badge.setAttribute("aria-label", t("turnBadgeLabel", { n: turnsWaiting }));
  const prefix = /^\(\d+\) /;
  const title = document.title.replace(prefix, "");
  document.title = turnsWaiting ? `(${turnsWaiting}) ${title}` : title;
  if (navigator.setAppBadge) {
    (turnsWaiting ? navigator.setAppBadge(turnsWaiting) : navigator.clearAppBadge()).catch(() => {});
  }
}

export function setupOnline() {
  /** @type {{kind?: string, stock?: number}} */
  const saved = (() => {
    try {
      return JSON.parse(localStorage.getItem("skipbo.find") ?? "null") ?? {}; // nothing saved: null, hence {}
    } catch {
      return {};
    }
  })();
  if (saved.kind && FIND_KINDS[saved.kind]) $select("find-kind").value = saved.kind;
  if (saved.stock) $select("find-length").value = String(saved.stock);
  $("find-game").addEventListener("click", guarded(findGame));
  // Create a table offers the paces of Find a game and its deadline choices (index.html writes them once)
  $("create-pace").replaceChildren(...[...$select("find-pace").options].map((option) => option.cloneNode(true)));
  $("on-timeout").replaceChildren(...[...$select("find-timeout").options].map((option) => option.cloneNode(true)));
  $("create-pace").addEventListener("change", showTimeoutChoice);
  $("find-pace").addEventListener("change", showTimeoutChoice);
  showTimeoutChoice();
  for (const form of ["claim-form", "login-form"]) {
    $(form).addEventListener("submit", (event) => event.preventDefault()); // buttons do the work
  }
  $("claim").addEventListener("click", inForm("claim", claimAccount));
  $("login").addEventListener("click", inForm("login", logIn));
  $("logout").addEventListener("click", guarded(logOut));
  $("fill-bots").addEventListener("click", guarded(fillWithBots));
  $("cancel-find").addEventListener("click", cancelFind);
  $("rename-open").addEventListener("click", () => ($("rename-form").hidden ? openRename() : closeRename()));
  $("rename-form").addEventListener("submit", (event) => {
    event.preventDefault();
    saveName();
  });
  $("rename-cancel").addEventListener("click", () => closeRename(true));
  $("rename-form").addEventListener("keydown", (event) => {
    if (event.key === "Escape") closeRename(true);
  });
  setInterval(offerFill, 1000);
  setInterval(refreshTurns, TURN_REFRESH_MS);
  document.addEventListener("visibilitychange", refreshTurns);
  $("nickname").addEventListener("blur", offerGuestName); // left empty: the guest's name after all
  identityAsked = guarded(loadIdentity)();
  refreshOpenTables();
  setInterval(refreshOpenTables, LOBBY_REFRESH_MS);
  document.addEventListener("visibilitychange", refreshOpenTables);
}
