// The offline page (offline.html, shown by sw.js when the server cannot be reached):
// its texts in the chosen language, and a way back as soon as the network returns.

import { t, translateStatic } from "./i18n.js";

function startOfflinePage() {
  translateStatic();
  document.title = `Skip-Bo · ${t("offlineTitle")}`;
  const retry = /** @type {HTMLElement} */ (document.getElementById("offline-retry")); // offline.html's button
  retry.addEventListener("click", () => location.reload());
  window.addEventListener("online", () => location.reload());
}

document.addEventListener("DOMContentLoaded", startOfflinePage);
