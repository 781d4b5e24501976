// The Skip-Bo page, the invite: a link to a table (/#CODE) that this browser has no
// seat at opens its own small page, "Ann invited you to a 3-player table", with the
// name field filled in (the remembered name, else the guest name from /api/me) and
// one Join button. A table with no open seat left (full, or already playing) is
// watched straight away, as before. What the page says comes from the table's public
// view (GET /api/tables/CODE), the same a spectator sees; names go in by textContent.

import { t, TEXTS } from "./i18n.js";
import { joinTable } from "./lobby.js";
import { identity, identityAnswered } from "./online.js";
import { $, $input, api, enterTable, guarded, seatName, ServerError, showError, showPage } from "./app.js";

const INVITE_TEXTS = {
  en: {
    inviteFrom: "{who} invited you to a {n}-player table", inviteAnon: "You are invited to a {n}-player table",
    inviteTeams: "{who} invited you to a table of two partnerships", inviteTeamsAnon: "You are invited to a table of two partnerships",
    inviteStock: "Stock pile of {n}", inviteOpen: "{free} of {players} seats free", inviteSeated: "At the table: {who}",
    inviteJoin: "Join", inviteWatch: "Just watch", inviteHome: "Home page", inviteCode: "Table {code}",
  },
  fr: {
    inviteFrom: "{who} vous invite à une table de {n} joueurs", inviteAnon: "Vous êtes invité à une table de {n} joueurs",
    inviteTeams: "{who} vous invite à une table de deux équipes", inviteTeamsAnon: "Vous êtes invité à une table de deux équipes",
    inviteStock: "Stock de {n}", inviteOpen: "{free} places libres sur {players}", inviteSeated: "À la table\u00a0: {who}",
    inviteJoin: "Rejoindre", inviteWatch: "Seulement regarder", inviteHome: "Accueil", inviteCode: "Table {code}",
  },
  de: {
    inviteFrom: "{who} lädt dich an einen Tisch für {n} Spieler ein", inviteAnon: "Du bist an einen Tisch für {n} Spieler eingeladen",
    inviteTeams: "{who} lädt dich an einen Tisch mit zwei Partnerschaften ein", inviteTeamsAnon: "Du bist an einen Tisch mit zwei Partnerschaften eingeladen",
    inviteStock: "Vorratsstapel mit {n}", inviteOpen: "{free} von {players} Plätzen frei", inviteSeated: "Am Tisch: {who}",
    inviteJoin: "Mitspielen", inviteWatch: "Nur zuschauen", inviteHome: "Startseite", inviteCode: "Tisch {code}",
  },
  nl: {
    inviteFrom: "{who} nodigt je uit aan een tafel voor {n} spelers", inviteAnon: "Je bent uitgenodigd aan een tafel voor {n} spelers",
    inviteTeams: "{who} nodigt je uit aan een tafel met twee teams", inviteTeamsAnon: "Je bent uitgenodigd aan een tafel met twee teams",
    inviteStock: "Stok van {n}", inviteOpen: "{free} van {players} plaatsen vrij", inviteSeated: "Aan tafel: {who}",
    inviteJoin: "Meedoen", inviteWatch: "Alleen kijken", inviteHome: "Startpagina", inviteCode: "Tafel {code}",
  },
};
for (const [lang, texts] of Object.entries(INVITE_TEXTS)) Object.assign(TEXTS[lang], texts);

/** @type {TableView | null} */
let inviteShown = null; // the public view of the table the invite page is for
/** Whether the person typed in the name field since the invite page was shown. */
let inviteNameTyped = false;

/**
 * A link to a table without a seat here: the invite page while seats are open,
 * else watching. Returns once the page shows the one or the other.
 * @param {string} code
 * @returns {Promise<void>}
 */
export async function openInvite(code) {
  /** @type {TableView} */
  let view;
  try {
    view = await api("GET", `/api/tables/${encodeURIComponent(code)}`);
  } catch {
    showError(t("noTable"));
    history.replaceState(null, "", location.pathname);
    showPage("lobby");
    return;
  }
  if (location.hash !== `#${code}` && decodeURIComponent(location.hash.slice(1)).trim().toUpperCase() !== code) return; // moved on meanwhile
  const open = view.seats.filter((seat) => seat.kind === "open").length;
  if (view.phase !== "lobby" || !open) {
    enterTable(view.code, null, null);
    return;
  }
  inviteShown = view;
  inviteNameTyped = false;
  inviteEntry(view.code);
  $input("invite-name").value = $input("nickname").value; // remembered, typed, or the guest's name
  renderInvite();
  showPage("invite");
  $("invite-join").focus();
}

/**
 * Like a table, the invite is an entry right after the landing page's: Back goes there.
 * @param {string} code
 */
function inviteEntry(code) {
  const state = history.state ?? {};
  if (state.invite === code) return;
  history.replaceState({ lobby: true }, "", location.pathname);
  history.pushState({ invite: code }, "", `#${code}`);
}

export function renderInvite() {
  const view = inviteShown;
  if (!view) return;
  const rules = view.config.rules;
  const host = view.seats.find((seat) => seat.kind === "human");
  const key = rules.teams ? (host ? "inviteTeams" : "inviteTeamsAnon") : host ? "inviteFrom" : "inviteAnon";
  $("invite-title").textContent = t(key, { who: host?.name, n: rules.players });
  $("invite-code").textContent = t("inviteCode", { code: view.code });
  const free = view.seats.filter((seat) => seat.kind === "open").length;
  const seated = view.seats.filter((seat) => seat.kind !== "open").map((seat) => seatName(seat.seat, view));
  const facts = [t("inviteStock", { n: rules.stock }), t("inviteOpen", { free, players: rules.players })];
  $("invite-facts").textContent = facts.join(" · ");
  $("invite-seated").textContent = seated.length ? t("inviteSeated", { who: seated.join(", ") }) : "";
}

// One tap to sit: the name typed here is the one used (and remembered).
async function acceptInvite() {
  const view = inviteShown;
  if (!view) return;
  let name = $input("invite-name").value.trim();
  if (!name && !inviteNameTyped) {
    // tapped before the guest's name came (/api/me answers after the page): wait for it
    await identityAnswered();
    name = $input("invite-name").value.trim() || identity?.name || "";
  }
  if (!name) throw new ServerError({ error: t("needName"), field: "invite-name" });
  $input("nickname").value = name;
  try {
    await joinTable(view.code);
  } catch (error) {
    const refusal = /** @type {{field?: string | null}} */ (error); // a ServerError names the field at fault
    if (refusal.field === "name") refusal.field = "invite-name"; // the field typed in here
    throw error;
  }
  inviteShown = null;
}

function watchInvite() {
  const view = inviteShown;
  if (!view) return;
  inviteShown = null;
  enterTable(view.code, null, null);
}

/**
 * The guest name from /api/me arrives after the page: it fills an empty name field.
 * @param {string} [name]
 */
export function fillInviteName(name) {
  const field = $input("invite-name");
  // never under the person's fingers: a field they are in, or typed in, stays theirs
  if (inviteShown && name && !field.value && !inviteNameTyped && document.activeElement !== field) field.value = name;
}

export function setupInvite() {
  $("invite-join").addEventListener("click", guarded(acceptInvite));
  $("invite-watch").addEventListener("click", watchInvite);
  $("invite-name").addEventListener("input", () => {
    inviteNameTyped = true;
  });
  $("invite-name").addEventListener("keydown", (event) => {
    if (event.key === "Enter") $("invite-join").click();
  });
}
