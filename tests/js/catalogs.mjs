// The page's real message catalogs, for tests of modules that show words.
import { readFileSync } from "node:fs";

export function catalog(language) {
  return JSON.parse(readFileSync(new URL(`../../web/i18n/${language}.json`, import.meta.url), "utf8"));
}
