// The engine's start as the page shows it. The card table and the rule
// numbers are baked into the page's bundle (build.py asks the engine for
// them when it builds), so the setup and the help show at once, and the
// status tells the boot's stage in words meanwhile. Every engine request
// waits for the engine: the scheduler's first task (main.js).
//
//   const start = startGameEngine(el, { onStage, onDead });
//   start.stage;          // "runtime", "engine", "ready" or "failed"
//   await start.engine;   // the engine's client, or null once a failed start has been reported
/* global DOZITO_ENGINE_TABLES -- the engine's answers to "rules" and "cards", defined by build.py */
import { setCards } from "../cards.js";
import { startEngine } from "../engine/client.js";
import { t } from "../i18n.js";
import { setRules } from "../rules.js";
import { showNotice } from "../ui/dialogs.js";
import { renderStatus } from "../ui/status.js";

/** The rule numbers and the card table, from the bundle: no engine needed. */
export function loadEngineTables() {
  setCards(DOZITO_ENGINE_TABLES.cards);
  setRules(DOZITO_ENGINE_TABLES.rules);
}

/** onStage(stage): each new stage of the boot; onDead(error): the engine died after its start. */
export function startGameEngine(el, { onStage, onDead }) {
  const start = { stage: "runtime" };
  const staged = (stage) => {
    start.stage = stage;
    // The page contract's hook: the setup shows while the engine starts.
    el.status.dataset.engine = stage === "ready" || stage === "failed" ? stage : "starting";
    onStage(stage);
  };
  staged("runtime");
  start.engine = startEngine({ onStatus: staged, onDead }).catch((error) => {
    staged("failed");
    renderStatus(el.status, { phase: "loading", stage: "failed" });
    showNotice(el.notice, t("error.boot", { message: error.message }), { action: { label: t("error.reload"), run: () => location.reload() } });
    return null;
  });
  return start;
}
