"""The reference pages generated from the code (`pnp docs`): committed and current, complete, and their examples real."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import typer
from PIL import Image
from typer.testing import CliRunner

from pipeline.app.check import validate
from pipeline.app.reference import pages, stale_pages
from pipeline.app.reference.examples import FIELD_EXAMPLES
from pipeline.cli import app
from pipeline.content.declared import FIELD_TYPES
from pipeline.games import find_game
from pipeline.render.grid import GridModel
from pipeline.render.layouts import BOX_TYPES, BoxModel, ProfileModel, load_layouts
from pipeline.shipped import CHECKOUT, LAYOUTS

runner = CliRunner()
REFERENCE = CHECKOUT / "docs" / "reference"
CLI = typer.main.get_command(app)


@pytest.fixture(scope="module")
def generated() -> dict[str, str]:
    return pages(CLI)


def section(page: str, heading: str) -> str:
    """The text of one section of a page, from its heading to the next heading of any level."""
    start = page.index(f"\n{heading}\n")
    end = page.find("\n#", start + len(heading) + 2)
    return page[start:end if end != -1 else None]


def test_the_committed_pages_are_current() -> None:
    assert stale_pages(REFERENCE, CLI) == [], "run `pnp docs` and commit docs/reference/"


def test_docs_check_names_each_stale_page_and_docs_writes_them(tmp_path: Path) -> None:
    out = tmp_path / "reference"
    shutil.copytree(REFERENCE, out)
    (out / "layouts.md").write_text("# edited by hand\n", encoding="utf-8")
    (out / "paper.md").unlink()
    stale = runner.invoke(app, ["docs", "--check", "--out", str(out)])
    assert stale.exit_code == 1
    assert [line.split(":")[0] for line in stale.output.splitlines()] == [str(out / "layouts.md"), str(out / "paper.md")]
    assert "DOCS-STALE" in stale.output
    written = runner.invoke(app, ["docs", "--out", str(out)])
    assert written.exit_code == 0 and written.output.count("wrote ") == 2
    assert runner.invoke(app, ["docs", "--check", "--out", str(out)]).exit_code == 0


def test_every_command_and_option_has_its_section(generated: dict[str, str]) -> None:
    page = generated["commands.md"]
    context = CLI.context_class(CLI, info_name="pnp")
    groups = [("pnp", CLI, context)]
    while groups:
        prefix, group, ctx = groups.pop()
        for name in group.list_commands(ctx):
            command = group.get_command(ctx, name)
            full = f"{prefix} {name}"
            text = section(page, f"## {full}")
            for param in command.params:
                shown = param.name.upper() if param.param_type_name == "argument" else param.opts[0]
                assert f"`{shown}" in text, (full, shown)
            if hasattr(command, "list_commands"):
                groups.append((full, command, command.context_class(command, info_name=name, parent=ctx)))
    build = section(page, "## pnp build")
    assert "| `--backs` | one of `duplex`, `gutter`, `none` | `duplex` |" in build
    assert "`4, or the cores if fewer`" in build  # a default in words, the same on every machine


def test_every_box_type_and_layout_property_is_described(generated: dict[str, str]) -> None:
    page = generated["layouts.md"]
    for box_type in BOX_TYPES:
        assert f"\n### {box_type}\n" in page
    for heading, model in (("## Box properties", BoxModel), ("## Grid properties", GridModel),
                           ("## Print profile", ProfileModel)):
        text = section(page, heading)
        for key, info in model.model_fields.items():
            assert info.description, (model.__name__, key)
            assert f"| `{info.alias or key}` |" in text, (heading, key)
    assert "Properties: `type`, `x`, `y`, `width`, `height`, `field`, `icon`, `when`." in section(page, "### icon")
    assert "`palette.&lt;name&gt;`" not in page and "palette.&lt;name&gt;" in page  # not read as an HTML tag


def test_every_field_type_has_an_example_pnp_accepts(generated: dict[str, str], tmp_path: Path) -> None:
    page = generated["declared-fields.md"]
    assert list(FIELD_EXAMPLES) == list(FIELD_TYPES)
    for name, (declared, value) in FIELD_EXAMPLES.items():
        assert f"## {name}\n" in page and declared in page and value in page
    # One game declaring every example field, and a card holding every example value, validates clean.
    game = tmp_path / "content" / "examples"
    (game / "art").mkdir(parents=True)
    Image.new("RGB", (8, 8)).save(game / "art" / "scout.png")
    fields = "\n".join(f"        {declared}" for declared, _ in FIELD_EXAMPLES.values())
    values = "\n".join(f"    {value}" for _, value in FIELD_EXAMPLES.values())
    (game / "game.yaml").write_text(f"kind: game\ngame:\n  id: examples\n  name: Examples\n  locales: [en]\n  kinds:\n"
                                    f"    card:\n      fields:\n{fields}\n", encoding="utf-8")
    (game / "cards.yaml").write_text(f"kind: card\nitems:\n  - id: scout\n{values}\n", encoding="utf-8")
    report = validate([find_game("examples", tmp_path / "content")], tmp_path / "content")
    assert [(f.code, f.message) for f in report.findings] == []


def test_every_print_profile_and_card_size_is_listed(generated: dict[str, str]) -> None:
    page = generated["paper.md"]
    layouts, _ = load_layouts(LAYOUTS)
    for name in layouts.profiles:
        assert f"| `{name}` |" in section(page, "## Print profiles")
    for sizes in layouts.sizes.values():
        for name in sizes:
            assert f"| `{name}` |" in section(page, "## Card sizes")
    assert "| `poker` | every game | 63.5 × 88.9 mm | 180 × 252 pt | 9 | 8 |" in page
