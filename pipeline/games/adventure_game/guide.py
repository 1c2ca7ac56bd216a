"""The Rules Reference Guide as a game-agnostic `GuideDocument`, per locale, for the guide renderer.

English comes from the YAML, other locales from their catalog (English where a translation is
missing; the locale checks report it). Rule numbers and rule data names are filled in here, so
the printed text cannot drift from the data; `[[entry-id]]` links stay for the renderer, which
prints them as the entry's title and page, sorts the glossary and builds the index.
"""

from __future__ import annotations

from typing import Any, Literal

from pipeline.content.database import Database
from pipeline.rules.guide import Block, Entry, GuideDocument, GuideLabels, QuickReferenceRow, Section

from . import markup
from .content import AdventureContent
from .locales import LocaleCatalog, load_locale
from .models import GlossaryEntry, GuideBlock, GuideSection, Named

# A `list-of` block's source -> the reference kind of its items.
LIST_KINDS = {
    "actions": "action",
    "operations": "operation",
    "dice-faces": "face",
    "tokens": "token",
    "discards": "discard",
    "quests": "quest",
}


class Texts:
    """The strings of one locale: catalog translations, else the English."""

    def __init__(self, content: AdventureContent, locale: str) -> None:
        self.content = content
        self.locale = locale
        is_source = locale == content.source_locale
        self.catalog: LocaleCatalog | None = None if is_source else load_locale(content.db.root, locale)

    def get(self, context: str, english: str) -> str:
        found = self.catalog.text(context) if self.catalog else None
        return found or english

    def name(self, kind: str, entity: Named) -> str:
        return self.get(f"{kind}:{entity.id}:name", entity.name)

    def term(self, term_id: str) -> str:
        term = self.content.term_by_id[term_id]
        return term.translations.get(self.locale, term.source)[0] if self.locale != self.content.source_locale else term.source[0]


class Filler:
    """Fills the markup of one text for print: numbers, names, links (see markup.py)."""

    def __init__(self, texts: Texts, values: dict[str, int]) -> None:
        self.texts = texts
        self.values = values

    def __call__(self, text: str) -> str:
        text = markup.TOKEN.sub(lambda m: self._token(markup.Token(m.group(0), m.group(1), m.group(2))), text)
        return markup.LINK.sub(lambda m: self._link(markup.Link(m.group(0), m.group(1), m.group(2))), text)

    def _token(self, token: markup.Token) -> str:
        if token.is_icon:
            return token.raw
        if token.is_rule:
            value = self.values.get(token.name)
            return token.raw if value is None else str(value)
        found = self.texts.content.lookup(token.kind, token.id or "")
        if found is None:
            return token.raw
        if token.field is not None:
            return str(getattr(found, token.field, token.raw))
        name = self.texts.name(token.kind, found)
        return f"**{name}**" if token.kind == "trait" else name

    def _link(self, link: markup.Link) -> str:
        if link.words:
            return link.words
        if link.id in self.texts.content.entry_by_id:
            return link.raw
        if link.id in self.texts.content.term_by_id:
            return self.texts.term(link.id)
        return link.raw


def guide_document(db: Database, locale: str) -> GuideDocument:
    """The whole guide in one locale: sections in print order, the glossary for the renderer to sort."""
    content = AdventureContent(db)
    texts = Texts(content, locale)
    manifest = content.manifest
    quick: tuple[QuickReferenceRow, ...] = ()
    sections = []
    for section in content.sections:
        fill = Filler(texts, content.rule_values(section.variant))
        intro = tuple(_block(texts, fill, f"section:{section.id}", b, block) for b, block in enumerate(section.blocks))
        title = texts.get(f"section:{section.id}:title", section.title)
        entries: tuple[Entry, ...] = ()
        if section.role == "glossary":
            entries = tuple(_entry(texts, Filler(texts, content.rule_values()), entry) for entry in content.entries)
        if section.role == "quick-reference":
            quick = _quick_rows(texts, section)
        sections.append(Section(section.id, title, intro, entries, sort_entries=section.role == "glossary"))
    guide = manifest.guide if manifest else None
    labels = GuideLabels(
        **{name: texts.get(f"guide:{name.replace('_', '-')}", value) for name, value in _label_fields(guide).items()}
    )
    umlauts: Literal["expand", "base"] = "base" if content.collation(locale) == "base" else "expand"
    title = texts.get("guide:title", guide.title) if guide else ""
    return GuideDocument(content.db.game_id, locale, title, tuple(sections), quick, labels, umlauts)


def _label_fields(guide: Any) -> dict[str, str]:
    if guide is None:
        return {}
    names = ("contents", "index", "related", "see", "page", "quick_reference")
    return {name: getattr(guide, name) for name in names}


def _entry(texts: Texts, fill: Filler, entry: GlossaryEntry) -> Entry:
    prefix = f"entry:{entry.id}"
    blocks = tuple(_block(texts, fill, prefix, b, block) for b, block in enumerate(entry.blocks))
    index = tuple(fill(texts.get(f"{prefix}:index:{i + 1}", term)) for i, term in enumerate(entry.index_terms))
    return Entry(entry.id, fill(texts.get(f"{prefix}:title", entry.title)), blocks, tuple(entry.related), index)


def _block(texts: Texts, fill: Filler, prefix: str, index: int, block: GuideBlock) -> Block:
    here = f"{prefix}:body:{index + 1}"
    if block.kind in ("paragraph", "example", "note"):
        return Block(block.kind, text=fill(texts.get(here, block.text)))
    if block.kind in ("bullets", "numbered"):
        items = tuple(fill(texts.get(f"{here}:{i + 1}", item)) for i, item in enumerate(block.items))
        return Block(block.kind, items=items, order=block.order)
    if block.kind == "table":
        rows = tuple(
            tuple(fill(texts.get(f"{here}:{r + 1}:{c + 1}", cell)) for c, cell in enumerate(row))
            for r, row in enumerate(block.rows)
        )
        return Block("table", rows=rows)
    if block.kind == "steps":
        procedure = texts.content.lookup("procedure", block.procedure or "")
        steps = procedure.steps if procedure else []
        key = f"procedure:{block.procedure}:step"
        return Block("numbered", items=tuple(fill(texts.get(f"{key}:{s.id}", s.text)) for s in steps))
    return Block("bullets", items=_data_items(texts, fill, block), order=block.order)


def _data_items(texts: Texts, fill: Filler, block: GuideBlock) -> tuple[str, ...]:
    """A `list-of` block: one item per thing of the rule data, its name in bold, then what it does."""
    kind = LIST_KINDS[block.source or ""]
    items = []
    for entity in texts.content.data(kind):
        name = f"**{texts.name(kind, entity)}**"
        hero = getattr(entity, "hero", None)
        if hero is not None and (found := texts.content.lookup("hero", hero)) is not None:
            name += " " + texts.get("guide:only-for", "({hero} only)").replace("{hero}", texts.name("hero", found))
        if kind == "face":
            what = " + ".join(f"{n} {{icon:{r.value}}}" for r, n in entity.results.items())
            what = what or texts.get("guide:no-result", "(none)")
        else:
            what = texts.get(f"{kind}:{entity.id}:summary", entity.summary)
        items.append(f"{name}: {fill(what)}")
    return tuple(items)


def _quick_rows(texts: Texts, section: GuideSection) -> tuple[QuickReferenceRow, ...]:
    rows = []
    for token_id in section.quick_reference:
        token = texts.content.lookup("token", token_id)
        if token is not None:
            summary = texts.get(f"token:{token.id}:summary", token.summary)
            rows.append(QuickReferenceRow(token.icon, texts.name("token", token), summary))
    return tuple(rows)
