// The end of the game: the winner(s) and why, as the engine decided and said
// (view.outcome: most points, a tie broken by the best single round, a shared
// win, an instant win), every grid as the game left it, the final scores and
// a way to play again.
import { t } from "../i18n.js";
import { h } from "./dom.js";
import { grid } from "./grid.js";
import { scores } from "./scores.js";
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

/** gameOver({view, seats, onPlayAgain, onNewGame, onReview}): view is the engine's at game over. */
export function gameOver({ view, seats, onPlayAgain, onNewGame, onReview }) {
  return h(
    "section",
    { class: "game-over panel", "aria-labelledby": "game-over-title", dataset: { testid: "game-over", reason: view.outcome.reason } },
    h("p", { class: "game-over__trophy", "aria-hidden": "true" }),
    h("h2", { id: "game-over-title", class: "panel__title" }, winnersText(view)),
    h("p", { class: "game-over__why" }, explanation(view)),
    finalGrids(view),
    h("div", { class: "scores" }, scores({ view, seats, live: false, highlight: view.winners.length === 1 ? view.winners[0] : null })),
    h(
      "div",
      { class: "panel__actions" },
      h("button", { type: "button", class: "button button--primary", dataset: { focus: "again" }, onclick: onPlayAgain }, t("gameOver.playAgain")),
      h("button", { type: "button", class: "button", onclick: onNewGame }, t("gameOver.newGame")),
      h("button", { type: "button", class: "button", onclick: onReview }, t("gameOver.review")),
    ),
  );
}
