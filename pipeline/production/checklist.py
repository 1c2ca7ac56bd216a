"""checklist.pdf of each game and locale a build printed: the component lists of the base and the selected packs
(pipeline/rules/checklist.py), each printed component with its count and where it printed (a file and its pages,
read from the positions the card and token targets recorded), and what the table brings besides.

It runs after every target of the build, in the build's own process, because it reads what they all wrote; its
record is kept under a key of the job's target keys, so a build that changed nothing does not load the game for it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from pipeline.content.database import BASE_PACK
from pipeline.findings import Finding
from pipeline.rules.checklist import Listed, Printed, checklist_findings, printed_units

from .cache import Cache, TargetRecord
from .inputs import digest
from .targets import BuildContext, Databases, Job, _kept_unit, _write, load_context, preflight_written, print_labels

if TYPE_CHECKING:
    from pipeline.render.checklist import ChecklistRow

CHECKLIST = "checklist"
# The kinds of component the table brings, in the order the checklist lists them.
NOT_PAPER = ("miniature", "wooden", "die", "other")


def build_checklists(jobs: Sequence[Job], records: Sequence[TargetRecord], databases: Databases) -> list[TargetRecord]:
    """The checklist record of each job whose game lists its components and whose targets printed something
    (a build of chosen cards, `--deck` or `--card`, prints no checklist: it is not the whole game)."""
    from pipeline.games import find_game

    made = []
    for job in jobs:
        mine = [r for r in records if (r.game, r.locale) == (job.game, job.locale)]
        if not mine or all(r.refused for r in mine) or job.options.selection:
            continue
        cache = Cache(job.options.cache_dir, job.options.out_dir)
        unit = TargetRecord(job.game, job.locale, CHECKLIST, digest({
            "keys": job.keys, "content": job.content, "layouts": job.layouts, "targets": list(job.targets),
            "files": sorted(f.sha256 for r in mine for f in r.files)}))
        # Looked up before the game is: a build that changed nothing imports none of its modules. A game that lists
        # no components keeps a record with no file, so it is not asked again either.
        hit = _kept_unit(cache, job, unit)
        if hit is not None:
            made += [hit] if hit.files else []
            continue
        spec = find_game(job.game, job.options.content_root)
        context, problems = (load_context(replace(job, targets=()), databases)
                             if spec.printing is not None and spec.printing.listed is not None else (None, []))
        if context is None and problems:
            unit.findings = [f.as_dict() for f in problems]
            made.append(unit)
            continue
        if context is not None:
            unit.findings = [f.as_dict() for f in _checklist(context, job, unit, mine)]
        if unit.key:
            cache.store(unit)
        made += [unit] if unit.files else []
    return made


def _checklist(context: BuildContext, job: Job, unit: TargetRecord, records: Sequence[TargetRecord]) -> list[Finding]:
    """Write checklist.pdf of one job: its rows, then the page through the output preflight."""
    from pipeline.render.checklist import checklist_pdf
    from pipeline.rules.print_labels import CHECKLIST_LABELS

    spec, db = context.spec, context.db
    assert spec.printing is not None and spec.printing.listed is not None and context.profile is not None
    labels = {**CHECKLIST_LABELS, **print_labels(context, CHECKLIST_LABELS)}
    listed = [entry for entry in spec.printing.listed(db) if not job.options.pack_only or entry.pack != BASE_PACK]
    if not listed:
        return []
    # A pack's boards are its components whether or not this build prints them (`--pack-only` prints no board: their
    # rows say so with no place).
    boards = spec.printing.boards(db, context.localizer) if spec.printing.boards is not None else None
    guides = [name for name in (spec.guide.names if spec.guide is not None else ()) if not job.options.pack_only]
    printed = printed_units(db, context.components, boards, guides)
    order = [board.id for board in boards.player_boards] if boards is not None else []
    game_board = boards.board.id if boards is not None and boards.board is not None else ""
    rows = checklist_rows(listed, printed, _places(records, job, labels["checklist-page"], order, game_board), labels,
                          context)
    headers = (labels["checklist-component"], labels["checklist-count"], labels["checklist-place"])
    document = checklist_pdf(labels["checklist"], labels["checklist-help"], headers, rows, context.profile.paper,
                             job.locale)
    data = document.finish()
    _write(job, unit, "checklist.pdf", data, document.pages)
    unit.extra["components"] = sum(row.count for row in rows if not row.heading)
    # What the list and the print disagree on is `pnp check`'s to report; the build says it again where it printed.
    return checklist_findings(listed, printed, spec.id, exact=not db.chooses_kinds) \
        + preflight_written(job, "checklist.pdf", data, context.profile)


def checklist_rows(listed: Sequence[Listed], printed: Sequence[Printed], places: Callable[[Printed], str],
                   labels: dict[str, str], context: BuildContext) -> list[ChecklistRow]:
    """A heading per pack, then a row per printed deck, board or guide its list names (its title, count and place),
    then a row per kind of what the table brings, with the count of its pieces."""
    from pipeline.render.checklist import ChecklistRow

    by_key = {(unit.pack, unit.id): unit for unit in printed}
    rows: list[ChecklistRow] = []
    for pack in dict.fromkeys(entry.pack for entry in listed):
        entries = [entry for entry in listed if entry.pack == pack]
        context_id, english = entries[0].heading
        rows.append(ChecklistRow(context.localizer.text(context_id, english) if context_id else labels["checklist-base"],
                                 heading=True))
        for name in dict.fromkeys(name for entry in entries for name in entry.component.print):
            unit = by_key.get((pack, name))
            if unit is not None:
                rows.append(ChecklistRow(_title(unit, labels), unit.count, places(unit)))
        for kind in NOT_PAPER:
            count = sum(entry.component.count for entry in entries if entry.component.kind == kind)
            if count:
                rows.append(ChecklistRow(labels[f"checklist-{kind}"], count, "—"))
    return rows


def _title(unit: Printed, labels: dict[str, str]) -> str:
    return labels.get(f"checklist-{unit.id}", unit.title) if unit.target == "guides" else unit.title


def _places(records: Sequence[TargetRecord], job: Job, page: str, player_boards: list[str],
            game_board: str) -> Callable[[Printed], str]:
    """Where a printed unit is: `cards.pdf, p. 1-4` from the recorded positions of its faces, a board's file (a player
    board's page, one page each), a guide's file."""
    from pipeline.render.checklist import pages_text

    prefix = f"{job.game}/{job.locale}/"
    positions = {path.removeprefix(prefix): spots for r in records for path, spots in r.extra.get("positions", {}).items()}
    files = {f.path.removeprefix(prefix): f for r in records for f in r.files}

    def place(unit: Printed) -> str:
        if unit.target in ("cards", "tokens"):
            name = f"{unit.target}.pdf"
            pages = [spot["page"] for spot in positions.get(name, []) if spot["deck"] == unit.id and spot["card"] in unit.faces]
            return f"{name}, {page} {pages_text(pages)}" if pages else "—"
        if unit.target == "boards" and unit.faces:  # a declared game's boards: a file per face
            return ", ".join(f"board-{face}.pdf" for face in sorted(unit.faces) if f"board-{face}.pdf" in files) or "—"
        board = "board.pdf" if unit.id == game_board else f"board-{unit.id}.pdf"
        name = {"guides": f"{unit.id}.pdf", "boards": board}[unit.target]
        if unit.id in player_boards and "player-boards.pdf" in files:
            one_each = files["player-boards.pdf"].pages == len(player_boards)
            return f"player-boards.pdf, {page} {player_boards.index(unit.id) + 1}" if one_each else "player-boards.pdf"
        return name if name in files else "—"

    return place
