"""Fixture catalogs in tmp dirs: a tiny game folder with source strings, a template and a German catalog."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from pipeline.i18n.catalogs import build_template, catalog_path, template_path, write_catalog
from pipeline.i18n.messages import SourceString
from pipeline.i18n.models import Term
from pipeline.i18n.workflow import update

SOURCE_YAML = """\
kind: texts
messages:
  - id: effect:draw-cards
    text: "Draw {amount} card {icon:draw}."
    plural: "Draw {amount} cards {icon:draw}."
    count: amount
  - id: effect:raise-shield
    text: "Raise your Shield by {amount} {icon:shield}."
  - id: label:trophy
    text: "Trophy"
  - id: story:intro
    text: "The bell tolls at dusk."
"""

GERMAN = {
    "effect:draw-cards": ("Ziehe {amount} Karte {icon:draw}.", "Ziehe {amount} Karten {icon:draw}."),
    "effect:raise-shield": "Erhöhe deinen Schild um {amount} {icon:shield}.",
    "label:trophy": "Trophäe",
    "story:intro": "Die Glocke läutet in der Dämmerung.",
}


def source_strings(game_dir: Path, changes: dict[str, str] | None = None) -> list[SourceString]:
    """The fixture's source strings, positioned at their lines in texts.yaml (optionally with new English)."""
    path = game_dir / "texts.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    strings = []
    for context, source, plural, count in (
        ("effect:draw-cards", "Draw {amount} card {icon:draw}.", "Draw {amount} cards {icon:draw}.", "amount"),
        ("effect:raise-shield", "Raise your Shield by {amount} {icon:shield}.", "", ""),
        ("label:trophy", "Trophy", "", ""),
        ("story:intro", "The bell tolls at dusk.", "", ""),
    ):
        line = next(i for i, text in enumerate(lines, start=1) if f"id: {context}" in text) + 1
        source = (changes or {}).get(context, source)
        strings.append(SourceString(context, source, plural=plural, count=count, path=path, line=line))
    return strings


# The demo game's terminology table (what its database would hold from a `kind: terms` file).
TERMS = [
    Term(id="shield", source=["Shield"], translations={"de": ["Schild"]}),
    Term(id="trophy", source=["Trophy"], translations={"de": ["Trophäe"]}),
]


@pytest.fixture
def game_dir(tmp_path: Path) -> Path:
    """content/demo with texts.yaml, messages.pot and a fully translated de.po."""
    root = tmp_path / "content" / "demo"
    root.mkdir(parents=True)
    (root / "texts.yaml").write_text(SOURCE_YAML, encoding="utf-8")
    strings = source_strings(root)
    template = build_template(strings, "demo", root)  # references relative to the game folder
    write_catalog(template_path(root), template)
    update(template, root, "de", "demo")
    translate(root, GERMAN)
    return root


def translate(game_dir: Path, values: dict[str, str | tuple[str, ...]], locale: str = "de") -> None:
    """Fill msgstr of the given contexts, through Babel (as a translator's tool would)."""
    from pipeline.i18n.catalogs import read_catalog

    path = catalog_path(game_dir, locale)
    catalog = read_catalog(path, locale)
    for message in catalog:
        if message.id and message.context in values:
            message.string = values[message.context]
            message.flags.discard("fuzzy")
    write_catalog(path, catalog)


Edit = Callable[[str, str], Path]


@pytest.fixture
def edit_po(game_dir: Path) -> Edit:
    """Replace text in de.po as a translator would by hand; returns the .po path."""

    def run(old: str, new: str) -> Path:
        path = catalog_path(game_dir, "de")
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} not in de.po"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        return path

    return run
