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


def test_a_solo_row_at_100_percent_against_a_100_percent_share_is_within_noise() -> None:
    # Issue 41: "a solo row says 'below fair' at 100 % against a 100 % share" (Wilson's upper end fell a hair short).
    tally = Tally()
    for _ in range(37):
        tally.add(True, 1.0)
    assert wilson(37, 37, 0.95)[1] == 1.0 and wilson(0, 37, 0.95)[0] == 0.0
    assert tally.row("solo", 12)["verdict"] == "within noise"


def test_cards_show_their_cost_and_a_played_starting_card_is_not_not_played() -> None:
    # Issue 41: "the 39 starting cards show 'not played' despite 36,905 plays"; "no cost column".
    games = [GameRecord(2, 1, 0, stats=GameStatistics((seat("cat", 5, "aard"), seat("wolf", 3)), 7, ("aard",),
                                                      ("jab", "jab")))]
    figures = summarise(games, ["aard", "jab", "quen"], {"aard": 2, "jab": 0, "quen": 3})
    cards = {row["card"]: row for row in figures["cards"]}
    assert [cards[c]["cost"] for c in ("aard", "jab", "quen")] == [2, 0, 3]
    assert cards["jab"]["played"] == 2 and cards["jab"]["owned"]["verdict"] == "no owner counted"
    assert cards["quen"]["never_used"] and cards["quen"]["owned"]["verdict"] == "not played"


def test_automa_levels_are_ordered_by_difficulty_with_each_step_checked() -> None:
    # Issue 41: "Automa levels are sorted alphabetically against a 50 % line": easiest first, each step marked.
    def solo(seed: int, level: str, human_won: bool) -> GameRecord:
        stats = GameStatistics((seat("geralt", 5), seat(f"automa:{level}", 3)), 3, (), ())
        return GameRecord(1, seed, 0 if human_won else 1, stats=stats)

    order = ["automa:just-the-story", "automa:normal", "automa:death-march"]
    games = [solo(1, "just-the-story", False), solo(2, "normal", True), solo(3, "normal", False),
             solo(4, "death-march", False)]
    rows = summarise(games, [], faction_order=order)["counts"][0]["factions"]
    assert [row["label"] for row in rows] == [*order, "geralt"]
    assert [row.get("step") for row in rows] == [None, "lower", "not lower", None]


def test_a_variant_label_reads_without_the_keys_repeated_path() -> None:
    # Issue 41: labels read `packs.wild-hunt.wild-hunt.wild-hunt.difficulty=...`.
    from pipeline.rules.variants import label

    assert label({"packs.wild-hunt.wild-hunt.wild-hunt.difficulty": "easy"}) == "wild-hunt.difficulty=easy"
    assert label({"automa.automa.levels.death-march.chapter_symbols": "3", "hand_limit": "6"}) == (
        "automa.levels.death-march.chapter_symbols=3, hand_limit=6")


def test_the_report_opens_with_what_to_look_at() -> None:
    # Issue 41: 'a short "what to look at" summary at the top (the rows outside their interval, the cards never
    # bought or played)'.
    from pipeline.render.balance_report import look_at

    games = [GameRecord(2, seed, 0, stats=GameStatistics((seat("cat", 5), seat("wolf", 3)), 7, (), ("jab",)))
             for seed in range(40)]
    run = {"bot": "greedy", **summarise(games, ["jab", "quen"])}
    lines = look_at({"variants": [{"label": "as shipped", "runs": [run]}]})
    assert len(lines) == 1 and lines[0].startswith("as shipped, bot greedy: ")
    assert "2p cat 100.0% against 50.0% (above fair)" in lines[0] and "never bought or played: quen" in lines[0]
