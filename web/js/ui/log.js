// The game log: every engine event in words, newest last. The same words are
// announced to screen readers as the events happen (see main.js).
import { cardName } from "../cards.js";
import { t } from "../i18n.js";
import { h } from "./dom.js";

const pile = (index) => t(`pile.discard.${index}`);

/** One event in words, or null for an event the log does not show. */
export function eventText(event, names) {
  const who = names[event.seat];
  switch (event.type) {
    case "draw":
      return t("log.draw", { who, card: cardName(event.card) });
    case "take":
      return t("log.take", { who, card: cardName(event.card), pile: pile(event.pile) });
    case "place":
      if (event.replaced_was_up) return t("log.placeOverUp", { who, card: cardName(event.card), spot: event.spot, replaced: cardName(event.replaced) });
      return t("log.placeOverDown", { who, card: cardName(event.card), spot: event.spot, replaced: cardName(event.replaced) });
    case "discard":
      return t("log.discard", { who, card: cardName(event.card), pile: pile(event.pile) });
    case "extra_turn":
      return t("log.extraTurn", { who });
    case "round_end_triggered":
      return t("log.roundEndTriggered", { who });
    case "reshuffle":
      return t("log.reshuffle", { count: event.count });
    case "round_scored":
      return t("log.roundScored", { round: event.round, scores: event.scores.map((score, seat) => t("log.score", { who: names[seat], score })).join(", ") });
    case "round_start":
      return t("log.roundStart", { round: event.round, who: names[event.starter] });
    case "instant_win":
      return t("log.instantWin", { who });
    case "aid":
      return t(`aid.log.${event.kind}`);
    case "game_over":
      return t("log.gameOver", { winners: event.winners.map((seat) => names[seat]).join(t("list.and")) });
    default:
      return null;
  }
}

/**
 * The log panel's list. It only appends what is new (a game has hundreds of
 * events and an all-bot table renders after each one) and keeps the newest in view.
 */
export class LogView {
  constructor(list) {
    this.list = list;
    this.shown = 0;
    this.events = null;
    this.scrolling = false; // a scroll to the newest waits for the next frame
  }

  /** Show events[0 .. upTo) (the rest waits, see main.js shownEvents). */
  update(events, names, upTo = events.length) {
    if (events !== this.events || upTo < this.shown) {
      this.list.replaceChildren();
      this.shown = 0;
      this.events = events;
    }
    for (const event of events.slice(this.shown, upTo)) {
      const text = eventText(event, names);
      if (text === null) continue;
      const major = event.type === "round_start" || event.type === "round_scored" || event.type === "game_over";
      this.list.append(h("li", { class: `log__entry log__entry--${event.type.replace(/_/g, "-")}${major ? " log__entry--major" : ""}` }, text));
    }
    if (upTo > this.shown) this.scrollToEnd();
    this.shown = upTo;
  }

  /**
   * Scroll to the newest at the next frame, once however many updates come
   * before it: reading scrollHeight now would lay the page out at once, at
   * every update (an all-bot table at speed=instant updates many times a frame).
   */
  scrollToEnd() {
    if (this.scrolling) return;
    this.scrolling = true;
    requestAnimationFrame(() => {
      this.scrolling = false;
      this.list.scrollTop = this.list.scrollHeight;
    });
  }
}
