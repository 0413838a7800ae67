// Short card flights that show each engine step (draw, take, place, discard).
// The table is already drawn in its new state; a copy of the card flies from
// where it was (measured before the redraw) to where it is now, turning over
// on the way when it was face down. Any click or key can cut them short
// (skip), and reduced motion or "instant" turns them off.
import { cardFace } from "./ui/card.js";
import { h } from "./ui/dom.js";

const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");
const running = new Set();
let skips = 0; // bumped by skipAnimations() so that pending steps are dropped too

/** Positions of the animated places (data-anim keys) on the table now. */
export function measure(root) {
  const rects = new Map();
  for (const el of root.querySelectorAll("[data-anim]")) rects.set(el.dataset.anim, target(el).getBoundingClientRect());
  return rects;
}

/** The card inside a place, which is what moves. */
function target(el) {
  return el.querySelector(".card") ?? el;
}

/** The flights for one engine event: [fromKey, toKey, card code, turns over] each. */
function flights(event) {
  switch (event.type) {
    case "draw":
      return [["draw", "hand", event.card]];
    case "take":
      return [[`pile:${event.pile}`, "hand", event.card]];
    case "place":
      return [
        ["hand", `spot:${event.seat}:${event.spot}`, event.card],
        [`spot:${event.seat}:${event.spot}`, "hand", event.replaced, !event.replaced_was_up],
      ];
    case "discard":
      return [["hand", `pile:${event.pile}`, event.card]];
    default:
      return [];
  }
}

/** The flying copy: the card, or the card with its back on the other side. */
function ghostOf(code, turnsOver) {
  if (!turnsOver) return cardFace(code);
  const back = cardFace(null);
  back.classList.add("card-flip__back");
  return h("span", { class: "card-flip", "aria-hidden": "true" }, cardFace(code), back);
}

function fly(from, toEl, code, turnsOver, duration) {
  const to = target(toEl);
  const end = to.getBoundingClientRect();
  if (!end.width || !from.width) return Promise.resolve();
  const ghost = ghostOf(code, turnsOver);
  ghost.classList.add("card--flying");
  Object.assign(ghost.style, { left: `${end.left}px`, top: `${end.top}px`, width: `${end.width}px`, height: `${end.height}px` });
  ghost.style.setProperty("--card-w", `${end.width}px`); // its marks scale with it
  document.body.append(ghost);
  to.classList.add("is-arriving");
  const dx = from.left - end.left;
  const dy = from.top - end.top;
  const scale = from.width / end.width;
  const animation = ghost.animate(
    turnsOver
      ? [{ transform: `translate(${dx}px, ${dy}px) scale(${scale}) perspective(600px) rotateY(180deg)` }, { transform: "perspective(600px)" }]
      : [{ transform: `translate(${dx}px, ${dy}px) scale(${scale})` }, { transform: "none" }],
    { duration, easing: "cubic-bezier(.2,.7,.3,1)" },
  );
  running.add(animation);
  const done = () => {
    running.delete(animation);
    ghost.remove();
    to.classList.remove("is-arriving");
  };
  return animation.finished.then(done, done);
}

/** Play the flights of events on root, given positions measured before it was redrawn. */
export async function animateEvents(events, before, root, duration) {
  if (!duration || reducedMotion.matches) return;
  const skipsAtStart = skips;
  for (const event of events) {
    if (skips !== skipsAtStart) return;
    const moves = flights(event)
      .map(([from, to, code, turnsOver]) => [before.get(from), root.querySelector(`[data-anim="${to}"]`), code, turnsOver])
      .filter(([from, to]) => from && to);
    await Promise.all(moves.map(([from, to, code, turnsOver]) => fly(from, to, code, turnsOver, duration)));
  }
}

/** Finish every flight at once. */
export function skipAnimations() {
  skips += 1;
  for (const animation of running) animation.finish();
}
