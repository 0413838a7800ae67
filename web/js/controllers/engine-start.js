// The engine's start as the page shows it: the loading stages in the status,
// then the card table and the rule numbers fetched once. Resolves to the
// engine's client, or null once a failed start has been reported.
//
//   const engine = await startGameEngine(el, { onDead: (error) => games.stopped(error) });
import { setCards } from "../cards.js";
import { startEngine } from "../engine/client.js";
import { t } from "../i18n.js";
import { setRules } from "../rules.js";
import { showNotice } from "../ui/dialogs.js";
import { renderStatus } from "../ui/status.js";

export async function startGameEngine(el, { onDead }) {
  renderStatus(el.status, { phase: "loading", stage: "runtime" });
  try {
    const onStatus = (stage) => stage !== "ready" && renderStatus(el.status, { phase: "loading", stage });
    const engine = await startEngine({ onStatus, onDead });
    setCards((await engine.request({ op: "cards" })).cards);
    setRules((await engine.request({ op: "rules" })).rules);
    return engine;
  } catch (error) {
    renderStatus(el.status, { phase: "loading", stage: "failed" });
    showNotice(el.notice, t("error.boot", { message: error.message }), { action: { label: t("error.reload"), run: () => location.reload() } });
    return null;
  }
}
