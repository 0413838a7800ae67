// The tutorial's coach: a bubble that says what to do next and why (read out
// by screen readers as it changes), and marks the one element it points at.
import { t } from "../i18n.js";
import { fill, h } from "./dom.js";

/**
 * Draw the bubble into root for coach = {text, action, wait, done} (see
 * tutorial.js) and point at the target inside scope: the element carrying
 * data-action=coach.action gets data-coach="true", every other target loses
 * its data-action. Returns the element pointed at (to focus), or null.
 */
export function showCoach(root, scope, coach, { onContinue, onLeave }) {
  // Redrawn only when it says something new, so the live region speaks once per step.
  const key = JSON.stringify(coach);
  if (root.dataset.said !== key) drawBubble(root, coach, { onContinue, onLeave });
  root.dataset.said = key;
  const target = pointAt(scope, coach);
  return coach.wait ? root.querySelector("[data-coach]") : target;
}

function drawBubble(root, coach, { onContinue, onLeave }) {
  const actions = [];
  if (coach.wait)
    actions.push(
      h(
        "button",
        { type: "button", class: "button button--primary", dataset: { action: "continue", coach: "true" }, onclick: onContinue },
        t("tutorial.continue"),
      ),
    );
  if (coach.done)
    actions.push(
      h("button", { type: "button", class: "button button--primary", dataset: { testid: "tutorial-done" }, onclick: onLeave }, t("tutorial.finish")),
    );
  else
    actions.push(
      // On a phone only its cross shows (css/coach.css); its name stays whole.
      h(
        "button",
        { type: "button", class: "button button--quiet coach__leave", title: t("tutorial.leave"), onclick: onLeave },
        h("span", { class: "icon-remove", "aria-hidden": "true" }),
        h("span", { class: "coach__leave-label" }, t("tutorial.leave")),
      ),
    );
  fill(
    root,
    h("p", { class: "coach__text" }, h("strong", { class: "coach__title" }, t("tutorial.title")), " ", coach.text),
    h("div", { class: "coach__actions" }, actions),
  );
  root.hidden = false;
  root.classList.toggle("coach--covering", Boolean(coach.wait));
}

function pointAt(scope, coach) {
  let target = null;
  for (const element of scope.querySelectorAll("[data-action]")) {
    if (!coach.wait && !target && element.dataset.action === coach.action) {
      target = element;
      element.dataset.coach = "true";
    } else {
      // Only the coached element plays: the script cannot go astray.
      element.removeAttribute("data-action");
      element.disabled = true;
    }
  }
  return target;
}

export function hideCoach(root) {
  root.hidden = true;
  delete root.dataset.said;
  root.replaceChildren();
}
