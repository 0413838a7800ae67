// The end of the game: the winner(s) celebrated and why they won, as the
// engine decided and said (view.outcome: most points, a tie broken by the best
// single round, a shared win, an instant win), the players ranked by the
// engine's places with each round's score as a small chart, every grid as the
// game left it, and a way to play again. The score table itself is the side
// panel's (one table per screen).
import { t } from "../i18n.js";
import { h } from "./dom.js";
import { grid } from "./grid.js";
import { winnersText } from "./status.js";

/** The engine's reason, in words. */
function explanation({ names, totals, outcome }) {
  const { reason, winners, tied, best_rounds: best } = outcome;
  const list = (seats) => seats.map((seat) => names[seat]).join(t("list.and"));
  const [winner] = winners;
  const points = totals[winner];
  if (reason === "instant_win") return t("gameOver.instant", { who: names[winner] });
  if (reason === "most_points") return t("gameOver.mostPoints", { who: names[winner], count: points });
  if (reason === "shared") return t("gameOver.shared", { who: list(winners), points, best: best[winner] });
  const beaten = tied.filter((seat) => seat !== winner);
  return t("gameOver.tieBroken", {
    who: names[winner],
    others: list(beaten),
    points,
    best: best[winner],
    otherBest: Math.max(...beaten.map((seat) => best[seat])),
  });
}

/** The grids as the game ended (an instant win's twelve cards of one colour). */
function finalGrids(view) {
  return h(
    "div",
    { class: "panel__seats game-over__grids", role: "group", "aria-label": t("gameOver.grids") },
    view.names.map((name, seat) =>
      h(
        "figure",
        { class: `panel__seat game-over__grid${view.winners.includes(seat) ? " is-winner" : ""}` },
        grid({ seat, cells: view.grids[seat], size: "small", groups: view.live[seat].groups }),
        h("figcaption", { class: "game-over__name name-cut", title: name }, name),
      ),
    ),
  );
}

/** One round's score as a bar; its length set through the CSSOM (the page's policy forbids inline style attributes). */
function bar(score, top) {
  const el = h("span", { class: "ranking__bar" }, h("span", { class: "ranking__bar-value" }, score));
  el.style.setProperty("--share", String(Math.max(0, score) / top));
  return el;
}

/** The players in the engine's order of places, each with a bar per round (scaled to the best round of anyone). */
function ranking(view) {
  const { places } = view.outcome;
  const order = view.names.map((_, seat) => seat).sort((a, b) => places[a] - places[b] || a - b);
  const top = Math.max(1, ...view.round_scores.flat());
  return h(
    "ol",
    { class: "ranking", "aria-label": t("gameOver.ranking"), dataset: { testid: "ranking" } },
    order.map((seat) =>
      h(
        "li",
        { class: `ranking__row${places[seat] === 1 ? " is-winner" : ""}`, dataset: { seat: String(seat), place: String(places[seat]) } },
        h("span", { class: "ranking__place", "aria-label": t("gameOver.place", { place: places[seat] }) }, places[seat]),
        h("span", { class: "ranking__name name-cut", title: view.names[seat] }, view.names[seat]),
        h(
          "span",
          {
            class: "ranking__rounds",
            role: "img",
            "aria-label": view.round_scores.map((scores, i) => t("gameOver.roundScore", { round: i + 1, count: scores[seat] })).join(t("list.comma")),
          },
          view.round_scores.map((scores) => bar(scores[seat], top)),
        ),
        h("span", { class: "ranking__total" }, t("gameOver.total", { count: view.totals[seat] })),
      ),
    ),
  );
}

/**
 * gameOver({view, onPlayAgain, onNewGame, onReview, daily, againLabel}): view
 * is the engine's at game over; daily, today's deal's result view (under the
 * reason), and againLabel, its "Play again" words, for a daily deal.
 */
export function gameOver({ view, onPlayAgain, onNewGame, onReview, daily = null, againLabel = t("gameOver.playAgain") }) {
  return h(
    "section",
    { class: "game-over panel", "aria-labelledby": "game-over-title", dataset: { testid: "game-over", reason: view.outcome.reason } },
    h("p", { class: "game-over__trophy", "aria-hidden": "true" }),
    h("h2", { id: "game-over-title", class: "panel__title" }, winnersText(view)),
    h("p", { class: "game-over__why" }, explanation(view)),
    daily,
    ranking(view),
    finalGrids(view),
    h(
      "div",
      { class: "panel__actions" },
      h("button", { type: "button", class: "button button--primary", dataset: { focus: "again" }, onclick: onPlayAgain }, againLabel),
      h("button", { type: "button", class: "button", onclick: onNewGame }, t("gameOver.newGame")),
      h("button", { type: "button", class: "button", onclick: onReview }, t("gameOver.review")),
    ),
  );
}
