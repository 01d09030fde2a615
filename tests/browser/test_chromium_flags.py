"""The browser the tests launch keeps Playwright's own switches and draws no address-bar popup."""

from __future__ import annotations

import re
from pathlib import Path

import playwright

from tests.browser.conftest import CHROMIUM_ARGS, PLAYWRIGHT_DISABLED_FEATURES

DRIVER = Path(playwright.__file__).parent / "driver" / "package" / "lib"


def features_playwright_disables() -> set[str]:
    """The ``disabledFeatures`` list of the installed Playwright driver's Chromium switches."""
    for bundle in sorted(DRIVER.rglob("*.js")):
        text = bundle.read_text(encoding="utf-8", errors="replace")
        found = re.search(r"disabledFeatures = \[(.*?)\]", text, re.DOTALL)
        if found:
            return set(re.findall(r'^\s*"(\w+)"', found.group(1), re.MULTILINE))
    raise AssertionError(f"no disabledFeatures list under {DRIVER}")


def test_our_disable_features_switch_repeats_every_feature_playwright_disables() -> None:
    # Chromium keeps only the last --disable-features: ours must carry Playwright's list too.
    ours = [arg for arg in CHROMIUM_ARGS if arg.startswith("--disable-features=")]
    assert len(ours) == 1
    assert features_playwright_disables() <= set(PLAYWRIGHT_DISABLED_FEATURES)
    assert set(PLAYWRIGHT_DISABLED_FEATURES) <= set(ours[0].removeprefix("--disable-features=").split(","))
