// "A new version is available — Reload": a small bar shown when a new build
// of the site has been downloaded (js/pwa.js finds it). Reloading is the
// player's choice, so a game is never cut short; the saved game resumes.
import { t } from "../i18n.js";
import { registerServiceWorker } from "../pwa.js";
import { h } from "./dom.js";

/** The prompt: a message, a reload button that runs onReload, and a dismiss button. */
export function updatePrompt({ onReload }) {
  const prompt = h(
    "div",
    { class: "update-prompt", role: "status", dataset: { testid: "update-prompt" } },
    h("p", { class: "update-prompt__message" }, t("pwa.updateAvailable")),
    h(
      "button",
      {
        type: "button",
        class: "button button--primary",
        dataset: { testid: "update-reload" },
        onclick: (event) => {
          event.currentTarget.disabled = true;
          onReload();
        },
      },
      t("pwa.reload"),
    ),
    h("button", { type: "button", class: "button button--quiet", onclick: () => prompt.remove() }, t("pwa.later")),
  );
  return prompt;
}

/**
 * Register the service worker and show the prompt whenever an update is
 * ready; onFirstInstall as registerServiceWorker's.
 */
export function offerUpdates({ onFirstInstall }) {
  registerServiceWorker({
    onFirstInstall,
    onUpdate(apply) {
      document.querySelector(".update-prompt")?.remove();
      document.body.append(updatePrompt({ onReload: apply }));
    },
  });
}
