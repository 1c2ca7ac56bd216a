"""The command reference: every command of `pnp` with its usage, help and options, read from the click objects."""

from __future__ import annotations

import re
from typing import Any

from .markdown import anchor, code, header, paragraphs, table

# How typer shows a value's type, in words.
_TYPES = {"str": "text", "int": "integer", "int range": "integer", "float": "number", "path": "path",
          "list[str]": "text, repeatable", "list[path]": "path, repeatable"}
_NOTE = re.compile(r"\s*\[(?P<notes>[^\[\]]*)\]$")  # the `[default: x; x>=1]` or `[required]` typer appends


def commands_page(cli: Any) -> str:
    """The page: a table of every command, then a section per command (a group's commands each their own)."""
    context = _context(cli, "pnp", None)
    commands = list(_walk(cli, context, "pnp"))
    lines = header("Commands", "the command-line app (`pipeline/cli/`)")
    lines += ["Every command exits 0 when it found no error, 1 when it did, 2 on a usage error. Options of the "
              "`pnp` command itself:", ""]
    lines += _options(cli, context)
    lines += table(["command", "what it does"], [(f"[{code(name)}](#{anchor(name)})", _short(command))
                                                  for name, command, _ in commands])
    for name, command, ctx in commands:
        lines += [f"## {name}", "", f"Usage: {code(' '.join([name, *command.collect_usage_pieces(ctx)]))}", ""]
        for paragraph in paragraphs(command.help or ""):
            lines += [paragraph, ""]
        lines += _options(command, ctx)
    return "\n".join(lines).rstrip("\n") + "\n"


def _walk(group: Any, context: Any, prefix: str) -> Any:
    """(full name, command, its context) of every command under group, a group's commands after it, in order."""
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        full = f"{prefix} {name}"
        ctx = _context(command, name, context)
        yield full, command, ctx
        if hasattr(command, "list_commands"):
            yield from _walk(command, ctx, full)


def _context(command: Any, name: str, parent: Any) -> Any:
    return command.context_class(command, info_name=name, parent=parent)


def _short(command: Any) -> str:
    return paragraphs(command.help or "")[0] if command.help else ""


def _options(command: Any, ctx: Any) -> list[str]:
    """A table of a command's arguments and options: name, value, default, meaning."""
    rows = []
    for param in command.params:
        record = param.get_help_record(ctx)
        if record is None or getattr(param, "hidden", False):
            continue
        names, text = record
        is_argument = param.param_type_name == "argument"
        value = "" if getattr(param, "is_flag", False) else _metavar(names, is_argument)
        shown = param.name.upper() if is_argument else ", ".join(param.opts) + "".join(
            f" / {name}" for name in param.secondary_opts)
        meaning, default, required = _notes(text)
        if getattr(param, "envvar", None):
            meaning += f" (environment variable {param.envvar})"
        rows.append((code(shown), _value(value, param), "required" if required else default, meaning))
    return table(["option", "value", "default", "meaning"], rows) if rows else []


def _notes(text: str) -> tuple[str, str, bool]:
    """A help text without typer's appended notes, the default it names and whether the value is required."""
    found = _NOTE.search(text)
    if found is None:
        return text, "", False
    notes = [note.strip() for note in found.group("notes").split(";")]
    default = next((note.removeprefix("default: ") for note in notes if note.startswith("default: ")), "")
    if default.startswith("(") and default.endswith(")"):  # a default said in words (`show_default="..."`)
        default = default[1:-1]
    ranges = [code(note) for note in notes if note != "required" and not note.startswith("default: ")]
    meaning = text[:found.start()] + (f" ({', '.join(ranges)})" if ranges else "")
    return meaning, code(default) if default else "", "required" in notes


def _metavar(names: str, is_argument: bool) -> str:
    """The value part of a help record's names (`-j, --jobs <int range>`, `--paper PROFILE`, `game <str>`)."""
    words = names.split(" ")
    if is_argument:
        return " ".join(words[1:])
    while words and (words[0].startswith("-") or words[0] == "/"):
        words.pop(0)
    return " ".join(words)


def _value(metavar: str, param: Any) -> str:
    """What an option takes, in words: its choices, a type, or the metavar its help names."""
    if not metavar:
        return "flag" if param.param_type_name == "option" else ""
    inner = metavar.removeprefix("<").removesuffix(">") if metavar.startswith("<") else None
    if inner is None:
        return code(metavar)
    repeated = inner.startswith("list[") and inner.endswith("]")
    word = inner.removeprefix("list[").removesuffix("]") if repeated else inner
    if "|" in word:
        choices = "one of " + ", ".join(code(choice) for choice in word.split("|"))
        return choices + (", repeatable" if repeated else "")
    return _TYPES.get(inner, _TYPES.get(word, word) + (", repeatable" if repeated else ""))
