"""Seeded playthrough transcripts: one bot game written down decision by decision, as test data.

A transcript is plain text, stable from run to run, so a change of engine behaviour shows as a
readable diff (`differences`). It starts with a header that names everything that reproduces the
game (game id, player count, seed, bot, the digest of the content it was recorded on) and who sits
in each seat (a seat taken in a draft is named where it is taken), then, per turn, every decision:
the seat, the kind of decision, how many legal choices there were and the chosen action as it prints,
which is enough to replay the game by matching printed actions (`replay`, without the bot). When a
turn is over (the next one begins, or the game ends) each seat's standing is written; the outcome
comes last:

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
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, fields
from enum import Enum
from pathlib import Path
from typing import Any

from pipeline.content.database import Database, content_files

from .spec import EngineSpec, GameSpec, Progress

FORMAT = "# pnp transcript 1"
HEADER_KEYS = ("game", "players", "seed", "bot", "content")
_DECISION = re.compile(r"^  p\d+ \S+ \d+ choices: ")
# Who decides a step: a bot's `choose`, or a replay reading the transcript.
Chooser = Callable[[Any, Sequence[Any]], Any]


@dataclass(frozen=True)
class Recording:
    """What reproduces a game: the header of its transcript."""

    game: str
    players: int
    seed: int
    bot: str
    content: str  # "sha256:<hex>" of the game's content files (YAML and sheets)


def content_digest(game_dir: Path) -> str:
    """A hash of the game's content files, YAML and sheets (relative paths and bytes), in a stable order."""
    digest = hashlib.sha256()
    for path in content_files(game_dir):
        digest.update(path.relative_to(game_dir).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return f"sha256:{digest.hexdigest()}"


def engine_of(spec: GameSpec) -> EngineSpec:
    """The game's engine (ValueError for a game without one: there is no game to record)."""
    if spec.engine is None:
        raise ValueError(f"{spec.id} has no rules engine: there is no game to record")
    return spec.engine


def record(spec: GameSpec, db: Database, players: int, seed: int, bot: str = "greedy") -> str:
    """Play one seeded game with `bot` in every seat and write its transcript."""
    chooser = engine_of(spec).bots()[bot](seed)
    header = Recording(spec.id, players, seed, bot, content_digest(db.root))
    return "\n".join(_lines(spec, db, header, chooser.choose)) + "\n"


def _lines(spec: GameSpec, db: Database, header: Recording, choose: Chooser) -> Iterator[str]:
    """The transcript of the game `header` names, line by line, with `choose` deciding every step."""
    engine = engine_of(spec)
    progress = engine.progress
    state: Any = engine.new_game(engine.tables(db), header.players, header.seed, None)
    yield FORMAT
    yield from (f"{key}: {getattr(header, key)}" for key in HEADER_KEYS)
    seated = 0  # a seat is named once it is taken: at the start, or when a draft gives it a faction
    clock = None
    while not state.is_terminal():
        while seated < len(state.players):
            yield f"seat {seated}: {progress.seat(state, seated)}"
            seated += 1
        if progress.clock(state) != clock:
            if clock is not None:
                yield from _standings(progress, state, seated)
            clock = progress.clock(state)
            yield ""
            yield clock
        actions = state.legal_actions()
        printed = [str(a) for a in actions]
        if len(set(printed)) != len(printed):  # a replay finds the chosen action by how it prints
            raise ValueError(f"{spec.id}: two legal actions print alike: {sorted(printed)}")
        action = choose(state, actions)
        yield f"  p{state.current_player} {state.decision.kind} {len(actions)} choices: {action}"
        state.apply(action)
    yield from _standings(progress, state, len(state.players))
    yield ""
    yield f"outcome: {_outcome(state.result())}"


@dataclass(frozen=True)
class Divergence:
    """Where a replay left its transcript: the 1-based line, the decision number (step), both texts."""

    line: int
    step: int
    recorded: str
    replayed: str

    def __str__(self) -> str:
        return f"step {self.step}: recorded {self.recorded!r}, replayed {self.replayed!r}"


class _Diverged(Exception):
    def __init__(self, divergence: Divergence) -> None:
        self.divergence = divergence


def replay(text: str, spec: GameSpec, db: Database) -> Divergence | None:
    """Play the recorded decisions of a transcript again and compare every line; the first divergence, or None.

    The bot is not asked: each step plays the action the transcript recorded, found among the legal
    actions by how it prints, so the transcript alone reproduces the game. The content digest is not
    compared (an edit that changes no decision keeps a transcript valid, as in `differences`).
    """
    header = read_header(text)
    if header.game != spec.id:
        raise ValueError(f"the transcript records {header.game}, not {spec.id}")
    recorded = text.splitlines()
    decisions = [(number, line) for number, line in enumerate(recorded, 1) if _DECISION.match(line)]
    step = 0

    def choose(state: Any, actions: Sequence[Any]) -> Any:
        nonlocal step
        if step >= len(decisions):
            more = f"(a decision among {len(actions)} actions)"
            raise _Diverged(Divergence(len(recorded) + 1, step + 1, "(end of transcript)", more))
        number, line = decisions[step]
        step += 1
        wanted = line.partition(" choices: ")[2]
        found = next((a for a in actions if str(a) == wanted), None)
        if found is None:
            raise _Diverged(Divergence(number, step, wanted, f"(not among the {len(actions)} legal actions)"))
        return found

    count = 0
    try:
        for count, line in enumerate(_lines(spec, db, header, choose), 1):
            expected = recorded[count - 1] if count <= len(recorded) else "(end of transcript)"
            if line != expected and not (line.startswith("content: ") and expected.startswith("content: ")):
                return Divergence(count, step, expected, line)
    except _Diverged as stop:
        return stop.divergence
    if count < len(recorded):
        return Divergence(count + 1, step, recorded[count], "(the game is over)")
    return None


def differences(path: Path, spec: GameSpec, db: Database) -> str:
    """A unified diff from the transcript at `path` to a new recording of its header's game ('' when equal).

    The content digest is left out of the comparison: an edit of the content that changes no decision
    (a translation, a rules sentence) needs no new transcript.
    """
    recorded = path.read_text(encoding="utf-8")
    header = read_header(recorded)
    if header.game != spec.id:
        raise ValueError(f"{path.name} records {header.game}, not {spec.id}")
    fresh = record(spec, db, header.players, header.seed, header.bot)
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
        elif isinstance(value, tuple) and value:
            parts.append(f"{f.name} {' '.join(map(str, value))}")
        elif value is not None and not isinstance(value, tuple):
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
