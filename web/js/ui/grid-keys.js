// Arrow keys inside a large grid: Left/Right/Up/Down move the focus between
// the 12 spots as they are laid out (3 rows of 4), Home/End to the first and
// last spot of the row. Spots that cannot be played are still focusable (by
// arrows only, tabindex -1) so their words can be read; Tab order is untouched.
import { rules } from "../rules.js";

/** The spot to go to from spot (1..12) for key, or null if the key does not move; the grid's shape is the engine's. */
function target(spot, key) {
  const { rows, columns } = rules().grid;
  const column = (spot - 1) % columns;
  if (key === "Home") return spot - column;
  if (key === "End") return spot - column + columns - 1;
  const move = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -columns, ArrowDown: columns }[key];
  if (!move) return null;
  if ((key === "ArrowLeft" && column === 0) || (key === "ArrowRight" && column === columns - 1)) return null;
  const next = spot + move;
  return next >= 1 && next <= rows * columns ? next : null;
}

/** Attach arrow-key moves to a grid element whose buttons carry data-focus="spot:N". */
export function gridKeys(list) {
  list.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const from = event.target.closest?.("[data-focus^='spot:']");
    if (!from || !list.contains(from)) return;
    const next = target(Number(from.dataset.focus.slice(5)), event.key);
    if (next === null) return;
    const button = list.querySelector(`[data-focus="spot:${next}"]`);
    if (!button) return;
    event.preventDefault();
    button.focus();
  });
  return list;
}
