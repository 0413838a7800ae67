// What a redraw of the game shows, from the table controller's state: the
// status, the scores and the log, then either the table (patched in place)
// or the panel that covers it (a hot-seat hand-over, a round's scores, the
// game's end), with the keyboard user's focus kept or moved to the new view.
import { t } from "../i18n.js";
import { fill, focusAfterLayout, patch } from "../ui/dom.js";
import { gameOver } from "../ui/game-over.js";
import { handOver, turnEndText } from "../ui/recap.js";
import { scores } from "../ui/scores.js";
import { scoringView } from "../ui/scoring-view.js";
import { renderStatus } from "../ui/status.js";
import { table } from "../ui/table.js";

/** Redraw the game from table (a TableController); see TableController.render. */
export function drawTable(controller, { events, focusMain }) {
  const { app, turns, session } = controller;
  const { el, screens } = app;
  const { view, seats } = session;
  const phase = session.phase;
  renderStatus(el.status, { phase, view, seats, scored: session.pending, events, held: controller.holding });
  patch(el.scores, scores({ view, seats, highlight: phase === "turn" ? view.current : null, live: phase === "turn" }));
  controller.logView.update(session.log, view.names, controller.shownEvents(session.log).length);
  const covered = phase !== "turn" || controller.handingOver !== null;
  screens.show("game", { covered });
  const keyboardLater = !screens.keyboardUsed;
  if (!covered) {
    fill(el.screen); // a hand-over or scoring view left behind must not offer its "continue"
    const coached = app.tutorial.current !== null;
    const recap = { ...recapLines(session, turns, controller.tellSeat(), coached), open: controller.recapOpen };
    const stage = controller.holding ?? view.current;
    const drawn = () => {
      // In place: a bot's move changes a few cards of a table of some 500 elements.
      const interactive = session.humanToPlay && !controller.busy;
      patch(el.board, ...table({ view, seats, stage, changed: (seat) => turns.changedBy(seat), recap, interactive }));
      app.aids.render();
    };
    keepFocus(el.board, drawn, { focusMain, later: keyboardLater });
  } else if (phase === "turn") {
    fill(el.board); // nothing under the hand-over may be played
    const panel = handOver({
      who: view.names[controller.handingOver],
      since: turns.since(controller.handingOver),
      seat: turns.last?.seat,
      view,
      changed: turns.last ? turns.changedBy(turns.last.seat) : null,
      onContinue: controller.onHandedOver,
    });
    fill(el.screen, panel);
    if (focusMain) panel.querySelector(".button--primary").focus();
  } else {
    if (phase === "game-over") app.scheduler.enqueue(() => app.games.countFinished());
    const daily = phase === "game-over" ? app.daily.panel() : null; // today's deal's result, for its game
    const panel =
      phase === "round-end"
        ? scoringView({ scored: session.pending, view, seats, onContinue: controller.onContinue })
        : gameOver({
            view,
            onPlayAgain: () => (daily ? app.daily.start() : app.games.playAgain()), // today's deal again: practice
            onNewGame: () => app.setup.askNewGame(),
            onReview: () => app.scheduler.enqueue(() => app.review.open()),
            daily,
            againLabel: daily ? t("daily.again") : undefined,
          });
    // A keyboard user whose target just went away (the round ended) lands on the next step.
    const lost = document.activeElement === document.body || el.board.contains(document.activeElement);
    fill(el.screen, panel);
    // Focused where it is: a new view opens at its top (view-top.js), its button maybe further down.
    if (focusMain || lost) focusAfterLayout(panel.querySelector(".button--primary"), { scroll: false, later: keyboardLater });
  }
}

/**
 * The stage's recap: the turn that ended last, and every turn since seat's
 * own last one (none for a table of bots), from the engine's turn_end events
 * and view.last_turns (docs/engine-contract.md, "Turns"). In the guided
 * first game (coached) the coach has just walked the player through their
 * own turn, so only the other player's turns are told: the phone's height
 * goes to the grid the coach points at.
 */
function recapLines(session, turns, seat, coached) {
  const { view } = session;
  const told = turns.last && !(coached && turns.last.seat === seat);
  const last = told ? turnEndText(turns.last.end, view.names) : null;
  const since = seat === null ? [] : turns.since(seat).filter((entry) => entry.end);
  return { last, since: since.map((entry) => turnEndText(entry.end, view.names)) };
}

/** Redraw inside root without losing the keyboard user's place. */
function keepFocus(root, redraw, { focusMain, later }) {
  const had = root.contains(document.activeElement) || document.activeElement === document.body;
  const key = document.activeElement?.dataset?.focus;
  redraw();
  if (!had && !focusMain) return;
  const same = key && root.querySelector(`[data-focus="${key}"]:not(:disabled):not([aria-disabled="true"])`);
  // After a draw, where the card can go: never a discard pile, where Enter would throw it away.
  const next = same || root.querySelector('[data-action^="place:"]') || root.querySelector("[data-action]");
  if (next) focusAfterLayout(next, { scroll: focusMain, later });
}
