"""Build targets: what each writes for one game and locale. Room is left for guides.

A job is one game in one locale with the targets asked for; it runs in a worker process, skips the
targets whose cache record still holds, and loads content only if something must be drawn.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections import Counter
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pipeline.atomic import remove_file, write_atomic
from pipeline.content.database import BASE_PACK, Database, pack_of_file
from pipeline.findings import Finding, Severity, error, warning
from pipeline.processes import WorkerLost, beside
from pipeline.render.profiles import DEFAULT_PAPER
from pipeline.rules.spec import GameSpec, GuidePart, own_layouts
from pipeline.rules.verified import KeptGames

from . import TARGET_NAMES
from .cache import DRAFT_HELD_BACK, Cache, OutputFile, TargetRecord
from .selection import Selection

if TYPE_CHECKING:
    from pipeline.i18n.localizer import Localizer
    from pipeline.i18n.messages import SourceString
    from pipeline.render.faces import RenderContext
    from pipeline.render.imposition import Imposed
    from pipeline.render.layouts import Layouts
    from pipeline.render.profiles import Profile
    from pipeline.render.sheets import Kept, Prepared
    from pipeline.render.tts import DeckPlan
    from pipeline.rules.components import Components, Deck, Face, Target

    from .forms import FormStore
    from .inputs import FaceDigests

# The targets that draw component faces (cards and tokens from layouts).
FACE_TARGETS = frozenset({"cards", "tokens", "tts", "help", "boards"})


def supported_targets(spec: GameSpec) -> tuple[str, ...]:
    """The targets a game can build: faces need its print part, boards a board, guides a guide."""
    printing = spec.printing
    can = {
        "cards": printing is not None and "cards" in printing.targets,
        "tokens": printing is not None and "tokens" in printing.targets,
        "tts": printing is not None and "tts" in printing.targets,
        "help": printing is not None and "help" in printing.targets,
        "boards": printing is not None and (printing.boards is not None or "boards" in printing.targets),
        "guides": spec.guide is not None,
    }
    return tuple(name for name in TARGET_NAMES if can[name])


@dataclass(frozen=True)
class BuildOptions:
    out_dir: Path
    content_root: Path
    layouts_dir: Path
    cache_dir: Path
    paper: str = DEFAULT_PAPER  # a print profile of the layouts
    backs: str = "duplex"
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm the duplex backs move right and up
    force: bool = False
    allow_incomplete: bool = False
    packs: tuple[str, ...] = ()  # expansions printed with the base game (--pack)
    pack_only: bool = False  # print the selected packs' components alone (what a buyer of the expansion needs)
    selection: Selection = Selection()  # --deck, --card: only these faces are printed
    modes: tuple[str, ...] = ()  # the modes of a pack that has them (--mode); require_packs adds them to packs
    changed_file: bool = False  # `pnp watch`: the cards target writes cards-changed.pdf first (build_cards)

    def for_target(self, target: str) -> dict[str, Any]:
        """The options that change a target's bytes (part of its cache key); TTS sheets ignore the paper."""
        selection = {"packs": list(self.packs), "pack_only": self.pack_only} if self.packs else {}
        if target == "tts":
            return {"target": target, **selection}
        # A PDF's dates are SOURCE_DATE_EPOCH when it is set (reportlab reads it), else fixed: a key of its own.
        if epoch := os.environ.get("SOURCE_DATE_EPOCH", "").strip():
            selection = {**selection, "source_date_epoch": epoch}
        if target in ("boards", "guides"):  # backs do not apply: boards and guides are one-sided
            return {"target": target, "paper": self.paper, "allow_incomplete": self.allow_incomplete, **selection}
        return {"target": target, "paper": self.paper, "backs": self.backs, "back_offset": list(self.back_offset),
                "allow_incomplete": self.allow_incomplete, **selection}


@dataclass(frozen=True)
class Job:
    game: str
    locale: str
    targets: tuple[str, ...]
    keys: dict[str, str]
    options: BuildOptions
    content: str = ""  # digest of the game's content files (keys its database in the build's Databases)
    tts_decks: dict[str, str] = field(default_factory=dict)  # the cache key of each deck's TTS images
    forms: str = ""  # what the cards target's kept face drawings are keyed by besides the face (production/forms.py)
    layouts: str = ""  # the digest of the layouts' files it prints with (keys their parse in Databases)
    helpers: int = 0  # processes it may start beside itself: the --jobs a build of one unit leaves free (runner.py)


class Databases:
    """The loaded content of one build, by (game, content root, content digest), with what is derived from it
    once: each database's translatable strings, localizers and faces, and the parsed layouts. The build run owns
    it: its plan loads each game once, and every job reads that database (workers are handed this object when
    they start, runner.py), so the YAML is parsed once per build; the strings, localizers and faces the plan
    derived serve every job, and the layouts are parsed once, before the workers start.

    `pnp watch` keeps one across its rounds: a game whose files did not change is not loaded again, and the
    layouts are parsed again only when their files change. Loading a game's new content drops what was derived
    from its previous content, so a long watch holds one version of each game."""

    def __init__(self) -> None:
        self._loaded: dict[tuple[str, ...], tuple[Database, list[Finding]]] = {}
        self._strings: dict[int, tuple[Database, list[SourceString]]] = {}  # by id(db), the db kept so its id stays its own
        self._layouts: dict[tuple[str, ...], tuple[Layouts, list[Finding]]] = {}
        # Layouts a forked helper is parsing (`layouts_beside`): the callable waits for them.
        self._parsing: dict[tuple[str, ...], Callable[[], tuple[Layouts, list[Finding]]]] = {}
        self._localizers: dict[tuple[int, str], tuple[Database, Localizer]] = {}  # by (id(db), locale), as _strings
        self._components: dict[int, tuple[Localizer, Components]] = {}  # by id(localizer), the localizer kept
        self._digests: dict[tuple[int, str], tuple[Database, FaceDigests]] = {}  # by (id(db), root), as _strings
        self._kept: KeptGames | None = None  # the verified games (`verified`), this process's last one of each kept

    def load(self, spec: GameSpec, content_root: Path, digest: str,
             packs: tuple[str, ...] = ()) -> tuple[Database, list[Finding]]:
        """The game's loaded content (the base and `packs`) and its load findings (a copy of the list: callers add to it)."""
        key = (spec.id, str(content_root), digest, *packs)
        if key not in self._loaded:
            self._hold(key, spec.load(content_root, packs))
        db, findings = self._loaded[key]
        return db, list(findings)

    def _hold(self, key: tuple[str, ...], loaded: tuple[Database, list[Finding]]) -> None:
        """Serve `loaded` for the key, dropping what the game's previous content was (a watch's earlier round)."""
        for old in [k for k in self._loaded if (k[0], k[1], *k[3:]) == (key[0], key[1], *key[3:])]:
            if self._loaded[old][0] is not loaded[0]:
                self._forget(self._loaded[old][0])
            del self._loaded[old]
        self._loaded[key] = loaded

    def verified(self, spec: GameSpec, content_root: Path, digest: str, packs: tuple[str, ...], cache_dir: Path | None,
                 layouts: str) -> tuple[Database, list[Finding], list[Finding]]:
        """The game loaded and its structure checked (what a build refuses on), kept between commands under
        `cache_dir` (None: in this object only; `rules/verified.py`): the database, its load findings and the rules'
        findings. The database is then the one `load` serves for this digest."""
        db, load_findings, rules = self.kept_games(cache_dir).verified(spec, content_root, packs, layouts, True, digest or None)
        self._hold((spec.id, str(content_root), digest, *packs), (db, load_findings))
        return db, list(load_findings), rules

    def kept_games(self, cache_dir: Path | None) -> KeptGames:
        """The verified games kept under cache_dir, with the last one this object's owner made of each game in memory
        (`pnp watch` hands them to its check, which then runs only the rules the build did not)."""
        if self._kept is None or self._kept.cache_dir != cache_dir:
            self._kept = KeptGames(cache_dir)
        return self._kept

    def held(self, spec: GameSpec, content_root: Path) -> tuple[Database, list[Finding]] | None:
        """The game's base content as the last build through this object loaded it, or None (read without loading:
        `pnp serve` reads the cards the watch's round printed from what that round loaded)."""
        for key, (db, findings) in self._loaded.items():
            if key[:2] == (spec.id, str(content_root)) and len(key) == 3:
                return db, list(findings)
        return None

    def held_layouts(self, folder: Path, spec: GameSpec) -> Layouts | None:
        """The layouts the last build through this object printed the game with, or None (as `held`)."""
        prefix = _layouts_key(folder, spec, "")[:-1]
        return next((layouts for key, (layouts, _) in self._layouts.items() if key[:-1] == prefix), None)

    def _forget(self, db: Database) -> None:
        """Drop what was derived from a database no longer served."""
        self._strings.pop(id(db), None)
        for key in [k for k, (of, _) in self._digests.items() if of is db]:
            del self._digests[key]
        for key in [k for k, (of, _) in self._localizers.items() if of is db]:
            localizer = self._localizers.pop(key)[1]
            self._components.pop(id(localizer), None)

    def strings(self, spec: GameSpec, db: Database) -> list[SourceString]:
        """The game's translatable strings (`spec.strings`), derived once per database."""
        if id(db) not in self._strings:
            self._strings[id(db)] = (db, spec.strings(db))
        return self._strings[id(db)][1]

    def localizer(self, spec: GameSpec, db: Database, locale: str) -> Localizer:
        """The game's localizer in `locale` (its catalog read once per build: the plan and the job share it)."""
        key = (id(db), locale)
        if key not in self._localizers:
            self._localizers[key] = (db, spec.localizer(db, locale))
        return self._localizers[key][1]

    def components(self, spec: GameSpec, db: Database, localizer: Localizer) -> Components:
        """The game's printable faces in the localizer's locale, made once per build: the plan keys the targets
        by them, and a job forked after the plan reads the same faces (a selection or `--pack-only` narrows a
        copy, never this value)."""
        assert spec.printing is not None, f"{spec.id} prints no components"
        if id(localizer) not in self._components:
            self._components[id(localizer)] = (localizer, spec.printing.components(db, localizer))
        return self._components[id(localizer)][1]

    def face_digests(self, db: Database, root: Path) -> FaceDigests:
        """The digests of the database's faces (in every locale), art paths relative to `root`: the plan keys the
        targets by them, and a job forked after the plan keys its kept drawings by them (production/forms.py)."""
        from .inputs import FaceDigests

        key = (id(db), str(root))
        if key not in self._digests:
            self._digests[key] = (db, FaceDigests(root))
        return self._digests[key][1]

    def layouts(self, folder: Path, spec: GameSpec, digest: str = "") -> tuple[Layouts, list[Finding]]:
        """The layouts a game prints with (the shared folder, and its own), parsed once per `digest` of their files
        (`Job.layouts`)."""
        key = _layouts_key(folder, spec, digest)
        if key not in self._layouts:
            for old in [k for k in self._layouts if k[:-1] == key[:-1]]:  # the files changed (a watch's layout edit)
                del self._layouts[old]
            parsing = self._parsing.pop(key, None)
            self._layouts[key] = parsing() if parsing is not None else _load_layouts(folder, spec)
        layouts, findings = self._layouts[key]
        return layouts, list(findings)

    def layouts_beside(self, helpers: ExitStack, folder: Path, spec: GameSpec, digest: str,
                       first: Callable[[], None] | None = None) -> None:
        """Have a forked helper run `first` (another head start, see app/build.py) and then parse the layouts `layouts`
        will be asked for, while this process goes on (the build's plan loads, checks and keys the games meanwhile).
        Nothing if they are parsed or being parsed already. The helper is part of `helpers`: leaving it normally waits
        for the helper's work, leaving it by an exception kills the helper.

        Why: the plan runs on one core and the workers start only after it, so parsing the layouts there (about
        0.25 s for the shipped ones, plus their imports) was time the build's other cores stood idle. The parsed
        layouts come back pickled: 0.44 MB, about 0.03 s to pickle and unpickle.
        """
        key = _layouts_key(folder, spec, digest)
        if key in self._layouts or key in self._parsing:
            return

        def work() -> tuple[Layouts, list[Finding]]:
            if first is not None:
                with contextlib.suppress(Exception):  # only a head start: what fails here fails again where it counts
                    first()
            return _load_layouts(folder, spec)

        def settle(failed: type[BaseException] | None, *_: object) -> None:
            """A result nobody took is waited for (so the helper is not killed mid-write), unless the build failed; the
            build needed nothing from it, so a helper that failed or was lost does not fail the build."""
            waiting = self._parsing.pop(key, None)
            if failed is None and waiting is not None:
                with contextlib.suppress(Exception, WorkerLost):
                    waiting()

        self._parsing[key] = helpers.enter_context(beside(work))
        helpers.push(settle)  # before `beside` ends the helper


def _layouts_key(folder: Path, spec: GameSpec, digest: str) -> tuple[str, ...]:
    own = own_layouts([spec])
    return (str(folder), *(f"{game}={path}" for game, path in sorted(own.items())), digest)


def _load_layouts(folder: Path, spec: GameSpec) -> tuple[Layouts, list[Finding]]:
    from pipeline.render.layouts import load_layouts

    return load_layouts(folder, own_layouts([spec]))


@dataclass
class BuildContext:
    """What the targets of one job (a game in a locale) read, built once: the content, the localizer
    (the catalog is read once, here), the layouts and the print profile; faces are prepared once per kind."""

    spec: GameSpec
    db: Database
    locale: str
    localizer: Localizer
    layouts: Layouts
    profile: Profile | None
    render: RenderContext
    strings: list[SourceString] = field(default_factory=list)  # the game's translatable strings (Databases.strings)
    common: list[Finding] = field(default_factory=list)  # findings every target of the job reports
    fallbacks: list[str] = field(default_factory=list)  # msgctxts printed in the source language
    pack_only: bool = False  # only the faces of the selected packs print (BuildOptions.pack_only)
    selection: Selection = Selection()
    databases: Databases | None = None  # where the faces the plan made are shared (None: made here)
    _components: Components | None = None
    _guides: list[GuidePart] | None = None
    _prepared: dict[str, Prepared] = field(default_factory=dict)
    _card_forms: CardForms | None = None  # what the cards and tts targets share (`card_forms`), made once

    @property
    def components(self) -> Components:
        """The game's printable faces in this locale (only for a game with a print part)."""
        if self._components is None:
            assert self.spec.printing is not None, f"{self.spec.id} prints no components"
            made = (self.databases.components(self.spec, self.db, self.localizer) if self.databases is not None
                    else self.spec.printing.components(self.db, self.localizer))
            self._components = self.selection.apply(made)
            if self.pack_only:
                self._components = packs_only(self._components, self.db)
        return self._components

    @property
    def guides(self) -> list[GuidePart]:
        """The game's guide documents in this locale (none for a game without a guide), built once."""
        if self._guides is None:
            guide = self.spec.guide
            self._guides = guide.documents(self.db, self.localizer, self.pack_only) if guide is not None else []
        return self._guides

    def faces(self, kind: str, kept: Kept | None = None) -> Prepared:
        """The faces of one kind prepared (once per job; `kept`: what an earlier build kept of them, see `prepare`)."""
        from pipeline.render.sheets import prepare

        if kind not in self._prepared:
            self._prepared[kind] = prepare(self.components, self.layouts, self.render, kind, kept=kept)  # type: ignore[arg-type]
        return self._prepared[kind]


def packs_only(components: Components, db: Database) -> Components:
    """The faces written in a selected pack's folder, with their backs; decks left empty are dropped."""
    root = db.root.resolve()

    def from_a_pack(face: Face) -> bool:
        return face.where is not None and pack_of_file(root, Path(face.where.file).resolve()) != BASE_PACK

    decks = [replace(deck, faces=kept) for deck in components.decks if (kept := [f for f in deck.faces if from_a_pack(f)])]
    used = {face.back for deck in decks for face in deck.faces}
    return replace(components, decks=decks, backs={k: v for k, v in components.backs.items() if k in used})


def load_context(job: Job, databases: Databases) -> tuple[BuildContext | None, list[Finding]]:
    """The job's content, localizer, layouts and profile, or the findings that stop it.

    A locale with untranslated strings stops the job unless --allow-incomplete, which prints them
    in the source language and lists them (DESIGN.md: Localization).
    """
    from pipeline.games import find_game
    from pipeline.render.contract import preflight_findings
    from pipeline.render.faces import RenderContext

    opts = job.options
    spec = find_game(job.game, opts.content_root)
    db, load_findings = databases.load(spec, opts.content_root, job.content, opts.packs)
    localizer = databases.localizer(spec, db, job.locale)
    strings = partial(databases.strings, spec, db)
    incomplete, fallbacks = locale_findings(spec, db, localizer, opts.allow_incomplete, strings)
    if any(f.severity is Severity.ERROR or f.code == DRAFT_HELD_BACK for f in incomplete):
        return None, load_findings + incomplete
    layouts, layout_findings = databases.layouts(opts.layouts_dir, spec, job.layouts)
    profile = layouts.profiles.get(opts.paper)
    render = RenderContext(job.game, job.locale, db.root, opts.cache_dir, profile.bleed if profile else 3.0, opts.force)
    context = BuildContext(spec, db, job.locale, localizer, layouts, profile, render, strings(), [], fallbacks,
                           opts.pack_only, opts.selection, databases)
    # Preflight (pipeline/render/contract.py) of what this job draws: a layout error, a broken binding, an
    # unknown icon or a missing image draws nothing for the job.
    draws_faces = spec.printing is not None and not FACE_TARGETS.isdisjoint(job.targets)
    components = context.components if draws_faces else None
    guides = context.guides if "guides" in job.targets else []
    # Glyphs are checked in the fonts that print them, icons against the game's and locale's icons.
    with layouts.drawing(job.game, job.locale):
        preflight = layout_findings + preflight_findings(spec, db, localizer, components, guides, layouts, context.strings)
    if any(f.severity is Severity.ERROR for f in preflight):
        return None, load_findings + incomplete + preflight
    context.common = load_findings + layout_findings + incomplete
    return context, []


def locale_findings(spec: GameSpec, db: Database, localizer: Localizer, allow_incomplete: bool,
                    derive: Callable[[], list[SourceString]]) -> tuple[list[Finding], list[str]]:
    """An error for a release locale with untranslated strings; for a draft locale a warning, DRAFT_HELD_BACK
    (its job writes nothing) or with --allow-incomplete BUILD-LOCALE-FALLBACK, with the strings that fall back
    (listed in build-report.json). Reads the catalog the
    localizer read, and the game's strings from `derive` (`Databases.strings`)."""
    from pipeline.i18n.catalogs import catalog_path
    from pipeline.i18n.status import catalog_status

    if localizer.is_source:  # before the strings are derived: a tenth of a second for old-world
        return [], []
    strings = derive()
    if not strings:
        return [], []
    where = catalog_path(db.root, localizer.locale).as_posix()
    failure = localizer.catalog_error
    if failure is not None:  # a broken catalog is an error even with --allow-incomplete
        message = f"cannot read the {localizer.locale} catalog: {failure.reason}"
        return [error(failure.code, message, where, failure.line_number, hint=failure.hint)], []
    status = catalog_status(strings, localizer.catalog, localizer.locale)
    if status.is_complete:
        return [], []
    shown = ", ".join(status.untranslated[:5]) + (" …" if len(status.untranslated) > 5 else "")
    message = f"{spec.id} [{localizer.locale}] is incomplete: {len(status.untranslated)} string(s) untranslated ({shown})"
    if spec.info(db).is_release(localizer.locale):  # the same policy as `pnp check`: a release locale is complete
        return [error("BUILD-LOCALE-INCOMPLETE", message, where,
                      hint=f"translate them (pnp i18n status), or list {localizer.locale} under draft_locales in game.yaml "
                           "and build with --allow-incomplete")], []
    if not allow_incomplete:  # a draft in progress is no error (as in `pnp check`): its files wait, the rest builds
        return [warning(DRAFT_HELD_BACK, f"{message}; {localizer.locale} is a draft, so its files are not written", where,
                        hint="translate them (pnp i18n status), or build with --allow-incomplete to print them in English")], []
    message = (f"{spec.id} [{localizer.locale}]: {len(status.untranslated)} string(s) fell back to the source language "
               f"({shown}); build-report.json lists them all")
    return [warning("BUILD-LOCALE-FALLBACK", message, where)], list(status.untranslated)


def _write(job: Job, record: TargetRecord, relative: str, data: bytes, pages: int = 0, cards: int = 0) -> None:
    size = write_atomic(job.options.out_dir / _out_path(job, relative), data)
    _record(job, record, relative, data, size, pages, cards)


def _record(job: Job, record: TargetRecord, relative: str, data: bytes, size: int, pages: int = 0, cards: int = 0) -> None:
    """List a file written (its size and the SHA-256 of its bytes) in the target's record."""
    record.files.append(OutputFile(_out_path(job, relative), size, pages, cards, hashlib.sha256(data).hexdigest()))


def _out_path(job: Job, relative: str) -> str:
    return f"{job.game}/{job.locale}/{relative}"


def _profile(context: BuildContext, job: Job) -> tuple[Profile | None, list[Finding]]:
    profile = context.profile
    if profile is None:
        known = ", ".join(sorted(context.layouts.profiles)) or "none"
        return None, [error("LAYOUT-PROFILE", f"no print profile {job.options.paper!r} (known: {known})",
                            job.options.layouts_dir.as_posix())]
    return profile, []


@dataclass(frozen=True)
class CardForms:
    """What the cards and tts targets of a job share: the faces the cards target prints, the charset every document
    showing them starts from (so a face drawn for one is copied into another), and the drawings earlier builds
    kept (production/forms.py; its file is read once per job)."""

    printed: list[Face]
    charset: str
    store: FormStore


def card_forms(context: BuildContext, job: Job) -> CardForms:
    """The job's `CardForms`, made on first use. The store's file is named by the game, the locale and the cards
    options (`FormStore.owner`)."""
    if context._card_forms is None:
        from pipeline.render.sheets import templated_faces

        from .forms import FormStore, card_charset
        from .inputs import digest

        printed = [face for face, template in templated_faces(context.components, context.layouts, "cards")
                   if not isinstance(template, Finding)]
        chars = card_charset(context.components, printed)
        owner = f"{job.game}--{job.locale}--{digest(job.options.for_target('cards'))[:16]}"
        root = context.components.root
        digests = context.databases.face_digests(context.db, root) if context.databases is not None else None
        context._card_forms = CardForms(printed, chars, FormStore(job.options.cache_dir, job.forms, chars, root, owner,
                                                                  digests))
    return context._card_forms


def build_cards(context: BuildContext, job: Job, record: TargetRecord) -> list[Finding]:
    """cards.pdf (sheets of 3 x 3 poker cards with backs as asked) and cards-1up.pdf."""
    from pipeline.render.sheets import sheets

    profile, findings = _profile(context, job)
    # Faces drawn by an earlier build with the same charset are copied, not drawn (production/forms.py).
    forms = card_forms(context, job)
    chars, store = forms.charset, forms.store
    if profile is not None and job.options.changed_file:  # before the deck is prepared: only its changed faces are
        findings += _changed_file(context, job, record, profile, store.changed(forms.printed))
    # A face whose drawing is kept is not measured again (render/faces.py: KeptFace).
    prepared = context.faces("cards", None if job.options.force else store.kept)
    findings += prepared.findings
    if profile is None:
        return findings
    faces = list(prepared.faces.values())
    keys = store.load(faces) if not job.options.force else {id(face): store.key(face) for face in faces}
    title = f"{job.game} {job.locale} cards"
    with ExitStack() as helper:
        one_up_file: Callable[[], tuple[Imposed, int, list[Finding]]] = partial(_one_up_file, job, profile, prepared, chars)
        if job.helpers:  # a helper draws, writes and checks the 1-up file while this process draws the sheets
            one_up_file = helper.enter_context(beside(one_up_file))
        else:  # the 1-up file first: its faces' drawings are copied into the sheets
            first = one_up_file()
            one_up_file = partial(lambda done: done, first)
        imposed, problems = sheets(prepared, "cards", profile, job.options.backs, job.options.back_offset, title, chars)
        findings += problems
        if imposed is not None:
            _write(job, record, "cards.pdf", imposed.data, imposed.pages, imposed.placed)
            record.extra["cards"] = imposed.placed
            _positions(job, record, "cards.pdf", imposed)
            findings += _preflight(job, profile, "cards.pdf", imposed, prepared, "cards")
        single, one_up_written, checked = one_up_file()
    # Kept: the faces this process drew. A helper's own drawings stay in it; they matter only when no sheet was
    # imposed (then the next build draws the faces again).
    record.extra["redrawn"] = sorted({f"{face.face.deck}/{face.face.id}" for face in store.drawn(faces)})
    store.keep(faces, keys)
    _record(job, record, "cards-1up.pdf", single.data, one_up_written, single.pages, single.placed)
    _positions(job, record, "cards-1up.pdf", single)
    findings += checked
    if job.options.backs == "duplex":
        findings += _calibration(context, job, record, profile)
    return findings


# `pnp watch`: the cards the last build printed differently, and the most it shows (an edit that changes more, such
# as a layout, a card back or the first build, is the whole of cards-1up.pdf).
CHANGED_FILE = "cards-changed.pdf"
CHANGED_FILE_FACES = 20


def _changed_file(context: BuildContext, job: Job, record: TargetRecord, profile: Profile, changed: list[Face]) -> list[Finding]:
    """`pnp watch`: cards-changed.pdf, the cards whose front or back the last build printed differently (1-up, one
    copy each), written before anything else the target draws: the page a designer waits for after saving an edit.
    Only those faces are prepared for it; the whole deck is prepared after.

    Not a print output: it is not part of the target's cache record (the watch removes it before each round, so it
    never shows an earlier edit). It passes the output preflight like every PDF the build writes."""
    from pipeline.render.imposition import one_up
    from pipeline.render.sheets import prepare

    from .preflight import preflight_drawn

    components = context.components
    wanted = {id(face) for face in changed}
    pairs: dict[int, tuple[Face, Face | None]] = {}
    for deck in components.decks_for("cards"):
        for front in deck.faces:
            back = components.back_of(front)
            if id(front) in wanted or (back is not None and id(back) in wanted):
                pairs[id(front)] = (front, back)
    if not pairs or len(pairs) > CHANGED_FILE_FACES:
        return []
    shown_faces = {id(face) for pair in pairs.values() for face in pair if face is not None}
    ready = prepare(components, context.layouts, context.render, "cards", only=shown_faces)
    slots = [(shown_front, ready.get(back_face)) for front_face, back_face in pairs.values()
             if (shown_front := ready.get(front_face)) is not None]
    titles = {deck.id: deck.title for deck in components.decks_for("cards")}
    # Its own fonts, only the glyphs it shows: embedding the target's whole charset took longer than the rest of it.
    shown = one_up(slots, profile.bleed, job.options.backs, f"{job.game} {job.locale} cards changed", titles)
    write_atomic(job.options.out_dir / _out_path(job, CHANGED_FILE), shown.data)
    record.extra["changed"] = {"file": _out_path(job, CHANGED_FILE),
                               "cards": [f"{position.deck}/{position.card}" for position in shown.positions]}
    trims = {front.template.size for front, _ in slots} | {back.template.size for _, back in slots if back is not None}
    return preflight_drawn(shown.drawn, _out_path(job, CHANGED_FILE), profile, True, trims)


def _one_up_file(job: Job, profile: Profile, prepared: Prepared, chars: str) -> tuple[Imposed, int, list[Finding]]:
    """cards-1up.pdf drawn, written and checked (before the sheets in this process, which then copy its faces'
    drawings; or in a helper beside them): what it drew, the size written and the preflight's findings.

    Written as soon as drawn, before its preflight and the sheets: the edited card's page is what a designer waits
    for (`pnp watch`). A file the preflight then faults is reported like any other output's finding."""
    single = _one_up(job, profile, prepared, chars)
    written = write_atomic(job.options.out_dir / _out_path(job, "cards-1up.pdf"), single.data)
    return single, written, _preflight(job, profile, "cards-1up.pdf", single, prepared, "cards", one_up=True)


def _one_up(job: Job, profile: Profile, prepared: Prepared, chars: str) -> Imposed:
    from pipeline.render.sheets import cards_one_up

    return cards_one_up(prepared, profile.bleed, job.options.backs, f"{job.game} {job.locale} cards 1-up", chars)


def print_labels(context: BuildContext, english: dict[str, str]) -> dict[str, str]:
    """What the build prints besides the content, in the game's words (pipeline/rules/print_labels.py): a shipped
    game's message templates, a declared game's strings; English for a label the game words neither way."""
    from pipeline.i18n.messages import Message
    from pipeline.rules.print_labels import label_context

    localizer = context.localizer
    labels = {key: localizer.message(Message(label_context(key), {})) for key in english
              if label_context(key) in localizer.templates}
    if len(labels) < len(english):
        strings = {string.context for string in context.strings}
        labels |= {key: localizer.text(label_context(key), text) for key, text in english.items()
                   if key not in labels and label_context(key) in strings}
    return labels


def _calibration(context: BuildContext, job: Job, record: TargetRecord, profile: Profile) -> list[Finding]:
    """calibration.pdf: the duplex calibration sheet, in the game's words where its catalog has them
    (message templates print:calibration...). A unit with a record of its own, keyed by its words, the job's layouts,
    code and options (`Job.forms`): a card edit does not draw it again (drawing it loaded a locale's hyphenation
    patterns, a fifth of a German one-card rebuild's cards job)."""
    from pipeline.render.calibration import calibration_pdf
    from pipeline.rules.print_labels import CALIBRATION_LABELS

    from .inputs import digest
    from .preflight import preflight_drawn

    labels = print_labels(context, CALIBRATION_LABELS)
    cache = Cache(job.options.cache_dir, job.options.out_dir)
    key = digest({"job": job.forms, "labels": labels}) if job.forms else ""  # no job key (a bare Job): never kept
    unit = TargetRecord(job.game, job.locale, "cards-calibration", key)
    hit = _kept_unit(cache, job, unit)
    if hit is not None:
        record.files += hit.files
        return hit.finding_objects()
    sheet = calibration_pdf(profile.paper, job.options.back_offset, labels, job.locale)
    data = sheet.finish()
    _write(job, unit, "calibration.pdf", data, sheet.pages)
    findings = preflight_drawn(sheet.drawn(), f"{job.game}/{job.locale}/calibration.pdf", profile, False)
    record.files += unit.files
    if unit.key:
        unit.findings = [f.as_dict() for f in findings]
        cache.store(unit)
    return findings


def _preflight(job: Job, profile: Profile, relative: str, imposed: Imposed, prepared: Prepared, target: Target,
               one_up: bool = False, decks: list[Deck] | None = None) -> list[Finding]:
    """The output preflight of a written sheet or 1-up PDF (production/preflight.py): the file itself, the safe zone of
    its cards (tokens keep no safe zone: they are punched, not cut by a guillotine), and every card of `decks`
    (default: the target's) placed as often as its copies."""
    from pipeline.render.sheets import groups

    from .preflight import count_findings, preflight_drawn, safe_zone_findings

    path = f"{job.game}/{job.locale}/{relative}"
    slots = [slot for group in groups(prepared, target) for slot in group.slots]
    trims = {slot[0].template.size for slot in slots} | {slot[1].template.size for slot in slots if slot[1]}
    fronts = {position.page for position in imposed.positions}
    findings = preflight_drawn(imposed.drawn, path, profile, one_up, trims, fronts)
    if target == "cards":
        backs = job.options.backs != "none"
        back_page = 0 if job.options.backs == "gutter" and not one_up else 1
        placed = [(position.page, front) for (front, _), position in zip(slots, imposed.positions, strict=True)]
        placed += [(position.page + back_page, back) for (_, back), position in zip(slots, imposed.positions, strict=True)
                   if back is not None and backs]
        findings += safe_zone_findings(placed, path, profile.safe_zone)
    chosen = decks if decks is not None else prepared.components.decks_for(target)
    expected = Counter({(deck.id, face.id): 0 for deck in chosen for face in deck.faces})
    for deck in chosen:
        for face in deck.faces:
            expected[(deck.id, face.id)] += face.copies
    positions = [position.as_json() for position in imposed.positions]
    return findings + count_findings(positions, expected, path, imposed.pages)


def _positions(job: Job, record: TargetRecord, relative: str, imposed: Imposed) -> None:
    """Where each card printed, for build-report.json (find card 17 without reading fronts)."""
    path = f"{job.game}/{job.locale}/{relative}"
    record.extra.setdefault("positions", {})[path] = [p.as_json() for p in imposed.positions]


def build_tokens(context: BuildContext, job: Job, record: TargetRecord) -> list[Finding]:
    """tokens.pdf: every token, both sides where the game has two."""
    from pipeline.render.sheets import sheets

    profile, findings = _profile(context, job)
    prepared = context.faces("tokens")
    findings += prepared.findings
    if profile is None:
        return findings
    title = f"{job.game} {job.locale} tokens"
    imposed, problems = sheets(prepared, "tokens", profile, job.options.backs, job.options.back_offset, title)
    if imposed is not None:
        _write(job, record, "tokens.pdf", imposed.data, imposed.pages, imposed.placed)
        record.extra["tokens"] = imposed.placed
        _positions(job, record, "tokens.pdf", imposed)
        findings += _preflight(job, profile, "tokens.pdf", imposed, prepared, "tokens")
    return findings + problems


def build_tts(context: BuildContext, job: Job, record: TargetRecord) -> list[Finding]:
    """tts/<deck>.png sheets (10 x 7 grid, at most 69 cards, 4096 px), tts/<deck>-back.png images and
    tts/<deck>.json, the deck as a TTS saved object. Each deck's files are cached on their own (its key:
    `job.tts_decks`), so a card edit redraws only its deck's images."""
    from pipeline.render.sheets import groups
    from pipeline.render.tts import plan_deck

    # The cards documents' charset: a face the cards target drew (or a kept one) is copied, not drawn nor measured.
    forms = card_forms(context, job)
    chars = forms.charset
    prepared = context.faces("cards", None if job.options.force else forms.store.kept)  # the cards target's, if it ran
    titles = {deck.id: deck.title for deck in context.components.decks}
    decks: dict[str, list[DeckPlan]] = {}
    for group in groups(prepared, "cards"):
        deck = group.slots[0][0].face.deck
        parts = decks.setdefault(deck, [])
        parts.append(plan_deck(deck, titles.get(deck, deck), group, len(parts)))
    images: list[OutputFile] = []
    saved: list[OutputFile] = []
    for deck, plans in decks.items():
        files = _tts_deck(job, deck, plans, chars)
        images += [f for f in files if f.path.endswith(".png")]
        saved += [f for f in files if f.path.endswith(".json")]
    record.files = images + saved  # every deck's images, then every deck's saved object (the order of one pass)
    written = {Path(f.path).name for f in record.files}
    folder = job.options.out_dir / job.game / job.locale / "tts"
    for stale in [*folder.glob("*.png"), *folder.glob("*.json")]:
        if stale.name not in written:
            remove_file(stale)
    record.extra["cards"] = sum(f.cards for f in images if not f.path.endswith("-back.png"))
    return list(prepared.findings)


def _kept_unit(cache: Cache, job: Job, unit: TargetRecord) -> TargetRecord | None:
    """The record of a unit of a target (a TTS deck, the calibration sheet) while it still holds; none without a key
    or with --force."""
    return cache.hit(job.game, job.locale, unit.target, unit.key) if unit.key and not job.options.force else None


def _tts_deck(job: Job, deck: str, plans: list[DeckPlan], charset: str) -> list[OutputFile]:
    """One deck's TTS files: from the cache if its record still holds, else drawn (from a document that starts from
    `charset`), written and recorded."""
    from pipeline.render.tts import render_sheets

    cache = Cache(job.options.cache_dir, job.options.out_dir)
    unit = TargetRecord(job.game, job.locale, f"tts-{deck}", job.tts_decks.get(deck, ""))
    hit = _kept_unit(cache, job, unit)
    if hit is not None:
        return hit.files
    for image in render_sheets([plan for deck_plan in plans for plan in deck_plan.plans()], charset=charset):
        _write(job, unit, f"tts/{image.name}", image.png, 1, image.cards)
    for deck_plan in plans:
        _write(job, unit, f"tts/{deck_plan.stem}.json", deck_plan.saved_object_json(), 0, 0)
    if unit.key:
        cache.store(unit)
    return unit.files


def build_guides(context: BuildContext, job: Job, record: TargetRecord) -> list[Finding]:
    """reference-guide.pdf and, where the game has one, player-aid.pdf."""
    from pipeline.render.guide import PaperError, render_guide
    from pipeline.render.guide.check import overflow_findings

    findings: list[Finding] = []
    for part in context.guides:
        try:
            rendered = render_guide(part.document, paper=job.options.paper, kind=part.kind, layouts=context.layouts)
        except PaperError as exc:
            return findings + [error("LAYOUT-PAPER", f"{job.game}: {exc}", job.options.layouts_dir.as_posix())]
        _write(job, record, f"{part.name}.pdf", rendered.data, rendered.pages)
        record.extra[part.name] = rendered.entries
        findings += overflow_findings(part, rendered.overflowing, context.db.root.as_posix())
        findings += preflight_written(job, f"{part.name}.pdf", rendered.data, context.profile)
    return findings


def preflight_written(job: Job, relative: str, data: bytes, profile: Profile | None) -> list[Finding]:
    """The output preflight of a PDF that places no cards (boards, guides): pages, fonts and marks, read back with pypdf."""
    from .preflight import preflight_pdf

    return preflight_pdf(data, f"{job.game}/{job.locale}/{relative}", profile, False) if profile is not None else []
