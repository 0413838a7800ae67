// Which screen shows, and which of the page's panels with it: the one place
// that hides and shows the board, the side column, the bot bar and the aids'
// cell, the screen panel and the toolbar's game buttons. It needs no engine,
// so the setup can show before the engine is up.
//
//   const screens = new Screens(el, { clearAids });
//   screens.show("setup");
//   screens.show("game", { covered: true }); // a panel (hand-over, scores, game over) over the table
//   screens.name; // "loading", "setup", "game", "review", "elsewhere" (another tab plays) or "failed" (the engine's start)

export class Screens {
  /** el: the page's elements (elements.js); clearAids(): empty the aids' cell (the aids controller's). */
  constructor(el, { clearAids }) {
    this.el = el;
    this.clearAids = clearAids;
    this.name = "loading";
    // Until a key is pressed, no keyboard user waits on the focus: a redraw focuses
    // its target once the browser has laid it out, not at once, which would lay
    // out the fresh board or scores inside the redraw's task (focusAfterLayout).
    this.keyboardUsed = false;
    document.addEventListener("keydown", () => (this.keyboardUsed = true), { capture: true, once: true });
  }

  /**
   * Show a screen. covered: in "game", a panel covers the table (the board
   * hides, the screen panel shows); in "review", the step's table is not
   * drawn yet.
   */
  show(name, { covered = true } = {}) {
    const { el } = this;
    const game = name === "game";
    this.name = name;
    el.side.hidden = !game;
    el.board.hidden = name === "game" || name === "review" ? covered : true;
    el.screen.hidden = game && !covered;
    if (!game) this.showBotBar(false);
    if (!game || covered) this.clearAids();
    const buttons = [el.newGame, el.importButton, el.exportButton, el.linkButton, el.reviewButton, el.dailyButton];
    if (name === "review" || name === "elsewhere" || name === "failed") {
      // "Back to the game" (or "Play here", or the failed start's "Reload") is the way out.
      for (const button of buttons) button.disabled = true;
      return;
    }
    el.newGame.disabled = el.importButton.disabled = el.dailyButton.disabled = false;
    // The setup screen shows no "New game" (it is one) and no "Export" or link (there is nothing to export).
    el.newGame.hidden = el.exportButton.hidden = el.linkButton.hidden = !game;
    el.exportButton.disabled = el.linkButton.disabled = el.reviewButton.disabled = !game;
  }

  /** The bot bar (with its skip button) in place of the aids: they share one cell, so the table never moves. */
  showBotBar(show, { skipDisabled = false } = {}) {
    this.el.botBar.hidden = !show;
    this.el.aids.hidden = show;
    this.el.skip.disabled = skipDisabled;
  }
}
