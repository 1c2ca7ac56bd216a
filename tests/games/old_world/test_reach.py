"""Content no legal game can use (pipeline/games/old_world/checks/reach.py): each check breaks the example tree the way
a designer could, and the finding points at the line to change."""

from __future__ import annotations

from pathlib import Path

from pipeline.findings import Finding
from tests.conftest import FIXTURES, Mutate, line_of


def found(findings: list[Finding], code: str) -> list[Finding]:
    return [f for f in findings if f.code == code]


def test_a_card_no_hand_can_afford_is_found_at_its_cost(mutated_example: Mutate) -> None:
    # Whirlwind at 9: 8 at the cheapest slot, a buying hand holds 3 cards, and an exchange reaches 6 at most.
    path, findings = mutated_example("cards/market.yaml", "  - id: whirlwind\n    name: Whirlwind\n    color: red\n    terrain: forest\n    cost: 5",
                                     "  - id: whirlwind\n    name: Whirlwind\n    color: red\n    terrain: forest\n    cost: 9")
    [finding] = found(findings, "OW-CARD-UNREACHABLE")
    assert (finding.file, finding.line) == (str(path), line_of(path, "cost: 9"))
    assert "no legal game can gain whirlwind" in finding.message and "at most 3 cards" in finding.message


def market_costs() -> dict[str, int]:
    from pipeline.games import find_game

    db, _ = find_game("old-world").load(FIXTURES)
    return {c.id: c.cost for c in db.all("action-cards") if c.school is None}


def test_the_card_exchange_reaches_what_a_small_hand_cannot_buy(mutated_example: Mutate) -> None:
    # A buying hand of 1 pays for printed cost 2 at the -1 slot; exchanging one cost higher at a time reaches the rest.
    for constant in ("phase3_draw: 3", "phase3_draw_after_loss: 2", "phase3_hand_cap: 3"):
        _, findings = mutated_example("game.yaml", constant, constant[:-1] + "1")
    assert found(findings, "OW-CARD-UNREACHABLE") == []
    # Without the step up, only what the hand buys is reachable.
    path, findings = mutated_example("game.yaml", "exchange_cost_above: 1", "exchange_cost_above: 0")
    flagged = {f.message.split("gain ")[1].split(":")[0] for f in found(findings, "OW-CARD-UNREACHABLE")}
    assert flagged == {card for card, cost in market_costs().items() if cost > 2}


def test_an_extension_no_card_can_attach_through_is_found(mutated_example: Mutate) -> None:
    # No yellow card left: every extension that only takes yellow can never be used.
    for name in ("market", "starting-bear", "starting-griffin", "starting-viper", "starting-wolf"):  # the yellow cards
        path, findings = mutated_example(f"cards/{name}.yaml", "color: yellow", "color: blue", -1)
    dead = found(findings, "OW-EXTENSION-DEAD")
    market = FIXTURES / "old-world" / "cards" / "market.yaml"
    assert dead and all("no card a player can hold is yellow" in f.message for f in dead)
    at = {(Path(f.file).name, f.line) for f in dead}
    assert ("market.yaml", line_of(market, "{colors: [yellow]}")) in at
    assert ("starting-bear.yaml", line_of(FIXTURES / "old-world" / "cards" / "starting-bear.yaml", "{colors: [yellow]}")) in at


def test_a_specialty_level_above_the_attribute_maximum_is_found(mutated_example: Mutate) -> None:
    path, findings = mutated_example("game.yaml", "attribute_max: 5", "attribute_max: 4")
    dead = found(findings, "OW-SPECIALTY-LEVEL-DEAD")
    assert len(dead) == 5 and all("specialty level 5 can never be used" in f.message for f in dead)
    assert all(Path(f.file).name == "schools.yaml" for f in dead)
