"""Options several commands share, spelled once."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pipeline.app.project import content_root, packaged_fallback

from .reporter import Format, GateFormat

GameOption = Annotated[list[str] | None, typer.Option("--game", "-g", help="Game id (repeatable); default: every game.")]
OneGame = Annotated[str, typer.Option("--game", "-g", help="Game id.")]
TheGame = Annotated[str | None, typer.Option("--game", "-g", help="Game id; default: the only game under the content root.")]
PackOption = Annotated[
    list[str] | None,
    typer.Option("--pack", help="An expansion played with the base game (repeatable), e.g. lost-mount; default: the base alone."),
]
ModeOption = Annotated[
    list[str] | None,
    typer.Option("--mode", help="A mode of a pack named with --pack (repeatable), e.g. troll; default: all its modes. "
                 "MODE/KIND plays only the chosen kinds of a mode's cards, e.g. advanced-actions/advanced-evasion."),
]
LocaleOption = Annotated[
    list[str] | None, typer.Option("--locale", "-l", help="Locale (repeatable); default: every locale of the game.")
]
ContentOption = Annotated[
    Path | None, typer.Option("--content", help="Content root holding one folder per game; default: ./content.")
]
StrictOption = Annotated[
    bool, typer.Option("--strict", help="Warnings fail the run too (exit 1); each finding keeps its severity.")
]
VerboseOption = Annotated[
    bool, typer.Option("--verbose", "-v", help="List each missing string of a draft locale (text and github output "
                       "count them in one line per catalog).")
]
FormatOption = Annotated[Format, typer.Option("--format", "-f", help="text, json or github (CI annotations).")]
GateFormatOption = Annotated[
    GateFormat, typer.Option("--format", "-f", help="text, json, github (CI annotations) or sarif (code scanning).")
]


def resolve_content(content: Path | None) -> Path:
    """The content root a command works on; when that is the example content shipped with pnp (no
    --content, no ./content here), a note on stderr says so."""
    fallback = packaged_fallback(content, "content")
    if fallback is not None:
        typer.echo(f"pnp: no ./content here: using the example content shipped with pnp ({fallback}); "
                   "pass --content DIR for your own", err=True)
    return content_root(content)
