// The first script of the page, run as soon as it has downloaded: starts the
// engine's worker (Pyodide's download and boot) while the page's own modules
// and style sheets are still loading. js/main.js imports it first and takes the
// worker over. In dist/ it is a small bundle of its own, which loads and runs
// well before the page's bundle; should it fail to load, that bundle starts
// the worker itself.

import { prestartEngine } from "./engine/client.js";

prestartEngine();
