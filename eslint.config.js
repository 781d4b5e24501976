// eslint for the page's JavaScript (npm run check; scripts/test.sh): the recommended
// rules. The page's scripts are ES modules that share nothing through globals; the
// service worker is a classic worker script with the shell list written in front of
// it by the server (delivery.py).
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["**/node_modules/**", ".venv/**", "artifacts/**", "build/**", "dist/**"] },
  js.configs.recommended,
  {
    files: ["src/skipbo/server/static/*.js"],
    languageOptions: { sourceType: "module", ecmaVersion: 2024, globals: globals.browser },
  },
  {
    files: ["src/skipbo/server/static/sw.js"],
    languageOptions: {
      sourceType: "script",
      globals: { ...globals.serviceworker, SKIPBO_SHELL: "readonly" },
    },
  },
];
