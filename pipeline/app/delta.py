"""`build --changed-since REV` as a function: a delta print of the cards whose printed face changed since a revision.

For each game and locale it writes `<out>/<game>/delta/<locale>/cards.pdf` and `cards-1up.pdf` holding only
the changed and added cards (every copy of each, imposed as the full build imposes them), and
`<out>/<game>/delta/build-report.json` listing every change (removed cards too, which print nothing). The full
build's files and report are left as they are. A locale with nothing to reprint keeps no delta files.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pipeline.atomic import WriteError, remove_file, write_atomic
from pipeline.findings import Finding, Report, error
from pipeline.production.targets import BuildOptions, Databases
from pipeline.rules.spec import GameSpec
from pipeline.rules.verified import layouts_digest

from .printed import CardChange, PrintedCard, PrintedFaces, cards_at, compare, first_error, printed_faces
from .project import UsageError, missing_content, select_locales
from .revision import Revision, checkout

DELTA_FILES = ("cards.pdf", "cards-1up.pdf")


@dataclass
class Delta:
    """One game and locale of a delta print: what changed since the revision and the files written."""

    game: str
    locale: str
    changes: list[CardChange]
    files: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {"locale": self.locale, "changes": [c.as_json() for c in self.changes], "files": self.files}


@dataclass
class DeltaResult:
    report: Report
    revision: str
    commit: str
    deltas: list[Delta]

    def lines(self) -> list[str]:
        """The text report: per game and locale the changes and the files holding them."""
        lines = []
        for delta in self.deltas:
            printed = sum(1 for c in delta.changes if c.change != "removed")
            lines.append(f"{delta.game} {delta.locale}: {len(delta.changes)} card(s) changed since {self.revision}, "
                         f"{printed} to print" + (f" in {', '.join(delta.files)}" if delta.files else ""))
            lines += [f"  {change.as_text()}" for change in delta.changes]
        return lines


def build_delta(games: Sequence[GameSpec], options: BuildOptions, rev: str,
                locales: Sequence[str] | None = None) -> DeltaResult:
    """Compare each game's printed cards in each locale (default: every declared one) with rev, and print the changed."""
    if not options.content_root.is_dir():
        raise missing_content(options.content_root)
    report = Report()
    deltas: list[Delta] = []
    with checkout(rev, options.content_root, options.layouts_dir) as revision:
        report.extend(revision.findings)
        for game in games:
            if game.printing is None:
                continue  # a game that prints no cards has no delta
            databases = Databases()
            db, _, _ = databases.verified(game, options.content_root, "", (), options.cache_dir,
                                          layouts_digest(options.layouts_dir, game))  # and kept, for printed_faces
            found = Report()  # this game's findings, for its delta report
            mine = []
            for locale in select_locales(game, game.info(db), locales, options.content_root):
                now, findings = printed_faces(game, options.content_root, options.layouts_dir, locale, options.cache_dir,
                                              options.paper, options.allow_incomplete, databases)
                found.extend(findings)
                if now is None:
                    continue
                before = _before(game, revision, locale, options)
                delta = Delta(game.id, locale, compare(before, now.cards))
                found.extend(_print(delta, now, options, rev))
                mine.append(delta)
            found.extend(_write_report(game.id, mine, revision, options, found))
            report.extend(found.findings)
            deltas += mine
    report.extra.update(changed_since=rev, commit=revision.commit,
                        deltas=[{"game": delta.game, **delta.as_json()} for delta in deltas])
    return DeltaResult(report, rev, revision.commit, deltas)


def _before(game: GameSpec, revision: Revision, locale: str, options: BuildOptions) -> dict[tuple[str, str], PrintedCard]:
    """The game's printed cards at the revision; a usage error when it does not build (nothing to compare)."""
    before, findings = cards_at(game, revision.content_root, revision.layouts_dir, locale, options.cache_dir,
                                options.paper, revision=True)
    if before is None:
        raise UsageError(f"{game.id} [{locale}] at {revision.name} does not build "
                         f"({revision.named(first_error([*findings, *revision.findings]))}): compare "
                         "with a revision that does")
    return before


def _print(delta: Delta, now: PrintedFaces, options: BuildOptions, rev: str) -> list[Finding]:
    """Write the sheets and 1-up pages of the changed and added cards (or remove an earlier delta's files)."""
    from pipeline.production.preflight import preflight_drawn
    from pipeline.render.imposition import Group, LayoutError, impose, one_up
    from pipeline.render.sheets import groups

    folder = options.out_dir / delta.game / "delta" / delta.locale
    chosen = {(c.deck, c.card) for c in delta.changes if c.change != "removed"}
    picked = [Group(g.label, g.size, [s for s in g.slots if (s[0].face.deck, s[0].face.id) in chosen], g.title)
              for g in groups(now.prepared, "cards")]
    picked = [group for group in picked if group.slots]
    if not picked or now.profile is None:
        for name in DELTA_FILES:
            remove_file(folder / name)
        return []
    title = f"{delta.game} {delta.locale} cards changed since {rev}"
    try:
        with now.layouts.drawing(delta.game, delta.locale):
            sheets = impose(picked, now.profile, options.backs, options.back_offset, title)
            single = one_up([slot for group in picked for slot in group.slots], now.profile.bleed, options.backs,
                            f"{title}, 1-up", {deck.id: deck.title for deck in now.prepared.components.decks_for("cards")})
    except LayoutError as exc:
        return [error("LAYOUT-PAPER", f"{delta.game}: {exc} ({now.profile.name})", "layouts/profiles.yaml")]
    findings = []
    trims = {group.size for group in picked}
    for name, imposed, is_one_up in (("cards.pdf", sheets, False), ("cards-1up.pdf", single, True)):
        path = folder / name
        try:
            write_atomic(path, imposed.data)
        except WriteError as exc:
            findings.append(exc.finding())
            continue
        delta.files.append(path.relative_to(options.out_dir).as_posix())
        findings += preflight_drawn(imposed.drawn, path.as_posix(), now.profile, is_one_up, trims)
    return findings


def _write_report(game: str, deltas: list[Delta], revision: Revision, options: BuildOptions, report: Report) -> list[Finding]:
    """`<out>/<game>/delta/build-report.json`: the revision, each locale's changes and files, and the findings."""
    if not deltas:
        return []
    payload = {
        "game": game,
        "changed_since": revision.name,
        "commit": revision.commit,
        "ok": report.ok,
        "locales": [delta.as_json() for delta in deltas],
        "findings": [f.as_dict() for f in report.sorted()],
    }
    try:
        write_atomic(options.out_dir / game / "delta" / "build-report.json",
                     json.dumps(payload, indent=2, ensure_ascii=False).encode())
    except WriteError as exc:
        return [exc.finding()]
    return []
