"""The HTML of `pnp serve`'s pages (app/site.py answers the routes): plain HTML, every link relative to the page
(`up`: the page's depth), so a static copy reads the same without a server."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Protocol
from urllib.parse import quote

from pipeline.findings import Finding
from pipeline.render.page_images import page_count

from .gallery import CardEntry, CardKey, Outline, Print

# The PDFs shown page by page on the prints page: the cards are in the gallery, face by face.
CARD_FILES = ("cards.pdf", "cards-1up.pdf", "cards-changed.pdf")


@dataclass
class DiffView:
    rev: str
    lines: list[str]
    images: dict[str, Path]  # route -> a PNG `pnp diff` wrote (before, after, changed pixels)
    changes: list[tuple[str, str, str, str, str]]  # game, locale, deck, card, change
    problem: str = ""


class Site(Protocol):
    """What the pages show of the site's state (app/site.py)."""

    title: str
    live: bool
    round: int
    problem: str
    placed: list[tuple[Finding, CardEntry | None]]
    prints: dict[tuple[str, str], Print]
    versions: dict[CardKey, int]
    changed: set[CardKey]
    files: dict[str, Path]


def _q(*parts: str) -> str:
    return "/".join(quote(part, safe="") for part in parts)


def card_route(entry: CardEntry) -> str:
    return "card/" + _q(entry.game, entry.locale, entry.deck, entry.card) + ".html"


def face_route(entry: CardEntry, side: str, thumb: bool = False) -> str:
    return ("thumb/" if thumb else "face/") + _q(entry.game, entry.locale, entry.deck, entry.card, f"{side}.png")


def page_route(route: str, number: int) -> str:
    """The image of a page of a PDF the build wrote (route `files/...`): beside the PDFs, not inside one."""
    return "pages/" + route.removeprefix("files/") + f"/page-{number}.png"


def paged(route: str) -> bool:
    """Whether a PDF the build wrote is shown as page images (boards, guides, help cards, tokens)."""
    return route.rsplit("/", 1)[-1] not in CARD_FILES


def _face_src(site: Site, entry: CardEntry, side: str, up: str, thumb: bool = False) -> str:
    src = up + face_route(entry, side, thumb)
    return f"{src}?v={site.versions.get(entry.key, 0)}" if site.live else src


def _page(site: Site, title: str, up: str, body: str) -> str:
    banner = (f'<p class="problem" role="alert">Not everything printed this round (the last good print shows): '
              f'{escape(site.problem)}</p>' if site.problem else "")
    errors = sum(1 for f, _ in site.placed if f.severity.value == "error")
    live = ' data-live="1"' if site.live else ""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{escape(title)} - {escape(site.title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="{up}assets/site.css"></head>
<body{live} data-root="{up}" data-round="{site.round}">
<nav><a href="{up}index.html">Gallery</a> <a href="{up}findings.html">Findings ({len(site.placed)}, {errors} errors)</a>
<a href="{up}prints.html">Prints</a> <a href="{up}diff.html">Diff</a> <span id="status"></span></nav>
<main id="main" data-round="{site.round}">{banner}{body}</main>
<script src="{up}assets/site.js"></script>
</body></html>
"""


def _entries(site: Site) -> list[CardEntry]:
    return [entry for shown in site.prints.values() for entry in shown.entries.values()]


def _options(name: str, label: str, values: Iterable[str]) -> str:
    shown = "".join(f'<option value="{escape(v)}">{escape(v)}</option>' for v in dict.fromkeys(values) if v)  # as printed
    return f'<label>{label} <select data-filter="{name}"><option value="">all</option>{shown}</select></label>'


def _tile(site: Site, entry: CardEntry, up: str) -> str:
    codes = " ".join(sorted({finding.code for finding, _, _ in entry.findings}))
    classes = "tile" + (" changed" if entry.key in site.changed else "") + (" flagged" if entry.findings else "")
    search = " ".join((entry.card, entry.name, entry.text)).lower()
    badge = f'<span class="badge">{len(entry.findings)}</span>' if entry.findings else ""
    return (f'<a class="{classes}" href="{up}{card_route(entry)}" data-key="{escape("/".join(entry.key))}" '
            f'data-game="{escape(entry.game)}" data-locale="{escape(entry.locale)}" data-deck="{escape(entry.deck)}" '
            f'data-kind="{escape(entry.kind)}" data-pack="{escape(entry.pack)}" data-codes="{escape(codes)}" '
            f'data-search="{escape(search)}"><img loading="lazy" width="126" src="{_face_src(site, entry, "front", up, True)}" '
            f'alt="{escape(entry.name)}"><span class="name">{escape(entry.name)}</span>{badge}</a>')


def gallery(site: Site, up: str) -> str:
    entries = _entries(site)
    if not entries:
        return '<p class="empty">No card printed yet: the first build is running, or no game prints cards.</p>'
    filters = "".join([
        '<input type="search" id="search" placeholder="search id, name, text" aria-label="search">',
        _options("locale", "locale", (e.locale for e in entries)),
        _options("game", "game", (e.game for e in entries)),
        _options("deck", "deck", (e.deck for e in entries)),
        _options("kind", "kind", (e.kind for e in entries)),
        _options("pack", "pack", (e.pack for e in entries)),
        _options("codes", "finding", (f.code for e in entries for f, _, _ in e.findings)),
    ])
    tiles = "\n".join(_tile(site, entry, up) for entry in entries)
    return f'<h2>Cards</h2><div class="filters">{filters} <span id="shown"></span></div><div class="gallery">{tiles}</div>'


def index(site: Site, depth: int, view: DiffView | None) -> str:
    """The overview: the changed cards of a diff (when one is given), the findings, then the gallery."""
    up = "../" * depth
    changed = _diff_section(site, up, view) if view is not None else ""
    found = _findings_table(site, up, limit=20) if site.placed else ""
    return _page(site, "Gallery", up, changed + found + gallery(site, up))


def findings(site: Site, depth: int) -> str:
    up = "../" * depth
    body = _findings_table(site, up) if site.placed else "<p>No findings.</p>"
    return _page(site, "Findings", up, body)


def _findings_table(site: Site, up: str, limit: int | None = None) -> str:
    rows = []
    for finding, entry in site.placed[:limit]:
        target = (f'<a href="{up}{card_route(entry)}">{escape(entry.deck)}/{escape(entry.card)}</a>' if entry
                  else f'<a href="{up}prints.html">prints</a>')
        rows.append(f'<tr class="{finding.severity.value}"><td>{finding.severity.value}</td><td>{escape(finding.code)}</td>'
                    f'<td>{escape(finding.file)}:{finding.line}</td><td>{escape(finding.message)}</td><td>{target}</td></tr>')
    more = (f'<p><a href="{up}findings.html">all {len(site.placed)} findings</a></p>'
            if limit is not None and len(site.placed) > limit else "")
    return (f'<h2>Findings</h2><table class="findings"><tr><th>severity</th><th>code</th><th>where</th><th>message</th>'
            f'<th>concerns</th></tr>{"".join(rows)}</table>{more}')


def _outline(outline: Outline, finding: Finding, width: float, height: float, bleed: float) -> str:
    area = outline.area
    style = (f"left:{(bleed + area.x) / width:.3%};top:{(bleed + area.y) / height:.3%};"
             f"width:{area.width / width:.3%};height:{area.height / height:.3%}")
    return (f'<div class="outline {finding.severity.value}" style="{style}" data-code="{escape(finding.code)}" '
            f'title="{escape(finding.code)}: {escape(finding.message)}"></div>')


def card(site: Site, entry: CardEntry, depth: int) -> str:
    """A card's page: front and back at print size with the boxes its findings concern outlined, its record,
    its findings, and the card in every other locale."""
    up = "../" * depth
    faces = []
    for name, side in entry.sides.items():
        outlines = "".join(_outline(outline, finding, side.width, side.height, side.bleed)
                           for finding, outline, on in entry.findings if outline is not None and on == name)
        faces.append(f'<figure class="face" style="width:{side.width:.2f}mm"><img src="{_face_src(site, entry, name, up)}" '
                     f'alt="{name}" data-side="{name}">{outlines}<figcaption>{name}</figcaption></figure>')
    found = "".join(f'<li class="{f.severity.value}"><b>{escape(f.code)}</b> {escape(f.file)}:{f.line}: {escape(f.message)}'
                    + (f" <i>(box {escape(o.box)} outlined)</i>" if o else "") + "</li>" for f, o, _ in entry.findings)
    others = [shown.entries[(entry.deck, entry.card)] for (game, locale), shown in sorted(site.prints.items())
              if game == entry.game and locale != entry.locale and (entry.deck, entry.card) in shown.entries]
    locales = "".join(f'<a class="tile" href="{up}{card_route(other)}"><img loading="lazy" width="126" '
                      f'src="{_face_src(site, other, "front", up, True)}" alt="{escape(other.locale)}">'
                      f'<span class="name">{escape(other.locale)}</span></a>' for other in others)
    changed = ' <span class="mark">changed</span>' if entry.key in site.changed else ""
    body = (f'<h2 data-key="{escape("/".join(entry.key))}">{escape(entry.name)} <small>{escape(entry.game)} '
            f'[{escape(entry.locale)}] {escape(entry.deck)}/{escape(entry.card)}</small>{changed}</h2>'
            f'<p class="record">{escape(entry.kind)}, {entry.copies} cop{"y" if entry.copies == 1 else "ies"}, '
            f'pack {escape(entry.pack or "-")}: <code>{escape(entry.file)}:{entry.line}</code></p>'
            f'<div class="faces">{"".join(faces)}</div>'
            f'<h3>Findings</h3><ul class="card-findings">{found or "<li>none</li>"}</ul>'
            + (f'<h3>Other locales</h3><div class="gallery">{locales}</div>' if locales else ""))
    return _page(site, f"{entry.deck}/{entry.card}", up, body)


def prints(site: Site, depth: int) -> str:
    """The PDFs the build wrote, to download, and the boards, guides, help cards and tokens as page images."""
    up = "../" * depth
    sections = []
    for route, path in sorted(site.files.items()):
        name = route.removeprefix("files/")
        link = f'<h3 id="{escape(name)}"><a href="{up}{_q(*route.split("/"))}" download>{escape(name)}</a></h3>'
        images = ""
        if paged(route) and path.is_file():
            images = "".join(f'<img loading="lazy" class="page" src="{up}{_q(*page_route(route, n).split("/"))}" '
                             f'alt="{escape(name)} page {n}">' for n in range(1, page_count(path.read_bytes()) + 1))
        sections.append(link + (f'<div class="pages">{images}</div>' if images else ""))
    return _page(site, "Prints", up, "<h2>Prints</h2>" + ("".join(sections) or "<p>No PDF written yet.</p>"))


def diff(site: Site, depth: int, view: DiffView | None) -> str:
    up = "../" * depth
    form = ("" if not site.live else '<form method="get" action="diff.html"><label>against revision '
            f'<input name="rev" value="{escape(view.rev if view else "HEAD")}"></label> <button>compare</button></form>')
    return _page(site, "Diff", up, "<h2>Diff</h2>" + form + (_diff_section(site, up, view) if view is not None else ""))


def _diff_section(site: Site, up: str, view: DiffView) -> str:
    if view.problem:
        return f'<p class="problem">{escape(view.problem)}</p>'
    images = "".join(f'<figure class="comparison"><img loading="lazy" src="{up}{route}" alt="{escape(route)}">'
                     f'<figcaption>{escape(route.rsplit("/", 1)[-1])}</figcaption></figure>'
                     for route in sorted(view.images))
    lines = "".join(f"<li>{escape(line)}</li>" for line in view.lines)
    return (f'<h2>Changed cards since {escape(view.rev)}</h2><ul class="diff-lines">{lines}</ul>'
            f'<div class="comparisons">{images}</div>')
