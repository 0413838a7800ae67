"""The hot seat's hand-over, off unless the players turn it on (settings):
turned on for the tests that play through it, before the page loads."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Page

HAND_OVER_ON = """(() => {
  const prefs = JSON.parse(localStorage.getItem("dozito.prefs") || "{}");
  localStorage.setItem("dozito.prefs", JSON.stringify({ ...prefs, handOver: true }));
})()"""


def hand_over_on(target: Page | BrowserContext) -> None:
    """Turn the hot seat's hand-over on for every page target loads from now on."""
    target.add_init_script(HAND_OVER_ON)
