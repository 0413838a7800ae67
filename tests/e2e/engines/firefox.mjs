// Firefox ESR for the engines' smoke suite (tests/e2e/engines/drivers.py):
// puppeteer-core drives it over WebDriver BiDi. One JSON request per line on
// stdin, one JSON answer per line on stdout: {value} or {error}.
//
//   node tests/e2e/engines/firefox.mjs /usr/bin/firefox-esr 1280 720
import process from "node:process";
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const [executablePath, width, height] = process.argv.slice(2);
const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath,
  headless: true,
  defaultViewport: { width: Number(width), height: Number(height) },
});
const [page] = await browser.pages();
await page.setViewport({ width: Number(width), height: Number(height) });
const errors = [];
page.on("console", (message) => {
  if (message.type() === "error") errors.push(message.text());
});
page.on("pageerror", (error) => errors.push(`page error: ${error.message ?? error}`));

const ops = {
  goto: async ({ url }) => void (await page.goto(url)),
  reload: async () => void (await page.reload()),
  // fn: the source of a function (perhaps async) called with no argument.
  evaluate: ({ fn }) => page.evaluate(`(${fn})()`),
  offline: ({ offline }) => page.setOfflineMode(offline),
  screenshot: ({ path }) => page.screenshot({ path }),
  errors: () => errors,
};

const answer = (message) => process.stdout.write(JSON.stringify(message) + "\n");
answer({ value: await browser.version() });
for await (const line of createInterface({ input: process.stdin })) {
  const { op, ...args } = JSON.parse(line);
  try {
    answer({ value: (await ops[op](args)) ?? null });
  } catch (error) {
    answer({ error: String(error?.message ?? error) });
  }
}
await browser.close();
