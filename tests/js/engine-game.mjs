// A real game from the engine (the bridge under python3), as a page sees it:
// the answers to "new" and to each bot action, then to a "load" of the saved
// game, so the page's modules are tested against what the engine says.
import { execFileSync } from "node:child_process";

const root = new URL("../../", import.meta.url);

/** {answers: [new, act…], reload: load's answer} for a seeded game of random bots, `moves` actions long. */
export function engineGame({ players = 3, seed = 1, moves = 60 } = {}) {
  const script = `
import json, sys
sys.path.insert(0, "py")
from dozito.bridge import handle
def ask(**req):
    out = json.loads(handle(json.dumps(req)))
    assert out["ok"], out
    return out["result"]
answers = [ask(op="new", players=[f"P{i}" for i in range(${players})], seed=${seed})]
for _ in range(${moves}):
    answers.append(ask(op="bot", level="random"))
first = answers[0]
actions = [a for answer in answers[1:] for a in answer["record_change"]["actions"][1]]
reload = ask(op="load", text=first["record_head"], actions=actions, aids=[])
print(json.dumps({"answers": answers, "reload": reload}))
`;
  return JSON.parse(execFileSync(process.env.PYTHON ?? "python3", ["-c", script], { cwd: root, encoding: "utf8", maxBuffer: 1 << 26 }));
}

/** An engine client that answers each request with the next recorded answer. */
export function replayingEngine(answers) {
  const queue = [...answers];
  return {
    asked: [],
    request(req) {
      this.asked.push(req);
      return Promise.resolve(queue.shift());
    },
  };
}
