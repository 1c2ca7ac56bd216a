"""The root `pnp` group: a command's click form is built from its function only when that command is resolved.

Typer builds a command's options by evaluating its signature's annotations; doing that for every command
was about 40 % of `pnp --help` (issue 19). Here `--help` lists the commands from their docstrings alone,
and running or completing a command builds that one command, as typer would have built it.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator, MutableMapping
from importlib import import_module
from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup

# Each command's name, in the order `--help` lists them, with the module and attribute that define it:
# a function (one command) or a Typer app (a group of commands).
COMMANDS: dict[str, tuple[str, str]] = {
    "games": ("pipeline.cli.commands", "games"),
    "new": ("pipeline.cli.commands", "new"),
    "validate": ("pipeline.cli.commands", "validate"),
    "check": ("pipeline.cli.commands", "check"),
    "simulate": ("pipeline.cli.commands", "simulate"),
    "balance": ("pipeline.cli.commands", "balance"),
    "replay": ("pipeline.cli.commands", "replay"),
    "build": ("pipeline.cli.build", "build"),
    "watch": ("pipeline.cli.build", "watch"),
    "preflight": ("pipeline.cli.build", "preflight"),
    "diff": ("pipeline.cli.diff", "diff"),
    "serve": ("pipeline.cli.serve", "serve"),
    "review": ("pipeline.cli.serve", "review"),
    "schema": ("pipeline.cli.commands", "schema"),
    "docs": ("pipeline.cli.commands", "docs"),
    "explain": ("pipeline.cli.explain", "explain"),
    "import": ("pipeline.cli.commands", "import_sheet"),
    "i18n": ("pipeline.cli.i18n", "i18n_app"),
}


def defined(name: str) -> Callable[..., Any] | typer.Typer:
    """What defines a command: its function, or the Typer app of a group."""
    module, attribute = COMMANDS[name]
    found: Callable[..., Any] | typer.Typer = getattr(import_module(module), attribute)
    return found


def built(name: str) -> Any:
    """The click command typer makes of a command, named as `pnp` calls it."""
    definition = defined(name)
    if isinstance(definition, typer.Typer):
        group = typer.main.get_command(definition)
        group.name = name
        return group
    single = typer.Typer(rich_markup_mode=None, add_completion=False)
    single.command(name=name)(definition)
    return typer.main.get_command(single)


def short_help(name: str, limit: int) -> str:
    """A command's line in `pnp --help`, from its docstring (a group's: its app's help), shortened as click does."""
    definition = defined(name)
    text = definition.info.help if isinstance(definition, typer.Typer) else inspect.getdoc(definition)
    return TyperCommand(name=name, help=text).get_short_help_str(limit)


class LazyGroup(TyperGroup):
    """A TyperGroup over `COMMANDS` that builds a command when it is asked for, and lists them without building."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self.commands = BuiltOnUse()

    def list_commands(self, ctx: Any) -> list[str]:
        return list(self.commands)

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        limit = formatter.width - 6 - max(len(name) for name in COMMANDS)  # TyperGroup's spacing
        with formatter.section("Commands"):
            formatter.write_dl([(name, short_help(name, limit)) for name in COMMANDS])


class BuiltOnUse(MutableMapping[str, Any]):
    """The group's commands by name: every name of `COMMANDS` is a key (typer suggests among them); its command is
    built when it is first read."""

    def __init__(self) -> None:
        self._built: dict[str, Any] = {}

    def __getitem__(self, name: str) -> Any:
        if name not in self._built:
            if name not in COMMANDS:
                raise KeyError(name)
            self._built[name] = built(name)
        return self._built[name]

    def __setitem__(self, name: str, command: Any) -> None:
        self._built[name] = command

    def __delitem__(self, name: str) -> None:
        del self._built[name]

    def __iter__(self) -> Iterator[str]:
        return iter(dict.fromkeys([*COMMANDS, *self._built]))

    def __len__(self) -> int:
        return len(dict.fromkeys([*COMMANDS, *self._built]))
