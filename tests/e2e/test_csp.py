"""The content security policy: the page declares a strict one, the server
sends it as a header too (with the parts only a header can carry), a whole
game runs under it without a single violation, and hostile player names
(typed in the address or in an imported record) stay text, never markup."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path

from playwright.sync_api import Dialog, Page, Route, expect

from conftest import PageLog

BOOT_MS = 60_000
STATUS = "[data-testid=status]"
HOSTILE = "<img src=x onerror=alert(1)>"
POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'wasm-unsafe-eval'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'none'"],
}
"""The page's policy, directive -> sources."""
HEADER_ONLY = {"frame-ancestors": ["'none'"]}
"""What the served policy adds: a <meta> cannot forbid framing."""

# Runs before the page's own scripts in every document: records each CSP
# violation the browser reports, and every <img> that appears.
WATCH = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
    const where = `${e.sourceFile}:${e.lineNumber}`;
    window.__cspViolations.push(`${e.violatedDirective}: ${e.blockedURI} (${where})`);
});
window.__images = 0;
new MutationObserver((records) => {
    for (const r of records)
        for (const n of r.addedNodes)
            if (n.nodeType === 1 && (n.tagName === "IMG" || n.querySelector?.("img")))
                window.__images += 1;
}).observe(document, { childList: true, subtree: true });
"""


def directives(policy: str) -> dict[str, list[str]]:
    return {name: sources for name, *sources in (d.split() for d in policy.split(";"))}


def watch(page: Page) -> list[str]:
    """Install the watchers; returns the list that collects alert() dialogs."""
    dialogs: list[str] = []

    def on_dialog(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    page.add_init_script(WATCH)
    return dialogs


def legal(page: Page) -> list[str]:
    return page.eval_on_selector_all("[data-action]", "els => els.map(e => e.dataset.action)")


def play_to_the_end(page: Page) -> None:
    """Click (place, else draw, else a discard; continue) until the game is over."""
    target = page.locator(f"{STATUS}[data-phase=game-over], [data-action]").first
    for _ in range(2000):
        target.wait_for(timeout=30_000)
        if page.get_attribute(STATUS, "data-phase") == "game-over":
            return
        actions = legal(page)
        if not actions:
            continue
        action = next(
            (
                a
                for prefix in ("continue", "place:", "draw")
                for a in actions
                if a.startswith(prefix)
            ),
            actions[0],
        )
        page.click(f"[data-action='{action}']")
    raise AssertionError("no game over after 2000 clicks")


def assert_clean(page: Page, dialogs: list[str]) -> None:
    assert page.evaluate("window.__cspViolations") == []
    assert page.evaluate("window.__images") == 0, "an <img> element was created"
    assert not page.locator("img").count()
    assert dialogs == [], f"a script ran: {dialogs}"


def test_the_page_declares_a_strict_policy(page: Page, site_url: str) -> None:
    page.goto(site_url)
    policy = page.get_attribute("meta[http-equiv=Content-Security-Policy]", "content")
    assert policy is not None and directives(policy) == POLICY
    # No inline script or handler in the markup: every script is a file of the site.
    inline = page.eval_on_selector_all(
        "script:not([src]), [onclick], [onload], [onerror]", "els => els.map(e => e.outerHTML)"
    )
    assert inline == []


def test_the_server_sends_the_policy_and_nosniff(site_url: str) -> None:
    for path in ("", "index.html", "js/main.js", "js/engine/worker.js", "sw.js", "nowhere"):
        try:
            response = urllib.request.urlopen(site_url + path)
        except urllib.error.HTTPError as error:  # the 404 page is covered too
            response = error
        with response:
            headers = response.headers
        assert headers["X-Content-Type-Options"] == "nosniff", path
        assert directives(headers["Content-Security-Policy"]) == POLICY | HEADER_ONLY, path


# Tries what the policy forbids and returns the directives the browser reported
# violated, once it has reported them all.
FORBIDDEN = """async (url) => {
    const violated = new Set();
    const all = new Promise((resolve) =>
        document.addEventListener("securitypolicyviolation", (e) => {
            violated.add(e.effectiveDirective);
            if (violated.size === 3) resolve();
        }),
    );
    document.body.append(Object.assign(document.createElement("object"), { data: "favicon.svg" }));
    document.head.append(Object.assign(document.createElement("base"), { href: url + "x/" }));
    const form = Object.assign(document.createElement("form"), { action: url, method: "post" });
    document.body.append(form);
    form.submit();
    await all;
    return { violated: [...violated].sort(), base: document.baseURI };
}"""


def without_policy_header(route: Route) -> None:
    """Serve the page as a host that sends no headers (GitHub Pages) would."""
    response = route.fetch()
    headers = response.headers
    del headers["content-security-policy"]
    route.fulfill(response=response, headers=headers)


def test_plugins_base_and_forms_are_forbidden(page: Page, page_log: PageLog, site_url: str) -> None:
    # The <meta> alone: what the server's header adds is tested above.
    page.route(site_url + "?speed=instant", without_policy_header)
    page.goto(site_url + "?speed=instant")
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "setup", timeout=BOOT_MS)
    found = page.evaluate(FORBIDDEN, site_url)
    assert found == {
        "violated": ["base-uri", "form-action", "object-src"],
        "base": site_url + "?speed=instant",
    }
    assert page.get_attribute(STATUS, "data-phase") == "setup"  # the form went nowhere
    # The browser reports each refusal on the console, once: one policy refused them.
    assert len(page_log.errors) == 3
    assert all("violates the following Content Security Policy" in e for e in page_log.errors)
    page_log.errors.clear()


def test_the_page_cannot_be_framed(page: Page, page_log: PageLog, site_url: str) -> None:
    framer = site_url + "__framer__.html"
    body = f"<!doctype html><link rel=icon href=data:,><iframe src='{site_url}'></iframe>"
    page.route(framer, lambda route: route.fulfill(body=body, content_type="text/html"))
    page.goto(framer)  # loaded once the frame has loaded or been refused
    (frame,) = page.main_frame.child_frames
    assert frame.url == "chrome-error://chromewebdata/"  # Chromium's page for a refusal
    assert page_log.errors and all("frame-ancestors" in e for e in page_log.errors)
    page_log.errors.clear()


def test_a_game_with_a_hostile_name_runs_clean(page: Page, site_url: str) -> None:
    dialogs = watch(page)
    names = HOSTILE.replace("%", "%25").replace("&", "%26").replace("#", "%23")
    page.goto(
        site_url + f"?players=human,rookie,casual&rounds=1&seed=21&names={names}&speed=instant"
    )
    status = page.locator(STATUS)
    expect(status).to_have_attribute("data-phase", "turn", timeout=BOOT_MS)
    expect(status).to_contain_text(HOSTILE)  # literally, as text
    play_to_the_end(page)
    expect(page.locator("[data-testid=scores]")).to_contain_text(HOSTILE)
    expect(page.locator("#log")).to_contain_text(HOSTILE)
    assert_clean(page, dialogs)


def test_an_imported_record_with_a_hostile_name_stays_text(
    page: Page, site_url: str, tmp_path: Path
) -> None:
    dialogs = watch(page)
    page.goto(site_url + "?speed=instant")
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "setup", timeout=BOOT_MS)
    record = {
        "format": "dozito/1",
        "players": [HOSTILE, "Bob"],
        "rounds": 1,
        "seed": 8,
        "actions": ["draw"],
    }
    path = tmp_path / f"{HOSTILE.replace('/', '_')}.json"  # the file's name is shown too
    path.write_text(json.dumps(record))
    page.set_input_files("[data-testid=import-file]", str(path))
    status = page.locator(STATUS)
    expect(status).to_contain_text(f"Your turn, {HOSTILE}")
    expect(page.locator(".stage__title")).to_contain_text(HOSTILE)
    expect(page.locator("[data-testid=scores]")).to_contain_text(HOSTILE)
    expect(page.locator("#log")).to_contain_text(HOSTILE)
    assert_clean(page, dialogs)

    # A broken file whose name is hostile: the error names it, as text.
    bad = tmp_path / f"{HOSTILE.replace('/', '_')}-bad.json"
    bad.write_text(json.dumps({"format": "dozito/1", "players": [HOSTILE]}))
    page.set_input_files("[data-testid=import-file]", str(bad))
    expect(page.locator("#notice")).to_contain_text(HOSTILE)
    expect(status).to_contain_text(f"Your turn, {HOSTILE}")
    assert_clean(page, dialogs)
