// The engine's own rule numbers (the bridge's "rules" op), so the page's
// modules are tested against what the engine says, never a copy of it.
import { execFileSync } from "node:child_process";
import { setRules } from "../../web/js/rules.js";

const ask = 'import sys; sys.path.insert(0, "py"); from dozito.bridge import handle; print(handle(\'{"op": "rules"}\'))';
const root = new URL("../../", import.meta.url);
const reply = JSON.parse(execFileSync(process.env.PYTHON ?? "python3", ["-c", ask], { cwd: root, encoding: "utf8" }));
setRules(reply.result.rules);
