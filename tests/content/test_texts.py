"""Translatable fields describe themselves: contexts come from the models, extraction and printing agree,
and a help-card line inserted at the top of a section leaves every other German translation as it was."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Annotated, Any, Literal

import pytest
from pydantic import ValidationError

from pipeline.content.database import Database, load_database
from pipeline.content.models import ContentFile, ContentModel, Entity
from pipeline.content.texts import (
    Lettered,
    OptionalTranslated,
    TextIndex,
    Translatable,
    Translated,
    UniqueKeys,
    content_fields,
    context_clashes,
)
from pipeline.games import find_game
from pipeline.i18n.catalogs import catalog_path, read_catalog
from pipeline.i18n.localizer import Localizer
from pipeline.i18n.status import by_context
from tests.conftest import CONTENT, german_after_extract_and_update

PRINTING_GAMES = ["old-world", "path-of-destiny"]


# --- The contexts a small model tree gets ---------------------------------------------------------


class Branch(ContentModel):
    low: int
    text: OptionalTranslated = ""

    def text_key(self) -> str:
        return f"roll-{self.low}"


class Effect(ContentModel):
    branches: list[Branch] = []


class Option(ContentModel):
    label: Translated
    effects: list[Effect] = []


class Line(ContentModel):
    id: str
    text: Translated


class Card(Entity):
    title: Translated
    flavor: OptionalTranslated = ""
    cost: int = 0
    options: Annotated[list[Option], Lettered()] = []
    lines: Annotated[list[Line], UniqueKeys] = []


class CardsFile(ContentFile):
    kind: Literal["cards"]
    cards: list[Card]
    entities_field = "cards"


def small_db(tmp_path: Path, yaml: str) -> Database:
    (tmp_path / "cards.yaml").write_text("kind: cards\ncards:\n" + yaml, encoding="utf-8")
    db, findings = load_database(tmp_path, "test", (CardsFile,))
    assert findings == []
    return db


CARD = """\
  - id: ambush
    title: Ambush
    options:
      - {label: Fight, effects: [{branches: [{low: 1, text: Ouch}, {low: 4, text: Phew}]}]}
      - label: Flee
    lines:
      - {id: hide, text: Hide first.}
      - {id: run, text: Then run.}
"""


def test_contexts_name_entity_fields_items_and_letters(tmp_path: Path) -> None:
    fields = list(content_fields(small_db(tmp_path, CARD)))
    assert [(f.context, f.source) for f in fields] == [
        ("card:ambush:title", "Ambush"),
        ("card:ambush:options:a:label", "Fight"),
        ("card:ambush:options:a:effects:branches:roll-1:text", "Ouch"),  # an effect has no key: it adds nothing
        ("card:ambush:options:a:effects:branches:roll-4:text", "Phew"),
        ("card:ambush:options:b:label", "Flee"),
        ("card:ambush:lines:hide:text", "Hide first."),
        ("card:ambush:lines:run:text", "Then run."),
    ]
    assert fields[2].path == ("options", 0, "effects", 0, "branches", 0, "text")  # where the English is written


def test_two_keyless_items_alike_get_distinct_contexts_and_a_finding(tmp_path: Path) -> None:
    twice = "  - id: twice\n    title: Twice\n    options:\n      - label: Roll\n        effects: [{branches: [{low: 1, text: A}]}, {branches: [{low: 1, text: B}]}]\n"
    db = small_db(tmp_path, twice)
    contexts = [f.context for f in content_fields(db)]
    assert contexts == ["card:twice:title", "card:twice:options:a:label", "card:twice:options:a:effects:branches:roll-1:text",
                        "card:twice:options:a:effects:branches:roll-1:text-2"]
    # The suffix keeps extraction and printing in step, but a context that follows order is an error.
    [clash] = context_clashes(db)
    assert (clash.code, clash.line, clash.column) == ("TEXT-CONTEXT-CLASH", 7, twice.splitlines()[4].index("text: B") + 7)
    assert "roll-1:text' is also the context of the text at" in clash.message and "cards.yaml:7" in clash.message


def test_shipped_content_has_no_context_clash() -> None:
    for game_id in ("old-world", "path-of-destiny", "adventure-game"):
        game = find_game(game_id, CONTENT)
        assert context_clashes(game.load(CONTENT)[0]) == []


def test_ids_that_key_translations_must_be_unique() -> None:
    with pytest.raises(ValidationError, match="hide given twice"):
        Card(id="ambush", title="Ambush", lines=[Line(id="hide", text="a"), Line(id="hide", text="b")])


def test_the_index_answers_for_the_models_of_its_database_only(tmp_path: Path) -> None:
    db = small_db(tmp_path, CARD)
    index = TextIndex(db)
    card: Card = db.all("cards")[0]
    assert index.context(card.options[1], "label") == "card:ambush:options:b:label"
    with pytest.raises(KeyError):
        index.context(card, "cost")  # not translatable
    with pytest.raises(KeyError):
        index.context(Card(id="ambush", title="Ambush"), "title")  # an equal model, but not this database's


class Bad(Entity):
    count: Annotated[int, Translatable()] = 1


class BadFile(ContentFile):
    kind: Literal["bad"]
    items: list[Bad]
    entities_field = "items"


def test_a_marker_on_a_field_that_is_not_text_is_a_programming_error(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text("kind: bad\nitems:\n  - {id: one}\n", encoding="utf-8")
    db, findings = load_database(tmp_path, "test", (BadFile,))
    assert findings == []
    with pytest.raises(TypeError, match="Bad.count"):
        list(content_fields(db))


# --- Shipped games: the printer asks for what extraction wrote ---------------------------------------


class Recording(Localizer):
    """A Localizer that remembers the context of every plain string the printer asked for."""

    asked: set[str]

    def text(self, context: str, source: str, where: str = "") -> str:
        self.asked.add(context)
        return super().text(context, source, where)


@pytest.mark.parametrize("game_id", PRINTING_GAMES)
def test_every_context_the_printer_asks_for_is_extracted(game_id: str) -> None:
    game = find_game(game_id)
    db, findings = game.load(CONTENT)
    assert findings == []
    assert game.printing is not None and game.printing.boards is not None
    loc: Any = game.localizer(db, "de")
    recording = Recording(loc.locale, loc.catalog, loc.templates.values(), loc.describe, loc.source_locale)
    recording.asked = set()
    game.printing.components(db, recording)
    game.printing.boards(db, recording)
    assert game.guide is not None
    game.guide.reference(db, recording)
    if game.guide.player_aid is not None:
        game.guide.player_aid(db, recording)
    extracted = {s.context for s in game.strings(db)}
    # The fields of what this selection prints (the base): a pack's content prints with its pack.
    content = {f.context for f in content_fields(db) if db.is_shown(f.record)}
    assert recording.asked - extracted == set()
    # Most content fields print (cards, boards, guides); the ones that do not are rules notes of the engine and die-roll stories.
    assert len(recording.asked & content) > 0.8 * len(content)
    assert recording.fallbacks == []


# --- A line inserted at the top of a section --------------------------------------------------------


def test_inserting_a_help_card_line_leaves_every_other_translation_alone(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(CONTENT / "old-world", root / "old-world")
    game_dir = root / "old-world"
    before = {m.context: m.string for m in read_catalog(catalog_path(game_dir, "de"), "de") if m.id}
    cards = game_dir / "help-cards.yaml"
    first = '          - {id: move, text: "Move to a connected location'
    text = cards.read_text(encoding="utf-8")
    assert text.count(first) == 1
    cards.write_text(text.replace(first, '          - {id: look-around, text: "Look at the board first."}\n' + first),
                     encoding="utf-8")

    catalog, status = german_after_extract_and_update(root)
    new_line = "help-card:action-help:sections:move-and-act:lines:look-around:text"
    assert status.untranslated == [new_line] and status.missing == 1 and status.fuzzy == 0
    after = by_context(catalog)
    assert all(after[context].string == string and not after[context].fuzzy for context, string in before.items())
