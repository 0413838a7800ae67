// The guided first game: a scripted game against one rookie on a fixed deal
// (web/tutorial/script.json, made and checked by py/dozito/lab/tutorial.py).
// The coach points at the one element the script plays next (data-coach) and
// says what to do and why; every other target is taken off the table, so the
// game can only follow the script. The page never saves this game. What the
// coach says of a placed card (its spot, the group it joins) is the engine's
// fact in the script (step.placed), checked against the game by the tests.
import { cardInfo, cardName } from "./cards.js";
import { t } from "./i18n.js";
import { actionOf } from "./rules.js";

const SCRIPT_URL = "tutorial/script.json";

/** The record that starts the tutorial's game (no action yet). */
function recordText(script) {
  return JSON.stringify({
    format: "dozito/1",
    players: [t("setup.defaultName", { n: 1 }), t("botName.rookie")], // names never change the deal
    rounds: 1,
    first_player: script.first,
    seed: script.seed,
    seats: ["human", "rookie"],
    actions: [],
  });
}

export class Tutorial {
  /** Fetch the script; resolves to the tutorial and the record its game starts from. */
  static async load() {
    const response = await fetch(SCRIPT_URL);
    if (!response.ok) throw new Error(`${SCRIPT_URL}: ${response.status}`);
    const script = await response.json();
    return { tutorial: new Tutorial(script), text: recordText(script) };
  }

  constructor(script) {
    this.steps = script.steps;
    this.next = 0; // the script's next human action
    this.welcoming = true; // the first bubble waits for "continue" over the table
  }

  /** The human played an action: the script moves on if it was the coached one. */
  played(action) {
    if (this.steps[this.next]?.action === action) this.next += 1;
  }

  /**
   * What the coach shows now: {text, action} where action is the data-action
   * of the element to point at (null: nothing to click, the rookie plays), or
   * {text, wait: true} for a bubble that covers the table until "continue",
   * or {text, done: true} at the end.
   */
  coach(session) {
    if (this.welcoming) return { text: t("tutorial.intro", { bot: t("botName.rookie") }), wait: true };
    const phase = session.phase;
    if (phase === "game-over") return { text: this.closing(session.view), done: true };
    if (phase === "round-end") return { text: t("tutorial.scoring"), action: "continue" };
    if (!session.humanToPlay) return { text: t("tutorial.wait", { bot: t("botName.rookie") }), action: null };
    const step = this.steps[this.next];
    return { text: t(`tutorial.say.${step.say}`, this.words(step, session.view)), action: step.action };
  }

  /** The closing words, by the engine's outcome: the learner's win or the rookie's. */
  closing(view) {
    const [you, bot] = view.totals;
    return t(`tutorial.done${view.outcome.places[0] === 1 ? "Won" : "Lost"}`, { you, bot });
  }

  /** The card, spot, pile and group the coach's sentence names. */
  words(step, view) {
    const { kind, spot, pile } = actionOf(step.action); // the engine's reading of the action
    const number = spot ?? pile;
    const words = { spot: number, pile: t(`pile.discard.${number}`) };
    if (view.hand) words.card = cardName(view.hand);
    if (kind === "take") words.card = cardName(view.discard_tops[number]);
    const placed = step.placed;
    if (placed) Object.assign(words, { spot: placed.spot, group: placed.group, color: t(`color.${cardInfo(placed.card).color}`) });
    return words;
  }
}
