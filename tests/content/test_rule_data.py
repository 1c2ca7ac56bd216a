"""Rule data that its file kinds declare (pipeline/content/rule_data.py) prints in the guide with no code of
the game's: names and numbers for references, lists, steps, quick-reference rows; every text it prints is
a string extraction found, under the same msgctxt. Built from the Adventure Game's example tree."""

from __future__ import annotations

import pytest

from pipeline.content.database import Database
from pipeline.content.rule_data import RuleDataIndex, data_kinds
from pipeline.games import find_game
from pipeline.rules.declared_guide import guide_builder
from pipeline.rules.guide import GuideDocument
from pipeline.rules.guide_builder import Text
from tests.conftest import FIXTURES

GAME = "adventure-game"


@pytest.fixture(scope="module")
def db() -> Database:
    database, findings = find_game(GAME, FIXTURES).load(FIXTURES)
    assert findings == []
    return database


def _guide(db: Database, text: Text | None = None) -> GuideDocument:
    return guide_builder(db, "en", text, GAME, "The Witcher Adventure Game").document()


def _blocks(guide: GuideDocument) -> dict[str, tuple[str, ...]]:
    return {f"{entry.id}:{i}": block.items for entry in guide.entries() for i, block in enumerate(entry.blocks)}


def test_the_kind_text_names_is_the_models_text_prefix() -> None:
    kinds = data_kinds(find_game(GAME, FIXTURES).file_kinds)
    assert kinds["face"].collection == "dice-faces"  # DieFace's text prefix, as in `face:sword:name`
    assert "die-face" not in kinds and "game" not in kinds  # only file kinds that declare rule data
    assert kinds["trait"].declared.bold and kinds["action"].declared.owner == "hero"


def test_a_listed_collection_prints_one_item_per_entity_with_its_owner_and_summary(db: Database) -> None:
    blocks = _blocks(_guide(db))
    assert blocks["actions:1"] == (
        "**Travel**: Move along up to 2 routes in a row.",
        "**Brew** (Geralt only): Put 1 common marker on every faceup **POTION** card you have.",
        "**Command** (Yarpen only): Choose some of your companion cards and resolve them in the order you like.",
    )
    assert blocks["dice:1"] == ("**Sword**: 1 {icon:sword}", "**Blank**: (none)")  # the face's own item text
    assert blocks["battles:1"][2:6] == (  # the steps in the data's order
        "Roll the battle dice.", "Add up the results.", "Use the cards that work in battle.",
        "Compare your {icon:sword} with the enemy's sword stat.")


def test_references_print_names_and_numbers(db: Database) -> None:
    guide = _guide(db)
    entries = {entry.id: entry for entry in guide.entries()}
    assert entries["actions"].blocks[0].text == (
        "On your turn you take up to 2 actions. The Travel action moves you along up to 2 gold routes.")
    assert "A **POTION** card may change a result in Novigrad." in entries["dice"].blocks[0].text
    assert [(row.icon, row.name, row.text) for row in guide.quick_reference] == [
        ("lead-red", "Red Lead", "Gathered on your way; exchanged for red proof.")]  # not the unmarked monster


def test_every_text_printed_is_extracted_under_the_context_it_is_printed_with(db: Database) -> None:
    asked: dict[str, str] = {}

    def text(context: str, source: str) -> str:
        asked[context] = source
        return f"<{source}>"

    guide = _guide(db, text)
    extracted = {string.context: string.source for string in find_game(GAME, FIXTURES).strings(db)}
    assert asked and all(extracted.get(context) == source for context, source in asked.items())
    assert {"face:sword:name", "procedure:battle:steps:roll:text", "guide:list:only-for", "guide:list:no-result"} <= set(asked)
    items = _blocks(guide)["dice:1"]
    assert items == ("**<Sword>**: 1 {icon:sword}", "**<Blank>**: <(none)>")


def test_the_words_around_the_lists_are_extracted_with_a_note(db: Database) -> None:
    strings = {string.context: string for string in find_game(GAME, FIXTURES).strings(db)}
    assert strings["guide:list:only-for"].source == "({hero} only)"  # named after the owner field
    assert "rule data" in strings["guide:list:only-for"].note
    assert strings["game:variants:epic:name"].source == "Epic Adventuring"


def test_a_reference_problem_names_what_is_known(db: Database) -> None:
    data = RuleDataIndex(db)
    assert data.problem("action", "travel") is None and data.problem("route_gold_cost", "novigrad-duen-canell") is None
    assert "unknown kind 'move'" in str(data.problem("move", "travel"))
    assert "no action 'fly'" in str(data.problem("action", "fly")) and "travel" in str(data.problem("action", "fly"))
    assert "no number field 'cost'" in str(data.problem("route_cost", "novigrad-duen-canell"))
    assert "has no name" in str(data.problem("route", "novigrad-duen-canell"))


def test_a_game_without_rule_data_has_none() -> None:
    game = find_game("path-of-destiny")
    db, _ = game.load(FIXTURES)
    data = RuleDataIndex(db)
    assert data.kinds == {} and data.list_sources() == [] and data.quick_reference() == []


def test_a_declaration_printing_fields_its_model_lacks_fails_when_the_class_is_defined() -> None:
    from typing import Literal

    from pipeline.content.models import ContentFile, Entity
    from pipeline.content.rule_data import RuleData

    class Route(Entity):
        between: list[str]

    with pytest.raises(TypeError, match="Route lacks: legs, name, sea \\(an id marked Ref\\), summary"):

        class RoutesFile(ContentFile):
            kind: Literal["routes"]
            routes: list[Route]
            entities_field = "routes"
            rule_data = RuleData(listed=True, owner="sea", parts="legs")
