"""`pnp build`: render every target of every game and locale asked for, skipping what has not changed.

Writes `<out>/<game>/<locale>/...` and `<out>/<game>/build-report.json`; prints findings and one
line per target. Exit 0 without errors (warnings allowed), 1 with errors, 2 on bad usage.
"""

from __future__ import annotations

import json
import os
import time
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from pipeline.atomic import write_atomic
from pipeline.findings import Report, warning
from pipeline.games import GAMES, find_game
from pipeline.rules.ruleset import Ruleset

from .cache import OutputFile, TargetRecord, code_digest, target_key, tree_digest
from .targets import TARGET_NAMES, BuildOptions, Job, load_database, supported_targets

PACKAGE_ROOT = Path(__file__).resolve().parent.parent.parent


class Paper(StrEnum):
    a4 = "a4"
    letter = "letter"


class Backs(StrEnum):
    duplex = "duplex"
    gutter = "gutter"
    none = "none"


class Target(StrEnum):
    cards = "cards"
    tokens = "tokens"
    tts = "tts"
    boards = "boards"
    help = "help"
    guides = "guides"


class OutputFormat(StrEnum):
    text = "text"
    json = "json"
    github = "github"


def _usage(message: str) -> typer.Exit:
    typer.echo(f"pnp: error: {message}", err=True)
    return typer.Exit(2)


def _folder(option: Path | None, name: str) -> Path:
    if option is not None:
        return option
    local = Path(name)
    return local if local.is_dir() else PACKAGE_ROOT / name


def build(
    game: Annotated[list[str] | None, typer.Option("--game", "-g", help="Game id (repeatable); default: every game.")] = None,
    locale: Annotated[list[str] | None, typer.Option("--locale", "-l", help="Locale (repeatable); default: all.")] = None,
    paper: Annotated[Paper, typer.Option("--paper", help="a4 or letter.")] = Paper.a4,
    backs: Annotated[Backs, typer.Option("--backs", help="duplex, gutter (fold) or none.")] = Backs.duplex,
    target: Annotated[
        list[Target] | None,
        typer.Option("--target", "-t", help="cards, tokens, tts, boards, help, guides; default: all the game has."),
    ] = None,
    out: Annotated[Path, typer.Option("--out", help="Output folder.")] = Path("output"),
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Worker processes.")] = min(4, os.cpu_count() or 1),
    back_offset: Annotated[float, typer.Option("--back-offset", help="Shift duplex backs right by this many mm.")] = 0.0,
    format: Annotated[OutputFormat, typer.Option("--format", "-f", help="text, json or github.")] = OutputFormat.text,
    content: Annotated[Path | None, typer.Option("--content", help="Content root; default: ./content.")] = None,
    layouts: Annotated[Path | None, typer.Option("--layouts", help="Layouts folder; default: ./layouts.")] = None,
    cache_dir: Annotated[Path, typer.Option("--cache-dir", help="Build cache folder.")] = Path(".pnp-cache"),
    force: Annotated[bool, typer.Option("--force", help="Rebuild even what the cache says is up to date.")] = False,
    allow_incomplete: Annotated[
        bool, typer.Option("--allow-incomplete", help="Build a locale with untranslated strings, printing them in English.")
    ] = False,
) -> None:
    """Render print-ready PDFs (cards, tokens, boards, help cards) and digital-table PNGs for each game and locale."""
    started = time.perf_counter()
    root, layouts_dir = _folder(content, "content"), _folder(layouts, "layouts")
    rulesets = _select(game, root)
    targets = tuple(t.value for t in target) if target else TARGET_NAMES
    options = BuildOptions(out, root, layouts_dir, cache_dir, paper.value, backs.value, back_offset, force, allow_incomplete)
    plan, report = _plan(rulesets, locale, targets, options)
    from .runner import run_jobs

    records = run_jobs(plan, jobs)
    seconds = time.perf_counter() - started
    for record in records:
        report.extend(record.finding_objects())
    outputs = _write_reports(records, options, seconds)
    report.extra.update(outputs=[_summary(r) for r in records], seconds=round(seconds, 3), reports=outputs)
    if format is OutputFormat.json:
        typer.echo(report.to_json())
    else:
        shown = [f.as_github() if format is OutputFormat.github else f.as_text() for f in report.sorted()]
        lines = shown + [_line(r) for r in records]
        built = sum(1 for r in records if not r.cached)
        lines.append(f"build: {report.summary()}; {built} target(s) built, {len(records) - built} up to date, {seconds:.2f}s")
        typer.echo("\n".join(lines))
    raise typer.Exit(report.exit_code)


def _select(ids: list[str] | None, root: Path) -> list[Ruleset]:
    if not root.is_dir():
        raise _usage(f"content folder {root} does not exist")
    if ids:
        try:
            return [find_game(game_id) for game_id in ids]
        except KeyError as exc:
            raise _usage(str(exc.args[0])) from None
    return [ruleset for ruleset in GAMES.values() if ruleset.content_dir(root).is_dir() and supported_targets(ruleset)]


def _plan(rulesets: list[Ruleset], locales: list[str] | None, targets: tuple[str, ...],
          options: BuildOptions) -> tuple[list[Job], Report]:
    """One job per game and locale, each target keyed by a hash of its inputs and options."""
    report = Report()
    code = code_digest()
    layouts = tree_digest(options.layouts_dir, "*.yaml")
    jobs = []
    for ruleset in rulesets:
        if not ruleset.content_dir(options.content_root).is_dir():
            raise _usage(f"no content for {ruleset.id} under {options.content_root}")
        content = tree_digest(ruleset.content_dir(options.content_root))
        db, load_findings = load_database(ruleset, options.content_root, content)
        problems = Report(load_findings + ruleset.checks(db, structure_only=True))
        if not problems.ok:  # what `pnp validate` rejects is not printed: report it once, build nothing
            report.extend(problems.findings)
            continue
        declared = ruleset.info(db).locales
        supported = supported_targets(ruleset)
        game_targets = tuple(t for t in targets if t in supported)
        where = str(ruleset.content_dir(options.content_root))
        for missing in (t for t in targets if t not in supported and len(targets) < len(TARGET_NAMES)):
            report.add(warning("BUILD-UNSUPPORTED", f"{ruleset.id} has no {missing} to build", where))
        if not game_targets:
            continue
        inputs = {"content": content, "layouts": layouts, "code": code}
        for locale in locales or declared:
            keys = {t: target_key(inputs, {**options.for_target(t), "game": ruleset.id, "locale": locale}) for t in game_targets}
            jobs.append(Job(ruleset.id, locale, game_targets, keys, options, content))
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


def _line(record: TargetRecord) -> str:
    summary = _summary(record)
    state = "up to date" if record.cached else f"{record.seconds:.2f}s"
    return (f"{record.game} {record.locale} {record.target}: {len(record.files)} file(s), {summary['pages']} page(s), "
            f"{summary['cards']} card(s) ({state})")


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
