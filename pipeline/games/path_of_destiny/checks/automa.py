"""Solo mode: difficulty levels and Automa boards (reference §14, §18.2.9)."""

from __future__ import annotations

from pipeline.content.database import finding_at
from pipeline.findings import Finding

from ..content import PathOfDestinyContent

# The Automa's start XP on the five difficulty levels, easiest first (reference §14, §18.2.9).
SOLO_START_XP = (0, 2, 4, 6, 8)


def check(content: PathOfDestinyContent) -> list[Finding]:
    record, manifest = content.automa_record, content.manifest
    if record is None or manifest is None:
        return []
    automa = record.entity
    second = manifest.rules.automa_second_ability_xp
    findings = []

    def bad(message: str, *path: str | int) -> None:
        findings.append(finding_at(record.where(*path), "POD-AUTOMA", message))

    starts = [level.start_xp for level in automa.levels]
    if sorted(starts) != list(SOLO_START_XP):
        shown = ", ".join(map(str, SOLO_START_XP))
        bad(f"the five difficulty levels start the Automa on {shown} XP, not {', '.join(map(str, starts))}", "levels")
    for i, level in enumerate(automa.levels):
        if i and level.start_xp <= automa.levels[i - 1].start_xp:
            bad("difficulty levels must start the Automa on rising XP", "levels", i, "start_xp")
        if i and level.chapter_symbols < automa.levels[i - 1].chapter_symbols:
            bad("a harder difficulty level never gives the Automa fewer chapter symbols", "levels", i)
        if (level.start_xp >= second) != level.second_ability_from_start:
            state = "starts with" if level.start_xp >= second else "does not start with"
            bad(f"at {level.start_xp} XP the Automa {state} its second ability (unlocked at {second} XP)", "levels", i)
    seen: set[str] = set()
    for i, board in enumerate(automa.boards):
        if board.character in seen:
            bad(f"{board.character} has two Automa boards", "boards", i, "character")
        seen.add(board.character)
        if len(board.symbols) != 2 or len(set(board.symbols)) != 2:
            bad("an Automa board shows two different symbols", "boards", i, "symbols")
        if len(board.abilities) != 2:
            bad(f"an Automa board has two abilities, not {len(board.abilities)}", "boards", i, "abilities")
    return findings
