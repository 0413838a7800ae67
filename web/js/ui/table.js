// The table: a panel per player (small grid, scores) and the stage where the
// player to move plays: piles, the card in hand and their large grid.
import { t } from "../i18n.js";
import { h } from "./dom.js";
import { grid } from "./grid.js";
import { hand } from "./hand.js";
import { piles } from "./piles.js";
import { recap as recapBlock } from "./recap.js";
import { seatKind } from "./scores.js";

function seatPanel({ view, seats, seat, stage, changed }) {
  const current = seat === view.current;
  const live = view.live[seat];
  return h(
    "li",
    { class: `seat${current ? " is-current" : ""}${seats[seat].kind === "bot" ? " is-bot" : ""}`, "aria-current": current ? "true" : false },
    h(
      "div",
      { class: "seat__head" },
      h("span", { class: "seat__name", title: view.names[seat] }, view.names[seat]),
      h("span", { class: "seat__total" }, t("seat.total", { count: view.totals[seat] })),
      h("span", { class: "seat__kind" }, seatKind(seats[seat])),
      h("span", { class: "seat__grid" }, t("seat.grid", { count: live.total })),
    ),
    // The player to move has the large grid on the stage; their small one
    // would repeat it. Both are always there, one hidden, so that a redraw
    // patches them in place (dom.js) as the stage moves from seat to seat.
    h("p", { class: "seat__playing", hidden: seat !== stage }, stage === view.current ? t("seat.playing") : t("seat.justPlayed")),
    grid({ seat, cells: view.grids[seat], size: "small", groups: live.groups, changed: changed(seat), hidden: seat === stage }),
  );
}

/**
 * table({view, seats, stage, changed, recap, interactive}):
 * stage = the seat whose grid is large (the player to move, or the one
 * whose finished turn is held); changed(seat) = the spots its latest turn
 * changed; recap = {last, since, open} (ui/recap.js), or null; interactive = a human may act now.
 */
export function table({ view, seats, stage, changed, recap, interactive }) {
  const seat = stage;
  // Places are the mover's: a held grid that is not theirs offers none.
  const spots = new Map(interactive && seat === view.current ? view.targets.spots.map(({ spot, action }) => [spot, action]) : []);
  return [
    // The stage is a size container: its body is what its queries lay out
    // (css/stage.css), and the grid's box a container of its own.
    h(
      "section",
      { class: `stage${seats[seat].kind === "bot" ? " is-bot" : ""}`, "aria-labelledby": "stage-title" },
      h(
        "div",
        { class: "stage__body" },
        h("div", { class: "stage__center" }, piles({ view, interactive }), hand({ code: view.hand })),
        h(
          "div",
          { class: "stage__player" },
          h(
            "h2",
            { class: "stage__title", id: "stage-title" },
            t("stage.grid", { who: view.names[seat] }),
            h("span", { class: "stage__score" }, t("stage.score", { count: view.live[seat].total, total: view.totals[seat] })),
          ),
          recap ? recapBlock(recap) : null, // none in the review, which has a log of its own
          h(
            "div",
            { class: "stage__grid" },
            grid({ seat, cells: view.grids[seat], size: "large", groups: view.live[seat].groups, actions: spots, changed: changed(seat) }),
          ),
        ),
      ),
    ),
    // After the stage in reading order (where the player acts comes first);
    // wide screens show it above the stage (css/table.css).
    h(
      "ol",
      { class: "seats", "aria-label": t("table.players") },
      view.names.map((_, i) => seatPanel({ view, seats, seat: i, stage, changed })),
    ),
  ];
}
