"""Component counts equal the manifest's (reference §18.1), per story too."""

from __future__ import annotations

from collections import Counter

from pipeline.content.database import finding_at
from pipeline.findings import Finding

from ..content import PathOfDestinyContent
from ..enums import Side, Symbol, TokenKind
from ..models import StoryCounts
from ..story_models import Story


def actual_counts(content: PathOfDestinyContent) -> dict[str, int]:
    """Component counts as printed (what `pnp games` shows)."""
    tokens = content.tokens
    automa = content.automa
    return {
        "characters": len(content.characters),
        "action_cards": len(content.main_cards),
        "starting_cards": len(content.cards) - len(content.main_cards),
        "stories": len(content.stories),
        "story_cards": sum(len(s.cards) for s in content.stories),
        "symbol_tokens": sum(t.count for t in tokens if t.kind is TokenKind.SYMBOL),
        "lost_symbol_markers": _tokens(content, TokenKind.LOST_SYMBOL),
        "fate_markers": _tokens(content, TokenKind.FATE),
        "path_markers": _tokens(content, TokenKind.PATH),
        "extra_xp_markers": _tokens(content, TokenKind.EXTRA_XP),
        "solo_fate_markers": _tokens(content, TokenKind.SOLO_FATE),
        "automa_boards": len(automa.boards) if automa else 0,
        "solo_cards": len(automa.solo_cards) if automa else 0,
    }


def _tokens(content: PathOfDestinyContent, kind: TokenKind, symbol: Symbol | None = None) -> int:
    return sum(t.count for t in content.tokens if t.kind is kind and (symbol is None or t.symbol is symbol))


def story_counts(story: Story) -> dict[str, int]:
    """A story's components as its file holds them (alliance cards with their copies)."""
    return {
        "story_cards": len(story.cards),
        "extra_effort_cards": len(story.extra_effort_cards),
        "secret_objectives": sum(1 for o in story.secret_objectives if not o.solo),
        "solo_objectives": sum(1 for o in story.secret_objectives if o.solo),
        "prerequisite_cards": len(story.prerequisite_cards),
        "special_symbol_markers": len(story.special_symbol_markers),
        "alliance_cards": sum(c.copies for c in story.alliance_cards),
        "alliance_markers": len(story.alliance_markers),
    }


def check(content: PathOfDestinyContent) -> list[Finding]:
    record = content.manifest_record
    db = content.db
    if record is None:
        return [finding_at(db.root_source(), "POD-MANIFEST", "no game.yaml manifest (kind: game) found")]
    expected = record.entity.components
    actual = actual_counts(content)
    per_symbol = {s.value: _tokens(content, TokenKind.SYMBOL, s) for s in Symbol}
    wanted: list[tuple[str, int, int]] = [
        ("characters", expected.characters, actual["characters"]),
        ("action_cards", expected.action_cards, actual["action_cards"]),
        ("story_overview_cards", expected.story_overview_cards, actual["stories"]),
        *((f"{name}", getattr(expected, name), actual[name]) for name in _PLAIN),
        *(("symbol_tokens_per_symbol", expected.symbol_tokens_per_symbol, n) for n in per_symbol.values()),
    ]
    findings = []
    for name, want, have in wanted:
        if want != have:
            where = record.where("components", name)
            message = f"the manifest says {want} {name.replace('_', ' ')}, the content has {have}"
            findings.append(finding_at(where, "POD-COUNT", message))
    findings.extend(_stories(content, expected.stories))
    findings.extend(_markers(content))
    return sorted(set(findings))


def _markers(content: PathOfDestinyContent) -> list[Finding]:
    """One fate marker for each round's numeral (I, II, III) and one path marker for each side, each
    exactly once (reference §2.1, §18.1.2)."""
    manifest = content.manifest
    assert manifest is not None
    wanted: list[tuple[TokenKind, str, str, list[str]]] = [
        (TokenKind.FATE, "numeral", "fate markers", [str(n) for n in range(1, manifest.rules.rounds_per_chapter + 1)]),
        (TokenKind.PATH, "side", "path markers", [side.value for side in Side]),
    ]
    findings = []
    for kind, field, name, values in wanted:
        tokens = [record for record in content.token_records if record.entity.kind is kind]
        seen: Counter[str] = Counter()
        for record in tokens:
            token = record.entity
            value = getattr(token, field)
            shown = None if value is None else str(value.value if isinstance(value, Side) else value)
            if shown is None or shown not in values or seen[shown] or token.count > 1:
                message = f"the {name} show {', '.join(values)}, each exactly once"
                at = "count" if shown in values and not seen[shown] else field if shown is not None else "kind"
                findings.append(finding_at(record.where(at), "POD-COUNT", message))
            if shown is not None:
                seen[shown] += token.count
        missing = [v for v in values if not seen[v]]
        if missing:
            at = field if tokens and getattr(tokens[0].entity, field) is not None else "kind"
            where = tokens[0].where(at) if tokens else content.db.root_source()
            message = f"no {name[:-1]} shows {', '.join(missing)}; the {name} show {', '.join(values)}, each exactly once"
            findings.append(finding_at(where, "POD-COUNT", message))
    return findings


_PLAIN = (
    "lost_symbol_markers",
    "fate_markers",
    "path_markers",
    "extra_xp_markers",
    "solo_fate_markers",
    "automa_boards",
    "solo_cards",
)


def _stories(content: PathOfDestinyContent, listed: list[StoryCounts]) -> list[Finding]:
    """Every listed story has a file with the listed counts; every story file is listed."""
    db, record = content.db, content.manifest_record
    assert record is not None
    findings = []
    by_id = {story.entity.id: story for story in content.story_records}
    for i, counts in enumerate(listed):
        here = record.where("components", "stories", i)
        story = by_id.get(counts.id)
        if story is None:
            message = f"the manifest lists story {counts.id}, but no story file (kind: story) has it"
            hint = f"write content/{db.game_id}/stories/{counts.id}.yaml"
            findings.append(finding_at(here, "POD-COUNT", message, hint))
            continue
        for name, have in story_counts(story.entity).items():
            want = getattr(counts, name)
            if want != have:
                message = f"the manifest says story {counts.id} has {want} {name.replace('_', ' ')}, its file has {have}"
                findings.append(finding_at(story.where("id"), "POD-COUNT", message))
    listed_ids = {c.id for c in listed}
    for story in content.story_records:
        if story.entity.id not in listed_ids:
            message = f"story {story.entity.id} is not in the manifest's component list"
            findings.append(finding_at(story.where("id"), "POD-COUNT", message))
    return findings
