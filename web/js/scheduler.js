// The one task queue every engine request goes through, so requests never
// overlap: human clicks and imports are queued tasks; between tasks, while a
// bot is to play, it plays at the chosen speed. It holds no DOM and no game:
// the controller (main.js) says whose turn it is and how a bot plays.
//
//   const scheduler = new Scheduler({ speed, botTurn, playBot, onIdle });
//   scheduler.enqueue(async () => ...);   // runs after the tasks before it
//
// botTurn(): a bot may play now (the game shows, this tab writes, a bot's
// turn); playBot(): play one bot action; onIdle(): the queue ran dry.

/** Pause before each bot action, and length of a card flight, per speed (ms). */
export const BOT_PAUSE = { slow: 1100, normal: 550, fast: 200, instant: 0 };
const FLIGHT = { slow: 600, normal: 340, fast: 180, instant: 0 };
/** Bots playing without pauses redraw the table at most this often (ms). */
const REDRAW_EVERY = 150;

export class Scheduler {
  constructor({ speed, botTurn, playBot, onIdle }) {
    this.speed = speed; // a key of BOT_PAUSE
    this.fastForward = false; // bots skip their pauses until a human is to play
    this.halted = false; // bots stopped after an engine error, until the player retries
    this.botTurn = botTurn;
    this.playBot = playBot;
    this.onIdle = onIdle;
    this.tasks = [];
    this.pumping = false;
    this.wake = () => {}; // ends the bot's pause at once
    this.lastRedraw = 0;
  }

  enqueue(task) {
    this.tasks.push(task);
    this.wake();
    this.pump();
  }

  /** Run the queued tasks, then the bots' turns, until neither is left; a second call while running does nothing. */
  async pump() {
    if (this.pumping) return;
    this.pumping = true;
    try {
      for (;;) {
        if (this.tasks.length) {
          await this.tasks.shift()();
          continue;
        }
        if (!this.botMayPlay()) break;
        await this.pause();
        // A task queued, or the game gone, during the pause comes first.
        if (this.tasks.length || !this.botMayPlay()) continue;
        await this.playBot();
      }
    } finally {
      this.pumping = false;
      this.fastForward = false;
      this.onIdle();
    }
  }

  botMayPlay() {
    return !this.halted && this.botTurn();
  }

  pause() {
    const ms = this.fastForward ? 0 : BOT_PAUSE[this.speed];
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => (clearTimeout(timer), resolve());
    });
  }

  setSpeed(speed) {
    this.speed = speed;
    this.wake();
  }

  /** "Skip ahead": the bots play without pauses until a human is to play. */
  skip() {
    this.fastForward = true;
    this.wake();
  }

  /** A bot's action is rushed (not animated, not always redrawn) when bots play without pauses. */
  rushing(bot) {
    return bot && (this.fastForward || this.speed === "instant");
  }

  /** How long a card flight lasts at this speed (ms). */
  get flightMs() {
    return FLIGHT[this.speed];
  }

  /** The table was just redrawn. */
  redrawn() {
    this.lastRedraw = performance.now();
  }

  /** A rushed action may leave the table as it is: it was redrawn a moment ago. */
  redrawnLately() {
    return performance.now() - this.lastRedraw < REDRAW_EVERY;
  }
}
