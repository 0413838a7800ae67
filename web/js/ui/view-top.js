// A new view (the table, a round's scores, the game's end, the setup) opens
// at its top, not scrolled to where the previous one was left.

/** Scroll the page and scroller back to the top whenever the status's phase changes. */
export function startViewsAtTop(status, scroller) {
  let phase = status.dataset.phase;
  new MutationObserver(() => {
    if (status.dataset.phase === phase) return;
    phase = status.dataset.phase;
    // At the next frame, before it is painted: scrolling now would lay the
    // new view out at once, inside the task that drew it.
    requestAnimationFrame(() => {
      scroller.scrollTop = 0;
      window.scrollTo(0, 0);
    });
  }).observe(status, { attributes: true, attributeFilter: ["data-phase"] });
}
