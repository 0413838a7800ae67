// The daily deal's results in localStorage (dozito.daily, version 1 of its
// own), through save.js's guarded access. Read field by field
// (daily-results.js): the text as stored goes to BROKEN_KEY (never over an
// earlier copy) when any part had to be left out, the rest is kept and
// stored again, and the caller tells the player.
import { checkDaily, emptyDaily } from "./daily-results.js";
import { readChecked, writeItem } from "./save.js";

export const DAILY_KEY = "dozito.daily";
const BROKEN_KEY = "dozito.daily.broken";

/** {daily, broken}: broken says why stored results (or a part of them) were set aside, else null. */
export function readDaily() {
  const { checked, broken, partial } = readChecked(DAILY_KEY, BROKEN_KEY, checkDaily);
  if (partial) storeDaily(checked.daily);
  return { daily: checked?.daily ?? emptyDaily(), broken };
}

/** Store the results; false if the browser refused (the page goes on, and says so). */
export function storeDaily(daily) {
  return writeItem(DAILY_KEY, JSON.stringify(daily));
}
