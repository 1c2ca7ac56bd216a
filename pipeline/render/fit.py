"""Text fit without writing a PDF: every face of a game in a locale set against its layout.

`pnp check --locale L` calls `fit_findings`; `pnp build` reports the same findings (the face contract
in its preflight, the fit while drawing).
"""

from __future__ import annotations

from pathlib import Path

from pipeline.content.database import Database
from pipeline.findings import Finding
from pipeline.i18n.localizer import Localizer
from pipeline.rules.spec import PrintSpec

from .contract import contract_findings
from .faces import RenderContext
from .layouts import default_layouts_dir, load_layouts
from .sheets import prepare

DEFAULT_CACHE = Path(".pnp-cache")


def fit_findings(printing: PrintSpec, db: Database, localizer: Localizer, layouts_dir: Path | None = None,
                 cache_dir: Path = DEFAULT_CACHE) -> list[Finding]:
    """Layout problems, the face contract (bindings, icons) and every text that overflows its box (FIT-OVERFLOW)."""
    components = printing.components(db, localizer)
    layouts, layout_findings = load_layouts(layouts_dir or default_layouts_dir())
    ctx = RenderContext(components.game, localizer.locale, components.root, cache_dir)
    contract = contract_findings(printing, db, localizer, components, layouts)
    reported = set(contract)  # a missing image is found by both: report it once
    return layout_findings + contract + [f for f in prepare(components, layouts, ctx).findings if f not in reported]


def board_fit_findings(printing: PrintSpec, game_id: str, db: Database, localizer: Localizer,
                       layouts_dir: Path | None = None) -> list[Finding]:
    """The boards' fit in a locale, drawn in memory: positions off the board, areas without a box, and
    every label that overflows (what `pnp build --target boards` would report)."""
    from .board import board_form, plan_board
    from .pdf import Document
    from .units import pt

    if printing.boards is None:
        return []
    layouts, findings = load_layouts(layouts_dir or default_layouts_dir())
    boards = printing.boards(db, localizer)
    for spec in [*([boards.board] if boards.board else []), *boards.player_boards]:
        plan, problems = plan_board(spec, game_id, localizer.locale, layouts)
        findings += problems
        if plan is not None:
            findings += board_form(Document(spec.title, (pt(plan.size.width), pt(plan.size.height))), "Board", plan)
    return findings
