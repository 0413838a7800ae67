// The header's toolbar and settings, wired to the controllers that do what
// each asks: new game, help, export, the game as a link, import, review, statistics, the bots'
// speed and skip, animations, sound, the menu; and the page-wide gestures
// (any click or Escape cuts card flights short, the first one lets sound play).
import { skipAnimations } from "../animate.js";
import { t } from "../i18n.js";
import { openDialog } from "../ui/dialogs.js";
import { helpContent } from "../ui/help.js";
import { initMenu } from "../ui/menu.js";
import { initAnimation, initHandOver, initSound, initSpeed } from "./settings.js";
import { REVIEW_EVENT } from "./stats.js";

/** app: {el, scheduler, games, setup, review, links, table, sound}. */
export function initToolbar({ el, scheduler, games, setup, review, links, table, sound }) {
  el.newGame.addEventListener("click", setup.askNewGame);
  el.helpButton.addEventListener("click", () => openDialog(el.helpDialog, { title: t("help.title"), content: helpContent() }));
  el.exportButton.addEventListener("click", () => scheduler.enqueue(() => games.exportRecord()));
  el.linkButton.addEventListener("click", links.share);
  el.importButton.addEventListener("click", () => el.importFile.click());
  el.reviewButton.addEventListener("click", () => scheduler.enqueue(() => review.open()));
  // The statistics list asks for the review of a past game by its record's text.
  document.addEventListener(REVIEW_EVENT, (event) => {
    const text = event.detail?.record;
    if (typeof text === "string") scheduler.enqueue(() => review.open({ text }));
  });
  el.importFile.addEventListener("change", () => {
    const [file] = el.importFile.files;
    el.importFile.value = "";
    if (file) scheduler.enqueue(() => games.importFile(file));
  });
  const { settings } = el;
  initSpeed(settings.speed, {
    speed: scheduler.speed,
    onChange: (speed) => {
      scheduler.setSpeed(speed);
      table.renderBotBar();
    },
  });
  initAnimation(settings.animation);
  initSound(settings.sound);
  initHandOver(settings.handOver);
  initMenu({ toggle: settings.menuButton, menu: settings.menu, settingsButton: settings.settingsButton, settingsDialog: settings.settingsDialog });
  el.skip.addEventListener("click", () => {
    scheduler.skip();
    skipAnimations();
    table.renderBotBar();
  });
  document.addEventListener("pointerdown", () => (skipAnimations(), sound.unlock()));
  document.addEventListener("keydown", (event) => (sound.unlock(), event.key === "Escape" && skipAnimations()));
  el.toolbar.hidden = false;
}
