"""The figures of `pnp balance`: seeded games played with a statistics recorder, added up per player count,
and every win rate set against its fair share with an honest interval.

A win rate is a binomial proportion, so its interval is Wilson's score interval. A report holds many such
rows, and at 95 % one fair row in twenty looks unfair by chance: every verdict ("within noise", "above
fair", "below fair") uses a Bonferroni-adjusted interval (confidence 1 - 0.05/m over the m rows of its
family), and the plain 95 % interval is shown beside it. Games stopped at the turn cap have no winner and
count in no rate; the report says how many there were.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any

from .engine import Outcome
from .spec import EngineSpec, GameStatistics

ALPHA = 0.05


@dataclass(frozen=True)
class GameRecord:
    """One seeded game as `pnp balance` keeps it: its outcome and figures, or why it has none."""

    players: int
    seed: int
    winner: int | None = None
    capped: bool = False
    error: str | None = None  # a crash or broken invariant: the game counts in no figure
    stats: GameStatistics | None = None


def play_recorded(engine: EngineSpec, tables: Any, players: int, seed: int, bot: str) -> GameRecord:
    """Play one seeded game (bot seeded like `pnp simulate`), its recorder told every decision."""
    assert engine.statistics is not None, "only a game with a statistics hook is balanced"
    recorder = engine.statistics()
    try:
        state = engine.new_game(tables, players, seed, None)
        chooser = engine.bots()[bot](seed)
        while not state.is_terminal():
            action = chooser.choose(state, state.legal_actions())
            recorder.before(state, action)
            state.apply(action)
        outcome: Outcome | None = state.result()
    except Exception as exc:  # A crash is the engine's or the content's fault: kept with its seed, never hidden.
        return GameRecord(players, seed, error=f"{type(exc).__name__}: {exc}")
    assert outcome is not None, "a terminal state has an outcome"
    if outcome.is_failure:
        return GameRecord(players, seed, capped=True)
    return GameRecord(players, seed, outcome.winner, stats=recorder.finish(state))


def wilson(successes: int, trials: int, confidence: float) -> tuple[float, float]:
    """Wilson's score interval of a binomial proportion; (0, 1) when nothing was tried."""
    if trials == 0:
        return 0.0, 1.0
    z = NormalDist().inv_cdf(1 - (1 - confidence) / 2)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    # Exact at the ends: all wins reach 1 and none reach 0 (the float sum falls a hair short, so a solo row at 100 %
    # against a 100 % share read "below fair").
    return (0.0 if successes == 0 else max(0.0, centre - half)), (1.0 if successes == trials else min(1.0, centre + half))


@dataclass
class Tally:
    """Wins out of plays against an expected (fair) share, summed over plays of possibly different fair shares."""

    wins: int = 0
    plays: int = 0
    fair_sum: float = 0.0

    def add(self, won: bool, fair: float) -> None:
        self.wins += won
        self.plays += 1
        self.fair_sum += fair

    def row(self, label: str, comparisons: int) -> dict[str, Any]:
        rate = self.wins / self.plays if self.plays else 0.0
        fair = self.fair_sum / self.plays if self.plays else 0.0
        low, high = wilson(self.wins, self.plays, 1 - ALPHA)
        adj_low, adj_high = wilson(self.wins, self.plays, 1 - ALPHA / max(1, comparisons))
        within = adj_low <= fair <= adj_high or math.isclose(rate, fair)
        verdict = "within noise" if within else ("above fair" if rate > fair else "below fair")
        if not self.plays:
            verdict = "not played"
        return {
            "label": label, "wins": self.wins, "plays": self.plays, "rate": round(rate, 4), "fair": round(fair, 4),
            "ci95": [round(low, 4), round(high, 4)], "ci_adjusted": [round(adj_low, 4), round(adj_high, 4)],
            "verdict": verdict,
        }


@dataclass
class CardTally:
    bought: int = 0
    played: int = 0
    owned: Tally = field(default_factory=Tally)


def _team_row(team: Tally) -> dict[str, Any]:
    """The table's wins out of its games, with the 95 % Wilson interval (no fair share: everyone wins or loses)."""
    low, high = wilson(team.wins, team.plays, 1 - ALPHA)
    return {"wins": team.wins, "plays": team.plays, "rate": round(team.wins / team.plays, 4),
            "ci95": [round(low, 4), round(high, 4)]}


def _figures(values: Sequence[int]) -> dict[str, Any]:
    if not values:
        return {"count": 0, "mean": 0.0, "median": 0.0, "min": 0, "max": 0, "histogram": {}}
    return {
        "count": len(values), "mean": round(statistics.fmean(values), 3), "median": float(statistics.median(values)),
        "min": min(values), "max": max(values), "histogram": {str(k): v for k, v in sorted(Counter(values).items())},
    }


def summarise(records: Iterable[GameRecord], cards: Sequence[str], costs: Mapping[str, int | None] | None = None,
              faction_order: Sequence[str] = ()) -> dict[str, Any]:
    """The figures of one variant and bot over every player count it played: per count the faction and seat
    rows, game lengths, victory margins and solo tiers; per card of `cards` (the content's, in its order)
    its printed cost (`costs`), the purchases, plays and the win rate of the seats owning it. Factions named in
    `faction_order` (an Automa's levels, easiest first) come first in that order, each with its step against the one
    before; the others follow by name. JSON-ready and deterministic."""
    by_count: dict[int, list[GameRecord]] = {}
    for record in sorted(records, key=lambda r: (r.players, r.seed)):
        by_count.setdefault(record.players, []).append(record)
    card_tallies = {card: CardTally() for card in cards}
    counts: list[dict[str, Any]] = []
    factions_by_count: dict[int, dict[str, Tally]] = {}
    seats_by_count: dict[int, list[Tally]] = {}
    for players, games in by_count.items():
        factions: dict[str, Tally] = factions_by_count.setdefault(players, {})
        seats: list[Tally] = seats_by_count.setdefault(players, [])
        rounds, margins, tiers = [], [], Counter[str]()
        team = Tally()  # a cooperative game's table results
        for game in games:
            stats = game.stats
            if stats is None:
                continue
            rows = stats.seats
            if stats.team_won is not None:  # the table won or lost together: no seat wins alone
                team.add(stats.team_won, 0.0)
                rows = ()
            fair = 1 / len(stats.seats)
            while len(seats) < len(rows):
                seats.append(Tally())
            for seat, figures in enumerate(rows):
                won = seat == game.winner
                factions.setdefault(figures.faction, Tally()).add(won, fair)
                seats[seat].add(won, fair)
                for card in figures.owned:
                    if card in card_tallies:
                        card_tallies[card].owned.add(won, fair)
            for card in stats.bought:
                if card in card_tallies:
                    card_tallies[card].bought += 1
            for card in stats.played:
                if card in card_tallies:
                    card_tallies[card].played += 1
            rounds.append(stats.rounds)
            if game.winner is not None and len(stats.seats) > 1:
                others = [s.score for i, s in enumerate(stats.seats) if i != game.winner]
                margins.append(stats.seats[game.winner].score - max(others))
            if stats.tier is not None:
                tiers[stats.tier] += 1
        counts.append({
            "players": players, "games": len(games),
            "completed": sum(1 for g in games if g.stats is not None),
            "capped": [g.seed for g in games if g.capped],
            "errors": [{"seed": g.seed, "message": g.error} for g in games if g.error is not None],
            "rounds": _figures(rounds), "margins": _figures(margins), "tiers": dict(sorted(tiers.items())),
            **({"team": _team_row(team)} if team.plays else {}),
        })
    # One family of comparisons: every faction and seat row of this variant and bot.
    family = sum(len(f) for f in factions_by_count.values()) + sum(len(s) for s in seats_by_count.values())
    for entry in counts:
        players = entry["players"]
        rank = {name: i for i, name in enumerate(faction_order)}
        ordered = sorted(factions_by_count[players].items(), key=lambda item: (rank.get(item[0], len(rank)), item[0]))
        entry["factions"] = [t.row(name, family) for name, t in ordered]
        _mark_steps(entry["factions"], rank)
        entry["seats"] = [t.row(f"seat {i + 1}", family) for i, t in enumerate(seats_by_count[players])]
    owned_family = sum(1 for t in card_tallies.values() if t.owned.plays)
    card_rows = []
    for card, tally in card_tallies.items():
        row = tally.owned.row(card, owned_family)
        if not tally.owned.plays and (tally.bought or tally.played):  # used, but held by no seat's end-of-game tally
            row["verdict"] = "no owner counted"
        card_rows.append({"card": card, "cost": (costs or {}).get(card), "bought": tally.bought, "played": tally.played,
                          "owned": row, "never_used": tally.bought == 0 and tally.played == 0 and tally.owned.plays == 0})
    return {"counts": counts, "comparisons": {"seats_and_factions": family, "cards_owned": owned_family}, "cards": card_rows}


def _mark_steps(rows: list[dict[str, Any]], rank: Mapping[str, int]) -> None:
    """Each ordered faction after the first gets its step: "lower" when it wins less than the one before (harder
    levels should), else "not lower"."""
    ranked = [row for row in rows if row["label"] in rank]
    for before, row in zip(ranked, ranked[1:], strict=False):
        row["step"] = "lower" if row["rate"] < before["rate"] else "not lower"


def played_packs(figures: dict[str, Any]) -> str:
    """The content the games were played with: "base game" or "base game + lost-mount"."""
    return " + ".join(["base game", *figures["packs"]])
