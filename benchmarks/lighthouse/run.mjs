// Lighthouse (mobile preset) on the landing page and on a table in play, in Debian's
// chromium. Run by benchmarks/lighthouse.py, which starts the server and installs this
// folder's pinned packages; by hand: node run.mjs http://127.0.0.1:PORT OUT_FOLDER
//
// The table needs a seat: puppeteer plays the person's part (a name, "Play against the
// computer") in the same browser, then Lighthouse loads the table's URL with the seat
// token kept (disableStorageReset) but the HTTP cache, the service worker and its cache
// emptied first, so that the table is measured as a cold load like the landing page.

import fs from "node:fs";
import path from "node:path";

import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";

const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const FLAGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];
const CATEGORIES = ["performance", "accessibility", "best-practices"];

const [base, out = "."] = process.argv.slice(2);
if (!base) {
  console.error("usage: node run.mjs BASE_URL [OUT_FOLDER]");
  process.exit(2);
}

// The categories' scores (0-100) and every audit that fell short, for the report.
function summary(name, lhr) {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round(lhr.categories[c].score * 100)]));
  const metrics = {};
  for (const id of ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"]) {
    metrics[id] = lhr.audits[id]?.displayValue;
  }
  const shortfalls = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category].auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit.score !== null && audit.score < 0.9) {
        shortfalls.push(`${category}: ${ref.id} (${audit.score}) ${audit.displayValue ?? ""}`.trim());
      }
    }
  }
  return { page: name, url: lhr.finalDisplayedUrl, scores, metrics, shortfalls };
}

async function sitAtATable(page) {
  await page.goto(`${base}/`, { waitUntil: "networkidle0" });
  await page.waitForSelector("body[data-ready=true]");
  await page.evaluate(() => localStorage.setItem("skipbo.pace", "instant"));
  await page.type("[data-testid=nickname]", "Ann");
  await page.click("[data-testid=quick-play]");
  await page.waitForSelector("body[data-phase=playing]");
  const url = page.url();
  await page.evaluate(async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
    for (const name of await caches.keys()) await caches.delete(name);
  });
  const cdp = await page.createCDPSession();
  await cdp.send("Network.clearBrowserCache");
  await page.goto("about:blank");
  return url;
}

const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  const flags = { port: chrome.port, output: "html", logLevel: "error", onlyCategories: CATEGORIES };
  const runs = [];
  const landing = await lighthouse(`${base}/`, flags, undefined, page);
  runs.push(["landing", landing]);
  const tableUrl = await sitAtATable(page);
  const table = await lighthouse(tableUrl, { ...flags, disableStorageReset: true }, undefined, page);
  runs.push(["table", table]);
  const results = [];
  for (const [name, run] of runs) {
    fs.writeFileSync(path.join(out, `lighthouse-${name}.html`), run.report);
    results.push(summary(name, run.lhr));
  }
  console.log(JSON.stringify({ lighthouse: landing.lhr.lighthouseVersion, chromium: landing.lhr.environment.hostUserAgent, results }, null, 2));
  await browser.disconnect();
} finally {
  await chrome.kill();
}
