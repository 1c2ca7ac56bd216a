"""Text fit without writing a PDF: every face of a game in a locale set against its layout.

`pnp check --locale L` calls `fit_findings`; `pnp build` reports the same findings (the face contract
in its preflight, the fit while drawing).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pipeline.content.database import Database
from pipeline.findings import Finding, warning
from pipeline.rules.components import Components, HasComponents

from .contract import contract_findings
from .faces import RenderContext
from .layouts import default_layouts_dir, load_layouts
from .sheets import prepare

DEFAULT_CACHE = Path(".pnp-cache")


def localized_components(ruleset: Any, db: Database, locale: str) -> tuple[Components | None, Any, list[Finding]]:
    """The game's faces in a locale and the localizer that printed them (None if the game cannot print)."""
    make_localizer = getattr(ruleset, "localizer", None)
    if not isinstance(ruleset, HasComponents) or make_localizer is None:
        return None, None, [warning("BUILD-UNSUPPORTED", f"{ruleset.id} has no printable components yet", str(db.root))]
    localizer = make_localizer(db, locale)
    return ruleset.components(db, localizer), localizer, []


def fit_findings(ruleset: Any, db: Database, locale: str, layouts_dir: Path | None = None,
                 cache_dir: Path = DEFAULT_CACHE) -> list[Finding]:
    """Layout problems, the face contract (bindings, icons) and every text that overflows its box (FIT-OVERFLOW)."""
    components, localizer, findings = localized_components(ruleset, db, locale)
    if components is None:
        return findings
    layouts, layout_findings = load_layouts(layouts_dir or default_layouts_dir())
    ctx = RenderContext(components.game, locale, components.root, cache_dir)
    contract = contract_findings(ruleset, db, localizer, components, layouts)
    reported = set(contract)  # a missing image is found by both: report it once
    return layout_findings + contract + [f for f in prepare(components, layouts, ctx).findings if f not in reported]


def board_fit_findings(ruleset: Any, db: Database, locale: str, layouts_dir: Path | None = None) -> list[Finding]:
    """The boards' fit in a locale, drawn in memory: positions off the board, areas without a box, and
    every label that overflows (what `pnp build --target boards` would report)."""
    from pipeline.rules.boards import HasBoards

    from .board import board_form, plan_board
    from .pdf import Document
    from .units import pt

    if not isinstance(ruleset, HasBoards):
        return []
    game: Any = ruleset  # a Ruleset that also has boards
    layouts, findings = load_layouts(layouts_dir or default_layouts_dir())
    boards = ruleset.boards(db, game.localizer(db, locale))
    for spec in [*([boards.board] if boards.board else []), *boards.player_boards]:
        plan, problems = plan_board(spec, game.id, locale, layouts)
        findings += problems
        if plan is not None:
            findings += board_form(Document(spec.title, (pt(plan.size.width), pt(plan.size.height))), "Board", plan)
    return findings
