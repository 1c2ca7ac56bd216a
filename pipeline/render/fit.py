"""Text fit without writing a PDF: every face of a game in a locale set against its layout.

`pnp check --locale L` calls `fit_findings`; `pnp build` reports the same findings while drawing.
"""

from __future__ import annotations

from pathlib import Path

from pipeline.content.database import Database
from pipeline.findings import Finding
from pipeline.i18n.localizer import Localizer
from pipeline.rules.spec import PrintSpec

from .faces import RenderContext
from .layouts import default_layouts_dir, load_layouts
from .sheets import prepare

DEFAULT_CACHE = Path(".pnp-cache")


def fit_findings(printing: PrintSpec, db: Database, localizer: Localizer, layouts_dir: Path | None = None,
                 cache_dir: Path = DEFAULT_CACHE) -> list[Finding]:
    """Layout problems and every text that overflows its box (FIT-OVERFLOW) or uses an unknown icon."""
    components = printing.components(db, localizer)
    layouts, layout_findings = load_layouts(layouts_dir or default_layouts_dir())
    ctx = RenderContext(components.game, localizer.locale, components.root, cache_dir)
    return layout_findings + prepare(components, layouts, ctx).findings


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
