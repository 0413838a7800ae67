"""Languages: the page in French and German has no English left and no
missing message, `?lang=` sets `<html lang>`, and the language menu switches
and is remembered. The catalogs themselves are checked by tests/test_catalogs.py."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import ConsoleMessage, Page, expect

BOOT_MS = 60_000
STATUS = "[data-testid=status]"
I18N = Path(__file__).resolve().parents[2] / "web" / "i18n"

# Everything a person or a screen reader gets from the page: the rendered
# text, accessible names and tooltips, and the options of menus.
PAGE_WORDS = """() => {
    const parts = [document.title, document.body.innerText];
    for (const el of document.querySelectorAll("body *")) {
        if (el.closest("[hidden], dialog:not([open])")) continue;
        for (const name of ["aria-label", "title", "placeholder", "alt", "aria-description"]) {
            const value = el.getAttribute(name);
            if (value) parts.push(value);
        }
        if (el.tagName === "OPTION") parts.push(el.textContent);
    }
    return parts.join("\\n");
}"""


def catalog(lang: str) -> dict[str, str]:
    return json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))


def english_fragments(lang: str) -> list[str]:
    """Pieces of English messages (between placeholders) that a page in lang
    must not show: long enough to mean something, and not also words of lang."""
    english, translated = catalog("en"), catalog(lang)
    theirs = "\n".join(translated.values())
    fragments = set()
    for key, message in english.items():
        if translated.get(key) == message:
            continue  # the same in both languages ("Dozito", "STOP", "Joker")
        for piece in re.split(r"\{\w+\}|\n", message):
            piece = piece.strip(" ,.:;!?()…»«“”'+·")
            if len(re.findall(r"[A-Za-z]", piece)) >= 4 and piece not in theirs:
                fragments.add(piece)
    return sorted(fragments)


def open_page(page: Page, site_url: str, query: str) -> None:
    page.goto(site_url + query)
    expect(page.locator(STATUS)).not_to_have_attribute("data-phase", "loading", timeout=BOOT_MS)


class Missing:
    """Watches a page for i18n.js's warning about a message no catalog has."""

    def __init__(self, page: Page) -> None:
        self.warnings: list[str] = []
        page.on("console", self.on_console)

    def on_console(self, message: ConsoleMessage) -> None:
        if "i18n" in message.text:
            self.warnings.append(message.text)


def check_words(page: Page, lang: str, where: str) -> None:
    expect(page.locator("html")).to_have_attribute("lang", lang)
    words = page.evaluate(PAGE_WORDS)
    left = [
        piece
        for piece in english_fragments(lang)
        if re.search(r"(?<!\w)" + re.escape(piece) + r"(?!\w)", words)
    ]
    assert not left, f"{lang}, {where}: English left on the page: {left}\n---\n{words}"
    keys = [
        key
        for key in catalog("en")
        if re.search(r"(?<![\w.])" + re.escape(key) + r"(?![\w.])", words)
    ]
    assert not keys, f"{lang}, {where}: raw message keys on the page: {keys}"


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_the_whole_page_speaks_the_language(
    new_page: Callable[..., Page], site_url: str, lang: str
) -> None:
    """One boot: setup, how to play, a human's turn, a scoring view, the game's end.
    French comes from the browser's language, German from the address."""
    page = new_page(locale="fr-FR") if lang == "fr" else new_page()
    missing = Missing(page)
    open_page(page, site_url, "?speed=instant" if lang == "fr" else f"?lang={lang}&speed=instant")
    status = page.locator(STATUS)
    expect(status).to_have_attribute("data-phase", "setup")
    check_words(page, lang, "setup")
    page.click("#help-button")
    expect(page.locator("#help-dialog")).to_be_visible()
    check_words(page, lang, "how to play")
    page.keyboard.press("Escape")
    expect(page.locator("#help-dialog")).to_be_hidden()

    # A human's turn against two bots, with a card in hand (hints, highlighted spots).
    page.fill("#setup-name-0", "Ann")
    page.click("fieldset.setup__group > button")  # add a third seat
    page.select_option("#setup-kind-2", "sharp")
    page.select_option("#setup-first", "0")
    page.click("button[type=submit]")
    expect(page.locator("[data-action=draw]")).to_be_visible(timeout=30_000)
    check_words(page, lang, "turn start")
    page.click("[data-action=draw]")
    expect(page.locator("[data-action^='discard:']").first).to_be_visible()
    check_words(page, lang, "card in hand")
    page.click("[data-action^='discard:']")
    expect(page.locator("[data-action=draw]")).to_be_visible(timeout=30_000)  # the bots played
    check_words(page, lang, "after the bots")

    # A new all-bot game of one round: its scoring view, then the game's end.
    page.click("#new-game")
    page.click("#confirm-dialog button[value=yes]")
    check_words(page, lang, "setup again")
    page.select_option("#setup-kind-0", "rookie")
    page.click("#setup-kind-2 ~ button")  # remove the third seat
    page.check("input[name=rounds][value='1']")
    page.click("button[type=submit]")
    expect(status).to_have_attribute("data-phase", "round-end", timeout=BOOT_MS)
    check_words(page, lang, "scoring view")
    page.click("[data-action=continue]")
    expect(status).to_have_attribute("data-phase", "game-over")
    check_words(page, lang, "game over")
    assert not missing.warnings, missing.warnings


def test_the_address_and_the_menu_choose_the_language_and_it_is_remembered(
    new_page: Callable[..., Page], site_url: str
) -> None:
    page = new_page(locale="de-DE")
    # ?lang= wins over the browser's language (German here), for this address only.
    open_page(
        page, site_url, "?lang=en&players=human,human&rounds=1&seed=3&names=Ann,Bob&speed=instant"
    )
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator(STATUS)).to_contain_text("Your turn, Ann")

    # The menu switches at once (a game in progress goes on), and the choice
    # is remembered: the address has no lang= and the browser says German.
    page.click("#settings-button")
    picker = page.locator("#language")
    expect(picker).to_be_visible()
    expect(picker).to_have_value("en")
    picker.select_option("fr")
    expect(page.locator("html")).to_have_attribute("lang", "fr", timeout=BOOT_MS)
    expect(page.locator(STATUS)).to_contain_text("À vous de jouer, Ann", timeout=BOOT_MS)
    assert "lang=" not in page.url
    expect(page.locator("#language")).to_have_value("fr")
    expect(page.locator("[data-action=draw]")).to_have_accessible_name(
        re.compile(r"^pioche, \d+ cartes\u00a0: piocher une carte$")
    )
