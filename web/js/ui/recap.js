// The recap of a finished turn ("Ann took the green 9, chained 3 cards,
// discarded the red 4"), worded from the turn's events or the engine's
// turn_end event; the stage's recap (the last turn whole, every turn since
// the player's own last one a tap away, and the way to the log); and the
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

/**
 * A turn_end event of the engine (docs/engine-contract.md: {seat, start,
 * first, placed, discard, replay, completed}) in words, as recapText words
 * a turn's events.
 */
export function turnEndText(end, names) {
  const parts = [t(end.start.kind === "take" ? "recap.took" : "recap.drew", { card: cardName(end.first) })];
  const [first] = end.placed;
  if (first)
    parts.push(
      end.placed.length === 1 ? t("recap.placed", { card: cardName(first.card), spot: first.spot }) : t("recap.chained", { count: end.placed.length }),
    );
  if (end.discard) parts.push(t("recap.discarded", { card: cardName(end.discard.card) }));
  if (end.replay) parts.push(t("recap.again"));
  if (end.completed) parts.push(t("recap.complete"));
  return t("recap.line", { who: names[end.seat], actions: parts.join(t("list.comma")) });
}

/**
 * recap({last, since, open}): under the stage's title, the last turn's
 * recap whole (data-testid="recap"; empty before the first turn ends);
 * since: the lines of every turn since the player's own last one, oldest
 * first, behind one toggle (data-toggle="recap", open: shown); and the way
 * to the game log (data-toggle="log"). The board's one click listener
 * handles both, as it plays data-action.
 */
export function recap({ last, since = [], open = false }) {
  const more = since.length > 1;
  return h(
    "div",
    { class: "recap" },
    h(
      "p",
      { class: "recap__line" },
      h("span", { class: "recap__last", dataset: { testid: "recap" } }, last ?? ""),
      more
        ? h(
            "button",
            {
              type: "button",
              class: "recap__toggle",
              "aria-expanded": String(open),
              "aria-controls": "recap-since",
              dataset: { toggle: "recap", focus: "recap", testid: "recap-toggle" },
            },
            t("recap.since", { count: since.length }),
          )
        : null,
      h("button", { type: "button", class: "recap__log", dataset: { toggle: "log", focus: "log", testid: "to-log" } }, t("recap.toLog")),
    ),
    more
      ? h(
          "ol",
          { class: "recap__since", id: "recap-since", hidden: !open, dataset: { testid: "recap-since" } },
          since.map((line) => h("li", {}, line)),
        )
      : null,
  );
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
