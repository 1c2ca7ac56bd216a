"""The pages of `pnp serve` and `pnp review --html`: every printed card with its findings, kept up to date round by
round, answered by path.

Safe by construction: a path is answered only when it is one of the site's own routes (a page, a card of the last
good build, a file the build wrote by its record, an image of one of those, an asset of the package, a diff page
the site wrote), looked up by name in tables; no path a client sends is ever joined to a folder. Nothing writes.

Every link is relative, so the same pages are served and written as a static site (`write_site`).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import mimetypes
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from urllib.parse import quote, unquote

from pipeline.atomic import write_atomic
from pipeline.findings import Finding, display_path
from pipeline.production.targets import BuildOptions, Databases
from pipeline.render.page_images import OpenPdf, page_count, page_png
from pipeline.rules.spec import GameSpec

from . import site_pages as pages
from .build import BuildResult
from .gallery import ONE_UP, CardEntry, CardKey, Print, attach, card_entries
from .project import UsageError, writing
from .site_pages import DiffView
from .watch import Round

DPI = 150  # a card face on screen at print size, sharp enough to read its small print
THUMB_DPI = 72  # a gallery tile (126 CSS px wide, 180 px drawn for a poker card): a fifth of the pixels to draw
KEPT_BYTES = 64 * 2**20  # rendered PNGs kept (an LRU, bounded in bytes): the gallery's first screens, the cards looked at
ASSETS = ("site.css", "site.js")


@dataclass
class Site:
    """The state the pages show: the prints, the build's files, the findings and the round they come from."""

    options: BuildOptions
    games: Sequence[GameSpec]
    title: str = "pnp"
    live: bool = True
    round: int = 0
    prints: dict[tuple[str, str], Print] = field(default_factory=dict)
    versions: dict[CardKey, int] = field(default_factory=dict)  # the round that last changed a card's print
    changed: set[CardKey] = field(default_factory=set)  # the cards the last round changed
    files: dict[str, Path] = field(default_factory=dict)  # route "files/<game>/<locale>/<name>" -> what the build wrote
    findings_by_game: dict[str, list[Finding]] = field(default_factory=dict)
    placed: list[tuple[Finding, CardEntry | None]] = field(default_factory=list)
    problem: str = ""  # why the last round printed nothing new (a usage error, a game that does not load)
    diffs: dict[str, DiffView] = field(default_factory=dict)
    built: Databases | None = None  # what the watch's builds loaded (`pnp serve`): the cards are read from it
    lock: threading.RLock = field(default_factory=threading.RLock)
    _images: OrderedDict[tuple[object, ...], bytes] = field(default_factory=OrderedDict)
    _kept_bytes: int = 0
    _built: bool = False  # this round's build taken already (take_build), its check not yet
    _printed: set[tuple[str, str]] = field(default_factory=set)
    _print_problems: list[str] = field(default_factory=list)

    # --- the rounds -------------------------------------------------------------------------------------------

    def take_build(self, games: Sequence[str], result: BuildResult) -> dict[str, object]:
        """Take what a round's build printed, before its check runs (`watch(built=)`): the cards shown at once."""
        with self.lock:
            self._start_round()
            self._printed = self._take_prints(games, result)
            self._built = True
            self.placed = attach(self._entries(), self.findings)  # the last round's findings until the check's
            return self._news()

    def update(self, done: Round) -> dict[str, object]:
        """Take a round of the watch: the cards it printed anew (unless `take_build` took them), the files it wrote,
        its findings. What a round could not print (a broken file) keeps the last good cards on show, with the
        error that stopped them."""
        with self.lock:
            if not self._built:
                self._start_round()
                self._printed = self._take_prints(done.games, done.result) if done.result is not None else set()
            self._built = False
            problems = [done.problem] if done.problem else []
            if done.result is not None:
                for game in done.games:
                    self.findings_by_game[game] = []
                for finding in done.report.findings:
                    self.findings_by_game.setdefault(self._game_of(finding, done.games), []).append(finding)
                errors = done.report.errors
                problems += [f"{game} [{locale}] cards not printed" + (f": {errors[0].as_text()}" if errors else "")
                             for game, locale in self.prints if game in done.games and (game, locale) not in self._printed]
            self.problem = "; ".join(problems + self._print_problems)
            self.placed = attach(self._entries(), self.findings)
            return self._news()

    def _start_round(self) -> None:
        self.round += 1
        self.changed = set()
        self._print_problems = []

    def _take_prints(self, games: Sequence[str], result: BuildResult) -> set[tuple[str, str]]:
        """The files and the cards a build printed; the (game, locale) whose cards it printed."""
        self._take_files(games, result)
        printed = set()
        for record in result.records:
            if record.target == "cards" and not record.refused:
                printed.add((record.game, record.locale))
                self._print_problems += self._take_print(record.game, record.locale, record.extra, record.cached)
        return printed

    def _entries(self) -> list[CardEntry]:
        return [entry for shown in self.prints.values() for entry in shown.entries.values()]

    def _news(self) -> dict[str, object]:
        return {"round": self.round, "changed": ["/".join(key) for key in sorted(self.changed)],
                "findings": len(self.placed), "problem": self.problem}

    @property
    def findings(self) -> list[Finding]:
        return sorted({f for found in self.findings_by_game.values() for f in found})

    def _game_of(self, finding: Finding, games: Sequence[str]) -> str:
        for game in games:
            folder = display_path(self.options.content_root / game)
            if finding.file == folder or finding.file.startswith(folder + "/") or f"{game} [" in finding.message:
                return game
        return games[0] if len(games) == 1 else ""

    def _take_files(self, games: Sequence[str], result: BuildResult) -> None:
        prefixes = tuple(f"files/{game}/" for game in games)
        self.files = {route: path for route, path in self.files.items() if not route.startswith(prefixes)}
        for record in result.records:
            for output in record.files:
                if output.path.endswith(".pdf"):
                    self.files["files/" + output.path] = self.options.out_dir / output.path

    def _take_print(self, game: str, locale: str, extra: dict[str, object], cached: bool) -> list[str]:
        path = self.options.out_dir / game / locale / ONE_UP
        positions = extra.get("positions", {})
        placed = positions.get(f"{game}/{locale}/{ONE_UP}") if isinstance(positions, dict) else None
        old = self.prints.get((game, locale))
        if placed is None or (cached and old is not None):
            return []
        try:
            pdf = path.read_bytes()
        except OSError as exc:
            return [f"{display_path(path)}: {exc.strerror}"]
        entries, stopped = card_entries(game, locale, self.options, self.built, placed, page_count(pdf))
        if entries is None:
            return [finding.as_text() for finding in stopped[:1]]
        redrawn = set(extra.get("redrawn", []) if not cached else [])  # type: ignore[call-overload]
        fingerprints = {(e.deck, e.card): _fingerprint(e) for e in entries}
        for entry in entries:
            key = (entry.deck, entry.card)
            if old is not None and (key not in old.fingerprints or old.fingerprints[key] != fingerprints[key]
                                    or f"{entry.deck}/{entry.card}" in redrawn):
                self.changed.add(entry.key)
                self.versions[entry.key] = self.round
            self.versions.setdefault(entry.key, self.round)
        if old is not None:
            old.pdf.close()
        self.prints[game, locale] = Print(game, locale, OpenPdf(pdf), {(e.deck, e.card): e for e in entries}, fingerprints)
        return []

    # --- answering a path -------------------------------------------------------------------------------------

    def get(self, path: str, query: dict[str, str] | None = None) -> tuple[bytes, str] | None:
        """The bytes and type of a route, or None: a path that is not one of the site's routes is not found."""
        query = query or {}
        parts = [unquote(part) for part in path.strip("/").split("/")] if path.strip("/") else ["index.html"]
        if any(part in ("", ".", "..") or "/" in part or "\\" in part or "\0" in part for part in parts):
            return None
        with self.lock:
            return self._route(parts, query)

    def _route(self, parts: list[str], query: dict[str, str]) -> tuple[bytes, str] | None:
        head, depth = parts[0], len(parts) - 1
        html: Callable[[str], tuple[bytes, str]] = lambda text: (text.encode(), "text/html; charset=utf-8")  # noqa: E731
        if parts == ["index.html"]:
            return html(pages.index(self, 0, None))
        if parts == ["findings.html"]:
            return html(pages.findings(self, 0))
        if parts == ["prints.html"]:
            return html(pages.prints(self, 0))
        if parts == ["diff.html"]:
            return html(pages.diff(self, 0, self._diff(query["rev"]) if query.get("rev") else None))
        if parts == ["state.json"]:
            return json.dumps({"round": self.round, "changed": ["/".join(k) for k in sorted(self.changed)],
                               "problem": self.problem}).encode(), "application/json"
        if head == "assets" and depth == 1 and parts[1] in ASSETS:
            return resources.files("pipeline.app").joinpath("site_assets", parts[1]).read_bytes(), _type(parts[1])
        if head == "card" and depth == 4 and parts[4].endswith(".html"):
            entry = self._entry(parts[1], parts[2], parts[3], parts[4].removesuffix(".html"))
            return html(pages.card(self, entry, depth)) if entry else None
        if head in ("face", "thumb") and depth == 5 and parts[5] in ("front.png", "back.png"):
            entry = self._entry(*parts[1:5])
            png = self._face_png(entry, parts[5].removesuffix(".png"), head == "thumb") if entry else None
            return (png, "image/png") if png is not None else None
        if head == "files" and "/".join(parts) in self.files:
            path = self.files["/".join(parts)]
            return (path.read_bytes(), "application/pdf") if path.is_file() else None
        if head == "pages" and depth >= 2:
            return self._page_image(parts)
        if head == "diff" and depth == 2:
            view = self.diffs.get(parts[1])
            image = view.images.get("/".join(parts)) if view else None
            return (image.read_bytes(), "image/png") if image is not None and image.is_file() else None
        return None

    def _entry(self, game: str, locale: str, deck: str, card: str) -> CardEntry | None:
        shown = self.prints.get((game, locale))
        return shown.entries.get((deck, card)) if shown else None

    def _page_image(self, parts: list[str]) -> tuple[bytes, str] | None:
        """A page of a PDF the build wrote as an image: `pages/<the PDF's route under files/>/page-N.png`."""
        document, image = "/".join(["files", *parts[1:-1]]), parts[-1]
        if document not in self.files or not image.startswith("page-") or not image.endswith(".png"):
            return None
        number = image.removeprefix("page-").removesuffix(".png")
        path = self.files[document]
        if not number.isdigit() or not path.is_file():
            return None
        data = path.read_bytes()
        if not 1 <= int(number) <= page_count(data):
            return None
        key = ("file", document, hashlib.sha256(data).hexdigest(), int(number))
        return self._kept(key, lambda: page_png(data, int(number), DPI)), "image/png"

    def _face_png(self, entry: CardEntry, side: str, thumb: bool = False) -> bytes | None:
        shown = self.prints[entry.game, entry.locale]
        if side not in entry.sides:
            return None
        page, dpi = entry.sides[side].page, THUMB_DPI if thumb else DPI
        return self._kept(("face", entry.key, side, dpi, self.versions.get(entry.key, 0)), lambda: shown.pdf.png(page, dpi))

    def _kept(self, key: tuple[object, ...], render: Callable[[], bytes]) -> bytes:
        if key in self._images:
            self._images.move_to_end(key)
            return self._images[key]
        data = self._images[key] = render()
        self._kept_bytes += len(data)
        while self._kept_bytes > KEPT_BYTES and len(self._images) > 1:
            self._kept_bytes -= len(self._images.popitem(last=False)[1])
        return data

    # --- the diff view ----------------------------------------------------------------------------------------

    def _diff(self, rev: str) -> DiffView:
        """What `pnp diff REV` computes against the working tree, its review pages written as PNGs in the output
        folder (one per changed card side: before, after and the changed pixels); kept per revision and round."""
        from .diff import diff

        name = f"{hashlib.sha256(rev.encode()).hexdigest()[:12]}-{self.round}"
        if name in self.diffs:
            return self.diffs[name]
        folder = self.options.out_dir / ".review" / "diff" / name
        try:
            result = diff(self.games, self.options.content_root, self.options.layouts_dir, self.options.cache_dir,
                          folder, rev, png=True)
        except UsageError as exc:
            view = DiffView(rev, [], {}, [], str(exc))
        else:
            images = {f"diff/{name}/{Path(path).name}": Path(path) for path in result.files if path.endswith(".png")}
            changes = [(game, locale, c.deck, c.card, c.change) for game, locale, c in result.changes]
            lines = [f"{game} [{locale}]: {change.as_text()}" for game, locale, change in result.changes]
            view = DiffView(rev, lines or [f"no card prints differently than at {rev}"], images, changes)
        self.diffs = dict(list(self.diffs.items())[-3:])  # the last few looked at, not one per round for ever
        self.diffs[name] = view
        return view

    def diff_name(self, view: DiffView) -> str:
        return next(name for name, kept in self.diffs.items() if kept is view)


def write_site(site: Site, folder: Path, rev: str | None) -> list[Path]:
    """Every route of the site as a file under folder (the static review): the overview (changed cards first, when
    `rev` is given, then the findings, then the gallery), every card page and face, the prints and their pages."""
    view = site._diff(rev) if rev else None
    routes: dict[str, bytes] = {}
    with site.lock:
        routes["index.html"] = pages.index(site, 0, view).encode()
        routes["findings.html"] = pages.findings(site, 0).encode()
        routes["prints.html"] = pages.prints(site, 0).encode()
        if view is not None:
            routes["diff.html"] = pages.diff(site, 0, view).encode()
            for route, path in view.images.items():
                routes[route] = path.read_bytes()
        for name in ASSETS:
            routes[f"assets/{name}"] = resources.files("pipeline.app").joinpath("site_assets", name).read_bytes()
        for shown in site.prints.values():
            for entry in shown.entries.values():
                routes[pages.card_route(entry)] = pages.card(site, entry, 4).encode()
                for side in entry.sides:
                    routes[pages.face_route(entry, side)] = site._face_png(entry, side) or b""
                    routes[pages.face_route(entry, side, thumb=True)] = site._face_png(entry, side, thumb=True) or b""
        for route, path in site.files.items():
            data = path.read_bytes()
            routes[route] = data
            for number in range(1, page_count(data) + 1 if pages.paged(route) else 1):
                routes[f"{pages.page_route(route, number)}"] = page_png(data, number, DPI)
    written = []
    with writing(folder):
        for route, data in routes.items():
            path = folder.joinpath(*[unquote(part) for part in route.split("/")])
            write_atomic(path, data)
            written.append(path)
    return written


def _type(name: str) -> str:
    return mimetypes.guess_type(name)[0] or "application/octet-stream"


def _fingerprint(entry: CardEntry) -> str:
    """What a card shows besides its drawing: its fields' text, copies and sides; a layout edit is told by the
    cards target's redrawn faces."""
    sides = sorted((name, side.page - min(s.page for s in entry.sides.values()), side.width, side.height)
                   for name, side in entry.sides.items())
    return hashlib.sha256(repr((entry.kind, entry.name, entry.text, entry.copies, sides)).encode()).hexdigest()


def card_key_text(key: CardKey) -> str:
    return "/".join(quote(part, safe="") for part in key)


with contextlib.suppress(Exception):
    mimetypes.add_type("text/javascript", ".js")


def review(games: Sequence[GameSpec], options: BuildOptions, locales: Sequence[str] | None, jobs: int, folder: Path,
           rev: str | None) -> tuple[Site, list[Path]]:
    """`pnp review --html`: one round of the watch (build, then check), its site written under folder as static
    pages (changed cards since `rev` first, then the findings, then the gallery)."""
    from .watch import run_round

    if folder.exists() and not folder.is_dir():
        raise UsageError(f"--html {display_path(folder)} is a file: name a folder for the review's pages")
    done = run_round(list(games), options, locales, jobs)
    site = Site(options, games, title=", ".join(game.id for game in games), live=False)
    site.update(done)
    return site, write_site(site, folder, rev)
