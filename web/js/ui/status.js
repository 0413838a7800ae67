// The status line: whose turn it is and what they may do, or how the game
// stands. Its data-phase / data-current / data-winners attributes are part
// of the page's testing contract (docs/page-contract.md).
import { cardInfo, cardName } from "../cards.js";
import { t } from "../i18n.js";
import { fill, h } from "./dom.js";

/** Whether the card in hand may go into the grid, and onto a discard pile: the view's targets (docs/engine-contract.md). */
export function handMoves(view) {
  return { place: view.targets.can_place, discard: view.targets.can_discard };
}

/** What the player to move may do now: exactly the moves the engine offers. */
function hint(view, events) {
  if (!view.hand) return t("hint.start");
  const card = cardName(view.hand);
  const moves = handMoves(view);
  const what =
    moves.place && moves.discard ? t("hint.placeOrDiscard", { card }) : moves.place ? t("hint.mustPlace", { card }) : t("hint.mustDiscard", { card });
  const why = specialCard(view, events, moves);
  return why ? `${what} ${why}` : what;
}

/**
 * Why a special card matters now: a STOP just placed or in hand, a Replay or
 * a joker in hand (the card table's kinds). A card that may not be discarded
 * (taken from a pile) is told without the discard.
 */
function specialCard(view, events, moves) {
  const stop = events.find((event) => event.type === "place" && cardInfo(event.card).kind === "stop");
  if (stop) return t("hint.stopPlaced", { stop: cardName(stop.card), card: cardName(view.hand) });
  const kind = cardInfo(view.hand).kind;
  if (kind === "normal") return null;
  return (kind === "stop" || kind === "replay") && !moves.discard ? t(`hint.${kind}Keep`) : t(`hint.${kind}`);
}

/** The round's last turns, once a grid is complete: told to the player who has one. */
function lastTurnChip(view, seats, current) {
  const who = view.names[view.ender];
  const text = seats[current].kind === "human" ? t("status.yourLastTurn", { who }) : t("status.lastTurnOf", { player: view.names[current], who });
  return h("span", { class: "chip chip--last", dataset: { testid: "last-turn" } }, text);
}

/** "Ann wins!" or "Shared victory: Ann and Bob". */
export function winnersText(view) {
  const names = view.winners.map((seat) => view.names[seat]);
  return names.length === 1 ? t("status.winner", { who: names[0] }) : t("status.sharedWin", { who: names.join(t("list.and")) });
}

/** Words for the events worth a moment's attention on the status line. */
function flashText(event, view) {
  if (event.type === "extra_turn") return t("status.extraTurn", { who: view.names[event.seat] });
  if (event.type === "reshuffle") return t("status.reshuffle");
  return null;
}

/**
 * renderStatus(el, {phase, view, seats, scored, events, stage, held}): scored
 * is the round_scored event on show at a round end, events those of the last
 * action, stage the engine's boot stage ("runtime", "engine", "ready",
 * "failed"; the setup tells it while the engine boots), held the seat whose finished turn
 * the table still shows (null if none): the status names it, as the table does.
 */
export function renderStatus(el, { phase, view = null, seats = [], scored = null, events = [], stage = "runtime", held = null }) {
  const booting = stage === "runtime" || stage === "engine";
  el.dataset.phase = phase;
  const current = phase === "turn" ? view.current : null;
  if (current === null) delete el.dataset.current;
  else el.dataset.current = String(current);
  if (phase === "game-over") el.dataset.winners = view.winners.join(",");
  else delete el.dataset.winners;

  let main;
  let detail = "";
  let progress = null; // the engine's boot, on the setup that shows meanwhile
  const chips = [];
  if (phase === "loading") {
    main = t(`status.loading.${stage}`);
  } else if (phase === "setup") {
    main = t("status.setup");
    if (booting) progress = h("span", { class: "status__detail", dataset: { testid: "engine-progress" } }, t(`status.setupLoading.${stage}`));
  } else {
    if (phase === "turn") {
      chips.push(h("span", { class: "chip chip--round" }, t("status.round", { round: view.round, rounds: view.rounds })));
      const name = view.names[current];
      const seat = seats[current];
      if (held !== null && held !== current) {
        main = t("status.turnEnded", { who: view.names[held] });
        detail = t("status.nextUp", { who: name });
      } else {
        main = seat.kind === "human" ? t("status.yourTurn", { who: name }) : t("status.botTurn", { who: name });
        detail = seat.kind === "human" ? hint(view, events) : t("status.botLevel", { level: t(`level.${seat.level}`) });
      }
      if (view.ender !== null) chips.push(lastTurnChip(view, seats, current));
      for (const event of events) {
        const text = flashText(event, view);
        if (text) chips.push(h("span", { class: "chip chip--flash" }, text));
      }
    } else if (phase === "round-end") {
      main = t("status.roundOver", { round: scored.round });
      detail = t("status.roundOverHint");
    } else {
      main = winnersText(view);
    }
  }
  fill(
    el,
    phase === "loading" && booting ? h("span", { class: "status__spinner", "aria-hidden": "true" }) : null,
    h("span", { class: "status__text" }, h("strong", { class: "status__main" }, main), detail ? h("span", { class: "status__detail" }, detail) : progress),
    chips.length
      ? h(
          "span",
          { class: "status__chips" },
          chips.map((chip) => (typeof chip === "string" ? h("span", { class: "chip" }, chip) : chip)),
        )
      : null,
  );
}
