// The guided first game as the page runs it (tutorial.js holds the script):
// loaded into the engine, never saved, its coach over every redraw, left at
// any time for the saved game, untouched, or the setup.
//
//   const tutorial = new TutorialController(app); // uses app.el, games, screens, scheduler, setup, table
//   scheduler.enqueue(() => tutorial.start());
import { t } from "../i18n.js";
import { Tutorial } from "../tutorial.js";
import { showNotice } from "../ui/dialogs.js";
import { hideCoach, showCoach } from "../ui/coach.js";

export class TutorialController {
  constructor(app) {
    this.app = app;
    this.current = null; // the guided first game being played (tutorial.js), never saved
    this.inEngine = false; // the engine's game is the tutorial's, even once left: never one to go back to
  }

  async start() {
    const { games, screens, scheduler, table, setup } = this.app;
    let text;
    try {
      ({ tutorial: this.current, text } = await Tutorial.load());
      await games.session.load({ text });
      this.inEngine = true;
    } catch (error) {
      this.current = null;
      showNotice(this.app.el.notice, t("error.start", { message: error.message }));
      return setup.show();
    }
    screens.name = "game";
    scheduler.halted = false;
    table.render({ focusMain: true });
  }

  /** Another game replaced the tutorial's in the engine. */
  forget() {
    this.current = null;
    this.inEngine = false;
  }

  /** The setup or the review shows: the coach goes, the engine may still hold the tutorial's game. */
  leaveQuietly() {
    this.current = null;
    hideCoach(this.app.el.coach);
  }

  /** The player played action: the script moves on. */
  played(action) {
    this.current?.played(action);
  }

  /** The coach over what the table's redraw drew: one target left playable, focused for the keyboard. */
  coachNow() {
    const { el, games } = this.app;
    if (!this.current) return hideCoach(el.coach);
    const scope = games.session.phase === "turn" ? el.board : el.screen;
    const hadFocus = scope.contains(document.activeElement) || document.activeElement === document.body;
    const onContinue = () => this.welcomed();
    const target = showCoach(el.coach, scope, this.current.coach(games.session), { onContinue, onLeave: () => this.leave() });
    if (target && hadFocus) target.focus({ preventScroll: true });
  }

  welcomed() {
    this.current.welcoming = false;
    this.app.table.render({ focusMain: true });
  }

  /** Leave the tutorial at any time: back to the saved game, untouched, or to the setup. */
  leave() {
    const { games, setup, scheduler } = this.app;
    this.leaveQuietly();
    scheduler.enqueue(async () => (await games.resumeSaved()) || setup.show());
  }
}
