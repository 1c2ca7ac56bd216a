"""Lost Mount (expansion sheet §3, §18 `LostMount`): its die table covers each face once and holds the
rulebook's values; placement looks at 2 tokens. Runs when its pack is selected (`--pack lost-mount`)."""

from __future__ import annotations

from pipeline.content.database import finding_at
from pipeline.findings import Finding

from ..content import OldWorldContent

# §3: 1-3 nothing, 4-5 draw 1, 6 draw 2; the placing player looks at 2 Location tokens and keeps 1.
DRAWS = {1: 0, 2: 0, 3: 0, 4: 1, 5: 1, 6: 2}
PLACEMENT_CHOICES = 2


def check(content: OldWorldContent) -> list[Finding]:
    findings = []
    for rec in content.lost_mount_records:
        card = rec.entity
        faces: dict[int, int] = {}
        for i, roll in enumerate(card.rolls):
            low, high = roll.results
            if low > high:
                findings.append(finding_at(rec.where("rolls", i, "results"), "OW-LOST-MOUNT-ROLLS",
                                           f"{roll.id}: the results run from {low} down to {high}"))
            for face in range(low, high + 1):
                if face in faces:
                    findings.append(finding_at(rec.where("rolls", i, "results"), "OW-LOST-MOUNT-ROLLS",
                                               f"{roll.id}: a roll of {face} is already in the table"))
                faces[face] = roll.draw
        missing = sorted(set(DRAWS) - set(faces))
        if missing:
            findings.append(finding_at(rec.where("rolls"), "OW-LOST-MOUNT-ROLLS",
                                       f"the die table has no row for {', '.join(map(str, missing))}"))
        elif faces != DRAWS:
            wrong = ", ".join(f"{face}: {DRAWS[face]}" for face in DRAWS if faces.get(face) != DRAWS[face])
            findings.append(finding_at(rec.where("rolls"), "OW-LOST-MOUNT-FACT",
                                       f"the rulebook's die table draws {wrong} (1-3 nothing, 4-5 one card, 6 two)"))
        if card.placement_choices != PLACEMENT_CHOICES:
            message = f"the placing player draws {PLACEMENT_CHOICES} Location tokens, not {card.placement_choices}"
            findings.append(finding_at(rec.where("placement_choices"), "OW-LOST-MOUNT-FACT", message))
    return findings
