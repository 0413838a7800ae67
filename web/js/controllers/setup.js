// The setup screen: the form that starts a game (or the tutorial), "New game"
// (asked first over a game in progress) and the way back to that game. It
// needs no engine to show: on a first visit it shows while the engine boots,
// the status telling how far the boot is; a start chosen meanwhile waits for
// the engine (the scheduler's first task), the form held.
//
//   const setup = new SetupController(app); // uses app.el, screens, games, scheduler, tutorial, table, engineStart, daily
//   setup.show();
//   setup.engineStaged(stage); // the engine's boot has reached stage
import { t } from "../i18n.js";
import { readPrefs, storePrefs } from "../save.js";
import { confirmDialog } from "../ui/dialogs.js";
import { fill } from "../ui/dom.js";
import { setup } from "../ui/setup.js";
import { renderStatus } from "../ui/status.js";

export class SetupController {
  constructor(app) {
    this.app = app;
    this.form = null; // the form on show, until a start is chosen
  }

  get engineReady() {
    return this.app.engineStart.stage === "ready";
  }

  /** The boot's stage, on the setup (its progress) or, once a start waits for the engine, as the loading status. */
  engineStaged(stage) {
    const { screens, el } = this.app;
    if (screens.name === "setup" && this.form) renderStatus(el.status, { phase: "setup", stage });
    else if ((screens.name === "loading" || screens.name === "setup") && stage !== "ready") renderStatus(el.status, { phase: "loading", stage });
  }

  /** A start (a game or the tutorial) is chosen: held while the engine boots, then run. */
  chosen(task) {
    const { el, scheduler } = this.app;
    if (!this.form) return; // chosen already: the first choice stands
    if (!this.engineReady) {
      this.form.inert = true;
      this.form.setAttribute("aria-busy", "true");
      renderStatus(el.status, { phase: "loading", stage: this.app.engineStart.stage });
    }
    this.form = null;
    scheduler.enqueue(task);
  }

  show() {
    const { el, screens, games, tutorial } = this.app;
    if (!games.writer.held) return; // a new game here would replace the other tab's
    if (this.app.engineStart.stage === "failed") return; // nothing could start: its notice offers a reload
    tutorial.leaveQuietly();
    renderStatus(el.status, { phase: "setup", stage: this.app.engineStart.stage });
    screens.show("setup");
    const session = games.session;
    const inGame = !tutorial.inEngine && session?.view != null && session.phase !== "game-over";
    // Offered once, on a first visit (no game ever saved here); never over a game from the address.
    const offerTutorial = !readPrefs().tutorialOffered && !inGame;
    if (offerTutorial) storePrefs({ tutorialOffered: true });
    const form = setup({
      initial: readPrefs().setup,
      offerTutorial,
      onTutorial: () => this.chosen(() => tutorial.start()),
      onDaily: () => this.app.daily.start(),
      onBack: inGame ? () => this.backToGame() : null,
      onStart: (choice) => {
        storePrefs({ setup: choice.setup });
        this.chosen(() => games.start(choice));
      },
    });
    this.form = form;
    fill(el.screen, form);
    form.querySelector("select").focus();
  }

  backToGame() {
    this.app.screens.name = "game";
    this.app.table.render({ focusMain: true });
    this.app.scheduler.pump();
  }

  /** "New game": asked first over a game in progress. */
  askNewGame = async () => {
    const { screens, games, el } = this.app;
    const playing = screens.name === "game" && games.session.phase !== "game-over";
    if (playing && !(await confirmDialog(el.confirmDialog, { message: t("dialog.abandon"), confirm: t("dialog.abandonYes") }))) return;
    this.show();
  };
}
