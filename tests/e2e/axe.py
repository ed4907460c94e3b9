"""axe-core in the browser tests: WCAG 2.1 A/AA (and the heading order) over what a page shows, split into
the app's own findings (which must be none) and Streamlit's own markup (listed as known, not hidden).

axe-core comes with the PyPI package ``axe-playwright-python`` (its ``axe.min.js``; the ``test`` extra), so
nothing is downloaded while the tests run; without the package the tests that use it are skipped.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
"""The WCAG 2.1 A and AA rules; ``heading-order`` (a best practice) is run besides them."""
SERIOUS = ("serious", "critical")

STREAMLIT_OWN = {
    "list": "[data-testid=stSidebarNav]",
    "listitem": "[data-testid=stSidebarNav]",
}
"""Known findings in Streamlit's own markup, by rule: the sidebar's page list is a ``ul`` whose children are
``div`` elements wrapping each ``li`` (Streamlit draws it; the app has no say in its markup)."""

_RUN = """async ([tags]) => {
  const result = await axe.run(document, {
    runOnly: {type: 'tag', values: tags}, elementRef: true,
  });
  const order = await axe.run(document, {
    runOnly: {type: 'rule', values: ['heading-order']}, elementRef: true,
  });
  return [...result.violations, ...order.violations].map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({
      target: n.target.join(' '),
      html: n.html.slice(0, 160),
      message: ((n.any[0] || n.all[0] || n.none[0] || {}).message || '').slice(0, 200),
      sidebarNav: !!(n.element && n.element.closest('[data-testid=stSidebarNav]')),
    })),
  }));
}"""


def axe_source() -> str:
    """axe.min.js from the installed package (the test is skipped without it)."""
    package = pytest.importorskip("axe_playwright_python")
    return (Path(package.__file__).parent / "axe.min.js").read_text(encoding="utf-8")


def available() -> bool:
    """Whether axe-core can be had here (the ``axe-playwright-python`` package is installed)."""
    try:
        import axe_playwright_python  # noqa: F401
    except ImportError:
        return False
    return True


def findings(page: Any) -> list[dict[str, Any]]:  # type: ignore[explicit-any]
    """Every violation on the page as it is now, each node marked whether it lies in Streamlit's page list."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.evaluate(axe_source())
    result: list[dict[str, Any]] = page.evaluate(_RUN, [TAGS])
    return result


def split(violations: list[dict[str, Any]]) -> tuple[list[str], list[str]]:
    """(the app's own serious or critical findings and heading-order skips, Streamlit's known ones), each
    as a line naming the rule, the element and what is wrong."""
    own, known = [], []
    for violation in violations:
        if violation["impact"] not in SERIOUS and violation["id"] != "heading-order":
            continue
        for node in violation["nodes"]:
            line = f"{violation['id']} ({violation['impact']}): {node['target']} — {node['message']}"
            if violation["id"] in STREAMLIT_OWN and node["sidebarNav"]:
                known.append(line)
            else:
                own.append(line)
    return own, known
