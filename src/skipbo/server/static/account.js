// The Skip-Bo page, a logged-in account's own tools, in the landing page's Account
// panel: download all my finished games (JSON Lines, GET /api/account/games), change
// the password (the current one asked again: POST /api/account/password) and delete
// the account (the user name typed to confirm, and the password: POST
// /api/account/delete; the games stay under "deleted player", the name is free).
// A refusal is said inside the form it answers, beside the field at fault, not in the
// page's error banner: a wrong current password and the log-in limit's wait (both
// counted like log-ins by the server) are the answers a player is most likely to meet.

import { t, TEXTS } from "./i18n.js";
import { identity, loadIdentity, setIdentity } from "./online.js";
import { $, $input, api } from "./app.js";

const ACCOUNT_TEXTS = {
  en: {
    downloadGames: "Download my games (JSON Lines)", downloadGamesHint: "Every finished game, one line each, to keep or to study.",
    changePasswordTitle: "Change password", currentPassword: "Current password", newPassword: "New password (8 characters or more)",
    changePassword: "Change password", passwordChanged: "Password changed. Your other devices are logged out.",
    wrongCurrentPassword: "The current password is wrong.", wrongDeletePassword: "The password is wrong.",
    deleteTitle: "Delete account", deleteHint: "Your finished games stay, under the name “deleted player”; your name, rating and log-in are gone, and anyone may take the name. This cannot be undone.",
    deleteConfirm: "To confirm, type your user name: {name}", deleteButton: "Delete my account",
    deleteNameWrong: "Type your user name, {name}, to confirm.", accountDeleted: "Your account is deleted. You play on as a new guest.",
  },
  fr: {
    downloadGames: "Télécharger mes parties (JSON Lines)", downloadGamesHint: "Toutes les parties terminées, une par ligne, à garder ou à étudier.",
    changePasswordTitle: "Changer le mot de passe", currentPassword: "Mot de passe actuel", newPassword: "Nouveau mot de passe (8 caractères ou plus)",
    changePassword: "Changer le mot de passe", passwordChanged: "Mot de passe changé. Vos autres appareils sont déconnectés.",
    wrongCurrentPassword: "Le mot de passe actuel est incorrect.", wrongDeletePassword: "Le mot de passe est incorrect.",
    deleteTitle: "Supprimer le compte", deleteHint: "Vos parties terminées restent, sous le nom «\u00a0deleted player\u00a0»\u00a0; votre nom, votre classement et votre connexion disparaissent, et n'importe qui pourra prendre ce nom. C'est définitif.",
    deleteConfirm: "Pour confirmer, tapez votre nom d'utilisateur\u00a0: {name}", deleteButton: "Supprimer mon compte",
    deleteNameWrong: "Tapez votre nom d'utilisateur, {name}, pour confirmer.", accountDeleted: "Votre compte est supprimé. Vous continuez comme nouvel invité.",
  },
  de: {
    downloadGames: "Meine Spiele herunterladen (JSON Lines)", downloadGamesHint: "Jedes beendete Spiel, eines pro Zeile, zum Aufheben oder Auswerten.",
    changePasswordTitle: "Passwort ändern", currentPassword: "Aktuelles Passwort", newPassword: "Neues Passwort (8 Zeichen oder mehr)",
    changePassword: "Passwort ändern", passwordChanged: "Passwort geändert. Deine anderen Geräte sind abgemeldet.",
    wrongCurrentPassword: "Das aktuelle Passwort ist falsch.", wrongDeletePassword: "Das Passwort ist falsch.",
    deleteTitle: "Konto löschen", deleteHint: "Deine beendeten Spiele bleiben, unter dem Namen „deleted player“; Name, Wertung und Anmeldung verschwinden, und jeder kann den Namen nehmen. Das lässt sich nicht rückgängig machen.",
    deleteConfirm: "Zur Bestätigung deinen Benutzernamen eingeben: {name}", deleteButton: "Mein Konto löschen",
    deleteNameWrong: "Gib zur Bestätigung deinen Benutzernamen ein: {name}.", accountDeleted: "Dein Konto ist gelöscht. Du spielst als neuer Gast weiter.",
  },
  nl: {
    downloadGames: "Mijn spellen downloaden (JSON Lines)", downloadGamesHint: "Elk afgelopen spel, één per regel, om te bewaren of te bestuderen.",
    changePasswordTitle: "Wachtwoord wijzigen", currentPassword: "Huidig wachtwoord", newPassword: "Nieuw wachtwoord (8 tekens of meer)",
    changePassword: "Wachtwoord wijzigen", passwordChanged: "Wachtwoord gewijzigd. Je andere apparaten zijn afgemeld.",
    wrongCurrentPassword: "Het huidige wachtwoord klopt niet.", wrongDeletePassword: "Het wachtwoord klopt niet.",
    deleteTitle: "Account verwijderen", deleteHint: "Je afgelopen spellen blijven, onder de naam ‘deleted player’; je naam, rating en aanmelding verdwijnen, en iedereen mag de naam nemen. Dit kan niet ongedaan worden gemaakt.",
    deleteConfirm: "Typ ter bevestiging je gebruikersnaam: {name}", deleteButton: "Mijn account verwijderen",
    deleteNameWrong: "Typ ter bevestiging je gebruikersnaam: {name}.", accountDeleted: "Je account is verwijderd. Je speelt verder als nieuwe gast.",
  },
};
for (const [lang, texts] of Object.entries(ACCOUNT_TEXTS)) Object.assign(TEXTS[lang], texts);

/**
 * A form of the Account panel: its message line's id, the ids of the inputs a refusal
 * may point at (by the server's field) and the text for a wrong password.
 * @typedef {object} AccountForm
 * @property {string} message
 * @property {Record<string, string>} fields
 * @property {string} wrong
 */

/** @typedef {"password" | "delete"} AccountFormName */

// Each form's message line and the inputs a refusal may point at, by the server's field.
/** @type {Record<AccountFormName, AccountForm>} */
const ACCOUNT_FORMS = {
  password: { message: "password-message", fields: { password: "old-password", new: "new-password" }, wrong: "wrongCurrentPassword" },
  delete: { message: "delete-message", fields: { password: "delete-password", name: "delete-name" }, wrong: "wrongDeletePassword" },
};

/**
 * Called by online.js's renderIdentity: the tools show for an account only.
 * @param {IdentityJson | null} player this browser's player (null before /api/me answers)
 */
export function renderAccountTools(player) {
  const account = player?.kind === "account";
  $("account-tools").hidden = !account;
  if (account) $("delete-confirm-label").textContent = t("deleteConfirm", { name: player.name });
}

/**
 * A form's answer: ok (role=status, polite) or a refusal marked on its field.
 * @param {AccountFormName} form
 * @param {string} text
 * @param {string | null} [fieldName] the server's field at fault (a key of the form's fields)
 * @param {boolean} [ok]
 */
function sayInAccountForm(form, text, fieldName = null, ok = false) {
  const spec = ACCOUNT_FORMS[form];
  for (const id of Object.values(spec.fields)) $(id).removeAttribute("aria-invalid");
  const message = $(spec.message);
  message.textContent = text;
  message.dataset.kind = ok ? "ok" : "error";
  const input = fieldName ? $(spec.fields[fieldName] ?? "") : null;
  if (input) {
    input.setAttribute("aria-invalid", "true");
    input.focus();
  }
}

/**
 * The server's refusal in the form's words: a wrong password is "the current password
 * is wrong" here, not the log-in's "wrong user name or password"; the log-in limit's
 * wait is the server's own text (errors.js), with the seconds to wait.
 * @param {AccountFormName} form
 * @param {unknown} thrown what api() threw: a ServerError, or another error (the network's)
 */
function accountRefusal(form, thrown) {
  const error = /** @type {{code?: string | null, message?: string} | null | undefined} */ (thrown);
  if (error?.code === "log_in_failed") {
    sayInAccountForm(form, t(ACCOUNT_FORMS[form].wrong), "password");
    return;
  }
  const field = error?.code?.startsWith("password_") ? "new" : null; // the new one is refused
  sayInAccountForm(form, error?.message ?? String(error), field);
}

async function changeMyPassword() {
  sayInAccountForm("password", "");
  try {
    setIdentity(await api("POST", "/api/account/password", { old: $input("old-password").value, new: $input("new-password").value }));
  } catch (error) {
    accountRefusal("password", error);
    return;
  }
  $input("old-password").value = "";
  $input("new-password").value = "";
  sayInAccountForm("password", t("passwordChanged"), null, true);
}

/**
 * @param {string} a
 * @param {string} b
 */
const sameUserName = (a, b) => a.normalize("NFKC").trim().toLowerCase() === b.normalize("NFKC").trim().toLowerCase();

async function deleteMyAccount() {
  sayInAccountForm("delete", "");
  const name = identity?.name ?? "";
  if (!sameUserName($input("delete-name").value, name)) {
    sayInAccountForm("delete", t("deleteNameWrong", { name }), "name");
    return;
  }
  try {
    await api("POST", "/api/account/delete", { password: $input("delete-password").value });
  } catch (error) {
    accountRefusal("delete", error);
    return;
  }
  for (const id of ["delete-name", "delete-password", "claim-user"]) $input(id).value = "";
  $input("nickname").value = ""; // the new guest's name fills it
  await loadIdentity(); // online.js: a new guest, as a first visit
  $("account-status").textContent = t("accountDeleted");
}

export function setupAccountTools() {
  for (const form of ["password-form", "delete-form"]) {
    $(form).addEventListener("submit", (event) => event.preventDefault()); // buttons do the work
  }
  $("change-password").addEventListener("click", changeMyPassword);
  $("delete-account").addEventListener("click", deleteMyAccount);
}
