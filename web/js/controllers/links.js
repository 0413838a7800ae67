// Games as links. "As a link" shows the address that opens the game in play
// (the engine's `link` op: the game packed into the fragment, which never
// reaches a server). An address holding one is opened once the engine is up:
// the engine checks it (`link_open`); a finished game opens in its review
// over the saved game, an unfinished one is offered to play on (a game in
// progress it replaces is kept, as for a game's address). A link the engine
// refuses is told in its words, and nothing saved is touched. The fragment
// leaves the address once handled, so that a reload does not open it again.
//
//   const links = new LinksController(app); // uses app.el, games, review, scheduler, setup
//   scheduler.enqueue(() => links.open(link)); // games.open(), for linkFromAddress()
//   links.share();                              // the "as a link" dialog
import { t } from "../i18n.js";
import { keepGame } from "../save.js";
import { forgetLink, linkFromAddress, siteLink } from "../url.js";
import { confirmDialog, openDialog, showNotice } from "../ui/dialogs.js";
import { linkPanel } from "../ui/link.js";
import { renderStatus } from "../ui/status.js";

/** The players of a view as a list in words: "Ann, Bob and Chloé". */
const listed = (names) => new Intl.ListFormat(document.documentElement.lang || "en", { type: "conjunction" }).format(names);

export class LinksController {
  constructor(app) {
    this.app = app;
    // A link pasted into this tab's address changes only its fragment: open it as a fresh visit does.
    addEventListener("hashchange", () => linkFromAddress() && location.reload());
  }

  /** The dialog with the current game's link and a Copy button. */
  share = () =>
    this.app.scheduler.enqueue(async () => {
      const { el, games } = this.app;
      let fragment;
      try {
        fragment = (await games.session.engine.request({ op: "link" })).link;
      } catch (error) {
        return games.failed(error, { bot: false });
      }
      const over = games.session.phase === "game-over";
      openDialog(el.linkDialog, { title: t("link.title"), content: linkPanel({ href: siteLink(fragment), over, onCopy: copy }) });
    });

  /** Open the game a link holds (a scheduler task: the engine is up). */
  async open(link) {
    const { games, review, el } = this.app;
    renderStatus(el.status, { phase: "loading", stage: "link" });
    let answer;
    try {
      answer = await games.session.engine.request({ op: "link_open", link }); // a refused link leaves the engine's game as it was
    } catch (error) {
      forgetLink();
      if (error.type === "EngineError") return; // the engine is gone: its notice says so
      showNotice(el.notice, t("link.bad", { message: error.message }), { kind: "warning" });
      return this.showSaved();
    }
    forgetLink();
    const { view, record_text: text } = answer;
    if (view.phase === "game_over") {
      await this.showSaved(); // under the review, and back on its close
      return review.open({ text, judge: true }); // its story is what such a link is shared for
    }
    const kept = (await games.loadSaved()) && games.session.phase !== "game-over" ? games.session.toSave() : null;
    const words = { names: listed(view.names), round: view.round, rounds: view.rounds };
    const message = `${t("link.offer", words)}${kept ? ` ${t("link.offerKept")}` : ""}`;
    if (!(await confirmDialog(el.confirmDialog, { message, confirm: t("link.playOn") }))) return this.showSaved();
    try {
      await games.session.load({ text });
    } catch (error) {
      showNotice(el.notice, t("link.bad", { message: error.message }), { kind: "warning" });
      return this.showSaved();
    }
    await games.enter(); // saved now: the link's game is this tab's game
    if (kept && keepGame(kept)) {
      const back = { label: t("game.keptBack"), run: () => this.app.scheduler.enqueue(() => games.swapKept()) };
      showNotice(el.notice, t("link.kept"), { kind: "warning", action: back });
    }
  }

  /** What shows when a link does not replace the game: the saved one, else the setup. */
  async showSaved() {
    if (!(await this.app.games.resumeSaved())) this.app.setup.show();
  }
}

/** Copy the link to the clipboard: true if the browser did. */
async function copy(href) {
  try {
    await navigator.clipboard.writeText(href);
    return true;
  } catch {
    return false;
  }
}
