"""`pnp docs`: the reference pages generated from the code, written into docs/reference/ or checked for staleness.

Each page is read from what the code holds, never written by hand: the commands and options from the CLI's click
objects (passed in by the CLI, which this layer may not import), the layout vocabulary and the manifest keys from
their pydantic models' JSON Schemas (the descriptions the editors show), the paper profiles from the shipped
layouts. The same input gives the same bytes, so CI compares the committed pages with a fresh run (`--check`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from pipeline.app.finding_reference import render_findings_markdown
from pipeline.atomic import write_atomic
from pipeline.content.schema import holds_text

from ..project import writing
from .commands import commands_page
from .models import declared_fields_page, layouts_page, manifest_page
from .paper import paper_page

REFERENCE = Path("docs/reference")  # where the pages live in the repository (mkdocs.yml links them there)


def pages(cli: Any) -> dict[str, str]:
    """Every generated page by file name: `cli` is the root click group of `pnp` (typer.main.get_command)."""
    makers: dict[str, Callable[[], str]] = {
        "commands.md": lambda: commands_page(cli),
        "layouts.md": layouts_page,
        "declared-fields.md": declared_fields_page,
        "manifest.md": manifest_page,
        "paper.md": paper_page,
        "findings.md": render_findings_markdown,
    }
    return {name: make() for name, make in makers.items()}


def write_pages(out: Path, cli: Any) -> list[Path]:
    """Write each page that is missing or differs; the paths written (UsageError if one cannot be written)."""
    written = []
    for name, text in pages(cli).items():
        path = out / name
        if not holds_text(path, text):
            with writing(path):
                write_atomic(path, text.encode("utf-8"))
            written.append(path)
    return written


def stale_pages(out: Path, cli: Any) -> list[Path]:
    """The pages that are missing or differ from what the code generates."""
    return [out / name for name, text in pages(cli).items() if not holds_text(out / name, text)]
