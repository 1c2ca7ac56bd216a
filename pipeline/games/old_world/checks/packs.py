"""Packs: the manifest's expansions and their compatibility (expansion sheet §2, §19 rules 30-31), and the
packs a command selected (`--pack`)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from difflib import get_close_matches
from itertools import combinations
from pathlib import Path

from pipeline.content.database import BASE_PACK, Record, Source, finding_at, mode_entry, mode_of_file
from pipeline.content.guide import GuideEntry, GuideSection
from pipeline.findings import Finding

from ..content import OldWorldContent
from ..models.base import HelpCard, Manifest, Pack
from .counts import PACK_COUNTS, expected_counts

# Rule 30: Wild Hunt combines with the core game, Mages, Monster Trail and Skellige's locations only.
WILD_HUNT_PARTNERS = frozenset({"mages", "monster-trail", "skellige"})
# Rule 31: each Monster Pack monster needs its partner expansion.
MONSTER_PACK_PARTNERS = {"kayran": "legendary-hunt", "koshchey": "mages", "siren": "skellige"}
# What a pack's rules text is written in: it prints when the pack is selected, whatever the pack's status.
RULES_TEXT = (GuideSection, GuideEntry, HelpCard)


def check(content: OldWorldContent) -> list[Finding]:
    record = content.manifest_record
    if record is None:
        return []  # checks/counts.py reports the missing manifest
    findings = [*_declarations(record), *_rule_30(record), *_rule_31(record), *_content_folders(content, record),
                *_shared_schools(content)]
    findings.extend(selection_findings(record, content.db.packs))
    return findings


def _pack_index(manifest: Manifest) -> dict[str, int]:
    return {pack.id: i for i, pack in enumerate(manifest.packs)}


def _declarations(record: Record[Manifest]) -> Iterator[Finding]:
    """Pack ids are unique, the base comes first, and every pack a pack names is declared."""
    manifest = record.entity
    known = _pack_index(manifest)
    if manifest.packs[0].id != BASE_PACK:
        yield finding_at(record.where("packs", 0, "id"), "OW-PACK-BASE", f"the first pack is the base game, id {BASE_PACK!r}")
    seen: set[str] = set()
    count_names = set(expected_counts(manifest, ())) | set(PACK_COUNTS)
    for i, pack in enumerate(manifest.packs):
        if pack.id in seen:
            yield finding_at(record.where("packs", i, "id"), "OW-PACK-ID", f"pack {pack.id!r} is declared twice")
        seen.add(pack.id)
        for field in ("requires", "incompatible_with", "combines_only_with"):
            for j, other in enumerate(getattr(pack, field) or ()):
                if other not in known:
                    yield finding_at(record.where("packs", i, field, j), "OW-PACK-REF",
                                     f"{pack.id} names pack {other!r}, which is not declared", _hint(other, known))
        for monster, partner in pack.partners.items():
            if partner not in known:
                yield finding_at(record.where("packs", i, "partners", monster), "OW-PACK-REF",
                                 f"{pack.id}: {monster}'s partner {partner!r} is not declared", _hint(partner, known))
        for name in pack.adds:
            if name not in count_names:
                yield finding_at(record.where("packs", i, "adds", name), "OW-PACK-REF",
                                 f"{pack.id} adds {name!r}, which is no component count", _hint(name, count_names))
        yield from _mode_declarations(record, i, pack, count_names)
        if pack.id != BASE_PACK and pack.event_numbers is not None and pack.event_numbers[0] <= _last_base_event(manifest):
            yield finding_at(record.where("packs", i, "event_numbers"), "OW-PACK-EVENTS",
                             f"{pack.id}'s events must be numbered after the base deck's (rule 23)")
    for (i, a), (j, b) in combinations(enumerate(manifest.packs), 2):
        for (x, pack), other in (((i, a), b), ((j, b), a)):
            partners = other.combines_only_with or ()
            if other.id in pack.incompatible_with and pack.id in partners:
                yield finding_at(record.where("packs", x, "incompatible_with"), "OW-PACK-MATRIX",
                                 f"{pack.id} is incompatible with {other.id}, but {other.id} lists it as a partner")


def _mode_declarations(record: Record[Manifest], i: int, pack: Pack, count_names: set[str]) -> Iterator[Finding]:
    """A pack's mode ids are unique, each names modes of its own pack and adds component counts."""
    known = [mode.id for mode in pack.modes]
    for j, mode in enumerate(pack.modes):
        at = ("packs", i, "modes", j)
        if known.index(mode.id) != j:
            yield finding_at(record.where(*at, "id"), "OW-PACK-ID", f"{pack.id} declares mode {mode.id!r} twice")
        for k, other in enumerate(mode.requires):
            if other not in known or other == mode.id:
                yield finding_at(record.where(*at, "requires", k), "OW-PACK-REF",
                                 f"{pack.id} mode {mode.id} needs {other!r}, which is no other mode of {pack.id}",
                                 _hint(other, known))
        for name in mode.adds:
            if name not in count_names:
                yield finding_at(record.where(*at, "adds", name), "OW-PACK-REF",
                                 f"{pack.id} mode {mode.id} adds {name!r}, which is no component count",
                                 _hint(name, count_names))


def _last_base_event(manifest: Manifest) -> int:
    numbers = manifest.packs[0].event_numbers
    return numbers[1] if numbers else 0


def _rule_30(record: Record[Manifest]) -> Iterator[Finding]:
    """Rule 30: Lost Mount never with Wild Hunt; Wild Hunt only with Mages, Monster Trail, Skellige; no sixth player."""
    manifest = record.entity
    packs = {pack.id: pack for pack in manifest.packs}
    index = _pack_index(manifest)
    if "lost-mount" in packs and "wild-hunt" in packs and is_compatible(packs["lost-mount"], packs["wild-hunt"]):
        yield finding_at(record.where("packs", index["lost-mount"]), "OW-PACK-RULE-30",
                         "Lost Mount must be declared incompatible with Wild Hunt (rule 30)")
    if "wild-hunt" in packs:
        wild_hunt = packs["wild-hunt"]
        for pack in manifest.packs[1:]:
            if pack.id != "wild-hunt" and pack.id not in WILD_HUNT_PARTNERS and is_compatible(wild_hunt, pack):
                yield finding_at(record.where("packs", index["wild-hunt"]), "OW-PACK-RULE-30",
                                 f"Wild Hunt combines only with {', '.join(sorted(WILD_HUNT_PARTNERS))}, "
                                 f"but the manifest lets it combine with {pack.id} (rule 30)")
    base_max = manifest.packs[0].player_max
    for i, pack in enumerate(manifest.packs[1:], start=1):
        if pack.player_max > base_max:
            yield finding_at(record.where("packs", i, "player_max"), "OW-PACK-RULE-30",
                             f"{pack.id} allows {pack.player_max} players; an expansion never adds a seat beyond "
                             f"the base game's {base_max} (rule 30)")


def _rule_31(record: Record[Manifest]) -> Iterator[Finding]:
    """Rule 31: the Monster Pack's monsters are tied to their partner expansions."""
    index = _pack_index(record.entity)
    if "monster-pack" not in index:
        return
    pack = record.entity.packs[index["monster-pack"]]
    if pack.partners != MONSTER_PACK_PARTNERS:
        expected = ", ".join(f"{monster} -> {partner}" for monster, partner in MONSTER_PACK_PARTNERS.items())
        at = ("packs", index["monster-pack"])
        where = record.where(*at, "partners") if pack.partners else record.where(*at)
        yield finding_at(where, "OW-PACK-RULE-31", f"the Monster Pack's partners must be {expected} (rule 31)")


def _content_folders(content: OldWorldContent, record: Record[Manifest]) -> Iterator[Finding]:
    """Content under packs/<id>/ belongs to a declared pack whose content is written (not `declared`); a pack's
    rules text (guide sections, glossary entries, help cards) may be written before its components."""
    packs = {pack.id: pack for pack in record.entity.packs}
    reported: set[str] = set()
    for entity in content.db.records_in_file_order():
        pack_id = content.db.pack_of(entity)
        if pack_id in packs and packs[pack_id].modes:
            yield from _mode_folder(entity, packs[pack_id], reported, content.db.root)
            continue
        if pack_id in reported or (pack_id in packs and packs[pack_id].status == "playable"):
            continue
        if pack_id in packs and isinstance(entity.entity, RULES_TEXT):
            continue
        reported.add(pack_id)
        where = Source(entity.loaded.display, 1, 1)
        if pack_id not in packs:
            yield finding_at(where, "OW-PACK-UNKNOWN", f"content of pack {pack_id!r}, which the manifest does not declare",
                             _hint(pack_id, packs))
        else:
            yield finding_at(where, "OW-PACK-STATUS", f"{pack_id} has content but the manifest declares it `declared`",
                             "set its status to playable")


def _mode_folder(entity: Record, pack: Pack, reported: set[str], root: Path) -> Iterator[Finding]:
    """The content of a pack with modes lies in the folder of a declared, playable mode (`packs/<id>/<mode>/`)."""
    mode_id = mode_of_file(root, entity.loaded.path) or ""
    if mode_entry(pack.id, mode_id) in reported:
        return
    reported.add(mode_entry(pack.id, mode_id))
    where = Source(entity.loaded.display, 1, 1)
    modes = {mode.id: mode for mode in pack.modes}
    if mode_id not in modes:
        yield finding_at(where, "OW-PACK-UNKNOWN", f"content of {pack.id} outside the folder of one of its modes "
                         f"({', '.join(modes)}): a file of a pack with modes lies in packs/{pack.id}/<mode>/",
                         _hint(mode_id, modes))
    elif modes[mode_id].status != "playable" or pack.status != "playable":
        yield finding_at(where, "OW-PACK-STATUS", f"{pack.id} mode {mode_id} has content but the manifest declares "
                         "it (or its pack) `declared`", "set its status to playable")


def _shared_schools(content: OldWorldContent) -> Iterator[Finding]:
    """Rule 18: a character who shares a school (Ciri, the Wolf's) starts at that school's location."""
    schools = {school.id: school for school in content.schools}
    for rec in content.school_records:
        shared = schools.get(rec.entity.shares_school or "")
        if shared is None:
            continue  # no share, or a name REF-UNKNOWN reports
        if shared.id == rec.entity.id or shared.shares_school is not None:
            yield finding_at(rec.where("shares_school"), "OW-SCHOOL-SHARE",
                             f"{rec.entity.id} shares {shared.id}, which is no school of its own")
        elif rec.entity.home != shared.home:
            message = f"{rec.entity.id} shares the {shared.id} school, so it starts at {shared.home}, not {rec.entity.home}"
            yield finding_at(rec.where("home"), "OW-SCHOOL-SHARE", message)


def is_compatible(a: Pack, b: Pack) -> bool:
    """Whether two packs may be played together (either may rule the other out)."""
    if b.id in a.incompatible_with or a.id in b.incompatible_with:
        return False
    return (a.combines_only_with is None or b.id in a.combines_only_with) and (
        b.combines_only_with is None or a.id in b.combines_only_with)


def selection_findings(record: Record[Manifest], selected: tuple[str, ...]) -> Iterator[Finding]:
    """The selected packs: playable, with what they require, and pairwise compatible."""
    manifest = record.entity
    index = _pack_index(manifest)
    chosen = [manifest.packs[index[pack_id]] for pack_id in selected if pack_id in index]
    for pack in chosen:
        at = record.where("packs", index[pack.id])
        if pack.status == "declared":
            yield finding_at(at, "OW-PACK-DECLARED", f"{pack.id} is declared only: its content is not written yet")
        yield from _mode_selection(record, index[pack.id], pack, selected)
        for needed in pack.requires:
            if needed not in selected:
                yield finding_at(at, "OW-PACK-REQUIRES", f"{pack.id} needs {needed}", f"add --pack {needed}")
    for a, b in combinations(chosen, 2):
        if not is_compatible(a, b):
            yield finding_at(record.where("packs", index[a.id]), "OW-PACK-INCOMPATIBLE",
                             f"{a.id} cannot be played with {b.id} (compatibility: expansion sheet §2, rule 30)")


def _mode_selection(record: Record[Manifest], i: int, pack: Pack, selected: tuple[str, ...]) -> Iterator[Finding]:
    """The modes a selection plays are playable and bring the modes they need."""
    playing = pack.modes_in(selected)
    ids = [mode.id for mode in playing]
    for j, mode in enumerate(pack.modes):
        if mode.id not in ids:
            continue
        at = record.where("packs", i, "modes", j)
        if mode.status == "declared":
            yield finding_at(at, "OW-PACK-DECLARED", f"{pack.id} mode {mode.id} is declared only: its content is not "
                             "written yet")
        for needed in mode.requires:
            if needed not in ids:
                yield finding_at(at, "OW-PACK-REQUIRES", f"{pack.id} mode {mode.id} needs mode {needed}",
                                 f"add --mode {needed}")


def _hint(word: str, choices: Iterable[str]) -> str:
    close = get_close_matches(word, list(choices), n=1, cutoff=0.5)
    return f"did you mean {close[0]!r}?" if close else ""
