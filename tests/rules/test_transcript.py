"""Recorded games: a seeded greedy-bot playthrough per engine game and player count, kept in
tests/data/transcripts/, so a change of engine behaviour shows as a diff of the decisions.

After an intended change, rewrite them with `PNP_UPDATE_TRANSCRIPTS=1 python -m pytest tests/rules/test_transcript.py`
and review the diff like code.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from pipeline.content.database import Database
from pipeline.games import GAMES, find_game
from pipeline.rules.transcript import Recording, differences, engine_of, read_header, record, replay, transcript_name
from tests.conftest import CONTENT

TRANSCRIPTS = Path(__file__).resolve().parent.parent / "data" / "transcripts"
PLAYERS = range(1, 6)


def seed(players: int) -> int:
    """Seed N for N players: Path of Destiny picks its story by seed, so the five games play all three."""
    return players
UPDATE = os.environ.get("PNP_UPDATE_TRANSCRIPTS") == "1"

ENGINE_GAMES = sorted(game_id for game_id, spec in GAMES.items() if spec.engine is not None)
_databases: dict[str, Database] = {}


def database(game: str) -> Database:
    """The shipped content of a game, loaded once per run."""
    if game not in _databases:
        db, findings = find_game(game).load(CONTENT)
        assert findings == []
        _databases[game] = db
    return _databases[game]


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("game", ENGINE_GAMES)
def test_recorded_game_plays_the_same(game: str, players: int) -> None:
    path = TRANSCRIPTS / transcript_name(game, players, seed(players))
    if UPDATE or not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(record(find_game(game), database(game), players, seed(players)), encoding="utf-8")
        assert UPDATE, f"{path.name} was missing and has been recorded: review and commit it"
    diff = differences(path, find_game(game), database(game))
    assert not diff, f"the engine plays {path.name} differently (PNP_UPDATE_TRANSCRIPTS=1 rewrites it):\n{diff}"


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("game", ENGINE_GAMES)
def test_recorded_game_replays_from_its_decisions_alone(game: str, players: int) -> None:
    path = TRANSCRIPTS / transcript_name(game, players, seed(players))
    assert replay(path.read_text(encoding="utf-8"), find_game(game), database(game)) is None


@pytest.mark.parametrize("game", ENGINE_GAMES)
def test_every_player_count_has_a_transcript_and_no_other(game: str) -> None:
    assert engine_of(find_game(game)).player_counts(database(game)) == list(PLAYERS)
    recorded = sorted(p.name for p in TRANSCRIPTS.glob(f"{game}-*.txt"))
    assert recorded == sorted(transcript_name(game, n, seed(n)) for n in PLAYERS)


def test_a_changed_decision_is_reported_with_its_line(tmp_path: Path) -> None:
    copy = tmp_path / transcript_name("old-world", 3, seed(3))
    shutil.copy(TRANSCRIPTS / copy.name, copy)
    lines = copy.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if "choices: Move(" in line)
    changed = lines[at].replace("choices: Move(", "choices: Explore(")
    copy.write_text("".join(lines[:at] + [changed] + lines[at + 1 :]), encoding="utf-8")

    diff = differences(copy, find_game("old-world"), database("old-world"))

    assert f"-{changed}" in diff and f"+{lines[at]}" in diff


def test_a_content_edit_that_changes_no_decision_needs_no_new_transcript(tmp_path: Path) -> None:
    copy = tmp_path / transcript_name("path-of-destiny", 2, seed(2))
    text = (TRANSCRIPTS / copy.name).read_text(encoding="utf-8")
    digest = read_header(text).content
    copy.write_text(text.replace(digest, "sha256:" + "0" * 64), encoding="utf-8")

    assert differences(copy, find_game("path-of-destiny"), database("path-of-destiny")) == ""


def test_the_header_names_everything_that_reproduces_the_game() -> None:
    text = (TRANSCRIPTS / transcript_name("path-of-destiny", 4, seed(4))).read_text(encoding="utf-8")

    header = read_header(text)

    assert header == Recording("path-of-destiny", 4, 4, "greedy", header.content)
    assert header.content.startswith("sha256:") and len(header.content) == len("sha256:") + 64


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("game: old-world\n", "not a transcript"),
        ("# pnp transcript 1\ngame: old-world\nplayers: 2\nseed: 1\n\nturn 1\n", "misses bot, content"),
    ],
)
def test_a_file_that_is_not_a_transcript_is_refused(text: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        read_header(text)


def test_a_game_without_an_engine_has_no_transcript() -> None:
    with pytest.raises(ValueError, match="adventure-game has no rules engine"):
        engine_of(find_game("adventure-game", CONTENT))
