// The "as a link" panel: the address that opens the game (its data in the
// fragment, which browsers never send to a server), as a link and with a
// Copy button. A pure view: the copy itself is the caller's.
import { t } from "../i18n.js";
import { h } from "./dom.js";

/** {href, over: the game is finished, onCopy(href) → a promise of true (copied) or false} */
export function linkPanel({ href, over, onCopy }) {
  const said = h("p", { class: "game-link__said", role: "status" });
  const link = h("a", { class: "game-link__href", href, dataset: { testid: "game-link" } }, href);
  const copy = async () => {
    const copied = await onCopy(href);
    said.textContent = copied ? t("link.copied") : t("link.copyFailed");
    // Where the browser refused, the link is selected for the player's own copy.
    if (!copied) getSelection()?.selectAllChildren(link);
  };
  return h(
    "div",
    { class: "game-link" },
    h("p", { class: "game-link__about" }, over ? t("link.aboutOver") : t("link.aboutOn")),
    h("p", { class: "game-link__box" }, link),
    h(
      "div",
      { class: "panel__actions game-link__actions" },
      h("button", { type: "button", class: "button button--primary", dataset: { testid: "game-link-copy" }, onclick: copy }, t("link.copy")),
    ),
    said,
  );
}
