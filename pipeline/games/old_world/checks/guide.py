"""The reference guide's text, through the shared guide checks (pipeline/rules/guide_checks.py): rules numbers
only through placeholders, links that resolve, unique entry ids, tables Old World generates, findable index terms;
and the packs a guide list item is printed with (`pack:`) are packs the manifest declares (OW-GUIDE-PACK).
`references` is what `pnp validate` proves (guide_references.py runs it), `check` the rest."""

from __future__ import annotations

from collections.abc import Iterator
from difflib import get_close_matches

from pipeline.content.database import Record, finding_at
from pipeline.content.guide import GuideBlock, GuideContent
from pipeline.findings import Finding
from pipeline.rules.guide_checks import GuideRules, TextSite, guide_findings, guide_reference_findings, help_card_sites

from ..content import OldWorldContent
from ..guide import TABLE_HEADERS, rule_constants


def check(content: OldWorldContent) -> list[Finding]:
    """The guide checks `pnp check` adds to `references` (which `validate` runs)."""
    return guide_findings(content.db, guide_rules(content), _help_cards(content), references=False)


def references(content: OldWorldContent) -> list[Finding]:
    """Every reference, link, related topic and item pack of the guide resolves (`pnp validate`)."""
    return guide_reference_findings(content.db, guide_rules(content), _help_cards(content)) + list(_item_packs(content))


def _help_cards(content: OldWorldContent) -> list[TextSite]:
    """The help cards' text: its placeholders and references judged as the guide's; their small numbers ("discard 1
    card") are written as digits, so numbers are not judged."""
    return list(help_card_sites(content.db, every_number=False))


def guide_rules(content: OldWorldContent) -> GuideRules:
    constants = rule_constants(content.manifest) if content.manifest else None  # None: its finding is the report
    return GuideRules("OW", constants, tables=tuple(TABLE_HEADERS))


def _item_packs(content: OldWorldContent) -> Iterator[Finding]:
    manifest = content.manifest
    if manifest is None:
        return
    declared = {pack.id for pack in manifest.packs}
    for rec in GuideContent(content.db).section_records:
        places: list[tuple[tuple[str | int, ...], list[GuideBlock]]] = [(("intro",), rec.entity.intro)]
        for i, entry in enumerate(rec.entity.entries):
            places += [(("entries", i, "blocks"), entry.blocks), (("entries", i, "summary"), entry.summary)]
        for path, blocks in places:
            yield from _blocks(rec, path, blocks, declared)


def _blocks(rec: Record, path: tuple[str | int, ...], blocks: list[GuideBlock], declared: set[str]) -> Iterator[Finding]:
    for b, block in enumerate(blocks):
        for i, item in enumerate(block.items):
            if item.pack is not None and item.pack not in declared:
                close = get_close_matches(item.pack, sorted(declared), n=1, cutoff=0.5)
                message = f"guide item {item.id!r} is printed with pack {item.pack!r}, which the manifest does not declare"
                yield finding_at(rec.where(*path, b, "items", i, "pack"), "OW-GUIDE-PACK", message,
                                 f"did you mean {close[0]!r}?" if close else "")
