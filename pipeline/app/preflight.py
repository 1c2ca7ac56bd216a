"""`preflight` as a function: the output preflight (production/preflight.py) of PDFs already written.

A file named `*-1up.pdf` (or `pnp watch`'s `cards-changed.pdf`, one card a page too) is held to the 1-up rules
(trim plus bleed, TrimBox and BleedBox), any other to the paper. The paper is the option's, else the one
`build-report.json` beside the files names (`<out>/<game>/build-report.json` for
`<out>/<game>/<locale>/<file>.pdf`), else A4. Where that report lists the cards a file places and the content
holds its game, each card must be placed as often as the content's copies, counted with the packs the report
names (and only theirs after `--pack-only`). The safe zone is a property of the layouts: `pnp build` checks it.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pipeline.findings import Finding, Report, error

from .project import UsageError

# The decks whose cards a file of the build places, by file name.
_PLACES = {"cards.pdf": "cards", "cards-1up.pdf": "cards", "tokens.pdf": "tokens", "help-cards.pdf": "help"}


def preflight(files: Sequence[Path], layouts_dir: Path, content_root: Path, paper: str | None = None) -> Report:
    """Every PDF checked against the print profile; its card counts against the content where a build report
    lists them."""
    from pipeline.production.preflight import count_findings, preflight_pdf
    from pipeline.production.targets import CHANGED_FILE
    from pipeline.render.layouts import load_layouts
    from pipeline.render.profiles import DEFAULT_PAPER, UnknownProfile, profile_named

    missing = [str(f) for f in files if not f.is_file()]
    if missing:
        raise UsageError(f"no such file: {', '.join(missing)}")
    layouts, problems = load_layouts(layouts_dir)
    report = Report(problems)
    # A card's trim is a template's size or a named one (a declared game's own templates name them).
    trims = {template.size for template in layouts.templates.values()}
    trims |= {size for named in layouts.sizes.values() for size in named.values()}
    counted: dict[tuple[str, str, tuple[tuple[str, ...], bool]], dict[str, Counter[tuple[str, str]]]] = {}
    for file in files:
        build_report = _build_report(file)
        chosen = paper or (build_report or {}).get("options", {}).get("paper") or DEFAULT_PAPER
        try:
            profile = profile_named(layouts.profiles, chosen)
        except UnknownProfile:
            known = ", ".join(sorted(layouts.profiles))
            raise UsageError(f"no print profile {chosen!r} in {layouts_dir} (known: {known})") from None
        data = file.read_bytes()
        one_up = file.name.endswith("-1up.pdf") or file.name == CHANGED_FILE
        entry = _entry(build_report, file) if build_report else None
        report.extend(preflight_pdf(data, file.as_posix(), profile, one_up, trims, _front_pages(entry)))
        if entry is None or "positions" not in entry or file.name not in _PLACES:
            continue
        game, locale = file.parent.parent.name, file.parent.name
        selection = _selection(build_report or {})
        if (game, locale, selection) not in counted:
            counted[(game, locale, selection)], found = _copies(game, locale, content_root, *selection)
            report.extend(found)
        copies = counted[(game, locale, selection)].get(_PLACES[file.name])
        if copies is not None:
            report.extend(count_findings(entry["positions"], copies, file.as_posix(), entry.get("pages")))
    report.extra["files"] = [f.as_posix() for f in files]
    return report


def _build_report(file: Path) -> dict[str, Any] | None:
    path = file.parent.parent / "build-report.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _front_pages(entry: dict[str, Any] | None) -> set[int] | None:
    """The pages the report places fronts on (each position's page), or None when it lists no positions."""
    positions = entry.get("positions") if entry else None
    if not isinstance(positions, list):
        return None
    return {p["page"] for p in positions if isinstance(p, dict) and isinstance(p.get("page"), int)}


def _selection(report: dict[str, Any]) -> tuple[tuple[str, ...], bool]:
    """The packs a build printed (with their modes, as Database.packs names them) and whether it printed them
    alone (`--pack-only`), from its report's options; none for a base build or a report without them."""
    options = report.get("options")
    options = options if isinstance(options, dict) else {}
    packs = options.get("packs")
    packs = tuple(p for p in packs if isinstance(p, str)) if isinstance(packs, list) else ()
    return packs, bool(options.get("pack_only")) and bool(packs)


def _entry(report: dict[str, Any], file: Path) -> dict[str, Any] | None:
    """The report's entry for a file (its path is `<game>/<locale>/<name>`)."""
    tail = file.resolve().parts[-3:]
    for target in report.get("targets", []):
        for entry in target.get("files", []):
            if isinstance(entry, dict) and tuple(Path(str(entry.get("path", ""))).parts) == tail:
                return entry
    return None


def _copies(game: str, locale: str, content_root: Path, packs: tuple[str, ...] = (),
            pack_only: bool = False) -> tuple[dict[str, Counter[tuple[str, str]]], list[Finding]]:
    """The copies of each card by the decks a file places ('cards', 'tokens', 'help'), from the content with the
    build's packs (theirs alone when `pack_only`, as the build chose them); nothing when the content does not
    hold the game or cannot be loaded."""
    from pipeline.games import find_game
    from pipeline.production.targets import packs_only

    try:
        spec = find_game(game, content_root)
    except KeyError:
        return {}, []
    if spec.printing is None or not spec.content_dir(content_root).is_dir():
        return {}, []
    db, findings = spec.load(content_root, packs)
    if any(f.severity.value == "error" for f in findings):
        message = f"{game}: the content does not load, so card counts are not checked"
        return {}, [error("PREFLIGHT-COUNT", message, spec.content_dir(content_root).as_posix())]
    components = spec.printing.components(db, spec.localizer(db, locale))
    if pack_only:
        components = packs_only(components, db)
    decks = {"cards": components.decks_for("cards"), "tokens": components.decks_for("tokens"), "help": components.help_decks()}
    copies = {}
    for name, chosen in decks.items():
        counter: Counter[tuple[str, str]] = Counter()
        for deck in chosen:
            for face in deck.faces:
                counter[(deck.id, face.id)] += face.copies
        copies[name] = counter
    return copies, []
