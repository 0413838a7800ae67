// The first script of the page, run as soon as it has downloaded: starts the
// engine's worker (Pyodide's download and boot) while the page's own modules
// and style sheets are still loading. js/main.js takes it over.

import { prestartEngine } from "./engine/client.js";

prestartEngine();
