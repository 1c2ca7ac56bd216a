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
        ("hand_limt=6", "did you mean hand_limit?"),
        ("cards.market.ard.cost=2", "did you mean cards.market.aard.cost?"),
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
