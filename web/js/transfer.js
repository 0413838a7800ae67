// Game files: export the engine's record text as a .json download (it replays
// with `python -m dozito replay`), import a record or one of the page's own
// saves. A record goes to the engine as the file's exact text: parsing it
// here would round a seed above 2^53.
import { unwrapSave } from "./save.js";

/** Download text as a .json file named prefix plus the time (a record, or the statistics). */
export function downloadRecord(text, prefix = "dozito") {
  const blob = new Blob([text], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const stamp = new Date().toISOString().slice(0, 16).replace(/[:T]/g, "-");
  const link = Object.assign(document.createElement("a"), { href: url, download: `${prefix}-${stamp}.json` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Read an imported file as Session.load takes it: a page save (an object
 * with a version) is unwrapped; anything else is handed to the engine as it
 * is, which refuses it clearly if it is no record.
 */
export async function readGameFile(file) {
  const text = await file.text();
  let data = null;
  try {
    data = JSON.parse(text); // only to tell a page save from a record
  } catch {
    // Not JSON: the engine says so.
  }
  if (data && typeof data === "object" && "version" in data) return unwrapSave(data);
  return { text };
}
