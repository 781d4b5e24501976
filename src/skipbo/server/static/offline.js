// The offline page (offline.html, shown by sw.js when the server cannot be reached):
// its texts in the chosen language, and a way back as soon as the server answers.
//
// Two causes look alike from here: the network gone (the browser knows: "online"
// comes back) and the server away while the network is fine (restarting, or down).
// The page names the one it can tell, and asks the server itself every few seconds,
// so that it comes back by itself in both cases.

import { t, translateStatic } from "./i18n.js";

const FIRST_ASK_MS = 2000; // the first look at the server; each next waits longer
const LONGEST_ASK_MS = 15000;

function startOfflinePage() {
  translateStatic();
  showCause();
  const retry = /** @type {HTMLElement} */ (document.getElementById("offline-retry")); // offline.html's button
  retry.addEventListener("click", () => location.reload());
  window.addEventListener("online", () => location.reload());
  window.addEventListener("offline", showCause);
  askLater(FIRST_ASK_MS);
}

function showCause() {
  const title = navigator.onLine ? t("serverAwayTitle") : t("offlineTitle");
  const heading = /** @type {HTMLElement} */ (document.getElementById("offline-title")); // offline.html's
  heading.textContent = title;
  document.title = `Skip-Bo · ${title}`;
}

/** @param {number} wait */
function askLater(wait) {
  setTimeout(async () => {
    if (await serverAnswers()) {
      location.reload();
      return;
    }
    askLater(Math.min(wait * 2, LONGEST_ASK_MS));
  }, wait);
}

/** @returns {Promise<boolean>} whether the server is back (its liveness check answers) */
async function serverAnswers() {
  if (!navigator.onLine) return false;
  try {
    const answer = await fetch("/healthz", { cache: "no-store" });
    return answer.ok;
  } catch {
    return false;
  }
}

document.addEventListener("DOMContentLoaded", startOfflinePage);
