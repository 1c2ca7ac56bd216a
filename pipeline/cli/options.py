"""Options several commands share, spelled once."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .reporter import Format

GameOption = Annotated[list[str] | None, typer.Option("--game", "-g", help="Game id (repeatable); default: every game.")]
OneGame = Annotated[str, typer.Option("--game", "-g", help="Game id.")]
LocaleOption = Annotated[
    list[str] | None, typer.Option("--locale", "-l", help="Locale (repeatable); default: every locale of the game.")
]
ContentOption = Annotated[
    Path | None, typer.Option("--content", help="Content root holding one folder per game; default: ./content.")
]
FormatOption = Annotated[Format, typer.Option("--format", "-f", help="text, json or github (CI annotations).")]
