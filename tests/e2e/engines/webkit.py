"""WebKitGTK (Safari's engine) for the engines' smoke suite (drivers.py):
a WebKit2 4.1 web view in a GTK window, driven through its own Python
bindings. One JSON request per line on stdin, one JSON answer per line on
stdout: {"value": ...} or {"error": "..."}.

    xvfb-run -a /usr/bin/python3 tests/e2e/engines/webkit.py WIDTH HEIGHT PROFILE_DIR

Debian's python3-gi is the system Python's (/usr/bin/python3), not .venv's,
so the bindings are imported in main(): pytest's doctest collection imports
this file in .venv without them.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

# Page errors reach the driver through a message handler: WebKitGTK's API
# has no console signal. A user script is the browser's, not the page's, so
# the page's content security policy does not apply to it.
CATCH_ERRORS = """(() => {
  const report = (text) => window.webkit.messageHandlers.pageError.postMessage(String(text));
  const error = console.error;
  console.error = (...args) => (report(args.join(" ")), error.apply(console, args));
  addEventListener("error", (e) => report(`page error: ${e.message}`));
  addEventListener("unhandledrejection", (e) => report(`page error: ${e.reason}`));
})();"""

DEAD_PROXY = "http://127.0.0.1:9"
"""Offline: every request goes to a proxy that refuses it (the discard port),
as a dropped network would; WebKitGTK has no offline switch of its own."""


def main(width: int, height: int, profile: str) -> None:
    import gi

    gi.require_version("Gtk", "3.0")
    gi.require_version("WebKit2", "4.1")
    from gi.repository import GLib, Gtk, WebKit2

    Gtk.init()
    data = WebKit2.WebsiteDataManager(
        base_data_directory=f"{profile}/data", base_cache_directory=f"{profile}/cache"
    )
    context = WebKit2.WebContext.new_with_website_data_manager(data)
    content = WebKit2.UserContentManager()
    errors: list[str] = []
    content.register_script_message_handler("pageError")
    content.connect(
        "script-message-received::pageError",
        lambda _manager, result: errors.append(result.get_js_value().to_string()),
    )
    content.add_script(
        WebKit2.UserScript(
            CATCH_ERRORS,
            WebKit2.UserContentInjectedFrames.TOP_FRAME,
            WebKit2.UserScriptInjectionTime.START,
            None,
            None,
        )
    )
    view = WebKit2.WebView(web_context=context, user_content_manager=content)
    # Xvfb has no GPU: composited frames go through software GL at a few a
    # second, and the page waits for a painted frame before each bot move.
    policy = WebKit2.HardwareAccelerationPolicy.NEVER
    view.get_settings().set_hardware_acceleration_policy(policy)
    window = Gtk.Window()
    window.set_default_size(width, height)
    window.add(view)
    window.show_all()

    def answer(message: dict[str, Any]) -> None:
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()

    loading: list[Callable[[str | None], None]] = []
    failures: list[str] = []

    def on_load_failed(_view: Any, _event: Any, uri: str, error: Any) -> bool:
        failures.append(f"{uri}: {error.message}")
        return False

    def on_load_changed(_view: Any, event: Any) -> None:
        if event == WebKit2.LoadEvent.FINISHED and loading:
            loading.pop()(failures.pop() if failures else None)

    view.connect("load-failed", on_load_failed)
    view.connect("load-changed", on_load_changed)

    def loaded(failure: str | None) -> None:
        answer({"error": failure} if failure else {"value": None})

    def evaluate(fn: str) -> None:
        body = f"return JSON.stringify((await ({fn})()) ?? null);"

        def done(_view: Any, result: Any) -> None:
            try:
                value = view.call_async_javascript_function_finish(result)
            except GLib.Error as error:
                answer({"error": error.message})
            else:
                answer({"value": json.loads(value.to_string())})

        view.call_async_javascript_function(body, -1, None, None, None, None, done)

    def screenshot(path: str) -> None:
        def done(_view: Any, result: Any) -> None:
            view.get_snapshot_finish(result).write_to_png(path)
            answer({"value": None})

        region, options = WebKit2.SnapshotRegion.VISIBLE, WebKit2.SnapshotOptions.NONE
        view.get_snapshot(region, options, None, done)

    def offline(on: bool) -> None:
        if on:
            settings = WebKit2.NetworkProxySettings.new(DEAD_PROXY, None)
            data.set_network_proxy_settings(WebKit2.NetworkProxyMode.CUSTOM, settings)
        else:
            data.set_network_proxy_settings(WebKit2.NetworkProxyMode.DEFAULT, None)
        answer({"value": None})

    def on_request(_fd: int, condition: int) -> bool:
        line = sys.stdin.readline()
        if not line:
            Gtk.main_quit()
            return False
        request = json.loads(line)
        op = request["op"]
        if op in ("goto", "reload"):
            loading.append(loaded)
            view.load_uri(request["url"]) if op == "goto" else view.reload()
        elif op == "evaluate":
            evaluate(request["fn"])
        elif op == "offline":
            offline(request["offline"])
        elif op == "screenshot":
            screenshot(request["path"])
        elif op == "errors":
            answer({"value": errors})
        else:
            answer({"error": f"unknown op {op!r}"})
        return True

    GLib.io_add_watch(sys.stdin.fileno(), GLib.IO_IN | GLib.IO_HUP, on_request)
    version = (WebKit2.get_major_version(), WebKit2.get_minor_version())
    answer({"value": "WebKitGTK {}.{}".format(*version)})
    Gtk.main()


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3])
