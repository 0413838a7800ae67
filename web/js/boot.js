// The first script of the page, run as soon as it has downloaded: starts the
// engine's worker (Pyodide's download and boot) while the page's own modules
// and style sheets are still loading. js/main.js imports it first and takes the
// worker over; in dist/, where both are one bundle, it runs first there.

import { prestartEngine } from "./engine/client.js";

prestartEngine();
