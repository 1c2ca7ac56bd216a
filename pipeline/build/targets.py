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

from pipeline.findings import Finding, warning

from .atomic import write_atomic
from .cache import Cache, OutputFile, TargetRecord

TARGET_NAMES = ("cards", "tokens", "tts", "boards", "help")  # guides come later


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

    def for_target(self, target: str) -> dict[str, Any]:
        """The options that change a target's bytes (part of its cache key); TTS sheets ignore the paper."""
        if target == "tts":
            return {"target": target}
        if target == "boards":  # backs do not apply: boards are one-sided
            return {"target": target, "paper": self.paper}
        return {"target": target, "paper": self.paper, "backs": self.backs, "back_offset": self.back_offset}


@dataclass(frozen=True)
class Job:
    game: str
    locale: str
    targets: tuple[str, ...]
    keys: dict[str, str]
    options: BuildOptions


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

    def faces(self, kind: str) -> Any:
        from pipeline.render.sheets import prepare

        if kind not in self.prepared:
            self.prepared[kind] = prepare(self.components, self.layouts, self.ctx, kind)  # type: ignore[arg-type]
        return self.prepared[kind]


def run_job(job: Job) -> list[TargetRecord]:
    """Build (or take from the cache) every target of one game and locale."""
    opts = job.options
    cache = Cache(opts.cache_dir, opts.out_dir)
    records: dict[str, TargetRecord] = {}
    for target in job.targets:
        hit = None if opts.force else cache.hit(job.game, job.locale, target, job.keys[target])
        if hit is not None:
            records[target] = hit
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
            record.findings = [f.as_dict() for f in sorted(set(findings))]
            record.seconds = round(time.perf_counter() - began + load_seconds / len(todo), 3)
            if drawing is not None:
                cache.store(record)
            records[target] = record
    return [records[t] for t in job.targets]


def _load(job: Job) -> tuple[_Drawing | None, list[Finding]]:
    from pipeline.games import find_game
    from pipeline.render.faces import RenderContext
    from pipeline.render.fit import localized_components
    from pipeline.render.layouts import load_layouts

    opts = job.options
    ruleset = find_game(job.game)
    db, load_findings = ruleset.load(opts.content_root)
    components, localizer, findings = localized_components(ruleset, db, job.locale)
    if components is None:
        return None, load_findings + findings
    layouts, layout_findings = load_layouts(opts.layouts_dir)
    profile = layouts.profiles.get(opts.paper)
    bleed = profile.bleed if profile else 3.0
    ctx = RenderContext(job.game, job.locale, components.root, opts.cache_dir, bleed)
    common = load_findings + layout_findings + _locale_findings(job, localizer, db.root)
    return _Drawing(components, layouts, ctx, common, ruleset=ruleset, db=db, localizer=localizer), []


def _locale_findings(job: Job, localizer: Any, root: Path) -> list[Finding]:
    fallbacks: list[str] = list(getattr(localizer, "fallback_contexts", list)())
    if not fallbacks:
        return []
    message = (f"{job.game} [{job.locale}]: {len(fallbacks)} printed string(s) have no translation and print in "
               f"the source language (first: {fallbacks[0]})")
    return [warning("BUILD-LOCALE-INCOMPLETE", message, (root / "locales" / f"{job.locale}.po").as_posix(),
                    hint="translate them, or build with --allow-incomplete to accept it")]


def _write(job: Job, record: TargetRecord, relative: str, data: bytes, pages: int = 0, cards: int = 0) -> None:
    path = f"{job.game}/{job.locale}/{relative}"
    size = write_atomic(job.options.out_dir / path, data)
    record.files.append(OutputFile(path, size, pages, cards))


def _profile(drawing: _Drawing, job: Job) -> tuple[Any, list[Finding]]:
    profile = drawing.layouts.profiles.get(job.options.paper)
    if profile is None:
        known = ", ".join(sorted(drawing.layouts.profiles)) or "none"
        return None, [warning("LAYOUT-PROFILE", f"no print profile {job.options.paper!r} (known: {known})",
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
    from pipeline.render.tts import deck_images

    prepared = drawing.faces("cards")
    seen: dict[str, int] = {}
    written = set()
    for group in groups(prepared, "cards"):
        deck = group.slots[0][0].face.deck
        part = seen.get(deck, 0)
        seen[deck] = part + 1
        for image in deck_images(deck, group, part):
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


TARGETS: dict[str, Callable[[_Drawing, Job, TargetRecord], list[Finding]]] = {
    "cards": build_cards,
    "tokens": build_tokens,
    "tts": build_tts,
    "boards": build_boards,
    "help": build_help,
}
