"""`validate`, `check` and `schema` as functions: content in, a report out."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.content.database import Database
from pipeline.content.kept_files import add_kept, keep_loaded_in, save_kept, take_kept
from pipeline.content.schema import is_current, stale_schemas, write_schema, write_schemas
from pipeline.findings import Finding, Report, Severity, display_path, finding
from pipeline.games import GameListing, declared_described, spec_of
from pipeline.progress import progress_bar
from pipeline.render.hyphenation import keep_parsed_in
from pipeline.rules.spec import GameSpec, own_layouts
from pipeline.rules.verified import KeptGames, layouts_digest

from .check_cache import CheckCache, CheckInputs, GameRecord
from .check_pool import run_forked, usable_cores
from .project import listed_games, locale_code, project_folder, require_packs, select_locales

if TYPE_CHECKING:
    from pipeline.app.smoke import PendingSmoke
    from pipeline.i18n.localizer import Localizer
    from pipeline.render.fit import FitMemo
    from pipeline.render.layouts import Layouts
    from pipeline.rules.boards import Boards
    from pipeline.rules.components import Components

# Games per player count in the `pnp check` smoke run: enough to reach most content in a few seconds.
SMOKE_GAMES = 10
# Where `check` keeps the smoke run's findings between runs (the build's cache folder).
CACHE_DIR = Path(".pnp-cache")


def validate(games: Sequence[GameSpec], root: Path, packs: Sequence[str] = (), modes: Sequence[str] = ()) -> Report:
    """Load every file of each game, check it against its schema and models, resolve references, count components.
    `packs` selects expansions besides the base (an id no game declares is a UsageError).

    `report.extra["stats"]` holds each game's component counts.
    """
    report = Report()
    stats: dict[str, dict[str, int]] = {}
    packs = require_packs(games, root, packs, modes)
    for game in games:
        db, findings = game.load(root, packs)
        report.extend(findings)
        report.extend(game.checks(db, True))
        stats[game.id] = game.stats(db)
    report.extra["stats"] = stats
    return report


def check(games: Sequence[GameSpec | GameListing], root: Path, locales: Sequence[str] | None = None, cache_dir: Path = CACHE_DIR,
          reuse: bool = False, packs: Sequence[str] = (), modes: Sequence[str] = (), jobs: int | None = 1,
          layouts_dir: Path | None = None, show_progress: bool = False, kept: KeptGames | None = None) -> Report:
    """`validate`, every consistency rule, the simulation smoke run (replayed from cache_dir while the content
    and code are unchanged), and per locale (default: every declared locale) the translation checks and the text fit.

    With reuse, a game none of whose inputs changed since its last check replays that check's findings
    (`check_cache.py`); the CLI asks for it, the functions' callers decide. A game given by its listing is
    imported only when it is checked again. `packs` selects expansions besides the base (an id no game
    declares is a UsageError); `modes` the modes of a pack that has them (`--mode`). With `jobs` above 1
    (None: the usable cores), the games checked again are checked side by side in that many forked processes
    (`check_pool.py`), with the report of a run in one process. `layouts_dir`: the layouts the fit is judged with
    (default: ./layouts, else the package's), the folder the build prints with (`pnp watch --layouts`).
    `show_progress`: a bar on stderr counts the games checked and names the step under way (`progress.py`).
    `kept`: the games this process loaded and checked already (`pnp watch`: its build's), reused while unchanged.

    Each group runs unless the data it reads is broken (`skipped_groups`); what was skipped and why is an
    info finding `CHECK-SKIPPED` per group, and `report.extra["skipped"]` lists them (replayed ones too).
    """
    for code in locales or ():  # a code that is no locale is refused before a game is loaded (or kept: rules/verified)
        locale_code(code)
    report = Report()
    keep_parsed_in(cache_dir)
    keep_loaded_in(cache_dir)
    from pipeline.i18n.kept_catalogs import keep_catalogs_in  # Babel: loaded by `check`, not by `validate`

    keep_catalogs_in(cache_dir)
    layouts_dir = project_folder(layouts_dir, "layouts")
    cache = _check_cache(cache_dir, root, layouts_dir) if reuse else None
    # A declared game is described at once (its description is its manifest) and may bring its own layouts;
    # a shipped game brings none, and its modules are imported only when it is checked again.
    games = declared_described(games)
    own = own_layouts([game for game in games if isinstance(game, GameSpec)])
    if packs or modes:
        packs = require_packs([spec_of(game) for game in games], root, packs, modes)
    from pipeline.rules.declared_game import ALLOW_PLUGINS

    options = {"smoke": SMOKE_GAMES, **({"packs": list(packs)} if packs else {}),  # a selection is its own check
               "plugins": os.environ.get(ALLOW_PLUGINS, "")}  # an allowed plug-in's checks are others' findings

    # Replay each game whose record holds; the others are checked again.
    replays: dict[str, GameRecord] = {}
    keys: dict[str, str] = {}
    for game in games:
        keys[game.id] = cache.game_key(game.id, game.content_dir(root), locales, options) if cache else ""
        record = cache.load(game.id, keys[game.id]) if cache else None
        if record is not None:
            replays[game.id] = record
    stale = [game for game in games if game.id not in replays]
    layouts = _SharedLayouts(own, layouts_dir, cache or _check_cache(cache_dir, root, layouts_dir))

    # No ticking thread: the games and their smoke runs are checked in forked processes.
    with progress_bar("checking", len(games), show_progress, ticking=False) as advance:
        advance(len(replays), "")

        def check_one(index: int, step: Step = _no_step) -> GameCheck:
            return check_game(stale[index], root, locales, packs, cache_dir, layouts, replay=cache is not None, step=step,
                              kept=kept if cache is not None else None)

        def check_in_worker(index: int) -> tuple[GameCheck, dict[Path, bytes]]:
            return check_one(index), take_kept()  # the files it parsed, written below with this process's

        def check_here(index: int) -> GameCheck:
            found = check_one(index, lambda what: advance(0, f"{stale[index].id}: {what}"))
            advance(1, f"{stale[index].id}: checked")
            return found

        jobs = jobs or usable_cores()
        if jobs > 1 and len(stale) > 1:
            advance(0, "layouts")
            layouts()  # loaded once here, before the fork: every worker inherits it
            checked = []
            finished = run_forked(check_in_worker, _largest_first(stale, root), jobs,
                                  lambda index: advance(1, f"{stale[index].id}: checked"))
            for found, parsed in finished:
                checked.append(found)
                add_kept(parsed)
        else:
            checked = [check_here(index) for index in range(len(stale))]

    # The report in the games' order; the layout findings once, after the static findings of the first game
    # checked again (where that game loaded them), or replayed when no game was.
    stats: dict[str, dict[str, int]] = {}
    records: list[tuple[str, str, GameRecord]] = []  # what this run checked, stored at its end
    results = iter(checked)  # in the order of `stale`, which is the games' order
    for game in games:
        if game.id in replays:
            report.extend(replays[game.id].findings)
            stats[game.id] = replays[game.id].stats
            continue
        result = next(results)
        report.extend(result.static)
        if result is checked[0]:
            report.extend(layouts.findings)
            records.append(("layouts", layouts.key, GameRecord(layouts.findings, {})))
        report.extend(result.deep)
        stats[game.id] = result.stats
        records.append((game.id, keys[game.id], GameRecord(result.static + result.deep, result.stats)))
    if cache is not None and replays and not stale:  # no game was checked again: replay the layout findings
        record = cache.load("layouts", cache.layouts_key(own))
        if record is None:
            layout_findings = _load_layouts(layouts_dir, own)[1]
            record = GameRecord(layout_findings, {})
            records.append(("layouts", cache.layouts_key(own), record))
        report.extend(record.findings)
    if cache is not None:  # written once the run is complete: a usage error leaves no record behind
        for name, key, game_record in records:
            cache.store(name, key, game_record)
    save_kept()
    report.extra["stats"] = stats
    report.extra["skipped"] = skipped_of(report.findings)
    return report


@dataclass(frozen=True)
class GameCheck:
    """What checking one game again found: the findings of its content and rules (`static`), those of its
    smoke run, translations and print (`deep`), and its component counts."""

    static: list[Finding]
    deep: list[Finding]
    stats: dict[str, int]


class _SharedLayouts:
    """The layouts every game of a run prints with, loaded at the first call (once per run, so a layout problem
    is reported once), with their findings and the key of what every recorded fit depends on besides its game
    and locale (code, libraries, layouts, place)."""

    def __init__(self, own: dict[str, Path], folder: Path, cache: CheckCache) -> None:
        self.own = own
        self.folder = folder
        self.cache = cache
        self.loaded: Layouts | None = None
        self.findings: list[Finding] = []
        self.key = ""

    def __call__(self) -> Layouts:
        if self.loaded is None:
            self.loaded, self.findings = _load_layouts(self.folder, self.own)
            self.key = self.cache.layouts_key(self.own)
        return self.loaded


# A step of a game's check about to run ("rules", "print de"), for the progress bar.
Step = Callable[[str], None]


def _no_step(what: str) -> None:
    pass


def check_game(game: GameSpec | GameListing, root: Path, locales: Sequence[str] | None, packs: Sequence[str],
               cache_dir: Path, layouts: _SharedLayouts, replay: bool, step: Step = _no_step,
               kept: KeptGames | None = None) -> GameCheck:
    """Check one game again: load it, its rules, then its smoke run, translations and print (`deep_check_findings`);
    `step` is told of each step as it starts. `kept`: the verified games of the caller (`pnp watch`: its build's)."""
    step("loading")
    game = spec_of(game)
    # The game as its last load and check left it, while none of its inputs changed (`rules/verified.py`); else
    # loaded again (the files it kept, reused) and every rule run. `--force`: neither read nor kept.
    kept = kept if kept is not None else KeptGames(cache_dir if replay else None)
    step("rules")
    db, load_findings, rule_findings = kept.verified(game, root, packs, layouts_digest(layouts.folder, game), False)
    skips = skipped_groups(game, Report(load_findings).ok, Report(rule_findings).ok)
    static = load_findings + rule_findings + [skip_note(game, root, group, reason) for group, reason in skips.items()]
    smoke = start_smoke_run(game, db, cache_dir, frozenset(skips))  # plays while the other checks run
    step("layouts")
    loaded = layouts()  # every game's fonts and icons come from the layouts, guides included
    deep = deep_check_findings(game, db, root, select_locales(game, game.info(db), locales, root), cache_dir,
                               loaded, frozenset(skips), replay=replay, fit_inputs=layouts.key, smoke=smoke, step=step)
    return GameCheck(static, deep, game.stats(db))


def _largest_first(games: Sequence[GameSpec | GameListing], root: Path) -> list[int]:
    """The games' indexes, the one with the most content bytes first: it takes longest, so it starts first."""
    def size(index: int) -> int:
        folder = games[index].content_dir(root)
        return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())

    return sorted(range(len(games)), key=lambda index: -size(index))


# Translation findings judged against every string of the content: a file that did not load would make
# its catalog entries look obsolete and the template look stale.
WHOLE_CONTENT_CODES = frozenset({"I18N-OBSOLETE", "I18N-POT-STALE"})


def skipped_groups(game: GameSpec, loaded: bool, consistent: bool) -> dict[str, str]:
    """The check groups (simulation, translation completeness, print) whose data is broken, with why.

    The simulation and the print checks build the game from all its content (engine tables, faces), so any
    error stops them; the translation checks read the strings and catalogs entry by entry and only lose
    the findings that need every string when a file did not load."""
    skips = {}
    if not (loaded and consistent):
        reason = "the content has errors" if loaded else "a content file did not load"
        if game.engine is not None:
            skips["simulation"] = f"{reason}: the engine plays the whole content"
        if game.printing is not None or game.guide is not None:
            skips["print"] = f"{reason}: faces, boards and guides are built from the whole content"
    if not loaded:
        skips["translation completeness"] = ("a content file did not load: obsolete catalog entries and the template "
                                             "are judged against every string")
    return skips


SKIPPED = re.compile(r"(?P<game>[^:]+): (?P<group>.+?) skipped: (?P<reason>.+)")


def skip_note(game: GameSpec, root: Path, group: str, reason: str) -> Finding:
    """The info finding that says a group was skipped; `skipped_of` reads it back (a replayed check has only findings)."""
    return finding(Severity.INFO, "CHECK-SKIPPED", f"{game.id}: {group} skipped: {reason}",
                   display_path(game.content_dir(root)), hint="fix the errors above and check again")


def skipped_of(findings: list[Finding]) -> list[dict[str, str]]:
    """The groups the CHECK-SKIPPED findings name: game, group and reason of each."""
    return [match.groupdict() for f in findings if f.code == "CHECK-SKIPPED" and (match := SKIPPED.fullmatch(f.message))]


def _check_cache(cache_dir: Path, root: Path, layouts_dir: Path) -> CheckCache:
    return CheckCache(cache_dir, CheckInputs.of(layouts_dir, root))


def _load_layouts(folder: Path, own: dict[str, Path]) -> tuple[Layouts, list[Finding]]:
    from pipeline.render.layouts import load_layouts  # printing code: loaded only when needed

    return load_layouts(folder, own)


def start_smoke_run(game: GameSpec, db: Database, cache_dir: Path, skipped: frozenset[str]) -> PendingSmoke | None:
    """The game's smoke run (`smoke.py`), started: replayed, or playing in worker processes until asked for."""
    if game.engine is None or "simulation" in skipped:
        return None
    from .smoke import start_smoke  # the engines: loaded by `check`, not by `validate`

    return start_smoke(game.engine, game.id, db, cache_dir, seed=1, games_per_count=SMOKE_GAMES, jobs=usable_cores())


def deep_check_findings(game: GameSpec, db: Database, root: Path, locales: list[str], cache_dir: Path,
                        layouts: Layouts | None, skipped: frozenset[str], replay: bool, fit_inputs: str,
                        smoke: PendingSmoke | None, step: Step = _no_step) -> list[Finding]:
    """What `check` adds to the database: the simulation smoke run (`smoke`, started by `start_smoke_run`
    before the layouts were loaded, so it plays while the rest is checked), translations, and per locale what
    would print wrong against the loaded `layouts`, but for the groups `skipped` (`skipped_groups`). The
    translation findings and each face's, board's and guide's fit are recorded under cache_dir
    (`translation_records.py`, `fit_records.py`, under `fit_inputs`: the code, libraries, layouts and place);
    with `replay`, what a record still holds is not checked again."""
    from pipeline.font_files import DEFAULT, use_family
    from pipeline.icon_files import use_icons

    from .fit_records import FitRecords
    from .i18n import i18n_findings  # Babel: loaded by `check`, not by `validate`

    # Glyphs and text fit are measured with the fonts the game prints with, icons looked up among its own.
    with use_family(layouts.family_for(game.id) if layouts is not None else DEFAULT):
        step("translations")
        findings = i18n_findings(game, db, root, locales, cache_dir, fit_inputs, replay)
        if "translation completeness" in skipped:
            findings = [f for f in findings if f.code not in WHOLE_CONTENT_CODES]
        if "print" not in skipped:
            for code in locales:
                step(f"print {code}")
                fits = FitRecords(cache_dir, game.id, code, game.content_dir(root), replay, fit_inputs) \
                    if game.printing or game.guide else None
                with use_icons(layouts.icons, game.id, code) if layouts is not None else nullcontext():
                    findings.extend(print_findings(game, db, game.localizer(db, code), layouts, cache_dir, fits))
                if fits is not None:
                    fits.save()
    # The smoke run's findings first, as when it played before the rest.
    if smoke is not None:
        step("smoke run")
    return (smoke() if smoke is not None else []) + findings


def print_findings(game: GameSpec, db: Database, localizer: Localizer, layouts: Layouts | None,
                   cache_dir: Path = CACHE_DIR, fits: FitMemo | None = None) -> list[Finding]:
    """What would print wrong in one locale: layouts against the face contract, text fit, boards, guide icons
    and guide text that runs past its column (on A4, the narrower paper); the faces and boards are built
    once here for every fit check, and a face `fits` recalls is not prepared again (its art is prepared
    in cache_dir)."""
    findings: list[Finding] = []
    if game.printing is not None:
        from pipeline.render.fit import PrintCheck, board_fit_findings, fit_findings

        assert layouts is not None, "a game that prints is checked against its loaded layouts"
        check = PrintCheck.of(game.printing, db, localizer, layouts)
        findings.extend(fit_findings(check, cache_dir, fits))
        findings.extend(board_fit_findings(check, fits))
        if game.printing.listed is not None and localizer.is_source:  # what prints is the same in every locale
            findings.extend(component_list_findings(game, db, check.components, check.boards))
    if game.guide is not None:
        from pipeline.render.fit import guide_fit_findings
        from pipeline.render.guide.check import guide_icon_findings

        parts = game.guide.documents(db, localizer)
        findings.extend(guide_icon_findings(parts, db))
        findings.extend(guide_fit_findings(parts, db.root.as_posix(), layouts, memo=fits))
    return findings


def component_list_findings(game: GameSpec, db: Database, components: Components, boards: Boards | None) -> list[Finding]:
    """The component lists of the base and the selected packs held against what the selection prints."""
    from pipeline.rules.checklist import checklist_findings, printed_units

    assert game.printing is not None and game.printing.listed is not None
    guides = game.guide.names if game.guide is not None else ()
    return checklist_findings(game.printing.listed(db), printed_units(db, components, boards, guides), game.id,
                              exact=not db.chooses_kinds)


def schemas(schema_root: Path, check_only: bool, root: Path) -> tuple[list[Path], list[Path]]:
    """Write the JSON Schemas of the games under root (a shipped game's when its folder is there, each declared
    one's), or with check_only only find the stale ones: (written, stale). A designer's content root gets the
    schemas of its own games, not those of every game pnp ships."""
    from pipeline.render.layout_schema import LAYOUTS_SCHEMA_FILE, layouts_schema

    written: list[Path] = []
    stale: list[Path] = []
    games = listed_games(root)
    for game in (listing.describe() for listing in games):
        if check_only:
            stale += stale_schemas(schema_root, game.id, game.file_kinds)
        else:
            written += write_schemas(schema_root, game.id, game.file_kinds)
    # The layout files' schema, one for every game: their layouts point at it (`pnp new` writes it too).
    layouts = schema_root / LAYOUTS_SCHEMA_FILE
    if games and check_only and not is_current(layouts, layouts_schema()):
        stale.append(layouts)
    if games and not check_only and write_schema(layouts, layouts_schema()):
        written.append(layouts)
    return written, stale
