"""A game's component list held against what it prints: each listed paper component prints, with its count, and
each printed deck, board and guide is listed.

A game or pack lists its components as its rulebook gives them (`ListedComponent`: item, count, kind, and the decks,
boards or guide documents that print it). The list is data in the content; this module compares it with the faces,
boards and guides the game builds for the same selection, pack by pack: a pack's list is held to what its own folder
prints (a Ciri card in the base Witcher Trophy deck counts for Ciri). The build prints the list as a checklist page.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from pipeline.content.database import BASE_PACK, Database, Record, mode_entry, pack_of_file
from pipeline.content.models import PAPER_KINDS, ListedComponent
from pipeline.findings import Finding, error, warning

from .boards import Boards
from .components import Components, Where


@dataclass(frozen=True)
class Listed:
    """One component of a list, with the pack whose list names it and where it is written."""

    pack: str
    component: ListedComponent
    where: Where
    # The pack's name as the checklist heads its rows: (msgctxt, English); empty for the base game.
    heading: tuple[str, str] = ("", "")

    @property
    def is_paper(self) -> bool:
        return self.component.kind in PAPER_KINDS


@dataclass(frozen=True)
class Printed:
    """One deck, board or guide document as one pack prints it: the copies of its faces written in that pack."""

    pack: str
    id: str
    title: str
    target: str  # cards, tokens, boards, guides
    count: int
    faces: frozenset[str] = frozenset()  # the ids of its faces (a deck's cards of this pack)


def listed_at(db: Database, record: Record, pack: str, components: Sequence[ListedComponent], *path: str | int,
              heading: tuple[str, str] = ("", "")) -> list[Listed]:
    """The components of one list that the selection holds, each at its line (`path`: where the record writes the
    list; `heading`: the pack's name as (msgctxt, English))."""
    found = []
    for index, component in enumerate(components):
        if listed_in_selection(db, pack, component):
            source = record.where(*path, index)
            found.append(Listed(pack, component, Where(source.file, source.line, source.column), heading))
    return found


def listed_in_selection(db: Database, pack: str, component: ListedComponent) -> bool:
    """Whether a pack's listed component is in the selection: the base always, a pack when selected, a mode's
    component when its mode is played (a pack selected whole plays every mode)."""
    if pack == BASE_PACK:
        return True
    if pack not in db.whole_packs:
        return False
    return component.mode is None or not db.modes_of(pack) or mode_entry(pack, component.mode) in db.packs


def printed_units(db: Database, components: Components | None, boards: Boards | None,
                  guides: Sequence[str] = ()) -> list[Printed]:
    """Every deck, board and guide document the selection prints, split by the pack whose files wrote it."""
    root = db.root.resolve()

    def pack_of(where: Where | None) -> str:
        return pack_of_file(root, Path(where.file).resolve()) if where is not None else BASE_PACK

    counts: dict[tuple[str, str], Printed] = {}
    for deck in components.decks if components is not None else []:
        for face in deck.faces:
            key = (pack_of(face.where), deck.id)
            before = counts.get(key)
            counts[key] = Printed(key[0], deck.id, deck.title, deck.target, face.copies + (before.count if before else 0),
                                  (before.faces if before else frozenset()) | {face.id})
    if boards is not None:
        for board in [*([boards.board] if boards.board is not None else []), *boards.player_boards, *boards.extensions]:
            counts[pack_of(board.where), board.id] = Printed(pack_of(board.where), board.id, board.title, "boards", 1)
    for name in guides:
        counts[BASE_PACK, name] = Printed(BASE_PACK, name, name, "guides", 1)
    return list(counts.values())


def checklist_findings(listed: Iterable[Listed], printed: Sequence[Printed], game: str, exact: bool = True) -> list[Finding]:
    """COMPONENT-NOT-PRINTED for a listed paper component nothing prints, COMPONENT-COUNT for one printed in another
    number (`exact`: False when the table chose some kinds of a mode's cards), COMPONENT-UNLISTED for a printed deck,
    board or guide the lists of its pack do not name. Only packs that list components are held to a list.

    Components that name the same decks are counted together (Skellige's Harbor and Dagon Trail tokens share a sheet)."""
    findings: list[Finding] = []
    listed = list(listed)
    by_key = {(unit.pack, unit.id): unit for unit in printed}
    groups: dict[tuple[str, frozenset[str]], list[Listed]] = {}
    for entry in listed:
        item, where = entry.component, entry.where
        missing = [name for name in item.print if (entry.pack, name) not in by_key]
        if entry.is_paper and (not item.print or missing):
            what = (f"names {', '.join(repr(m) for m in missing)}, which print(s) nothing" if missing
                    else "names nothing it prints")
            findings.append(error(
                "COMPONENT-NOT-PRINTED", f"{game} [{entry.pack}]: listed component {item.item!r} ({item.count} {item.kind}) "
                f"{what}", where.file, where.line, where.column,
                hint=f"print it, or name in `print:` the decks, boards or guides that print it (printed: "
                     f"{', '.join(sorted(u.id for u in printed if u.pack == entry.pack)) or 'nothing'})"))
        elif item.print:
            groups.setdefault((entry.pack, frozenset(item.print)), []).append(entry)
    for (pack, names), entries in groups.items() if exact else ():
        wanted = sum(entry.component.count for entry in entries)
        total = sum(by_key[pack, name].count for name in names)
        if total != wanted:
            first = entries[0]
            items = " + ".join(f"{e.component.item!r} {e.component.count}" for e in entries)
            findings.append(error(
                "COMPONENT-COUNT", f"{game} [{pack}]: the list counts {items}, but {', '.join(sorted(names))} print(s) "
                f"{total}", first.where.file, first.where.line, first.where.column,
                hint="make the list say what the rulebook gives, and the content print that many"))
    named = {(entry.pack, name) for entry in listed for name in entry.component.print}
    listing_packs = {entry.pack for entry in listed}
    for unit in printed:
        if unit.pack in listing_packs and (unit.pack, unit.id) not in named:
            first_line = next(entry.where for entry in listed if entry.pack == unit.pack)
            findings.append(warning(
                "COMPONENT-UNLISTED", f"{game} [{unit.pack}]: {unit.target} {unit.id!r} ({unit.title}, {unit.count}) "
                f"prints, but no component of the list names it", first_line.file, first_line.line, first_line.column,
                hint=f"add it to the component list with `print: [{unit.id}]`, or stop printing it"))
    return findings
