"""Build targets: what each writes for one game and locale. Room is left for guides.

A job is one game in one locale with the targets asked for; it runs in a worker process, skips the
targets whose cache record still holds, and loads content only if something must be drawn.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pipeline.atomic import write_atomic
from pipeline.findings import Finding, Severity, error, warning

from .cache import Cache, OutputFile, TargetRecord

TARGET_NAMES = ("cards", "tokens", "tts", "boards", "help", "guides")
# The targets that need component faces (cards and tokens drawn from layouts).
FACE_TARGETS = frozenset({"cards", "tokens", "tts", "help"})


def supported_targets(ruleset: Any) -> tuple[str, ...]:
    """The targets a game can build: faces need components, boards a board, guides a guide."""
    from pipeline.rules.boards import HasBoards
    from pipeline.rules.components import HasComponents
    from pipeline.rules.guide import HasGuide

    can = {
        "cards": isinstance(ruleset, HasComponents),
        "tokens": isinstance(ruleset, HasComponents),
        "tts": isinstance(ruleset, HasComponents),
        "help": isinstance(ruleset, HasComponents),
        "boards": isinstance(ruleset, HasBoards),
        "guides": isinstance(ruleset, HasGuide),
    }
    return tuple(name for name in TARGET_NAMES if can[name])


@dataclass(frozen=True)
class BuildOptions:
    out_dir: Path
    content_root: Path
    layouts_dir: Path
    cache_dir: Path
    paper: str = "a4"
    backs: str = "duplex"
    back_offset: float = 0.0
    force: bool = False
    allow_incomplete: bool = False

    def for_target(self, target: str) -> dict[str, Any]:
        """The options that change a target's bytes (part of its cache key); TTS sheets ignore the paper."""
        if target == "tts":
            return {"target": target}
        if target in ("boards", "guides"):  # backs do not apply: boards and guides are one-sided
            return {"target": target, "paper": self.paper, "allow_incomplete": self.allow_incomplete}
        return {"target": target, "paper": self.paper, "backs": self.backs, "back_offset": self.back_offset,
                "allow_incomplete": self.allow_incomplete}


@dataclass(frozen=True)
class Job:
    game: str
    locale: str
    targets: tuple[str, ...]
    keys: dict[str, str]
    options: BuildOptions
    content: str = ""  # digest of the game's content files (keys the shared database)


# Loaded databases by (game, content root, content digest): the plan loads each game once and worker
# processes forked after it inherit the result instead of parsing the YAML again.
_DATABASES: dict[tuple[str, str, str], tuple[Any, list[Finding]]] = {}


def load_database(ruleset: Any, content_root: Path, digest: str) -> tuple[Any, list[Finding]]:
    """The game's loaded content (and its load findings), loaded once per content digest."""
    key = (ruleset.id, str(content_root), digest)
    if not digest or key not in _DATABASES:
        loaded = ruleset.load(content_root)
        if not digest:
            return loaded
        if len(_DATABASES) >= 8:
            _DATABASES.clear()
        _DATABASES[key] = loaded
    db, findings = _DATABASES[key]
    return db, list(findings)


@dataclass
class _Drawing:
    """What the targets of one job share: the localized faces, prepared once per target kind."""

    components: Any
    layouts: Any
    ctx: Any
    common: list[Finding] = field(default_factory=list)
    prepared: dict[str, Any] = field(default_factory=dict)
    ruleset: Any = None
    db: Any = None
    localizer: Any = None
    fallbacks: list[str] = field(default_factory=list)  # msgctxts printed in the source language

    def faces(self, kind: str) -> Any:
        from pipeline.render.sheets import prepare

        if kind not in self.prepared:
            self.prepared[kind] = prepare(self.components, self.layouts, self.ctx, kind)  # type: ignore[arg-type]
        return self.prepared[kind]


def cached_records(job: Job) -> dict[str, TargetRecord]:
    """The job's targets whose cache record still holds (none with --force)."""
    opts = job.options
    if opts.force:
        return {}
    cache = Cache(opts.cache_dir, opts.out_dir)
    hits = {t: cache.hit(job.game, job.locale, t, job.keys[t]) for t in job.targets}
    return {t: hit for t, hit in hits.items() if hit is not None}


def run_job(job: Job) -> list[TargetRecord]:
    """Build (or take from the cache) every target of one game and locale."""
    opts = job.options
    cache = Cache(opts.cache_dir, opts.out_dir)
    records = cached_records(job)
    todo = [t for t in job.targets if t not in records]
    if todo:
        started = time.perf_counter()
        drawing, problems = _load(job)
        load_seconds = time.perf_counter() - started
        for target in todo:
            began = time.perf_counter()
            record = TargetRecord(job.game, job.locale, target, job.keys[target])
            findings = list(problems)
            if drawing is not None:
                findings += drawing.common
                findings += TARGETS[target](drawing, job, record)
                if drawing.fallbacks:
                    record.extra["fallbacks"] = drawing.fallbacks
            record.findings = [f.as_dict() for f in sorted(set(findings))]
            record.seconds = round(time.perf_counter() - began + load_seconds / len(todo), 3)
            if drawing is not None:
                cache.store(record)
            records[target] = record
    return [records[t] for t in job.targets]


def _load(job: Job) -> tuple[_Drawing | None, list[Finding]]:
    """The job's content, localizer and (for a game that prints components) faces and layouts.

    A locale with untranslated strings stops the job unless --allow-incomplete, which prints them
    in the source language and lists them (DESIGN.md: Localization).
    """
    from pipeline.games import find_game
    from pipeline.render.contract import preflight_findings
    from pipeline.render.faces import RenderContext
    from pipeline.render.layouts import load_layouts
    from pipeline.rules.components import HasComponents

    opts = job.options
    ruleset = find_game(job.game)
    db, load_findings = load_database(ruleset, opts.content_root, job.content)
    incomplete, fallbacks = _locale_findings(job, ruleset, db)
    if any(f.severity is Severity.ERROR for f in incomplete):
        return None, load_findings + incomplete
    localizer = ruleset.localizer(db, job.locale)
    layouts, layout_findings = load_layouts(opts.layouts_dir)
    profile = layouts.profiles.get(opts.paper)
    bleed = profile.bleed if profile else 3.0
    components = ruleset.components(db, localizer) if isinstance(ruleset, HasComponents) else None
    # Preflight (pipeline/render/contract.py): a layout error, a broken binding, an unknown icon or a missing
    # image draws nothing for the job.
    preflight = layout_findings + preflight_findings(ruleset, db, job.locale, localizer, components, layouts)
    if any(f.severity is Severity.ERROR for f in preflight):
        return None, load_findings + incomplete + preflight
    ctx = RenderContext(job.game, job.locale, components.root if components else db.root, opts.cache_dir, bleed)
    common = load_findings + layout_findings + incomplete
    drawing = _Drawing(components, layouts, ctx, common, ruleset=ruleset, db=db, localizer=localizer, fallbacks=fallbacks)
    return drawing, []


def _locale_findings(job: Job, ruleset: Any, db: Any) -> tuple[list[Finding], list[str]]:
    """An error for a locale with untranslated strings; with --allow-incomplete a warning, and the
    strings that fall back (listed in build-report.json)."""
    from babel.messages.pofile import PoFileError

    from pipeline.i18n.status import read_status

    strings = ruleset.strings(db)
    if not strings or ruleset.localizer(db, job.locale).is_source:
        return [], []
    try:
        status = read_status(strings, db.root, job.locale)
    except PoFileError as exc:  # a broken catalog is an error even with --allow-incomplete
        where = (db.root / "locales" / f"{job.locale}.po").as_posix()
        return [error("I18N-PO-SYNTAX", f"cannot read the {job.locale} catalog: {exc}", where, exc.lineno + 1)], []
    if status.is_complete:
        return [], []
    shown = ", ".join(status.untranslated[:5]) + (" …" if len(status.untranslated) > 5 else "")
    where = (db.root / "locales" / f"{job.locale}.po").as_posix()
    if not job.options.allow_incomplete:
        message = f"{job.game} [{job.locale}] is incomplete: {len(status.untranslated)} string(s) untranslated ({shown})"
        return [error("BUILD-LOCALE-INCOMPLETE", message, where,
                      hint="translate them (pnp i18n status), or build with --allow-incomplete to print them in English")], []
    message = (f"{job.game} [{job.locale}]: {len(status.untranslated)} string(s) fell back to the source language "
               f"({shown}); build-report.json lists them all")
    return [warning("BUILD-LOCALE-FALLBACK", message, where)], list(status.untranslated)


def _write(job: Job, record: TargetRecord, relative: str, data: bytes, pages: int = 0, cards: int = 0) -> None:
    path = f"{job.game}/{job.locale}/{relative}"
    size = write_atomic(job.options.out_dir / path, data)
    record.files.append(OutputFile(path, size, pages, cards))


def _profile(drawing: _Drawing, job: Job) -> tuple[Any, list[Finding]]:
    profile = drawing.layouts.profiles.get(job.options.paper)
    if profile is None:
        known = ", ".join(sorted(drawing.layouts.profiles)) or "none"
        return None, [error("LAYOUT-PROFILE", f"no print profile {job.options.paper!r} (known: {known})",
                            job.options.layouts_dir.as_posix())]
    return profile, []


def build_cards(drawing: _Drawing, job: Job, record: TargetRecord) -> list[Finding]:
    """cards.pdf (sheets of 3 x 3 poker cards with backs as asked) and cards-1up.pdf."""
    from pipeline.render.sheets import cards_one_up, sheets

    profile, findings = _profile(drawing, job)
    prepared = drawing.faces("cards")
    findings += prepared.findings
    if profile is None:
        return findings
    title = f"{job.game} {job.locale} cards"
    imposed, problems = sheets(prepared, "cards", profile, job.options.backs, job.options.back_offset, title)
    findings += problems
    if imposed is not None:
        _write(job, record, "cards.pdf", imposed.data, imposed.pages, imposed.placed)
        record.extra["cards"] = imposed.placed
    single = cards_one_up(prepared, profile.bleed, job.options.backs, f"{job.game} {job.locale} cards 1-up")
    _write(job, record, "cards-1up.pdf", single.data, single.pages, single.placed)
    return findings


def build_tokens(drawing: _Drawing, job: Job, record: TargetRecord) -> list[Finding]:
    """tokens.pdf: every token, both sides where the game has two."""
    from pipeline.render.sheets import sheets

    profile, findings = _profile(drawing, job)
    prepared = drawing.faces("tokens")
    findings += prepared.findings
    if profile is None:
        return findings
    title = f"{job.game} {job.locale} tokens"
    imposed, problems = sheets(prepared, "tokens", profile, job.options.backs, job.options.back_offset, title)
    if imposed is not None:
        _write(job, record, "tokens.pdf", imposed.data, imposed.pages, imposed.placed)
        record.extra["tokens"] = imposed.placed
    return findings + problems


def build_tts(drawing: _Drawing, job: Job, record: TargetRecord) -> list[Finding]:
    """tts/<deck>.png sheets (at most 10 x 7 cards, 4096 px) and tts/<deck>-back.png images."""
    from pipeline.render.sheets import groups
    from pipeline.render.tts import plan_deck, render_sheets

    prepared = drawing.faces("cards")
    seen: dict[str, int] = {}
    plans = []
    for group in groups(prepared, "cards"):
        deck = group.slots[0][0].face.deck
        part = seen.get(deck, 0)
        seen[deck] = part + 1
        plans += plan_deck(deck, group, part)
    written = set()
    for image in render_sheets(plans):
        _write(job, record, f"tts/{image.name}", image.png, 1, image.cards)
        written.add(image.name)
    folder = job.options.out_dir / job.game / job.locale / "tts"
    for stale in folder.glob("*.png"):
        if stale.name not in written:
            stale.unlink()
    record.extra["cards"] = sum(f.cards for f in record.files if not f.path.endswith("-back.png"))
    return list(prepared.findings)


def build_boards(drawing: _Drawing, job: Job, record: TargetRecord) -> list[Finding]:
    """board.pdf (tiled at full size, with an assembly page), board-poster.pdf and player-boards.pdf."""
    from .boards import build_boards as run

    return run(drawing, job, record)


def build_help(drawing: _Drawing, job: Job, record: TargetRecord) -> list[Finding]:
    """help-cards.pdf: the help cards alone, on card sheets."""
    from .boards import build_help as run

    return run(drawing, job, record)


def build_guides(drawing: _Drawing, job: Job, record: TargetRecord) -> list[Finding]:
    """reference-guide.pdf and, where the game has one, player-aid.pdf."""
    from pipeline.render.guide import PaperError, render_guide, render_player_aid
    from pipeline.rules.guide import HasGuide, HasPlayerAid

    ruleset, db = drawing.ruleset, drawing.db
    if not isinstance(ruleset, HasGuide):
        return [warning("BUILD-UNSUPPORTED", f"{job.game} has no reference guide", job.options.content_root.as_posix())]
    documents: list[tuple[str, Callable[..., dict[str, Any]], Any]] = [
        ("reference-guide.pdf", render_guide, ruleset.guide_document(db, job.locale))
    ]
    if isinstance(ruleset, HasPlayerAid):
        documents.append(("player-aid.pdf", render_player_aid, ruleset.player_aid_document(db, job.locale)))
    for name, render, document in documents:
        relative = f"{job.game}/{job.locale}/{name}"
        path = job.options.out_dir / relative
        try:
            info = render(document, path, paper=job.options.paper)
        except PaperError as exc:
            return [error("LAYOUT-PAPER", f"{job.game}: {exc}", job.options.layouts_dir.as_posix())]
        record.files.append(OutputFile(relative, path.stat().st_size, int(info["pages"]), 0))
        record.extra[name.removesuffix(".pdf")] = int(info.get("entries", 0))
    return []


TARGETS: dict[str, Callable[[_Drawing, Job, TargetRecord], list[Finding]]] = {
    "cards": build_cards,
    "tokens": build_tokens,
    "tts": build_tts,
    "boards": build_boards,
    "help": build_help,
    "guides": build_guides,
}
