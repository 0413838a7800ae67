// Messages to the player: the notice banner (errors, a save set aside) and
// modal dialogs (confirmations, help) built on the native <dialog>.
import { t } from "../i18n.js";
import { fill, h } from "./dom.js";

/**
 * Show a message in the notice banner (role=alert) until dismissed or
 * replaced; action: an optional {label, run} button (retry, reload).
 */
export function showNotice(el, message, { kind = "error", detail = "", action = null } = {}) {
  el.hidden = false;
  el.className = `notice notice--${kind}`;
  fill(
    el,
    h("p", { class: "notice__message" }, message),
    detail ? h("p", { class: "notice__detail" }, detail) : null,
    action ? h("button", { type: "button", class: "button button--primary", onclick: action.run }, action.label) : null,
    h(
      "button",
      { type: "button", class: "button button--quiet notice__close", dataset: { testid: "notice-close" }, onclick: () => hideNotice(el) },
      t("notice.dismiss"),
    ),
  );
}

export function hideNotice(el) {
  el.hidden = true;
  el.replaceChildren();
}

/** Ask a yes/no question in a modal dialog; resolves true for yes. */
export function confirmDialog(dialog, { message, confirm }) {
  return new Promise((resolve) => {
    fill(
      dialog,
      h(
        "form",
        { method: "dialog", class: "dialog__body" },
        h("p", { class: "dialog__message" }, message),
        h(
          "div",
          { class: "panel__actions" },
          h("button", { type: "submit", value: "no", class: "button" }, t("dialog.cancel")),
          h("button", { type: "submit", value: "yes", class: "button button--primary" }, confirm),
        ),
      ),
    );
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"), { once: true });
    dialog.returnValue = "";
    dialog.showModal();
  });
}

/** Open a dialog holding content, with a title and a close button. */
export function openDialog(dialog, { title, content }) {
  fill(
    dialog,
    h(
      "div",
      { class: "dialog__head" },
      h("h2", { class: "dialog__title", id: `${dialog.id}-title` }, title),
      h(
        "form",
        { method: "dialog" },
        h(
          "button",
          { type: "submit", class: "button button--icon", "aria-label": t("dialog.close"), title: t("dialog.close") },
          h("span", { class: "icon-remove", "aria-hidden": "true" }),
        ),
      ),
    ),
    h("div", { class: "dialog__content" }, content),
  );
  dialog.setAttribute("aria-labelledby", `${dialog.id}-title`);
  dialog.showModal();
}
