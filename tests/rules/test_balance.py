"""The figures of `pnp balance`: Wilson intervals, win rates normalised by plays against the fair share, Bonferroni
verdicts, and the statistics hook of each engine."""

from __future__ import annotations

import pytest

from pipeline.games import find_game
from pipeline.rules.balance import GameRecord, Tally, play_recorded, summarise, wilson
from pipeline.rules.spec import GameStatistics, SeatStatistics
from tests.conftest import CONTENT


def test_wilson_interval_matches_the_textbook_values() -> None:
    # Wilson (1927), as tabulated by Newcombe (1998): 0/10 and 5/10 at 95 %.
    assert wilson(0, 10, 0.95) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(5, 10, 0.95) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(0, 0, 0.95) == (0.0, 1.0)


def test_a_verdict_uses_the_bonferroni_interval_of_its_family() -> None:
    tally = Tally()
    for i in range(100):
        tally.add(i < 62, 0.5)  # 62 % over 100 plays: outside the 95 % interval of a fair coin on its own ...
    alone = tally.row("cat", comparisons=1)
    assert alone["verdict"] == "above fair" and alone["ci95"][0] > 0.5
    crowded = tally.row("cat", comparisons=20)  # ... but not once twenty rows were compared
    assert crowded["verdict"] == "within noise"
    assert crowded["ci95"] == alone["ci95"] and crowded["ci_adjusted"][0] < 0.5


def seat(faction: str, score: int, *owned: str) -> SeatStatistics:
    return SeatStatistics(faction, score, frozenset(owned))


def test_win_rates_are_normalised_by_plays_and_capped_games_count_in_none() -> None:
    games = [
        GameRecord(2, 1, 0, stats=GameStatistics((seat("cat", 5, "aard"), seat("wolf", 3)), 7, ("aard",), ("aard", "jab"))),
        GameRecord(2, 2, 0, stats=GameStatistics((seat("cat", 6), seat("bear", 2, "aard")), 9, ("aard",), ())),
        GameRecord(2, 3, 1, stats=GameStatistics((seat("bear", 1), seat("wolf", 5)), 8, (), ())),
        GameRecord(2, 4, capped=True),
        GameRecord(2, 5, error="ValueError: boom"),
    ]
    figures = summarise(games, ["aard", "jab", "quen"])
    count = figures["counts"][0]
    assert (count["games"], count["completed"], count["capped"], count["errors"]) == (5, 3, [4], [{"seed": 5, "message": "ValueError: boom"}])
    factions = {row["label"]: (row["wins"], row["plays"], row["rate"], row["fair"]) for row in count["factions"]}
    assert factions == {"bear": (0, 2, 0.0, 0.5), "cat": (2, 2, 1.0, 0.5), "wolf": (1, 2, 0.5, 0.5)}
    assert [(row["wins"], row["plays"]) for row in count["seats"]] == [(2, 3), (1, 3)]
    assert count["rounds"]["histogram"] == {"7": 1, "8": 1, "9": 1}
    assert sorted(int(k) for k, v in count["margins"]["histogram"].items() for _ in range(v)) == [2, 4, 4]
    cards = {row["card"]: row for row in figures["cards"]}
    assert (cards["aard"]["bought"], cards["aard"]["played"], cards["aard"]["owned"]["wins"], cards["aard"]["owned"]["plays"]) == (2, 1, 1, 2)
    assert [c for c, row in cards.items() if row["never_used"]] == ["quen"]
    # 3 faction rows and 2 seat rows: one family of 5 comparisons.
    assert figures["comparisons"]["seats_and_factions"] == 5


def test_a_cooperative_game_counts_the_tables_wins_and_no_seat_rows() -> None:
    # Wild Hunt (expansion sheet §11.2): the players win or lose together.
    def team(seed: int, won: bool) -> GameRecord:
        stats = GameStatistics((seat("cat", 0), seat("wolf", 0)), 8, (), (), "team-won" if won else "team-lost", won)
        return GameRecord(2, seed, None, stats=stats)

    figures = summarise([team(1, True), team(2, False), team(3, True), team(4, True)], [])
    count = figures["counts"][0]
    assert (count["team"]["wins"], count["team"]["plays"], count["team"]["rate"]) == (3, 4, 0.75)
    assert count["team"]["ci95"] == [round(x, 4) for x in wilson(3, 4, 0.95)]
    assert count["seats"] == [] and count["factions"] == []


def test_old_world_recorder_counts_market_purchases_and_plays() -> None:
    game = find_game("old-world")
    engine = game.engine
    assert engine is not None
    db, _ = game.load(CONTENT)
    tables = engine.tables(db)
    record = play_recorded(engine, tables, 3, 7, "greedy")
    stats = record.stats
    assert stats is not None and record.winner is not None
    assert sorted(s.faction for s in stats.seats) == sorted(set(s.faction for s in stats.seats)) and len(stats.seats) == 3
    market = {c.id for c in tables.cards.values() if c.school is None}
    assert stats.bought and set(stats.bought) <= market
    assert all(seat.owned <= market for seat in stats.seats)
    assert stats.played and set(stats.played) <= set(tables.cards)
    assert stats.seats[record.winner].score == max(s.score for s in stats.seats)
    # The same seed gives the same figures: the recorder only watches.
    assert play_recorded(engine, tables, 3, 7, "greedy") == record


def test_path_of_destiny_solo_names_the_automa_by_its_level() -> None:
    game = find_game("path-of-destiny")
    engine = game.engine
    assert engine is not None
    db, _ = game.load(CONTENT)
    record = play_recorded(engine, engine.tables(db), 1, 4, "greedy")
    assert record.stats is not None
    human, automa = record.stats.seats
    assert automa.faction.startswith("automa:") and automa.faction != "automa:None"
    assert human.faction in {c for c in db.collections["characters"]}
    assert record.stats.rounds > 0 and len(record.stats.played) % 2 == 0
