// Game files: export the engine's record as a .json download (it replays with
// `python -m dozito replay`), import a record or one of the page's own saves.
import { checkWrapper } from "./save.js";

export function downloadRecord(record) {
  const blob = new Blob([JSON.stringify(record, null, 1)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const stamp = new Date().toISOString().slice(0, 16).replace(/[:T]/g, "-");
  const link = Object.assign(document.createElement("a"), { href: url, download: `dozito-${stamp}.json` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Read an imported file as {record, seats}: a page save keeps its seats; a
 * plain record has every seat played by a human. Throws on unreadable JSON
 * or a broken wrapper; the engine then judges the record itself.
 */
export async function readGameFile(file) {
  const data = JSON.parse(await file.text());
  if (data && typeof data === "object" && "version" in data) {
    checkWrapper(data);
    return { record: data.record, seats: data.seats };
  }
  const players = Array.isArray(data?.players) ? data.players.length : 0;
  return { record: data, seats: Array.from({ length: players }, () => ({ kind: "human" })) };
}
