// Arrow keys inside a large grid: Left/Right/Up/Down move the focus between
// the 12 spots as they are laid out (3 rows of 4), Home/End to the first and
// last spot of the row. Spots that cannot be played are still focusable (by
// arrows only, tabindex -1) so their words can be read; Tab order is untouched.
const COLUMNS = 4;
const SPOT_COUNT = 12;
const MOVES = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -COLUMNS, ArrowDown: COLUMNS };

/** The spot to go to from spot (1..12) for key, or null if the key does not move. */
function target(spot, key) {
  const column = (spot - 1) % COLUMNS;
  if (key === "Home") return spot - column;
  if (key === "End") return spot - column + COLUMNS - 1;
  const move = MOVES[key];
  if (!move) return null;
  if ((key === "ArrowLeft" && column === 0) || (key === "ArrowRight" && column === COLUMNS - 1)) return null;
  const next = spot + move;
  return next >= 1 && next <= SPOT_COUNT ? next : null;
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
