// ESLint for the page's JavaScript: the recommended rules, with the globals
// of where each file runs (the page, the engine's worker, the service worker,
// the node unit tests), a size limit per file, and the page's import
// direction: a view in web/js/ui/ draws data it is given and reports events
// up, so it imports neither storage nor the engine (a controller does,
// web/js/controllers/). `python3 build.py test` runs it.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["dist/", "node_modules/", ".venv/", ".cache/"] },
  js.configs.recommended,
  { files: ["web/js/**/*.js"], ignores: ["web/js/engine/worker.js"], languageOptions: { globals: globals.browser } },
  { files: ["web/js/engine/worker.js"], languageOptions: { globals: globals.worker } },
  { files: ["web/sw.js"], languageOptions: { globals: globals.serviceworker } },
  { files: ["tests/js/**/*.mjs", "eslint.config.js"], languageOptions: { globals: globals.node } },
  // A longer file says why at its top, with its own `/* eslint max-lines: … */`.
  { files: ["**/*.js", "**/*.mjs"], rules: { "max-lines": ["error", { max: 300 }] } },
  {
    files: ["web/js/ui/**/*.js"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/save.js", "**/stats-store.js", "**/transfer.js"],
              message: "a view never touches storage: a controller reads and stores, and hands the view its data",
            },
            { group: ["**/engine/*", "**/session.js"], message: "a view never calls the engine: a controller asks it, and hands the view its answer" },
          ],
        },
      ],
    },
  },
];
