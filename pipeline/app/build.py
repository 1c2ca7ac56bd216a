"""`build` as a function: render every target of every game and locale asked for, skipping what has not changed.

Writes `<out>/<game>/<locale>/...` and `<out>/<game>/build-report.json`. The report holds every
finding, `outputs` (one summary per target), `seconds` and the paths of the build reports.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pipeline.atomic import write_atomic
from pipeline.build.cache import OutputFile, TargetRecord, code_digest, target_key, tree_digest
from pipeline.build.targets import TARGET_NAMES, BuildOptions, Job, load_database, supported_targets
from pipeline.findings import Report, warning
from pipeline.rules.spec import GameSpec

from .project import UsageError, select_locales


@dataclass
class BuildResult:
    """What a build did: its findings (with `outputs` in `report.extra`), one record per target, and its time."""

    report: Report
    records: list[TargetRecord]
    seconds: float

    @property
    def built(self) -> int:
        return sum(1 for r in self.records if not r.cached)


def build(games: Sequence[GameSpec], options: BuildOptions, locales: Sequence[str] | None = None,
          targets: Sequence[str] | None = None, jobs: int = 1, show_progress: bool | None = None) -> BuildResult:
    """Render the targets asked for (default: every target each game has) in each locale (default: every declared one)."""
    from pipeline.build.runner import run_jobs

    started = time.perf_counter()
    if not options.content_root.is_dir():
        raise UsageError(f"content folder {options.content_root} does not exist")
    _check_back_offset(options.back_offset)
    chosen = tuple(targets) if targets else TARGET_NAMES
    plan, report = _plan(list(games), locales, chosen, options)
    records = run_jobs(plan, jobs, show_progress)
    seconds = time.perf_counter() - started
    for record in records:
        report.extend(record.finding_objects())
    outputs = _write_reports(records, options, seconds)
    report.extra.update(outputs=[_summary(r) for r in records], seconds=round(seconds, 3), reports=outputs)
    return BuildResult(report, records, seconds)


def _check_back_offset(offset: float) -> None:
    """--back-offset is a finite number of mm the calibration page can measure (it keeps backs on the page)."""
    from pipeline.render.imposition import BACK_OFFSET_LIMIT

    if not math.isfinite(offset) or abs(offset) > BACK_OFFSET_LIMIT:
        raise UsageError(f"--back-offset {offset:g} is out of range: give a number of mm from -{BACK_OFFSET_LIMIT} to "
                         f"{BACK_OFFSET_LIMIT} (what the duplex calibration page measures)")


def target_line(record: TargetRecord) -> str:
    """One line per target for the text report."""
    summary = _summary(record)
    state = "up to date" if record.cached else f"{record.seconds:.2f}s"
    return (f"{record.game} {record.locale} {record.target}: {len(record.files)} file(s), {summary['pages']} page(s), "
            f"{summary['cards']} card(s) ({state})")


def _plan(games: list[GameSpec], locales: Sequence[str] | None, targets: tuple[str, ...],
          options: BuildOptions) -> tuple[list[Job], Report]:
    """One job per game and locale, each target keyed by a hash of its inputs and options."""
    report = Report()
    code = code_digest()
    layouts = tree_digest(options.layouts_dir, "*.yaml")
    jobs = []
    for game in games:
        if not game.content_dir(options.content_root).is_dir():
            raise UsageError(f"no content for {game.id} under {options.content_root}")
        content = tree_digest(game.content_dir(options.content_root))
        db, load_findings = load_database(game, options.content_root, content)
        problems = Report(load_findings + game.checks(db, True))
        if not problems.ok:  # what `pnp validate` rejects is not printed: report it once, build nothing
            report.extend(problems.findings)
            continue
        chosen_locales = select_locales(game, game.info(db), locales, options.content_root)
        supported = supported_targets(game)
        game_targets = tuple(t for t in targets if t in supported)
        where = str(game.content_dir(options.content_root))
        for missing in (t for t in targets if t not in supported and len(targets) < len(TARGET_NAMES)):
            report.add(warning("BUILD-UNSUPPORTED", f"{game.id} has no {missing} to build", where))
        if not game_targets:
            continue
        inputs = {"content": content, "layouts": layouts, "code": code}
        for locale in chosen_locales:
            keys = {t: target_key(inputs, {**options.for_target(t), "game": game.id, "locale": locale}) for t in game_targets}
            jobs.append(Job(game.id, locale, game_targets, keys, options, content))
    return jobs, report


def _summary(record: TargetRecord) -> dict[str, Any]:
    return {
        "game": record.game,
        "locale": record.locale,
        "target": record.target,
        "files": [f.path for f in record.files],
        "pages": sum(f.pages for f in record.files),
        "cards": record.extra.get("cards", record.extra.get("tokens", 0)),
        "seconds": record.seconds,
        "cached": record.cached,
    }


def _file_entry(output: OutputFile) -> dict[str, Any]:
    return {"path": output.path, "bytes": output.bytes, "pages": output.pages, "cards": output.cards}


def _write_reports(records: list[TargetRecord], options: BuildOptions, seconds: float) -> list[str]:
    """`<out>/<game>/build-report.json`: files, pages, cards, findings and seconds per target."""
    written = []
    for game in dict.fromkeys(r.game for r in records):
        mine = [r for r in records if r.game == game]
        findings = sorted({json.dumps(f, sort_keys=True) for r in mine for f in r.findings})
        payload = {
            "game": game,
            "ok": not any(json.loads(f)["severity"] == "error" for f in findings),
            "options": {"paper": options.paper, "backs": options.backs, "back_offset": options.back_offset},
            # mtime_ns stays in the cache: the report describes the files, not when they were written.
            "targets": [{**_summary(r), "files": [_file_entry(f) for f in r.files],
                         **({"fallbacks": r.extra["fallbacks"]} if r.extra.get("fallbacks") else {})} for r in mine],
            "findings": [json.loads(f) for f in findings],
            "seconds": round(seconds, 3),
        }
        path = options.out_dir / game / "build-report.json"
        write_atomic(path, json.dumps(payload, indent=2, ensure_ascii=False).encode())
        written.append(path.as_posix())
    return written
