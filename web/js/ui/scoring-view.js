// The end of a round: every grid as it was scored (groups outlined, with
// their points), suns and round totals from the engine's round_scored event,
// and the "continue" button. The running score table is the side panel's
// (one table per screen).
import { COLORS } from "../cards.js";
import { t } from "../i18n.js";
import { h } from "./dom.js";
import { grid } from "./grid.js";
import { seatKind } from "./scores.js";

function breakdown(scoredGrid) {
  const lines = scoredGrid.groups.map((group) =>
    h(
      "li",
      { class: `scoring__group scoring__group--${COLORS[group.color]}` },
      t("scoring.group", { color: t(`color.${COLORS[group.color]}`), size: group.spots.length, count: group.points }),
    ),
  );
  lines.push(h("li", { class: "scoring__suns" }, t("scoring.suns", { count: scoredGrid.suns })));
  return h("ul", { class: "scoring__breakdown" }, lines);
}

/** scoringView({scored, view, seats, onContinue}) */
export function scoringView({ scored, view, seats, onContinue }) {
  const last = view.phase === "game_over";
  const seatsHtml = scored.grids.map((scoredGrid, seat) =>
    h(
      "article",
      { class: "panel__seat", "aria-labelledby": `scoring-seat-${seat}` },
      h(
        "h3",
        { class: "scoring__name", id: `scoring-seat-${seat}` },
        h("span", { class: "scoring__player name-cut", title: view.names[seat] }, view.names[seat]),
        h("span", { class: "scoring__kind" }, seatKind(seats[seat])),
      ),
      grid({ seat, cells: scoredGrid.cards, size: "score", groups: scoredGrid.groups }),
      breakdown(scoredGrid),
      h("p", { class: "scoring__total" }, t("scoring.total", { count: scoredGrid.total })),
    ),
  );
  return h(
    "section",
    { class: "scoring panel", "aria-labelledby": "scoring-title" },
    h("h2", { id: "scoring-title", class: "panel__title" }, t("scoring.title", { round: scored.round, rounds: view.rounds })),
    h("div", { class: "panel__seats" }, seatsHtml),
    h(
      "div",
      { class: "panel__actions" },
      h(
        "button",
        { type: "button", class: "button button--primary", dataset: { action: "continue", focus: "continue" }, onclick: onContinue },
        last ? t("scoring.toResults") : t("scoring.nextRound"),
      ),
    ),
  );
}
