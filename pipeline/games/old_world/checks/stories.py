"""Exploration cards, numbered events and die rolls (reference §21.6)."""

from __future__ import annotations

from pipeline.content.database import finding_at
from pipeline.findings import Finding

from ..content import OldWorldContent
from ..effects import AttributeTest, RollDie, ShortFight
from ..enums import EventType, ResultKind

DIE_FACES = frozenset(range(1, 7))


def check(content: OldWorldContent) -> list[Finding]:
    return [*_results(content), *_event_types(content), *_die_rolls(content)]


def _results(content: OldWorldContent) -> list[Finding]:
    """A result is a Quest exactly when it names the event it enters."""
    findings = []
    for rec in content.exploration_records:
        for i, option in enumerate(rec.entity.options):
            result = option.result
            if result.kind is ResultKind.QUEST and result.quest is None:
                findings.append(
                    finding_at(
                        rec.where("options", i, "result", "kind"),
                        "OW-EXPLORE-QUEST",
                        "a quest result must name its quest (terrain and enter_event)",
                    )
                )
            if result.kind is ResultKind.INSTANT and result.quest is not None:
                findings.append(
                    finding_at(
                        rec.where("options", i, "result", "quest"),
                        "OW-EXPLORE-QUEST",
                        "an instant result cannot carry a quest; set kind: quest",
                    )
                )
    return findings


def _event_types(content: OldWorldContent) -> list[Finding]:
    findings = []
    for rec in content.event_records:
        event = rec.entity
        kinds = {type(e) for e in event.effects}

        def bad(message: str, *path: str, rec=rec) -> None:
            findings.append(finding_at(rec.where(*path) if path else rec.where("type"), "OW-EVENT-TYPE", message))

        if event.type is EventType.OPTIONS and len(event.options) < 2:
            bad(f"an options event needs at least 2 options, has {len(event.options)}")
        if event.type is not EventType.OPTIONS and event.options:
            bad(f"a {event.type.value} event has no options; use type: options", "options")
        if event.type is EventType.TEST and not kinds & {RollDie, AttributeTest}:
            bad("a test event needs a roll-die or attribute-test effect")
        if event.type is EventType.SHORT_FIGHT and ShortFight not in kinds:
            bad("a short-fight event needs a short-fight effect")
        keeps = event.type in (EventType.EQUIPMENT, EventType.COMPANION)
        if keeps and event.keep is None:
            bad(f"a {event.type.value} event must say which card is kept (keep:)")
        if not keeps and event.keep is not None:
            bad(f"only equipment and companion events keep a card, not {event.type.value}", "keep")
    return findings


def _die_rolls(content: OldWorldContent) -> list[Finding]:
    """Every die roll covers the faces 1–6 exactly once."""
    findings = []
    for rec, path, effect in content.effects:
        if not isinstance(effect, RollDie):
            continue
        faces: list[int] = []
        for i, branch in enumerate(effect.branches):
            if branch.min > branch.max:
                findings.append(
                    finding_at(
                        rec.where(*path, "branches", i), "OW-DIE-BRANCHES", f"branch {branch.min}–{branch.max} runs backwards"
                    )
                )
            faces.extend(range(branch.min, branch.max + 1))
        doubled = sorted({f for f in faces if faces.count(f) > 1})
        missing = sorted(DIE_FACES - set(faces))
        if doubled or missing:
            parts = ([f"faces {doubled} appear twice"] if doubled else []) + (
                [f"faces {missing} are not covered"] if missing else []
            )
            findings.append(
                finding_at(
                    rec.where(*path, "branches"), "OW-DIE-BRANCHES", "a die roll must cover 1–6 exactly once: " + "; ".join(parts)
                )
            )
    return findings
