// Today's deal as the page runs it. The button (in the menu and on the setup)
// starts the day's deal: the engine's daily_new for the player's local date,
// one round against two bots; the same button goes back to it while it is
// under way. Once it is over, the game-over screen carries the result: the
// player's score beside the Expert's on the same deal (the engine's
// daily_expert), the first finished try of a date counted and later ones
// practice (daily-results.js, stored by daily-store.js), and the share line
// of the counted try, copied or sent. Everything about the deal, the scores
// and the squares is the engine's.
//
//   const daily = new DailyController(app); // uses app.el, games, screens, scheduler, setup, table
//   daily.start();    // today's deal, or back to it
//   daily.panel();    // at game over: the result view, or null for another game
import { shareText } from "../daily-share.js";
import { addResult, countedOn, startTry, streaks, today } from "../daily-results.js";
import { readDaily, storeDaily } from "../daily-store.js";
import { t } from "../i18n.js";
import { rules } from "../rules.js";
import { readPrefs } from "../save.js";
import { gameId } from "../stats.js";
import { dailyFailed, dailyResult, dailyWaiting, showShareMessage } from "../ui/daily-result.js";
import { showNotice } from "../ui/dialogs.js";
import { sanitizeSetup } from "../ui/setup.js";

export class DailyController {
  constructor(app) {
    this.app = app;
    this.current = null; // {date, number, head} of the daily game started here (also stored, for a reload)
    this.shown = null; // {key, result, counted, streak} or {key, error}: the finished daily game's result
    this.asking = null; // the key of the game whose result is being worked out
    this.message = ""; // what the last copy or share did
    app.el.dailyButton.addEventListener("click", () => this.start());
  }

  /** The stored results, the player told once if a part had to be set aside. */
  load() {
    const { daily, broken } = readDaily();
    if (broken) showNotice(this.app.el.notice, t("daily.broken", { message: broken }), { kind: "warning" });
    return daily;
  }

  /** The daily deal the engine plays, {date, number, head}, or null if its game is no daily deal started here. */
  playing() {
    const head = this.app.games.session?.recordHead;
    if (!head) return null;
    const started = this.current?.head === head ? this.current : readDaily().daily.playing;
    return started?.head === head ? started : null;
  }

  /** One finished game of the deal, told apart from another try of it (same head, other moves). */
  gameKey() {
    const { recordHead, actions } = this.app.games.session;
    return `${recordHead}\n${actions.join(",")}`;
  }

  /**
   * The name in the player's seat: the setup's human with a name, else the
   * name the setup gives a first player left unnamed. Not "You": the log,
   * status and recap put the name in the third person ("You draws").
   */
  playerName() {
    const human = sanitizeSetup(readPrefs().setup).seats.find((seat) => seat.kind === "human" && seat.name.trim());
    return human ? human.name.trim() : t("setup.defaultName", { n: 1 });
  }

  /** The button: today's deal starts (a game in progress is kept, as an address's game keeps it), or shows again if under way. */
  start() {
    const { games, screens, setup, scheduler } = this.app;
    if (!games.writer.held) return;
    const date = today();
    if (this.playing()?.date === date && games.session.phase !== "game-over") {
      if (screens.name !== "game") setup.backToGame();
      return;
    }
    const task = () => games.keeping(() => this.begin(date));
    if (screens.name === "setup") setup.chosen(task);
    else scheduler.enqueue(task);
  }

  /** Start the deal of date in the engine, each seat named as the setup names it. */
  begin(date) {
    const { games } = this.app;
    const names = { human: this.playerName() };
    for (const level of [...rules().levels, ...rules().test_levels]) names[level] = t(`botName.${level}`);
    return games.begin(async () => {
      const { number } = await games.session.startDaily({ date, names });
      const daily = this.load();
      this.current = startTry(daily, { date, number, head: games.session.recordHead });
      this.shown = null;
      this.message = "";
      storeDaily({ ...daily, playing: this.current }); // refused by a full storage: this tab still knows
    });
  }

  /** For the game-over screen: the daily result (asked of the engine once), or null for any other game. */
  panel() {
    const playing = this.playing();
    if (!playing || this.app.games.importedOver) return null; // a file's game was played elsewhere: no try of this device
    const key = this.gameKey();
    if (this.shown?.key === key) {
      if (this.shown.error) return dailyFailed(this.shown.error);
      const { result, counted, streak } = this.shown;
      const canSend = typeof navigator.share === "function";
      const text = counted && shareText(counted); // nothing to share when the date's first try was left unfinished
      const share = (how) => this.share(how, text);
      return dailyResult({ result, counted, streak, text, message: this.message, canSend, onShare: share });
    }
    if (this.asking !== key) {
      this.asking = key;
      this.app.scheduler.enqueue(() => this.finish(playing, key));
    }
    return dailyWaiting();
  }

  /**
   * The finished try's result: known already (a reload), or the Expert's
   * score asked of the engine and the try stored, counted if it is the
   * date's first. Then the game-over screen is drawn again with it.
   */
  async finish(playing, key) {
    const { games, table } = this.app;
    if (this.gameKey() !== key) return (this.asking = null); // another game since: nothing to tell
    try {
      const id = gameId(await games.session.record());
      let daily = this.load();
      let result = daily.results.find((r) => r.id === id);
      if (!result) {
        const { share } = await games.session.dailyExpert(playing.date);
        if (!share) throw new Error(t("daily.notThatDeal", { date: playing.date }));
        const { you, expert, number, date, grid } = share;
        ({ daily, result } = addResult(daily, { id, at: new Date().toISOString(), date, number, you, expert, grid, practice: playing.practice }));
        if (!storeDaily(daily)) showNotice(this.app.el.notice, t("daily.unsaved"), { kind: "warning" });
      }
      this.shown = { key, result, counted: countedOn(daily, result.date), streak: streaks(daily, today()) };
    } catch (error) {
      if (error.type === "EngineError") return; // the engine is gone: its notice says so
      this.shown = { key, error: error.message };
    }
    this.asking = null;
    // The panel is drawn anew: a keyboard user on it lands on its main button again, not on the page.
    table.render({ focusMain: this.app.el.screen.contains(document.activeElement) });
  }

  /** Copy the share line (how: "copy") or send it with the Web Share API ("send"); say in words what happened. */
  async share(how, text) {
    const [done, failed] = how === "send" ? [t("daily.sent"), t("daily.sendFailed")] : [t("daily.copied"), t("daily.copyFailed")];
    try {
      if (how === "send") await navigator.share({ text });
      else await navigator.clipboard.writeText(text);
      this.message = done;
    } catch (error) {
      this.message = error?.name === "AbortError" ? "" : failed; // the player closing the share sheet is no failure
    }
    showShareMessage(this.app.el.screen, this.message);
  }
}
