// A player's 3×4 grid. The large grid of the player to move is made of
// buttons (spot S carries data-action="place:S" exactly while that is legal);
// small grids and scoring grids are plain pictures with words for screen readers.
import { COLORS, cardMarks, cardName } from "../cards.js";
import { t } from "../i18n.js";
import { rules } from "../rules.js";
import { cardFace } from "./card.js";
import { h, srOnly } from "./dom.js";
import { gridKeys } from "./grid-keys.js";

/** The grid's shape, as the engine gives it (rules.grid). */
const shape = () => rules().grid;
const spots = () => Array.from({ length: shape().rows * shape().columns }, (_, i) => i + 1);

/** Words for one spot: "spot 7, purple 7, face up, 3 suns, STOP" or "spot 7, face down". */
function spotLabel(spot, code) {
  if (!code) return t("spot.down", { spot });
  return [t("spot.up", { spot, card: cardName(code) }), ...cardMarks(code)].join(t("list.comma"));
}

/**
 * Edge classes that outline each group: a cell's side is drawn where its
 * neighbour on that side is not in the same group, in the group's colour and
 * a little inside the gap, so that two groups that touch (side by side, or
 * corner to corner in one colour) stay two frames. Returns spot -> {classes, group, index}.
 */
export function outlines(groups) {
  const groupOf = new Map();
  groups.forEach((group, index) => group.spots.forEach((spot) => groupOf.set(spot, index)));
  const cells = new Map();
  const { columns } = shape();
  for (const [spot, index] of groupOf) {
    const column = (spot - 1) % columns;
    const sides = {
      top: spot - columns,
      bottom: spot + columns,
      left: column > 0 ? spot - 1 : 0,
      right: column < columns - 1 ? spot + 1 : 0,
    };
    const edges = Object.entries(sides)
      .filter(([, next]) => groupOf.get(next) !== index)
      .map(([side]) => `edge-${side}`);
    cells.set(spot, { classes: ["in-group", `group--${COLORS[groups[index].color]}`, ...edges], group: groups[index], index });
  }
  return cells;
}

/**
 * grid({seat, cells, size: "large"|"small"|"score", groups, actions, changed, hidden})
 * actions: Map spot -> action string for the spots a human may click now;
 * changed: the spots the seat's latest turn placed cards on, marked;
 * hidden: drawn but not shown.
 */
export function grid({ seat, cells, size, groups = [], actions = null, changed = null, hidden = false }) {
  const outlined = outlines(groups);
  const items = spots().map((spot) => {
    const code = cells[spot - 1];
    const cell = outlined.get(spot);
    const classes = ["spot", ...(cell ? cell.classes : []), ...(changed?.has(spot) ? ["is-changed"] : [])];
    // The group's points sit on its lowest spot, which comes first in spot order.
    const points =
      cell && cell.group.spots[0] === spot
        ? h("span", { class: `spot__points spot__points--${COLORS[cell.group.color]}` }, t("group.points", { count: cell.group.points }))
        : null;
    const picture = [cardFace(code), points, h("span", { class: "spot__number", "aria-hidden": "true" }, spot)];
    const group = cell ? { group: String(cell.index) } : {};
    // A hidden grid is no place for a card to fly to or from (animate.js).
    const anim = hidden ? {} : { anim: `spot:${seat}:${spot}` };
    if (size !== "large") return h("li", { class: classes.join(" "), dataset: { ...anim, ...group } }, picture, srOnly(spotLabel(spot, code)));
    const action = actions ? actions.get(spot) : undefined;
    const label = action ? t("spot.placeHere", { where: spotLabel(spot, code) }) : spotLabel(spot, code);
    return h(
      "li",
      { class: classes.join(" "), dataset: group },
      h(
        "button",
        {
          type: "button",
          class: `card-button spot__button${action ? " is-legal" : ""}`,
          "aria-label": label,
          // Not disabled: arrow keys still reach a spot that cannot be played
          // (grid-keys.js), but Tab skips it.
          "aria-disabled": action ? false : "true",
          tabindex: action ? false : "-1",
          dataset: { anim: `spot:${seat}:${spot}`, focus: `spot:${spot}`, ...(action ? { action } : {}) },
        },
        picture,
      ),
    );
  });
  const list = h("ol", { class: `grid grid--${size}`, hidden }, items);
  return size === "large" ? gridKeys(list) : list;
}
