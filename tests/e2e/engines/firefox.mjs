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
  defaultViewport: null,
});
const [page] = await browser.pages();
// puppeteer sets the viewport, then overrides the screen's orientation, a
// command Firefox ESR 140 does not know: the viewport holds, so only that
// command's error is let pass (the layout test checks the width it got).
try {
  await page.setViewport({ width: Number(width), height: Number(height) });
} catch (error) {
  if (!String(error.message).includes("setScreenOrientationOverride")) throw error;
}
const errors = [];
page.on("console", (message) => {
  if (message.type() === "error") errors.push(message.text());
});
page.on("pageerror", (error) => errors.push(`page error: ${error.message ?? error}`));

// Firefox ESR 140 knows no BiDi offline emulation (emulation.setNetworkConditions):
// there every request that reaches the network fails instead, as offline would.
// The service worker's answers still come, as they do offline.
let cutOff = false;
let offlineNow = false;
async function setOffline(offline) {
  offlineNow = offline;
  try {
    return await page.setOfflineMode(offline);
  } catch (error) {
    if (!String(error.message).includes("setNetworkConditions")) throw error;
  }
  if (!cutOff) {
    cutOff = true;
    await page.setRequestInterception(true);
    page.on("request", (request) => void (offlineNow ? request.abort() : request.continue()).catch(() => {}));
  }
}

const ops = {
  goto: async ({ url }) => void (await page.goto(url)),
  reload: async () => void (await page.reload()),
  // fn: the source of a function (perhaps async) called with no argument.
  evaluate: ({ fn }) => page.evaluate(`(${fn})()`),
  offline: ({ offline }) => setOffline(offline),
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
