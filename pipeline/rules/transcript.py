"""Seeded playthrough transcripts: one bot game written down decision by decision, as test data.

A transcript is plain text, stable from run to run, so a change of engine behaviour shows as a
readable diff (`differences`). It starts with a header that names everything that reproduces the
game (game id, player count, seed, bot, the digest of the content it was recorded on) and who sits
in each seat, then, per turn, every decision: the seat, the kind of decision, how many legal choices
there were and the chosen action as it prints, which is enough to replay the game by matching
printed actions. When a turn is over (the next one begins, or the game ends) each seat's standing
is written; the outcome comes last:

    # pnp transcript 1
    game: old-world
    players: 2
    seed: 2
    bot: greedy
    content: sha256:8c2503d7...
    seat 0: viper
    seat 1: bear

    turn 1
      p0 phase-1 22 choices: Move('beauclair', pay=('viper-venom-slash',))
      ...
      = p0 gold 4, level 1, shield 2, track 0, trophies 0
      = p1 gold 10, level 1, shield 1, track 4, trophies 4

    outcome: trophies, winner 1, turns 10, faction bear
"""

from __future__ import annotations

import difflib
import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from enum import Enum
from pathlib import Path
from typing import Any

from pipeline.content.database import Database, content_files
from pipeline.findings import Severity
from pipeline.games import find_game

from .ruleset import HasEngine

FORMAT = "# pnp transcript 1"
HEADER_KEYS = ("game", "players", "seed", "bot", "content")


@dataclass(frozen=True)
class Recording:
    """What reproduces a game: the header of its transcript."""

    game: str
    players: int
    seed: int
    bot: str
    content: str  # "sha256:<hex>" of the game's YAML files


@dataclass(frozen=True)
class Progress:
    """How a game's transcript names its turns and each seat (who plays it, how it stands)."""

    clock: Callable[[Any], str]  # the state's current turn, e.g. "turn 3", "chapter 1 round 2"
    seat: Callable[[Any, int], str]  # who plays a seat, e.g. its school
    standing: Callable[[Any, int], str]  # a seat's figures at the end of a turn


def _old_world_standing(state: Any, seat: int) -> str:
    p = state.players[seat]
    return f"gold {p.gold}, level {p.level}, shield {p.shield}, track {p.track}, trophies {len(p.trophies)}"


def _path_of_destiny_seat(state: Any, seat: int) -> str:
    p = state.players[seat]
    return f"automa {p.automa.id} ({p.character})" if p.is_automa else p.character


def _path_of_destiny_standing(state: Any, seat: int) -> str:
    p = state.players[seat]
    tokens = ", ".join(f"{symbol.value} {count}" for symbol, count in p.tokens.items())
    return f"vp {p.vp}, xp {p.xp}, {tokens}"


# The engine games; the lead's GameSpec may carry this as the engine part's field.
PROGRESS: Mapping[str, Progress] = {
    "old-world": Progress(
        clock=lambda s: f"turn {s.turn}" if s.turn else "setup",
        seat=lambda s, seat: s.players[seat].school,
        standing=_old_world_standing,
    ),
    "path-of-destiny": Progress(
        clock=lambda s: f"story {s.story.id}, chapter {s.chapter}, round {s.round}" if s.chapter else "setup",
        seat=_path_of_destiny_seat,
        standing=_path_of_destiny_standing,
    ),
}


def content_digest(game_dir: Path) -> str:
    """A hash of the game's YAML files (relative paths and bytes), in a stable order."""
    digest = hashlib.sha256()
    for path in content_files(game_dir):
        digest.update(path.relative_to(game_dir).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return f"sha256:{digest.hexdigest()}"


# The calls into the game's ruleset, kept together so a change of the engine contract touches only these.


def load_content(game: str, content_root: Path) -> Database:
    """The game's content database; ValueError when it has errors (a transcript needs playable content)."""
    db, findings = find_game(game).load(content_root)
    errors = [f for f in findings if f.severity is Severity.ERROR]
    if errors:
        raise ValueError(f"{game}: the content does not load: {errors[0]}")
    return db


def engine(game: str) -> HasEngine:
    """The game's ruleset, which must have a rules engine (ValueError otherwise)."""
    ruleset = find_game(game)
    if not isinstance(ruleset, HasEngine):
        raise ValueError(f"{game} has no rules engine: there is no game to record")
    return ruleset


def player_counts(game: str, db: Database) -> list[int]:
    """The player counts the content supports: one transcript each."""
    return engine(game).player_counts(db)


def start_game(game: str, db: Database, players: int, seed: int, bot: str) -> tuple[Any, Any]:
    """A new seeded game at its first decision, and the named bot made from the same seed."""
    ruleset = engine(game)
    return ruleset.new_game(db, players, seed), ruleset.bots[bot](seed)


def record(game: str, db: Database, players: int, seed: int, bot: str = "greedy") -> str:
    """Play one seeded game with `bot` in every seat and write its transcript."""
    progress = PROGRESS[game]
    state, chooser = start_game(game, db, players, seed, bot)
    header = Recording(game, players, seed, bot, content_digest(db.root))
    lines = [FORMAT, *(f"{key}: {getattr(header, key)}" for key in HEADER_KEYS)]
    seats = len(state.players)  # a solo game may seat an automa beside the player
    lines += [f"seat {seat}: {progress.seat(state, seat)}" for seat in range(seats)]
    clock = None
    while not state.is_terminal():
        if progress.clock(state) != clock:
            if clock is not None:
                lines += _standings(progress, state, seats)
            clock = progress.clock(state)
            lines += ["", clock]
        actions = state.legal_actions()
        printed = [str(a) for a in actions]
        if len(set(printed)) != len(printed):  # a replay finds the chosen action by how it prints
            raise ValueError(f"{game}: two legal actions print alike: {sorted(printed)}")
        action = chooser.choose(state, actions)
        lines.append(f"  p{state.current_player} {state.decision.kind} {len(actions)} choices: {action}")
        state.apply(action)
    lines += _standings(progress, state, seats)
    lines += ["", f"outcome: {_outcome(state.result())}"]
    return "\n".join(lines) + "\n"


def differences(path: Path, db: Database) -> str:
    """A unified diff from the transcript at `path` to a new recording of its header's game ('' when equal).

    The content digest is left out of the comparison: an edit of the content that changes no decision
    (a translation, a rules sentence) needs no new transcript.
    """
    recorded = path.read_text(encoding="utf-8")
    header = read_header(recorded)
    fresh = record(header.game, db, header.players, header.seed, header.bot)
    fresh = fresh.replace(f"content: {content_digest(db.root)}\n", f"content: {header.content}\n", 1)
    diff = difflib.unified_diff(
        recorded.splitlines(keepends=True), fresh.splitlines(keepends=True), f"{path.name} (recorded)", f"{path.name} (now)"
    )
    return "".join(diff)


def _standings(progress: Progress, state: Any, seats: int) -> list[str]:
    return [f"  = p{seat} {progress.standing(state, seat)}" for seat in range(seats)]


def _outcome(outcome: Any) -> str:
    """An outcome's fields, enums by value: `trophies, winner 1, turns 12, faction viper`."""
    parts = []
    for f in fields(outcome):
        value = getattr(outcome, f.name)
        if isinstance(value, Enum):
            parts.append(str(value.value))
        elif isinstance(value, tuple):
            parts.append(f"{f.name} {' '.join(map(str, value))}")
        elif value is not None:
            parts.append(f"{f.name} {value}")
    return ", ".join(parts)


def read_header(text: str) -> Recording:
    """The header of a transcript; ValueError when it is not one or misses a key."""
    lines = text.splitlines()
    if not lines or lines[0] != FORMAT:
        raise ValueError(f"not a transcript: the first line must be {FORMAT!r}")
    values: dict[str, str] = {}
    for line in lines[1:]:
        if not line:
            break
        key, _, value = line.partition(": ")
        values[key] = value
    missing = [key for key in HEADER_KEYS if key not in values]
    if missing:
        raise ValueError(f"transcript header misses {', '.join(missing)}")
    return Recording(values["game"], int(values["players"]), int(values["seed"]), values["bot"], values["content"])


def transcript_name(game: str, players: int, seed: int) -> str:
    """The file name of a recorded game, e.g. `old-world-3p-seed1.txt`."""
    return f"{game}-{players}p-seed{seed}.txt"
