"""The message catalogs (web/i18n/*.json): every language has every message,
with the same placeholders, and every key the page uses exists (and no key
is left unused). Fast: no browser, no build."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[1] / "web"
I18N = WEB / "i18n"
LANGUAGES: dict[str, str] = json.loads((I18N / "languages.json").read_text())["languages"]
TRANSLATIONS = sorted(set(LANGUAGES) - {"en"})
PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")

PLACEHOLDER = re.compile(r"\{(\w+)\}")
# {points, plural, one {# point} other {# points}}: web/js/i18n.js's t() reads the same.
PLURAL_BLOCK = re.compile(r"\{(\w+), plural,((?:\s*\w+\s*\{[^{}]*\})+)\s*\}")
PLURAL_FORM = re.compile(r"(\w+)\s*\{([^{}]*)\}")
# t("key" ...) and t(`prefix.${expr}.suffix` ...) in the page's modules.
STATIC_CALL = re.compile(r"""(?<![\w.$])t\(\s*(["'])([^"'`]+)\1""")
TEMPLATE_CALL = re.compile(r"(?<![\w.$])t\(\s*`([^`]+)`")
# data-i18n="key", data-i18n-label="key", data-i18n-title="key" in the markup.
STATIC_ATTRIBUTE = re.compile(r"""data-i18n(?:-label|-title)?=["']([^"']+)["']""")


def unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    keys = [key for key, _ in pairs]
    repeated = sorted({key for key in keys if keys.count(key) > 1})
    assert not repeated, f"keys given twice (the last one wins): {repeated}"
    return dict(pairs)


def catalog(lang: str) -> dict[str, str]:
    text = (I18N / f"{lang}.json").read_text(encoding="utf-8")
    data = json.loads(text, object_pairs_hook=unique_keys)
    assert isinstance(data, dict)
    return data


def placeholders(message: str) -> set[str]:
    """Plain {name}s and the figures of plural blocks."""
    blocks = set(PLURAL_BLOCK.findall(message))
    return {name for name, _ in blocks} | set(PLACEHOLDER.findall(PLURAL_BLOCK.sub("", message)))


def sources() -> list[Path]:
    return [WEB / "index.html", *sorted((WEB / "js").rglob("*.js"))]


def used_keys() -> tuple[set[str], list[re.Pattern[str]]]:
    """Keys the page asks for: literal ones, and patterns for computed ones."""
    literal: set[str] = set()
    patterns: list[re.Pattern[str]] = []
    for path in sources():
        text = path.read_text(encoding="utf-8")
        literal.update(key for _, key in STATIC_CALL.findall(text))
        literal.update(STATIC_ATTRIBUTE.findall(text))
        for template in TEMPLATE_CALL.findall(text):
            parts = re.split(r"\$\{[^}]*\}", template)
            patterns.append(re.compile("[^.]+".join(re.escape(part) for part in parts)))
    return literal, patterns


def test_every_language_has_a_catalog_and_english_is_one() -> None:
    assert "en" in LANGUAGES
    assert {path.stem for path in I18N.glob("*.json")} - {"languages"} == set(LANGUAGES)
    assert set(TRANSLATIONS) >= {"fr", "de"}


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_messages_are_non_empty_strings(lang: str) -> None:
    for key, message in catalog(lang).items():
        assert isinstance(message, str) and message.strip(), f"{lang}.json: {key} is empty"


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_plural_blocks_are_well_formed(lang: str) -> None:
    """Every plural block has an "other" form, forms only of the plural
    categories, each showing its figure (#); no brace is left unparsed."""
    wrong = []
    for key, message in catalog(lang).items():
        for name, options in PLURAL_BLOCK.findall(message):
            forms = dict(PLURAL_FORM.findall(options))
            if "other" not in forms or not set(forms) <= set(PLURAL_CATEGORIES):
                wrong.append(f"{key}: {name}'s forms {sorted(forms)}")
            lacking = [form for form, text in forms.items() if "#" not in text]
            wrong += [f"{key}: {name}'s {form} form lacks #" for form in lacking]
        rest = PLACEHOLDER.sub("", PLURAL_BLOCK.sub("", message))
        if "{" in rest or "}" in rest:
            wrong.append(f"{key}: a brace t() cannot read")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_a_translation_has_exactly_the_english_keys(lang: str) -> None:
    english, translated = catalog("en"), catalog(lang)
    missing = sorted(set(english) - set(translated))
    extra = sorted(set(translated) - set(english))
    assert not missing, f"{lang}.json lacks {missing}"
    assert not extra, f"{lang}.json has keys English does not: {extra}"


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_a_translation_keeps_the_placeholders(lang: str) -> None:
    """Same {placeholders} as English. A plural form may write out or leave out
    its {count} ("1 card" / "{count} carte": French 0 is singular too)."""
    english, translated = catalog("en"), catalog(lang)
    wrong = []
    for key, message in english.items():
        if key not in translated:
            continue
        want, got = placeholders(message), placeholders(translated[key])
        if key.rsplit(".", 1)[-1] in PLURAL_CATEGORIES:
            want, got = want - {"count"}, got - {"count"}
        if want != got:
            wrong.append(f"{key}: {sorted(want)} in English, {sorted(got)} in {lang}")
    assert not wrong, "\n".join(wrong)


def test_every_key_the_page_uses_exists() -> None:
    english = catalog("en")
    literal, patterns = used_keys()
    assert len(literal) > 50 and len(patterns) > 5, "the key scan found too little"
    missing = sorted(
        key
        for key in literal
        if key not in english and not any(f"{key}.{form}" in english for form in PLURAL_CATEGORIES)
    )
    assert not missing, f"en.json lacks {missing}"
    unmatched = [p.pattern for p in patterns if not any(p.fullmatch(key) for key in english)]
    assert not unmatched, f"no key in en.json matches {unmatched}"


def test_every_english_key_is_used() -> None:
    literal, patterns = used_keys()
    unused = []
    for key in catalog("en"):
        base, _, form = key.rpartition(".")
        if key in literal or (form in PLURAL_CATEGORIES and base in literal):
            continue
        if any(
            p.fullmatch(key) or (form in PLURAL_CATEGORIES and p.fullmatch(base)) for p in patterns
        ):
            continue
        unused.append(key)
    assert not unused, f"en.json keys no code uses: {unused}"
