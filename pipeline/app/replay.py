"""`replay` as a function: play a transcript's recorded decisions again and report the first divergence."""

from __future__ import annotations

from pathlib import Path

from pipeline.findings import Report
from pipeline.reading import TRANSCRIPT_LIMIT, UnreadableFile, read_input
from pipeline.rules.transcript import Divergence, read_header, replay

from .project import UsageError, select_games


def replay_file(path: Path, root: Path) -> tuple[Report, Divergence | None]:
    """Replay the transcript at `path` on the content under `root`: the content's report and the first
    divergence (None when every line matches). A file that is not a transcript is a usage error."""
    try:  # the safe reader: a FIFO or /dev/zero is refused before a byte is read
        text = read_input(path, TRANSCRIPT_LIMIT).decode("utf-8")
    except UnreadableFile as exc:
        raise UsageError(f"cannot read the transcript {path}: {exc.reason}") from None
    except UnicodeDecodeError as exc:
        raise UsageError(f"cannot read the transcript {path}: {exc}") from None
    try:
        header = read_header(text)
    except ValueError as exc:
        raise UsageError(f"{path}: {exc}") from None
    game = select_games([header.game], root)[0]
    if game.engine is None:
        raise UsageError(f"{game.id} has no rules engine to replay")
    db, findings = game.load(root)
    report = Report(findings)
    if not report.ok:
        return report, None
    return report, replay(text, game, db)
