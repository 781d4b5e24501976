// The global the server writes in front of the service worker (delivery.py, _worker):
// `const SKIPBO_SHELL = {"version": ..., "urls": [...]};`. For sw.js only, checked by
// `tsc -p tsconfig.worker.json`. Types only: nothing here exists at run time.

/** The shell the service worker keeps for offline use. */
declare const SKIPBO_SHELL: {
  /** A hash of the shell's URLs, of the offline page and of sw.js: names the cache. */
  version: string;
  /** The content-hashed URLs of the shell (the pages' scripts, styles and icons) and /offline. */
  urls: string[];
};
