// The setup screen: the form that starts a game (or the tutorial), "New game"
// (asked first over a game in progress) and the way back to that game. It
// needs no engine to show; starting a game waits for it.
//
//   const setup = new SetupController(app); // uses app.el, screens, games, scheduler, tutorial, table
//   setup.show();
import { t } from "../i18n.js";
import { readPrefs, storePrefs } from "../save.js";
import { confirmDialog } from "../ui/dialogs.js";
import { fill } from "../ui/dom.js";
import { setup } from "../ui/setup.js";
import { renderStatus } from "../ui/status.js";

export class SetupController {
  constructor(app) {
    this.app = app;
  }

  show() {
    const { el, screens, games, scheduler, tutorial } = this.app;
    if (!games.writer.held) return; // a new game here would replace the other tab's
    tutorial.leaveQuietly();
    renderStatus(el.status, { phase: "setup" });
    screens.show("setup");
    const session = games.session;
    const inGame = !tutorial.inEngine && session?.view != null && session.phase !== "game-over";
    // Offered once, on a first visit (no game ever saved here); never over a game from the address.
    const offerTutorial = !readPrefs().tutorialOffered && !inGame;
    if (offerTutorial) storePrefs({ tutorialOffered: true });
    const form = setup({
      initial: readPrefs().setup,
      offerTutorial,
      onTutorial: () => scheduler.enqueue(() => tutorial.start()),
      onBack: inGame ? () => this.backToGame() : null,
      onStart: (choice) => {
        storePrefs({ setup: choice.setup });
        scheduler.enqueue(() => games.start(choice));
      },
    });
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
