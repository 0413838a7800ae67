// The one task queue every engine request goes through, so requests never
// overlap: human clicks and imports are queued tasks; between tasks, while a
// bot is to play, it plays at the chosen speed. It holds no DOM and no game:
// the controller (main.js) says whose turn it is and how a bot plays.
//
//   const scheduler = new Scheduler({ speed, botTurn, playBot, botPause, onIdle });
//   scheduler.enqueue(async () => ...);   // runs after the tasks before it
//
// botTurn(): a bot may play now (the game shows, this tab writes, a bot's
// turn); playBot(): play one bot action; botPause(): "decision" if the bot's
// next action is a real choice, "short" if it is forced or follows a recap
// that already paused; onIdle(): the queue ran dry; painted(): resolves once
// the latest redraw is on screen.
//
// A bot waits for a redraw to be painted before it plays on: without pauses,
// its move would be computed while the browser lays out the redrawn table,
// and on two cores the two would slow each other (long frames).

/**
 * Per speed (ms): the pause before a bot's decision and before a forced
 * move, how long a finished turn's recap holds the view (turns.js), and a
 * card flight. Slow stays for learners; Normal plays a game in about half
 * the time it used to (docs/BENCHMARKS.md, "Pace of play").
 */
export const PACE = {
  slow: { decision: 1100, short: 450, hold: 1500, flight: 600 },
  normal: { decision: 200, short: 40, hold: 700, flight: 150 },
  fast: { decision: 80, short: 0, hold: 300, flight: 110 },
  instant: { decision: 0, short: 0, hold: 0, flight: 0 },
};
/** Bots playing without pauses redraw the table at most this often (ms). */
const REDRAW_EVERY = 150;

export class Scheduler {
  constructor({ speed, botTurn, playBot, botPause = () => "decision", onIdle, painted = async () => {} }) {
    this.speed = speed; // a key of PACE
    this.fastForward = false; // bots skip their pauses until a human is to play
    this.halted = false; // bots stopped after an engine error, until the player retries
    this.closed = false; // no engine to run tasks for (its start failed): none is taken any more
    this.botTurn = botTurn;
    this.playBot = playBot;
    this.botPause = botPause;
    this.onIdle = onIdle;
    this.tasks = [];
    this.pumping = false;
    this.wake = () => {}; // ends the bot's pause at once
    this.lastRedraw = 0;
    this.painted = painted;
    this.unpainted = false; // redrawn since the last bot action
  }

  enqueue(task) {
    if (this.closed) return;
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
        if (this.unpainted) {
          this.unpainted = false;
          await this.painted();
        }
        await this.playBot();
      }
    } finally {
      this.pumping = false;
      this.fastForward = false;
      this.onIdle();
    }
  }

  /** No task runs any more: the engine they need will never be up. */
  close() {
    this.closed = true;
    this.tasks.length = 0;
  }

  botMayPlay() {
    return !this.halted && this.botTurn();
  }

  pause() {
    return this.sleep(PACE[this.speed][this.botPause()]);
  }

  /** Hold a finished turn's recap on the table; a queued task (the next human's click) or "skip" ends it at once. */
  hold() {
    return this.sleep(PACE[this.speed].hold);
  }

  sleep(pace) {
    const ms = this.fastForward ? 0 : pace;
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

  /** How long a finished turn's recap holds the view at this speed (ms); 0 while skipping ahead. */
  get holdMs() {
    return this.fastForward ? 0 : PACE[this.speed].hold;
  }

  /** How long a card flight lasts at this speed (ms). */
  get flightMs() {
    return PACE[this.speed].flight;
  }

  /** The table was just redrawn. */
  redrawn() {
    this.lastRedraw = performance.now();
    this.unpainted = true;
  }

  /** A rushed action may leave the table as it is: it was redrawn a moment ago. */
  redrawnLately() {
    return performance.now() - this.lastRedraw < REDRAW_EVERY;
  }
}
