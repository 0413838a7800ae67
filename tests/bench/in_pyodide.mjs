// Run an engine module in dist/'s Pyodide under Node.js, as the page's worker
// runs the engine (WebAssembly, Python 3.14), with this repository's py/:
//   node tests/bench/in_pyodide.mjs dozito.lab.review_check --jumps 300
import { dirname, resolve } from "node:path";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const runtime = process.env.PYODIDE_DIR ?? `${root}/dist/pyodide`;
const [module, ...args] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${runtime}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${runtime}/`, stdLibURL: `${runtime}/python_stdlib_pyc.zip` });
pyodide.mountNodeFS(root, root);
pyodide.globals.set("job", JSON.stringify({ root, module, args }));
const code = pyodide.runPython(`
import json, runpy, sys
job = json.loads(job)
sys.path.insert(0, job["root"] + "/py")
sys.argv = [job["module"], *job["args"]]
try:
    runpy.run_module(job["module"], run_name="__main__")
    code = 0
except SystemExit as exit:
    code = exit.code or 0
code
`);
process.exit(code);
