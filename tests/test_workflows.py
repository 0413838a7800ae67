"""The GitHub workflows parse, use the official actions with inputs they
document, and run the README's test command before publishing."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest
import yaml

WORKFLOWS = Path(__file__).resolve().parent.parent / ".github" / "workflows"
TEST_COMMAND = "python3 build.py test"

# Each action's documented inputs (from its action.yml), for the versions used.
ACTIONS: dict[str, set[str]] = {
    "actions/checkout@v4": {"repository", "ref", "token", "fetch-depth", "path", "submodules"},
    "actions/setup-python@v5": {"python-version", "cache", "architecture"},
    "actions/setup-node@v4": {"node-version", "cache", "registry-url"},
    "actions/configure-pages@v5": {"static_site_generator", "generator_config_file", "enablement"},
    "actions/upload-pages-artifact@v3": {"name", "path", "retention-days"},
    "actions/deploy-pages@v4": {
        "token", "timeout", "error_count", "reporting_interval", "artifact_name", "preview",
    },
}  # fmt: skip


def load(name: str) -> dict[Any, Any]:
    data = yaml.safe_load((WORKFLOWS / name).read_text())
    assert isinstance(data, dict)
    return data


def steps(workflow: dict[Any, Any]) -> list[dict[str, Any]]:
    return [step for job in workflow["jobs"].values() for step in job["steps"]]


def triggers(workflow: dict[Any, Any]) -> dict[str, Any]:
    # YAML 1.1 reads the key `on` as True.
    on = workflow.get("on", workflow.get(True))
    assert isinstance(on, dict)
    return on


@pytest.mark.parametrize("name", ["test.yml", "pages.yml"])
def test_actions_and_inputs_are_documented_ones(name: str) -> None:
    for step in steps(load(name)):
        if "uses" in step:
            assert step["uses"] in ACTIONS, step["uses"]
            assert set(step.get("with", {})) <= ACTIONS[step["uses"]], step
        else:
            assert "run" in step


@pytest.mark.parametrize("name", ["test.yml", "pages.yml"])
def test_runs_the_readme_test_command(name: str) -> None:
    runs = [step["run"] for step in steps(load(name)) if "run" in step]
    assert TEST_COMMAND in runs
    readme = (WORKFLOWS.parent.parent / "README.md").read_text()
    assert f"    {TEST_COMMAND}\n" in readme


@pytest.mark.parametrize("name", ["test.yml", "pages.yml"])
def test_sets_up_the_build_python_and_the_engines_minimum(name: str) -> None:
    """tests/pythons.py runs the engine's tests on 3.11; with CI=true a missing one fails."""
    (setup,) = [s for s in steps(load(name)) if s.get("uses") == "actions/setup-python@v5"]
    build_python = (WORKFLOWS.parent.parent / ".python-version").read_text().strip()
    assert setup["with"]["python-version"].split() == ["3.11", build_python]  # the last: python3


def test_tests_run_on_every_push_and_pull_request() -> None:
    assert set(triggers(load("test.yml"))) == {"push", "pull_request"}


def test_pages_deploys_the_tested_site() -> None:
    workflow = load("pages.yml")
    assert triggers(workflow)["push"]["branches"] == ["main"]
    build, deploy = workflow["jobs"]["build"], workflow["jobs"]["deploy"]
    uses = [step.get("uses") or step["run"] for step in build["steps"]]
    assert uses.index(TEST_COMMAND) < uses.index("actions/upload-pages-artifact@v3")
    upload = next(s for s in build["steps"] if s.get("uses", "").startswith("actions/upload"))
    assert upload["with"]["path"] == "dist"
    assert deploy["needs"] == "build"
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"}
    assert deploy["environment"]["name"] == "github-pages"
    assert [s["uses"] for s in deploy["steps"]] == ["actions/deploy-pages@v4"]


@pytest.mark.parametrize("name", ["test.yml", "pages.yml"])
def test_chromium_comes_from_the_runner_or_playwright_never_apt(name: str) -> None:
    """apt's `chromium` on Ubuntu installs a snap, which fails when the snap store
    is unreachable: the runner image's /usr/bin/chromium, else Playwright's."""
    runs = [step["run"] for step in steps(load(name)) if "run" in step]
    assert not [run for run in runs if "apt-get install" in run and "chromium" in run]
    (chromium,) = [run for run in runs if "chromium" in run]
    assert chromium.startswith("/usr/bin/chromium --version || ")
    assert "playwright install chromium" in chromium


@pytest.mark.parametrize("name", ["test.yml", "pages.yml"])
def test_the_other_engines_are_the_runners_or_plain_ubuntu_packages(name: str) -> None:
    """With CI=true a missing engine fails tests/e2e/engines: the runner's Firefox
    (a .deb at /usr/bin/firefox, which drivers.py accepts) and WebKitGTK from apt."""
    path = WORKFLOWS.parents[1] / "tests" / "e2e" / "engines" / "drivers.py"
    spec = importlib.util.spec_from_file_location("engine_drivers", path)
    assert spec and spec.loader
    drivers = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(drivers)
    runs = "\n".join(step["run"] for step in steps(load(name)) if "run" in step)
    assert "/usr/bin/firefox --version" in runs and "/usr/bin/firefox" in drivers.FIREFOXES
    webkit = drivers.INSTALL["webkit"].removeprefix("apt-get install -y ")
    assert f"sudo apt-get install -y --no-install-recommends {webkit}" in runs
    assert "snap" not in runs
