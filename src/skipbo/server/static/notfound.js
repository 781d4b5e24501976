// The page a browser gets for an address the site does not have (notfound.html, sent
// with status 404): its texts in the chosen language, the way to the lobby, and, when
// the address ends in something shaped like a table's code ("/t/ABC234", "/abc234"),
// a link to that table, the way a table's link is written ("/#ABC234").

import { t, translateStatic } from "./i18n.js";

const TABLE_CODE = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{6}$/; // tables.py's CODE_ALPHABET, CODE_LENGTH

function startNotFoundPage() {
  translateStatic();
  document.title = `Skip-Bo · ${t("notFoundTitle")}`;
  const last = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() ?? "").toUpperCase();
  if (!TABLE_CODE.test(last)) return;
  const link = /** @type {HTMLAnchorElement} */ (document.getElementById("not-found-table")); // notfound.html's
  link.href = `/#${last}`;
  link.textContent = t("notFoundTable", { code: last });
  link.hidden = false;
  document.querySelector("[data-testid=not-found-home]")?.classList.add("secondary"); // the table comes first
}

document.addEventListener("DOMContentLoaded", startNotFoundPage);
