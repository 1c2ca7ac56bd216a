"""`build` as a function: render every target of every game and locale asked for, skipping what has not changed.

Writes `<out>/<game>/<locale>/...` and `<out>/<game>/build-report.json`. The report holds every
finding, `outputs` (one summary per target), `seconds` and the paths of the build reports. A file that
cannot be written is a `BUILD-WRITE` finding; an output or cache folder that is a file is a usage
error. Temp files a killed build left behind are removed before a build, and after one that stopped early.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Sequence
from contextlib import ExitStack, nullcontext
from dataclasses import asdict, dataclass, replace
from functools import partial
from pathlib import Path
from typing import Any

from pipeline import collector
from pipeline.atomic import WriteError, check_writable, one_writer, remove_stale_temporaries, write_atomic
from pipeline.cache_keys import code_digest, read_record, tree_digest
from pipeline.cache_keys import key as target_key
from pipeline.content.database import Database
from pipeline.content.kept_files import keep_loaded_in, save_kept
from pipeline.findings import Finding, Report, warning
from pipeline.games import GameListing, declared_described, spec_of
from pipeline.processes import BuildStopped, stopped_by_signals
from pipeline.production.cache import OutputFile, TargetRecord
from pipeline.production.inputs import deck_digests, target_digests
from pipeline.production.runner import run_jobs
from pipeline.production.selection import SELECTABLE_TARGETS, Selection, targets_with_faces
from pipeline.production.targets import (
    TARGET_NAMES,
    BuildOptions,
    Databases,
    Job,
    locale_findings,
    packs_only,
    supported_targets,
)
from pipeline.render.hyphenation import keep_parsed_in
from pipeline.rules.components import Components
from pipeline.rules.spec import GameSpec

from .project import UsageError, locale_code, missing_content, require_packs, select_locales

# What `--pack-only` prints: a pack's own cards and tokens (and their digital-table sheets).
PACK_TARGETS = ("cards", "tokens", "tts", "help", "guides")
BOARD_COUNTS = ("boards", "tiles", "player_boards")  # what the boards target reports besides pages

# What a selection builds unless --target says otherwise: the print of the chosen faces (no digital table).
SELECTION_DEFAULT = ("cards", "tokens", "help")


@dataclass
class BuildResult:
    """What a build did: its findings (with `outputs` in `report.extra`), one record per target, and its time."""

    report: Report
    records: list[TargetRecord]
    seconds: float

    @property
    def built(self) -> int:
        return sum(1 for r in self.records if not r.cached and not r.refused)

    @property
    def refused(self) -> int:
        return sum(1 for r in self.records if r.refused)

    @property
    def up_to_date(self) -> int:
        return sum(1 for r in self.records if r.cached and not r.refused)

    def counts(self) -> str:
        """How many targets were built, refused (only when some were) and up to date."""
        refused = f"{self.refused} refused, " if self.refused else ""
        return f"{self.built} target(s) built, {refused}{self.up_to_date} up to date"


def build(games: Sequence[GameSpec | GameListing], options: BuildOptions, locales: Sequence[str] | None = None,
          targets: Sequence[str] | None = None, jobs: int = 1, show_progress: bool | None = None,
          databases: Databases | None = None) -> BuildResult:
    """Render the targets asked for (default: every target each game has) in each locale (default: every declared one).

    A shipped game given by its listing is imported only if its plan is not kept (`_PlanMemo`): a build that
    changed nothing of it needs none of its modules. `databases`: what earlier builds of this process loaded
    (`pnp watch`); by default this build's own."""
    started = time.perf_counter()
    if not options.content_root.is_dir():
        raise missing_content(options.content_root)
    _check_back_offset(options.back_offset)
    _check_folder("--out", options.out_dir)
    _check_folder("--cache-dir", options.cache_dir)
    keep_parsed_in(options.cache_dir)
    keep_loaded_in(options.cache_dir)
    if options.pack_only and not options.packs:
        raise UsageError("--pack-only prints the packs named with --pack: name at least one")
    for code in locales or ():  # a code that is no locale is refused before a game is loaded (or kept: rules/verified)
        locale_code(code)
    games = declared_described(games)
    if options.packs or options.modes:
        packs = require_packs([spec_of(game) for game in games], options.content_root, options.packs, options.modes)
        options = replace(options, packs=packs, modes=())
    folders = [options.out_dir / game.id for game in games] + [options.cache_dir]
    with stopped_by_signals():
        try:
            with ExitStack() as helpers:  # a failure ends the helpers before their leftovers are removed below
                for folder in folders:
                    remove_stale_temporaries(folder)
                chosen = _chosen_targets(targets, options.selection)
                if databases is None:
                    databases = Databases()  # each game loaded once, by the plan, for every job of this build
                # With workers to spare, a helper readies catalogs and layouts while the plan runs (`--jobs 1`: none).
                ahead = partial(_ready_beside, helpers, databases, options, locales) if jobs > 1 else None
                with collector.paused():  # the plan builds a large heap fast, and leaves little garbage in cycles
                    plan, report = _plan(list(games), locales, chosen, options, databases, ahead)
                save_kept()  # the games are loaded and the options hold: the parsed files are worth keeping
                unwritable = _unwritable([options.out_dir, options.cache_dir] if plan else [])
                report.extend(unwritable)  # said once, and nothing is drawn
                # From the cache's judgement of what is up to date to the report: one build at a time per output folder.
                with one_writer(options.out_dir) if plan and not unwritable else nullcontext():
                    records = [] if unwritable else run_jobs(plan, jobs, databases, show_progress)
                    # The checklists read what every target wrote; they are listed apart from the targets.
                    listed = checklists(plan, records, databases)
                    seconds = time.perf_counter() - started
                    for record in records + listed:
                        report.extend(record.finding_objects())
                    stale = _stale_outputs(records, options)
                    report.extend(stale.values())
                    outputs, problems = _write_reports(records, options, seconds, stale, listed)
        except BuildStopped:
            for folder in folders:  # the workers are gone: what they were writing is left over
                remove_stale_temporaries(folder)
            raise
    report.extend(problems)
    report.extra.update(outputs=[_summary(r) for r in records], checklists=[_summary(r) for r in listed],
                        seconds=round(seconds, 3), reports=outputs)
    return BuildResult(report, records, seconds)


def _ready_beside(helpers: ExitStack, databases: Databases, options: BuildOptions, locales: Sequence[str] | None,
                  game: GameSpec, layouts: str) -> None:
    """Start a helper process for a game the plan loads again (`_plan`'s `ahead`): it parses the game's edited
    catalogs, keeping them for the plan to read back, then the layouts its jobs print with (`Databases.layouts_beside`)."""
    content = game.content_dir(options.content_root)

    def catalogs() -> None:
        from pipeline.i18n.catalogs import read_ahead
        from pipeline.i18n.kept_catalogs import keep_catalogs_in

        keep_catalogs_in(options.cache_dir)
        read_ahead(content, locales)

    databases.layouts_beside(helpers, options.layouts_dir, game, layouts, catalogs)


def _unwritable(folders: list[Path]) -> list[Finding]:
    findings = []
    for folder in folders:
        try:
            check_writable(folder)
        except WriteError as exc:
            findings.append(exc.finding())
    return findings


def _check_folder(option: str, folder: Path) -> None:
    """A usage error if the folder, or a folder it would be made in, is an existing file."""
    for path in (folder, *folder.parents):
        if path.exists():
            if not path.is_dir():
                raise UsageError(f"{option} {folder}: {path} is a file, not a folder")
            return


def parse_back_offset(text: str) -> tuple[float, float]:
    """`--back-offset X` or `X,Y` in mm (X moves duplex backs right, Y up); a single number is X."""
    parts = text.split(",")
    try:
        if len(parts) > 2:
            raise ValueError(text)
        numbers = [float(part) for part in parts]
    except ValueError:
        raise UsageError(f"--back-offset {text!r}: write mm as X or X,Y (e.g. 1.5 or 1.5,-2)") from None
    offset = (numbers[0], numbers[1] if len(numbers) == 2 else 0.0)
    _check_back_offset(offset)
    return offset


def _check_back_offset(offset: tuple[float, float]) -> None:
    """Each part of --back-offset is a finite number of mm the calibration page can measure (it keeps backs on
    the page)."""
    from pipeline.render.units import BACK_OFFSET_LIMIT

    for axis, value in zip("XY", offset, strict=True):
        if not math.isfinite(value) or abs(value) > BACK_OFFSET_LIMIT:
            raise UsageError(f"--back-offset {axis} {value:g} is out of range: give mm from -{BACK_OFFSET_LIMIT} to "
                             f"{BACK_OFFSET_LIMIT} (what the duplex calibration page measures)")


def target_line(record: TargetRecord) -> str:
    """One line per target for the text report."""
    if record.refused:
        return f"{record.game} {record.locale} {record.target}: not built (see the findings above)"
    summary = _summary(record)
    state = "up to date" if record.cached else f"{record.seconds:.2f}s"
    return (f"{record.game} {record.locale} {record.target}: {len(record.files)} file(s), {summary['pages']} page(s), "
            f"{summary['cards']} card(s) ({state})")


def _plan(games: list[GameSpec | GameListing], locales: Sequence[str] | None, targets: tuple[str, ...],
          options: BuildOptions, databases: Databases,
          ahead: Callable[[GameSpec, str], None] | None = None) -> tuple[list[Job], Report]:
    """One job per game and locale, each target keyed by what it prints (production/inputs.py), the layouts, the
    pipeline's code and the options. `ahead(game, layouts key)` is told of each game planned again before it is
    loaded: its jobs may follow."""
    report = Report()
    code = code_digest()
    layouts = tree_digest(options.layouts_dir)  # templates and profiles, and the font files they name
    jobs = []
    selected: list[Components] = []  # each game's faces, where the selection's ids are looked up
    for game in games:
        if not game.content_dir(options.content_root).is_dir():
            raise UsageError(f"no content for {game.id} under {options.content_root}")
        content = tree_digest(game.content_dir(options.content_root))
        # A declared game's own templates (its `layouts/`) key its targets like the shared ones; a shipped game
        # (given by its listing or not) brings none.
        own = game.printing.layouts if isinstance(game, GameSpec) and game.printing is not None else None
        layouts_key = layouts + tree_digest(own) if own is not None else layouts
        where = str(game.content_dir(options.content_root))
        memo = _PlanMemo(options, game.id, target_key(
            {"content": content, "layouts": layouts_key, "code": code},
            {"root": where, "targets": targets, "locales": list(locales or ()),
             **{t: options.for_target(t) for t in targets}}))
        kept = memo.read() if not options.selection else None  # a selection looks its ids up in the loaded game
        if kept is None:
            spec = spec_of(game)
            if ahead is not None:
                ahead(spec, layouts_key)
            planned = _plan_game(spec, locales, targets, options, databases, report, selected, content,
                                 {"layouts": layouts_key, "code": code})
            supported = _supported(spec, options)
            if planned is not None and not options.selection:
                memo.write(planned, supported)
        else:
            planned, supported = kept
        if planned is None:  # what `pnp validate` rejects is not printed: reported once, nothing built
            continue
        report.extend(_unsupported(game.id, where, targets, supported, options))
        jobs += [Job(game.id, step.locale, step.targets, step.keys, options, content, step.tts_decks, step.forms,
                     layouts=layouts_key) for step in planned]
    unknown = options.selection.unknown(selected) if report.ok else []  # a game refused above lists no ids
    if unknown:
        raise UsageError("; ".join(unknown))
    return jobs, report


@dataclass(frozen=True)
class _LocalePlan:
    """What the plan decided for one game in one locale: the targets to build and their cache keys (a Job's)."""

    locale: str
    targets: tuple[str, ...]
    keys: dict[str, str]
    tts_decks: dict[str, str]
    forms: str


def _plan_game(game: GameSpec, locales: Sequence[str] | None, targets: tuple[str, ...], options: BuildOptions,
               databases: Databases, report: Report, selected: list[Components], content: str,
               inputs: dict[str, str]) -> list[_LocalePlan] | None:
    """Load and check one game, then key its targets in each locale; None (its findings in `report`) when the
    checks refuse it."""
    from pipeline.i18n.kept_catalogs import keep_catalogs_in  # Babel: only when a game is planned (localized) again

    keep_catalogs_in(options.cache_dir)  # the catalogs as Babel parsed them: only an edited one is parsed again
    db, load_findings, rules = databases.verified(game, options.content_root, content, options.packs, options.cache_dir,
                                                  inputs["layouts"])
    problems = Report(load_findings + rules)
    if not problems.ok:
        report.extend(problems.findings)
        return None
    chosen_locales = select_locales(game, game.info(db), locales, options.content_root)
    # One pack alone prints its cards, tokens and rules (help cards, guides); the board is the base game's.
    game_targets = tuple(t for t in targets if t in _supported(game, options))
    if options.pack_only:
        game_targets = _with_pack_rules(game, db, chosen_locales[0], game_targets)
    if options.selection:  # only the targets that print a chosen face; a game without one builds nothing
        components = game.printing.components(db, game.localizer(db, chosen_locales[0])) if game.printing else None
        selected.extend([components] if components is not None else [])
        printed = targets_with_faces(options.selection.apply(components)) if components is not None else set()
        game_targets = tuple(t for t in game_targets if t in printed)
    if not game_targets:
        return []
    steps = []
    for locale in chosen_locales:
        keys, units = _locale_keys(game, db, load_findings, locale, game_targets, options, inputs, databases)
        forms = target_key(inputs, {**options.for_target("cards"), "game": game.id, "locale": locale})
        steps.append(_LocalePlan(locale, game_targets, keys, units, forms))
    return steps


def _supported(game: GameSpec, options: BuildOptions) -> tuple[str, ...]:
    """The targets the game can build in this build (`--pack-only`: a pack's own)."""
    return tuple(t for t in supported_targets(game) if not options.pack_only or t in PACK_TARGETS)


def _unsupported(game: str, where: str, targets: tuple[str, ...], supported: tuple[str, ...],
                 options: BuildOptions) -> list[Finding]:
    """A warning for each target asked by name (`--target`) that the game does not have (`supported`: those it has)."""
    if len(targets) == len(TARGET_NAMES) or options.selection:
        return []
    return [warning("BUILD-UNSUPPORTED", f"{game} has no {missing} to build", where)
            for missing in targets if missing not in supported]


def _with_pack_rules(game: GameSpec, db: Database, locale: str, targets: tuple[str, ...]) -> tuple[str, ...]:
    """The targets of a `--pack-only` build, leaving out help cards and guides the selected packs write nothing for."""
    localizer = game.localizer(db, locale)
    has = set(targets) - {"help", "guides"}
    if "help" in targets and game.printing is not None and packs_only(game.printing.components(db, localizer), db).help_decks():
        has.add("help")
    if "guides" in targets and game.guide is not None and game.guide.documents(db, localizer, pack_only=True):
        has.add("guides")
    return tuple(t for t in targets if t in has)


def _locale_keys(game: GameSpec, db: Database, load_findings: list[Finding], locale: str, targets: tuple[str, ...],
                 options: BuildOptions, inputs: dict[str, str], databases: Databases) -> tuple[dict[str, str], dict[str, str]]:
    """The cache key of each target of a game in one locale, and of each deck's TTS images (the tts target is
    cached deck by deck: a card edit redraws its own deck's images only)."""
    localizer = databases.localizer(game, db, locale)
    incomplete, fallbacks = locale_findings(game, db, localizer, options.allow_incomplete,
                                            partial(databases.strings, game, db))
    common = {"findings": [f.as_dict() for f in load_findings + incomplete], "fallbacks": fallbacks}
    faces = options.selection.apply(databases.components(game, db, localizer)) if game.printing else None
    digests = databases.face_digests(db, faces.root if faces is not None else db.root)  # art paths are relative to it
    shown = target_digests(game, db, localizer, targets, common, faces, digests)
    keys = {t: target_key({**inputs, "shown": shown[t]}, {**options.for_target(t), "game": game.id, "locale": locale})
            for t in targets}
    decks = deck_digests(faces, digests) if faces is not None and "tts" in targets else {}
    units = {deck: target_key({**inputs, "shown": shown_deck}, {**options.for_target("tts"), "game": game.id, "locale": locale})
             for deck, shown_deck in decks.items()}
    return keys, units


@dataclass(frozen=True)
class _PlanMemo:
    """What `_plan_game` decided for a game (its locales, targets and keys), stored beside the cache's records
    under the digest of what it was made from (the game's files, layouts, code, the targets, locales and options
    asked): a build that changed none of them takes the plan without loading, checking or localizing the game, nor
    importing its modules (the targets the game has are kept with it). Only a game the checks accept is kept, so a
    hit has nothing to report."""

    options: BuildOptions
    game: str
    inputs: str

    @property
    def path(self) -> Path:
        return self.options.cache_dir / "plans" / f"{self.game}.json"

    def read(self) -> tuple[list[_LocalePlan], tuple[str, ...]] | None:
        """The plan of each locale and the targets the game has; None when there is no plan for these inputs."""
        try:
            data = read_record(self.path) or {}
            if data.get("inputs") == self.inputs:
                return ([_LocalePlan(step["locale"], tuple(step["targets"]), dict(step["keys"]), dict(step["tts_decks"]),
                                     str(step["forms"])) for step in data["locales"]],
                        tuple(str(target) for target in data["supported"]))
        except (OSError, ValueError, KeyError, TypeError):
            pass
        return None  # a missing, stale or unreadable memo: the game is planned again

    def write(self, steps: list[_LocalePlan], supported: tuple[str, ...]) -> None:
        data = {"inputs": self.inputs, "locales": [asdict(step) for step in steps], "supported": list(supported)}
        try:
            write_atomic(self.path, json.dumps(data, indent=1, sort_keys=True).encode())
        except WriteError:
            pass  # only a shortcut: the next build plans again (an unwritable cache is reported by the build)


def _chosen_targets(targets: Sequence[str] | None, selection: Selection) -> tuple[str, ...]:
    """The targets asked for; every one by default, and for a selection (--deck, --card) the printed faces."""
    if not selection:
        return tuple(targets) if targets else TARGET_NAMES
    if not targets:
        return SELECTION_DEFAULT
    refused = [t for t in targets if t not in SELECTABLE_TARGETS]
    if refused:
        raise UsageError(f"--deck and --card choose faces: {', '.join(refused)} cannot be built for them "
                         f"(targets that print faces: {', '.join(SELECTABLE_TARGETS)})")
    return tuple(targets)


def checklists(plan: list[Job], records: list[TargetRecord], databases: Databases) -> list[TargetRecord]:
    """checklist.pdf of each job (production/checklist.py; reportlab is imported when a build has printed)."""
    from pipeline.production.checklist import build_checklists

    return build_checklists(plan, records, databases) if records else []


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
        # The faces the cards target drew rather than copied from a drawing kept by an earlier build (production/forms.py).
        **({"redrawn": record.extra["redrawn"]} if "redrawn" in record.extra and not record.cached else {}),
    }


def _file_entry(output: OutputFile, record: TargetRecord) -> dict[str, Any]:
    entry = {"path": output.path, "bytes": output.bytes, "pages": output.pages, "cards": output.cards}
    positions = record.extra.get("positions", {}).get(output.path)
    return {**entry, "positions": positions} if positions is not None else entry


def _stale_outputs(records: list[TargetRecord], options: BuildOptions) -> dict[tuple[str, str], Finding]:
    """A BUILD-STALE warning for each game and locale this build refused (every target an error, no file
    written) whose output folder still holds files of an earlier build: they no longer show the content."""
    stale = {}
    for game, locale in dict.fromkeys((r.game, r.locale) for r in records):
        mine = [r for r in records if (r.game, r.locale) == (game, locale)]
        if not all(r.refused for r in mine):
            continue
        folder = options.out_dir / game / locale
        old = sorted(path for path in folder.rglob("*") if path.is_file()) if folder.is_dir() else []
        if old:
            stale[game, locale] = warning(
                "BUILD-STALE", f"{game} [{locale}] was not built: the {len(old)} file(s) in {folder} are from an earlier "
                f"build and do not show the current content", folder.as_posix(),
                hint="fix the errors above and build again; build-report.json lists them under `stale`")
    return stale


def _write_reports(records: list[TargetRecord], options: BuildOptions, seconds: float,
                   stale: dict[tuple[str, str], Finding],
                   listed: Sequence[TargetRecord] = ()) -> tuple[list[str], list[Finding]]:
    """`<out>/<game>/build-report.json`: files, pages, cards, findings and seconds per target, and the
    locales whose earlier outputs are stale; the paths written, and a finding for each report that could not be."""
    written = []
    problems = []
    for game in dict.fromkeys(r.game for r in records):
        mine = [r for r in records if r.game == game]
        lists = [r for r in listed if r.game == game]
        findings = sorted({json.dumps(f, sort_keys=True) for r in mine + lists for f in r.findings})
        payload = {
            "game": game,
            "ok": not any(json.loads(f)["severity"] == "error" for f in findings),
            "options": {"paper": options.paper, "backs": options.backs, "back_offset": options.back_offset,
                        **({"packs": list(options.packs), "pack_only": options.pack_only} if options.packs else {})},
            # The files' hashes stay in the cache: the report describes what was built.
            "targets": [{**_summary(r), "files": [_file_entry(f, r) for f in r.files],
                         **{key: r.extra[key] for key in BOARD_COUNTS if key in r.extra},
                         **({"fallbacks": r.extra["fallbacks"]} if r.extra.get("fallbacks") else {})} for r in mine],
            "findings": [json.loads(f) for f in findings],
            "stale": sorted(locale for (name, locale) in stale if name == game),
            # checklist.pdf of each locale (production/checklist.py): written after the targets, from their files.
            "checklists": [{**_summary(r), "files": [_file_entry(f, r) for f in r.files]} for r in lists],
            "seconds": round(seconds, 3),
        }
        path = options.out_dir / game / "build-report.json"
        try:
            write_atomic(path, json.dumps(payload, indent=2, ensure_ascii=False).encode())
        except WriteError as exc:
            problems.append(exc.finding())
            continue
        written.append(path.as_posix())
    return written, problems
