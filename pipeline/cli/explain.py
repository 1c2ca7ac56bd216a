"""`pnp explain [CODE]`: what a finding code means, how to fix it, and content that triggers it."""

from __future__ import annotations

from typing import Annotated

import typer

from .reporter import fail


def explain(
    code: Annotated[str | None, typer.Argument(metavar="CODE", help="A finding code, e.g. LAYOUT-CYCLE (any case).")] = None,
    markdown: Annotated[bool, typer.Option("--markdown", help="Print the whole reference page (findings.md).")] = False,
) -> None:
    """Explain a finding code: its severity, meaning, fix and an example; with no code, list every code."""
    from pipeline.app import finding_reference as reference

    if markdown:
        typer.echo(reference.render_findings_markdown(), nl=False)
        return
    if code is None:
        typer.echo("\n".join(reference.explain_lines()))
        return
    page = reference.explain_page(code)
    if page is None:
        raise fail(reference.unknown_code_message(code))
    typer.echo(page, nl=False)
