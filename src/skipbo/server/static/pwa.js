// The installable app: registers the service worker (/sw.js, served by the server with
// the shell's hashed URLs; scope: the whole site). After the page has loaded, so that
// the worker's first downloads never compete with the page's own.

if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
      // no worker (a private window, say): the page works as before, only not offline
    });
  });
}
