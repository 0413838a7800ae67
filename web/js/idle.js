// Work that must slow no move: the service worker's install (it downloads
// and checks the whole site) and the throwaway boot after it
// (engine/prime.js). Each piece runs once the browser is idle and busy() is
// false, or after maxWaitMs at the latest: bots watched for a whole game must
// not keep the site from its offline copy.
//
//   const idle = new IdleWork({ busy: () => scheduler.pumping });
//   idle.add(() => ...);   // runs once, at the next idle moment
//   idle.poke();           // busy() may have just turned false

export class IdleWork {
  constructor({ busy, maxWaitMs = 10_000 }) {
    this.busy = busy;
    this.maxWaitMs = maxWaitMs;
    this.waiting = []; // {work, deadline}
    this.asked = false; // an idle callback is pending
  }

  add(work) {
    const job = { work, deadline: setTimeout(() => this.run([job]), this.maxWaitMs) };
    this.waiting.push(job);
    this.poke();
  }

  poke() {
    if (!this.waiting.length || this.busy() || this.asked) return;
    this.asked = true;
    const idle = () => {
      this.asked = false;
      if (!this.busy()) this.run([...this.waiting]); // else the next poke comes back here
    };
    if (globalThis.requestIdleCallback) requestIdleCallback(idle, { timeout: 5000 });
    else setTimeout(idle, 1000);
  }

  /** Run those of jobs still waiting, each once. */
  run(jobs) {
    for (const job of jobs) {
      const at = this.waiting.indexOf(job);
      if (at < 0) continue;
      this.waiting.splice(at, 1);
      clearTimeout(job.deadline);
      job.work();
    }
  }
}
