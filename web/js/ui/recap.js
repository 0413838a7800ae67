// The one-line recap of a finished turn ("Ann took the green 9, chained 3
// cards, discarded the red 4"), worded from the turn's events, and the
// hand-over screen of a hot-seat game, which waits for the next player.
import { cardName } from "../cards.js";
import { t } from "../i18n.js";
import { h } from "./dom.js";
import { grid } from "./grid.js";

/** turn: {seat, events} (see turns.js); names: the seats' names. */
export function recapText(turn, names) {
  const parts = [];
  const placed = turn.events.filter((event) => event.type === "place");
  for (const event of turn.events) {
    if (event.type === "draw") parts.push(t("recap.drew", { card: cardName(event.card) }));
    if (event.type === "take") parts.push(t("recap.took", { card: cardName(event.card) }));
    if (event.type === "place" && event === placed[0]) {
      parts.push(placed.length === 1 ? t("recap.placed", { card: cardName(event.card), spot: event.spot }) : t("recap.chained", { count: placed.length }));
    }
    if (event.type === "discard") parts.push(t("recap.discarded", { card: cardName(event.card) }));
    if (event.type === "extra_turn") parts.push(t("recap.again"));
    if (event.type === "round_end_triggered") parts.push(t("recap.complete"));
  }
  return t("recap.line", { who: names[turn.seat], actions: parts.join(t("list.comma")) });
}

/** The line under the stage's title: the last turn's recap, or an empty line that keeps its place. */
export function recapLine(text) {
  return h("p", { class: "recap", dataset: { testid: "recap" }, title: text || false }, text ?? ""); // a long line ends in "…": whole in the tooltip and the log
}

/** One line per entry of turns.since() (see turns.js): a turn's recap, or the end of a round. */
function sinceLines(since, names) {
  return since.map((entry) => h("li", {}, entry.events ? recapText(entry, names) : t("handOver.roundEnded", { round: entry.round })));
}

/**
 * handOver({who, since, seat, view, changed, onContinue}): the table covered
 * until the next player says they are there, with what happened since their
 * own last turn (since: turns.since(), oldest first) and the grid of the
 * turn that just ended (seat's), its changed spots marked.
 */
export function handOver({ who, since, seat, view, changed, onContinue }) {
  return h(
    "section",
    { class: "hand-over panel", "aria-labelledby": "hand-over-title", dataset: { testid: "hand-over" } },
    h("h2", { id: "hand-over-title", class: "panel__title" }, t("handOver.title", { who })),
    since.length
      ? h(
          "div",
          { class: "hand-over__since" },
          h("p", { class: "hand-over__since-title", id: "hand-over-since" }, t("handOver.since")),
          h("ol", { class: "hand-over__recap", "aria-labelledby": "hand-over-since" }, sinceLines(since, view.names)),
        )
      : null,
    seat === undefined ? null : grid({ seat, cells: view.grids[seat], size: "score", groups: view.live[seat].groups, changed }),
    h("p", { class: "hand-over__hint" }, t("handOver.hint", { who })),
    h(
      "div",
      { class: "panel__actions" },
      h("button", { type: "button", class: "button button--primary", dataset: { action: "continue" }, onclick: onContinue }, t("handOver.go", { who })),
    ),
  );
}
