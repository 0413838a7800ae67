// The end of the game: the winner(s) as the engine decided, why (most points;
// a tie broken by the best single round; else a shared win; or an instant
// win), every grid as the game left it, the final scores and a way to play again.
import { t } from "../i18n.js";
import { h } from "./dom.js";
import { grid } from "./grid.js";
import { scores } from "./scores.js";
import { winnersText } from "./status.js";

const best = (view, seat) => Math.max(...view.round_scores.map((round) => round[seat]));

/** Why the winners won, in words. The engine chose them; this only explains. */
function explanation(view, instantWinner) {
  const names = (seats) => seats.map((seat) => view.names[seat]).join(t("list.and"));
  if (instantWinner !== null) return t("gameOver.instant", { who: view.names[instantWinner] });
  const [winner] = view.winners;
  const points = view.totals[winner];
  if (view.winners.length > 1) return t("gameOver.shared", { who: names(view.winners), points, best: best(view, winner) });
  const tied = view.names.map((_, seat) => seat).filter((seat) => seat !== winner && view.totals[seat] === points);
  if (tied.length)
    return t("gameOver.tieBroken", {
      who: view.names[winner],
      others: names(tied),
      points,
      best: best(view, winner),
      otherBest: Math.max(...tied.map((seat) => best(view, seat))),
    });
  return t("gameOver.mostPoints", { who: view.names[winner], count: points });
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

/** gameOver({view, seats, instantWinner, onPlayAgain, onNewGame}) */
export function gameOver({ view, seats, instantWinner, onPlayAgain, onNewGame }) {
  return h(
    "section",
    { class: "game-over panel", "aria-labelledby": "game-over-title" },
    h("p", { class: "game-over__trophy", "aria-hidden": "true" }),
    h("h2", { id: "game-over-title", class: "panel__title" }, winnersText(view)),
    h("p", { class: "game-over__why" }, explanation(view, instantWinner)),
    finalGrids(view),
    h("div", { class: "scores" }, scores({ view, seats, live: false, highlight: view.winners.length === 1 ? view.winners[0] : null })),
    h(
      "div",
      { class: "panel__actions" },
      h("button", { type: "button", class: "button button--primary", dataset: { focus: "again" }, onclick: onPlayAgain }, t("gameOver.playAgain")),
      h("button", { type: "button", class: "button", onclick: onNewGame }, t("gameOver.newGame")),
    ),
  );
}
