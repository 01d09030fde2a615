"""axe-core run in the page: the accessibility rules' violations of impact "serious" or "critical".

axe-core comes pinned inside the ``axe-playwright-python`` dev dependency (its ``axe.min.js``), so the
check needs no network at test time. Each violation is one line per element it was found on: the rule,
its impact, the element (axe's CSS selector and the start of its HTML), what failed and the rule's help.
"""

from __future__ import annotations

from typing import Any

from axe_playwright_python.async_playwright import Axe
from playwright.async_api import Page

SERIOUS = frozenset({"serious", "critical"})
# axe's own rule tags: WCAG 2.0-2.2 A and AA, and Deque's best practices (impact filters what counts).
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]

_axe = Axe()


async def axe_violations(page: Page) -> list[dict[str, Any]]:
    """Every violation axe-core finds in the page as it is now (the whole document)."""
    results = await _axe.run(page, options={"resultTypes": ["violations"], "runOnly": TAGS})
    violations: list[dict[str, Any]] = results.response["violations"]
    return violations


def describe(violation: dict[str, Any]) -> list[str]:
    """One line per element: ``rule (impact) at selector <html…>: failure — help (url)``."""
    lines = []
    for node in violation["nodes"]:
        target = " ".join(str(part) for part in node["target"])
        html = " ".join(node.get("html", "").split())[:120]
        failure = " ".join((node.get("failureSummary") or "").split())
        lines.append(
            f"{violation['id']} ({violation['impact']}) at {target} {html}: {failure}"
            f" — {violation['help']} ({violation['helpUrl']})"
        )
    return lines


async def serious_violations(page: Page) -> list[str]:
    """The page's violations of impact serious or critical, one line per element (empty: none)."""
    return [
        line
        for violation in await axe_violations(page)
        if violation.get("impact") in SERIOUS
        for line in describe(violation)
    ]
