// ESLint for the page's JavaScript: the recommended rules, with the globals
// of where each file runs (the page, the engine's worker, the service worker,
// the node unit tests). `python3 build.py test` runs it.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["dist/", "node_modules/", ".venv/", ".cache/"] },
  js.configs.recommended,
  { files: ["web/js/**/*.js"], ignores: ["web/js/engine/worker.js"], languageOptions: { globals: globals.browser } },
  { files: ["web/js/engine/worker.js"], languageOptions: { globals: globals.worker } },
  { files: ["web/sw.js"], languageOptions: { globals: globals.serviceworker } },
  { files: ["tests/js/**/*.mjs", "eslint.config.js"], languageOptions: { globals: globals.node } },
];
