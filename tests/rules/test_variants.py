"""`pnp balance --set`: rule constants and designed values changed in memory, checked like content."""

from __future__ import annotations

import pytest

from pipeline.content.database import Database
from pipeline.games import find_game
from pipeline.rules.variants import VariantError, apply_variant, check_settings, grid, label, parse_setting
from tests.conftest import CONTENT


@pytest.fixture(scope="module")
def db() -> Database:
    database, findings = find_game("old-world").load(CONTENT)
    assert not findings
    return database


def test_a_variant_reaches_the_engine_tables_and_leaves_the_content_unchanged(db: Database) -> None:
    engine = find_game("old-world").engine
    assert engine is not None
    shipped = engine.tables(db)
    changed = engine.tables(apply_variant(db, {"hand_limit": "9", "cards.market.aard.cost": "4"}))
    assert (changed.rules.hand_limit, changed.cards["aard"].cost) == (9, 4)
    assert (shipped.rules.hand_limit, shipped.cards["aard"].cost) != (9, 4)
    assert engine.tables(db).rules == shipped.rules


def test_settings_make_the_grid_of_every_combination() -> None:
    settings = [parse_setting("hand_limit=6,7"), parse_setting("cards.market.aard.cost=2,3")]
    assert [label(v) for v in grid(settings)] == [
        "hand_limit=6, cards.market.aard.cost=2", "hand_limit=6, cards.market.aard.cost=3",
        "hand_limit=7, cards.market.aard.cost=2", "hand_limit=7, cards.market.aard.cost=3",
    ]
    assert grid([]) == [{}] and label({}) == "as shipped"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("hand_limt=6", "no 'hand_limt' at the top .*; nearest: hand_limit"),
        ("cards.market.ard.cost=2", "no 'ard' in cards.market; nearest: aard"),
        ("hand_limit=0", "greater than or equal to 1"),
        ("cards.market.aard.cost=two", "valid integer"),
    ],
)
def test_a_key_or_value_the_content_cannot_take_is_refused(db: Database, text: str, message: str) -> None:
    with pytest.raises(VariantError, match=message):
        check_settings(db, [parse_setting(text)])


@pytest.mark.parametrize("text", ["hand_limit", "=3", "hand_limit=", "hand_limit=6,,7"])
def test_a_malformed_setting_is_refused(text: str) -> None:
    with pytest.raises(VariantError, match="KEY=V1,V2"):
        parse_setting(text)


@pytest.fixture(scope="module")
def mages_db() -> Database:
    database, findings = find_game("old-world").load(CONTENT, ("mages",))
    assert not findings
    return database


def test_a_nested_value_reaches_the_engine_tables(mages_db: Database) -> None:
    """A mage's specialty value (level 1, first effect), a mapping entry of a rule constant and a list item
    of the manifest by its 1-based position: each reaches the tables, the content stays as loaded."""
    engine = find_game("old-world").engine
    assert engine is not None
    variant = {
        "packs.mages.mages.gekhira.specialty.levels.1.1.amount": "4",
        "levelup_draw.4": "5",
        "game.old-world.trophy_track.3.fatigue": "1",
    }
    changed = engine.tables(apply_variant(mages_db, variant))
    assert changed.schools["gekhira"].specialty.levels[0][0].amount == 4
    assert changed.schools["gekhira"].specialty.levels[1][0].amount == 3  # level 2 untouched
    assert changed.rules.levelup_draw == {2: 1, 3: 1, 4: 5, 5: 2}
    assert changed.manifest.trophy_track[2].fatigue == 1
    shipped = engine.tables(mages_db)
    assert shipped.schools["gekhira"].specialty.levels[0][0].amount == 3
    assert shipped.rules.levelup_draw[4] == 2 and shipped.manifest.trophy_track[2].fatigue != 1


def test_an_automa_level_is_reached_by_its_id() -> None:
    game = find_game("path-of-destiny")
    database, findings = game.load(CONTENT)
    assert not findings and game.engine is not None
    changed = game.engine.tables(apply_variant(database, {"automa.automa.levels.death-march.chapter_symbols": "2"}))
    assert changed.automa is not None
    assert [level.chapter_symbols for level in changed.automa.levels][-1] == 2
    shipped = game.engine.tables(database).automa
    assert shipped is not None and shipped.levels[-1].chapter_symbols != 2


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("cards.markt.aard.cost=2", "no 'markt' in cards; nearest: market"),
        ("packs.mages.mages.gekira.specialty.levels.1.1.amount=2", "no 'gekira' in packs.mages.mages; nearest: gekhira"),
        ("packs.mages.mages.gekhira.specialty.levels.9.1.amount=2",
         "no '9' in packs.mages.mages.gekhira.specialty.levels; names there: 1, 2, 3, 4, 5"),
        ("packs.mages.mages.gekhira.specialty.levls.1.1.amount=2",
         "no 'levls' in packs.mages.mages.gekhira.specialty; nearest: levels"),
        ("packs.mages.mages.gekhira.specialty=2", "packs.mages.mages.gekhira.specialty is not one value; add one of: name"),
        ("cards.market.aard.cost.low=2", "cards.market.aard.cost is a value; it has no part 'low'"),
        ("levelup_draw.9=2", "no '9' in levelup_draw; names there: 2, 3, 4, 5"),
        ("packs.mages.mages.gekhira.specialty.levels.1.1.amount=0", "greater than or equal to 1"),
    ],
)
def test_a_nested_key_names_its_first_unknown_part_and_the_nearest_names(
    mages_db: Database, text: str, message: str
) -> None:
    with pytest.raises(VariantError) as raised:
        check_settings(mages_db, [parse_setting(text)])
    assert message in str(raised.value)
