"""Ids that name other content resolve (reference §17): card owners, Automa boards, starting orders."""

from __future__ import annotations

from pipeline.content.database import finding_at
from pipeline.findings import Finding

from ..content import PathOfDestinyContent


def check(content: PathOfDestinyContent) -> list[Finding]:
    db = content.db
    findings = []

    def unknown(where_collection: str, key: str, field: tuple[str | int, ...], what: str, value: str) -> None:
        if not db.has("characters", value):
            message = f"{what} names character {value!r}, which does not exist"
            findings.append(finding_at(db.where(where_collection, key, *field), "POD-REF", message))

    for card in content.cards:
        if card.owner is not None:
            unknown("action-cards", card.id, ("owner",), f"card {card.id}", card.owner)
    if content.automa is not None:
        for i, board in enumerate(content.automa.boards):
            unknown("automa", content.automa.id, ("boards", i, "character"), f"Automa board {board.id}", board.character)
    manifest = content.manifest
    if manifest is not None:
        line = set(manifest.character_line)
        for character in content.characters:
            if character.id not in line:
                message = f"character {character.id} is not in the manifest's character_line"
                findings.append(finding_at(db.where("characters", character.id, "id"), "POD-REF", message))
    return findings
