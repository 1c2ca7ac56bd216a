"""The `boards` and `help` targets: the game board tiled and as a poster, the player boards (a declared game: each
board of the kinds it prints as `boards`), the help cards."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pipeline.findings import Finding, error, warning
from pipeline.render.units import pt
from pipeline.rules.components import Components

from .cache import TargetRecord
from .targets import BuildContext, Job, _positions, _preflight, _profile, _write, preflight_written, print_labels

if TYPE_CHECKING:
    from collections.abc import Mapping

    from pipeline.render.faces import PreparedFace
    from pipeline.render.layouts import Layouts
    from pipeline.render.pdf import Document
    from pipeline.render.profiles import Profile
    from pipeline.rules.boards import BoardSpec

BOARD_FORM = "Board"


def build_boards(context: BuildContext, job: Job, record: TargetRecord) -> list[Finding]:
    """board.pdf (assembly page + full-size tiles), board-poster.pdf (one sheet) and player-boards.pdf."""
    from pipeline.render.board import plan_board
    from pipeline.render.player_boards import PaperError, player_boards_pdf
    from pipeline.render.tiling import TilingError

    printing = context.spec.printing
    assert printing is not None, "only a game that prints is planned for boards"
    profile, findings = _profile(context, job)
    if profile is None:
        return findings
    if printing.boards is None:
        return findings + _face_boards(context, job, record, profile)
    boards = printing.boards(context.db, context.localizer)
    layouts = context.layouts
    # The game board, then an expansion's board beside it (Old World: Skellige's map extension).
    tiled = [(boards.board, "board", "tiles")] if boards.board is not None else []
    tiled += [(extension, f"board-{extension.id}", f"tiles-{extension.id}") for extension in boards.extensions]
    for spec, stem, key in tiled:
        try:
            problems, count = _tiled_board(job, record, profile, layouts, spec, boards.labels, stem)
        except TilingError as exc:
            return findings + [error("LAYOUT-PAPER", f"{job.game}: {exc} ({profile.name})", "layouts/profiles.yaml")]
        findings += problems
        if count:
            record.extra[key] = count
    plans = []
    for spec in boards.player_boards:
        player_plan, problems = plan_board(spec, job.game, job.locale, layouts, bleed=profile.bleed)
        findings += problems
        if player_plan is not None:
            plans.append(player_plan)
    if plans:
        title = boards.board.title if boards.board else job.game
        try:
            data, pages, drawn_players = player_boards_pdf(title, plans, profile)
        except PaperError as exc:
            return findings + [error("LAYOUT-PAPER", f"{job.game}: {exc} ({profile.name})", "layouts/profiles.yaml")]
        _write(job, record, "player-boards.pdf", data, pages)
        findings += drawn_players + preflight_written(job, "player-boards.pdf", data, profile)
        record.extra["player_boards"] = len(plans)
    return findings


def _tiled_board(job: Job, record: TargetRecord, profile: Profile, layouts: Layouts, spec: BoardSpec,
                 labels: Mapping[str, str], stem: str) -> tuple[list[Finding], int]:
    """`<stem>.pdf` (assembly page + full-size tiles) and `<stem>-poster.pdf` of one board, through the preflight:
    its findings and tile count (0 when its layout is missing). A paper too small for a tile raises TilingError."""
    from pipeline.render.board import board_form, plan_board
    from pipeline.render.tiling import plan_tiles, poster_pdf, tiled_pdf

    plan, findings = plan_board(spec, job.game, job.locale, layouts)
    if plan is None:
        return findings, 0
    drawn: list[Finding] = []

    def draw(doc: Any) -> None:
        drawn.extend(board_form(doc, BOARD_FORM, plan))

    tiles = plan_tiles(plan.size, profile.paper, profile.margin, profile.tile_overlap)
    tiled = tiled_pdf(spec.title, BOARD_FORM, draw, tiles, labels, job.locale)
    data = tiled.finish()
    _write(job, record, f"{stem}.pdf", data, tiled.pages)
    findings += drawn + preflight_written(job, f"{stem}.pdf", data, profile)
    poster = poster_pdf(spec.title, BOARD_FORM, lambda doc: _ignore(board_form(doc, BOARD_FORM, plan)), plan.size,
                        profile.paper)
    data = poster.finish()
    _write(job, record, f"{stem}-poster.pdf", data, poster.pages)
    findings += preflight_written(job, f"{stem}-poster.pdf", data, profile)
    return findings, tiles.count


def _face_boards(context: BuildContext, job: Job, record: TargetRecord, profile: Profile) -> list[Finding]:
    """A declared game's boards (kinds printed as `boards`): each record drawn from its layout template once, as a
    form, then `board-<id>.pdf` (assembly page + full-size tiles, as many times as its copies) and
    `board-<id>-poster.pdf`, each through the output preflight."""
    from pipeline.render.sheets import prepare
    from pipeline.render.tiling import TilingError, plan_tiles, poster_pdf, tiled_pdf
    from pipeline.render.tts import face_name
    from pipeline.rules.print_labels import TILING_LABELS

    prepared = prepare(context.components, context.layouts, context.render, "boards")
    findings = list(prepared.findings)
    labels = print_labels(context, TILING_LABELS)
    boards = tiles = 0
    for deck in context.components.decks_for("boards"):
        for face in deck.faces:
            ready = prepared.faces.get(id(face))
            if ready is None:  # no template: LAYOUT-MISSING among the findings
                continue
            size = ready.template.size
            name = face_name(ready)
            title = name if name != face.id else deck.title

            def draw(doc: Document, ready: PreparedFace = ready) -> None:
                c = doc.canvas
                c.beginForm(BOARD_FORM, 0, 0, pt(ready.template.size.width), pt(ready.template.size.height))
                ready.draw(c)
                c.endForm()

            try:
                plan = plan_tiles(size, profile.paper, profile.margin, profile.tile_overlap)
            except TilingError as exc:
                return findings + [error("LAYOUT-PAPER", f"{job.game}: {exc} ({profile.name})", "layouts/profiles.yaml")]
            for name, document in ((f"board-{face.id}.pdf", tiled_pdf(title, BOARD_FORM, draw, plan, labels, job.locale,
                                                                         face.copies)),
                                   (f"board-{face.id}-poster.pdf", poster_pdf(title, BOARD_FORM, draw, size, profile.paper))):
                data = document.finish()
                _write(job, record, name, data, document.pages)
                findings += preflight_written(job, name, data, profile)
            boards += face.copies
            tiles += plan.count * face.copies
    record.extra["boards"] = boards
    record.extra["tiles"] = tiles
    return findings


def build_help(context: BuildContext, job: Job, record: TargetRecord) -> list[Finding]:
    """help-cards.pdf: every help card (copies included) on card sheets, backs as asked."""
    from pipeline.render.sheets import prepare, sheets

    profile, findings = _profile(context, job)
    if profile is None:
        return findings
    everything = context.components
    decks = everything.help_decks()
    if not decks:
        return findings + [warning("BUILD-NO-HELP", f"{job.game} has no help cards", job.options.content_root.as_posix())]
    components = Components(everything.game, everything.locale, everything.root, decks, everything.backs)
    prepared = prepare(components, context.layouts, context.render, "cards")
    findings += prepared.findings
    title = f"{job.game} {job.locale} help cards"
    imposed, problems = sheets(prepared, "cards", profile, job.options.backs, job.options.back_offset, title)
    if imposed is not None:
        _write(job, record, "help-cards.pdf", imposed.data, imposed.pages, imposed.placed)
        record.extra["cards"] = imposed.placed
        _positions(job, record, "help-cards.pdf", imposed)
        findings += _preflight(job, profile, "help-cards.pdf", imposed, prepared, "cards")
    return findings + problems


def _ignore(findings: list[Finding]) -> None:
    """The poster draws the board again: its findings are the tiled board's."""
