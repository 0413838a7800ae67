// The page's bootstrap: builds the controllers (controllers/), hands each
// the app's collaborators, and boots the engine. Every job is a controller's;
// this file only wires them (CONTRIBUTING: where a new feature goes).
import "./boot.js"; // first: in the bundle of dist/, the worker starts before the other modules run
import { AidsController } from "./controllers/aids.js";
import { DailyController } from "./controllers/daily.js";
import { pageElements } from "./controllers/elements.js";
import { loadEngineTables, startGameEngine } from "./controllers/engine-start.js";
import { Games } from "./controllers/games.js";
import { LinksController } from "./controllers/links.js";
import { ReviewController } from "./controllers/review.js";
import { Screens } from "./controllers/screens.js";
import { initContrast, initLanguages, initialSpeed } from "./controllers/settings.js";
import { SetupController } from "./controllers/setup.js";
import { StatsController } from "./controllers/stats.js";
import { TableController } from "./controllers/table.js";
import { initToolbar } from "./controllers/toolbar.js";
import { TutorialController } from "./controllers/tutorial.js";
import { primeEngineCode } from "./engine/prime.js";
import { initI18n } from "./i18n.js";
import { IdleWork } from "./idle.js";
import { readPrefs } from "./save.js";
import { Scheduler } from "./scheduler.js";
import { Sound } from "./sound.js";
import { afterPaint } from "./ui/dom.js";
import { offerUpdates } from "./ui/update-prompt.js";
import { startViewsAtTop } from "./ui/view-top.js";

/** Build the controllers, each given the app (the collaborators it names at its top). */
function buildApp(el) {
  const app = { el, sound: new Sound({ enabled: () => readPrefs().sound !== false }) };
  app.scheduler = new Scheduler({
    speed: initialSpeed(),
    botTurn: () => app.table.botTurn(),
    playBot: () => app.table.playBot(),
    botPause: () => app.table.botPause(),
    painted: afterPaint,
    onIdle: () => (app.table.renderBotBar(), app.idleWork.poke()),
  });
  // The service worker's install and the throwaway boot wait until no bot plays.
  app.idleWork = new IdleWork({ busy: () => app.scheduler.pumping });
  app.aids = new AidsController(app);
  app.screens = new Screens(el, { clearAids: () => app.aids.clear() });
  app.stats = new StatsController({ button: el.statsButton, dialog: el.statsDialog, confirm: el.confirmDialog, notice: el.notice });
  app.games = new Games(app);
  app.table = new TableController(app);
  app.setup = new SetupController(app);
  app.tutorial = new TutorialController(app);
  app.review = new ReviewController(app);
  app.daily = new DailyController(app);
  app.links = new LinksController(app);
  return app;
}

async function boot(el) {
  let catalogs;
  try {
    catalogs = await initI18n();
  } catch (error) {
    el.bootFailed.hidden = false; // without a catalog there are no words to show but the page's built-in fallback
    throw error;
  }
  loadEngineTables();
  const app = buildApp(el);
  app.engineStart = startGameEngine(el, { onStage: (stage) => app.setup.engineStaged(stage), onDead: (error) => app.games.stopped(error) });
  app.scheduler.enqueue(async () => {
    if (await app.games.attach(app.engineStart.engine)) {
      // Once the engine is up: the bots' first moves before the service worker's downloads.
      app.idleWork.add(() => offerUpdates({ onFirstInstall: () => app.idleWork.add(primeEngineCode) }));
    } else {
      offerUpdates({}); // a new build waiting may be what mends the boot: offer it even now
    }
  });
  initToolbar(app);
  initLanguages(el.settings.language, el.settings.languagePicker, catalogs, () => app.review.keepForReload());
  await app.games.claim(); // the setup shows at once when there is no game to open
}

const el = pageElements();
initContrast(el.settings.contrast); // before the first paint of the game
startViewsAtTop(el.status, el.main);
boot(el);
