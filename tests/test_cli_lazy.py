"""The root group builds a command only when it is resolved, and shows what typer would show had it built them all."""

from __future__ import annotations

import pytest
import typer
from typer.testing import CliRunner

from pipeline.cli import app, lazy

runner = CliRunner()


def eager_app() -> typer.Typer:
    """The same commands registered the usual typer way, every one built when the group is."""
    eager = typer.Typer(name="pnp", rich_markup_mode=None, add_completion=False)

    @eager.callback()
    def _root() -> None:
        """Root."""

    for name in lazy.COMMANDS:
        definition = lazy.defined(name)
        if isinstance(definition, typer.Typer):
            eager.add_typer(definition, name=name)
        else:
            eager.command(name=name)(definition)
    return eager


def commands_section(text: str) -> str:
    return text[text.index("Commands:"):]


def test_help_lists_every_command_as_typer_lists_them_without_building_one(monkeypatch: pytest.MonkeyPatch) -> None:
    expected = commands_section(runner.invoke(eager_app(), ["--help"], prog_name="pnp").output)
    monkeypatch.setattr(lazy, "built", lambda name: pytest.fail(f"`pnp --help` built the command {name}"))
    shown = runner.invoke(app, ["--help"], prog_name="pnp")
    assert shown.exit_code == 0
    assert commands_section(shown.output) == expected


@pytest.mark.parametrize("argv", [["check", "--help"], ["i18n", "--help"], ["i18n", "status", "--help"], ["import", "--help"]])
def test_a_command_helps_as_when_every_command_was_built(argv: list[str]) -> None:
    expected = runner.invoke(eager_app(), argv, prog_name="pnp")
    shown = runner.invoke(app, argv, prog_name="pnp")
    assert (shown.exit_code, shown.output) == (expected.exit_code, expected.output) == (0, expected.output)


def test_resolving_one_command_builds_that_command_only(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[str] = []
    build = lazy.built
    monkeypatch.setattr(lazy, "built", lambda name: built.append(name) or build(name))
    assert runner.invoke(app, ["games", "--help"], prog_name="pnp").exit_code == 0
    assert built == ["games"]


def test_a_mistyped_command_is_answered_with_the_commands_not_yet_built() -> None:
    result = runner.invoke(app, ["chek"], prog_name="pnp")
    assert result.exit_code == 2
    assert "Did you mean 'check'" in result.output
