// The score table: one row per player, one column per round and the total.
// The round being played shows each grid's score so far (from the view's
// "live" scores), muted as provisional.
import { t } from "../i18n.js";
import { h } from "./dom.js";

export function seatKind(seat) {
  return seat.kind === "human" ? t("level.human") : t(`level.${seat.level}`);
}

/** scores({view, seats, highlight: seat to highlight or null, live: show the round in play}) */
export function scores({ view, seats, highlight = null, live = true }) {
  const rounds = Array.from({ length: view.rounds }, (_, i) => i + 1);
  const playing = live && view.phase !== "game_over" ? view.round : null;
  const head = h(
    "tr",
    {},
    h("th", { scope: "col" }, t("scores.player")),
    rounds.map((round) =>
      h("th", { scope: "col", class: "scores__round" }, h("abbr", { title: t("scores.roundLong", { round }) }, t("scores.round", { round }))),
    ),
    h("th", { scope: "col", class: "scores__total" }, t("scores.total")),
  );
  const rows = view.names.map((name, seat) =>
    h(
      "tr",
      { class: seat === highlight ? "is-current" : "" },
      h("th", { scope: "row" }, h("span", { class: "scores__name name-cut", title: name }, name), h("span", { class: "scores__kind" }, seatKind(seats[seat]))),
      rounds.map((round) => {
        const scored = view.round_scores[round - 1];
        if (scored) return h("td", { class: "scores__round" }, scored[seat]);
        if (round === playing)
          return h(
            "td",
            { class: "scores__round scores__live", title: t("scores.liveTitle") },
            String(view.live[seat].total), // the seat panel's "round N": the same number, muted while the round is played
            h("span", { class: "sr-only" }, t("scores.soFar")),
          );
        return h(
          "td",
          { class: "scores__round scores__none" },
          h("span", { "aria-hidden": "true" }, "·"),
          h("span", { class: "sr-only" }, t("scores.notPlayed")),
        );
      }),
      h("td", { class: "scores__total" }, view.totals[seat]),
    ),
  );
  return h("table", { class: "scores__table" }, h("caption", { class: "sr-only" }, t("scores.caption")), h("thead", {}, head), h("tbody", {}, rows));
}
