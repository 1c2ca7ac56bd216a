"""The same seed plays the same game: 50 seeded games per engine game, player count and bot, each kept as
a digest of its decisions (seat, number of legal choices, the action as it prints) and its outcome.

The transcripts (test_transcript.py) show one game per player count as a readable diff; these digests
cover many more games cheaply, so an engine change made for speed is proved not to change any game.
After an intended change of behaviour, rewrite them with
`PNP_UPDATE_DIGESTS=1 python -m pytest -m slow tests/rules/test_seeded_games.py` and say why in the commit.
All 50 games are the slow tier; the default tier plays the first few of each player count.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import pytest

from pipeline.games import GAMES, find_game
from pipeline.rules.transcript import engine_of
from tests.conftest import CONTENT

DIGESTS = Path(__file__).resolve().parent.parent / "data" / "seeded-games.json"
GAMES_PER_COUNT = 50
FEW_GAMES = 5  # the default tier's games per player count
FIRST_SEED = 1
UPDATE = os.environ.get("PNP_UPDATE_DIGESTS") == "1"
ENGINE_GAMES = sorted(game_id for game_id, spec in GAMES.items() if spec.engine is not None)
BOTS = ("greedy", "random")


def play(engine: Any, tables: Any, players: int, seed: int, bot: str) -> str:
    """One seeded game, every step checked against the invariants, as a short digest of what happened."""
    state = engine.new_game(tables, players, seed, None)
    chooser = engine.bots()[bot](seed)
    digest = hashlib.sha256()
    while not state.is_terminal():
        actions = state.legal_actions()
        action = chooser.choose(state, actions)
        digest.update(f"{state.current_player} {len(actions)} {action}\n".encode())
        state.apply(action)
        broken = state.invariant_violations()
        assert not broken, f"seed {seed}: {broken}"
    digest.update(repr(state.result()).encode())
    return digest.hexdigest()[:16]


def digests(game: str, bot: str, games: int = GAMES_PER_COUNT) -> dict[str, list[str]]:
    """Per player count, the digests of games seeded FIRST_SEED, FIRST_SEED + 1, ..."""
    spec = find_game(game)
    db, findings = spec.load(CONTENT)
    assert findings == []
    engine = engine_of(spec)
    tables = engine.tables(db)
    seeds = range(FIRST_SEED, FIRST_SEED + games)
    return {str(n): [play(engine, tables, n, seed, bot) for seed in seeds] for n in engine.player_counts(db)}


def recorded() -> dict[str, Any]:
    return json.loads(DIGESTS.read_text(encoding="utf-8")) if DIGESTS.exists() else {}


@pytest.mark.parametrize("bot", BOTS)
@pytest.mark.parametrize("game", ENGINE_GAMES)
def test_the_first_seeded_games_play_as_recorded(game: str, bot: str) -> None:
    """The default tier's share of the digests: the first FEW_GAMES seeds of each player count (the slow tier plays all)."""
    now = digests(game, bot, FEW_GAMES)
    before = {players: games[:FEW_GAMES] for players, games in recorded()[f"{game} {bot}"].items()}
    assert now == before, f"{game} {bot}: a game with one of the first {FEW_GAMES} seeds plays differently"


@pytest.mark.slow
@pytest.mark.parametrize("bot", BOTS)
@pytest.mark.parametrize("game", ENGINE_GAMES)
def test_seeded_games_play_as_recorded(game: str, bot: str) -> None:
    key = f"{game} {bot}"
    now = digests(game, bot)
    if UPDATE or key not in recorded():
        kept = recorded()
        kept[key] = now
        DIGESTS.write_text(json.dumps(kept, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        assert UPDATE, f"{DIGESTS.name} had no {key!r} games and they have been recorded: review and commit them"
    before = recorded()[key]
    changed = [
        f"{players}p seed {FIRST_SEED + i}"
        for players in sorted(set(before) | set(now))
        for i, (old, new) in enumerate(zip(before.get(players, []), now.get(players, []), strict=False))
        if old != new
    ]
    assert before.keys() == now.keys(), f"player counts changed: {sorted(before)} -> {sorted(now)}"
    assert not changed, f"{key}: {len(changed)} game(s) play differently, e.g. {', '.join(changed[:5])}"
