"""A whole game played with the keyboard alone: Tab / Shift+Tab to a legal
`[data-action]` target, Enter to play it. No mouse click anywhere. After each
action the focus lands on something sensible (a legal target, never lost on
the page's body), and the focused element shows a visible focus ring."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

BOOT_MS = 60_000
STATUS = "[data-testid=status]"

# Where the focus is among the page's Tab stops (document order; the page
# uses no positive tabindex), where the wanted target is, and whether the
# focused element draws a focus ring.
FOCUS_STATE = """(action) => {
    const tabbable = [...document.querySelectorAll(
        "a[href], button, input, select, textarea, [tabindex]"
    )].filter((el) => !el.disabled && el.tabIndex >= 0 && el.checkVisibility());
    const active = document.activeElement;
    const style = getComputedStyle(active);
    const ring = (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0)
        || style.boxShadow !== "none";
    return {
        at: tabbable.indexOf(active),
        target: tabbable.findIndex((el) => el.dataset.action === action),
        action: active.dataset ? active.dataset.action ?? null : null,
        tag: active.tagName,
        ring,
    };
}"""


def phase(page: Page) -> str:
    return page.get_attribute(STATUS, "data-phase") or ""


def legal(page: Page) -> list[str]:
    return page.eval_on_selector_all("[data-action]", "els => els.map(e => e.dataset.action)")


def choose(actions: list[str]) -> str:
    """Ends a round quickly: continue, else place, else draw, else a discard."""
    for prefix in ("continue", "place:", "draw"):
        for action in actions:
            if action.startswith(prefix):
                return action
    return actions[0]


def focus_by_keys(page: Page, action: str) -> dict:
    """Tab (or Shift+Tab) to the element of action; return the focus state there."""
    for _ in range(3):
        state = page.evaluate(FOCUS_STATE, action)
        if state["action"] == action:
            return state
        assert state["target"] >= 0, f"{action} is not a Tab stop"
        steps = state["target"] - state["at"] if state["at"] >= 0 else state["target"] + 1
        key = "Tab" if steps > 0 else "Shift+Tab"
        for _ in range(abs(steps)):
            page.keyboard.press(key)
    raise AssertionError(f"the keyboard cannot reach {action}: {state}")


def test_a_whole_game_by_keyboard_alone(page: Page, site_url: str) -> None:
    page.goto(site_url + "?players=human,human&rounds=1&seed=5&names=Ann,Bob&speed=instant")
    status = page.locator(STATUS)
    expect(status).to_have_attribute("data-phase", "turn", timeout=BOOT_MS)
    target = page.locator(f"{STATUS}[data-phase=game-over], [data-action]").first

    played: list[str] = []
    lost: list[str] = []
    for _ in range(1500):
        target.wait_for(timeout=30_000)
        if phase(page) == "game-over":
            break
        actions = legal(page)
        if not actions:  # between a key press and the next view
            continue
        # The page put the focus on a legal target (or on the continue button).
        state = page.evaluate(FOCUS_STATE, "")
        if played and state["action"] is None:
            lost.append(f"after {played[-1]}: focus on {state['tag']}")
        action = choose(actions)
        state = focus_by_keys(page, action)
        assert state["ring"], f"no visible focus ring on {action}"
        page.keyboard.press("Enter")
        played.append(action)
    else:
        raise AssertionError("no game over after 1500 key actions")

    assert "continue" in played and any(a.startswith("place:") for a in played)
    assert not lost, f"the focus was lost after {len(lost)} of {len(played)} actions: {lost[:10]}"
    assert re.fullmatch(r"[01](,[01])?", status.get_attribute("data-winners") or "")
    # The game-over view offers its next step under the focus as well.
    expect(page.locator(".game-over .button--primary")).to_be_focused()
