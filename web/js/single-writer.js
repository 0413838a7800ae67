// One writer per game. Every tab of the site shares one saved game, so only
// the tab that holds the Web Lock LOCK may save it or let anyone play; the
// others cover the table and may take the game over ("Play here").
//
//   const writer = await claimWriter({ onLost: () => ... });
//   writer.held                // this tab is the writer
//   await writer.takeOver();   // steal the lock from the tab holding it
//
// onLost is called when another tab takes the lock over. Where Web Locks are
// missing or refused (an old browser, an opaque origin), every tab writes, as
// before there was a lock: never a page that cannot start.

const LOCK = "dozito.game";
/** A lock is kept until its callback's promise settles: this one never does. */
const FOREVER = new Promise(() => {});

export async function claimWriter({ onLost }) {
  const locks = navigator.locks;
  const writer = { held: true, takeOver: async () => {} };
  if (!locks) return writer;

  /** Ask for the lock; resolves once it is known whether this tab holds it. */
  const hold = (options) =>
    new Promise((known) => {
      let answered = false;
      locks
        .request(LOCK, options, (lock) => {
          answered = true;
          writer.held = lock !== null;
          known();
          return lock && FOREVER;
        })
        .catch(() => {
          if (answered) {
            // A held lock only ends when another tab steals it (an AbortError).
            writer.held = false;
            onLost();
          } else {
            writer.held = true; // the locks are unusable here
            known();
          }
        });
    });

  writer.takeOver = () => hold({ steal: true });
  await hold({ ifAvailable: true });
  return writer;
}
