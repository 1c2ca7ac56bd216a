"""A game's guide files (pipeline/content/guide.py) as `GuideDocument`s: the reference guide and a player aid.

English comes from the YAML; another locale's text comes from `text(context, source)` (the
Localizer's `text`). Every string is translated first and its `{name}` placeholders filled after,
from the game's rule constants, so a changed constant changes the guide in every language; this is
the one place rule numbers are filled (help cards use `fill_constants` too).
The guide's fields are `Translatable` (pipeline/content/guide.py): the builder asks `field(model,
name)` and their msgctxt is the one extraction derives from the ids (`TextIndex`), e.g.
`guide:turn:entries:phase-two:blocks:choices:items:meditate:text`.

The rule data a game's file kinds declare (pipeline/content/rule_data.py) prints with no code of the
game's: a `{kind:id}` reference prints an entity's name and `{kind_field:id}` one of its numbers, a
list block whose `source` is a listed collection or `<id>-<parts>` prints its items, and the entities
marked `quick_reference` are quick-reference rows. The words the builder writes around them are
translated under `guide:list:` (ONLY_FOR, NO_RESULT).

What else a game prints it adds by subclassing `GuideBuilder`: `table(source)` generates the rows of
a table block with a `source` (the base knows none), and words the subclass writes itself are
translated under the msgctxt prefixes it names in `generated`.

A pack's rules text (sections and glossary entries written in `packs/<id>/`) shows when the database
selects the pack, like every pack entity; its section titles and glossary entry titles carry the pack's
mark (`pack_mark`, a game's own: Old World prints the pack's symbol). With `pack_only` the documents hold
the selected packs' rules text alone, under the title `pack_title` gives.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from pydantic import BaseModel

from pipeline.content.database import BASE_PACK, Database, Record
from pipeline.content.guide import GuideBlock, GuideContent, GuideEntry, GuideSection, GuideSettings
from pipeline.content.rule_data import DataKind, RuleDataIndex
from pipeline.content.texts import text_index
from pipeline.i18n.messages import SourceString
from pipeline.i18n.tokens import LINK, fill

from .guide import Block, Entry, GuideDocument, GuideLabels, QuickReferenceRow, Section

Text = Callable[[str, str], str]
Rows = tuple[tuple[str, ...], ...]
GLOSSARY = "glossary"
# Words the builder writes around the rule data in its lists, by msgctxt (`{owner}`: the owner field's name).
ONLY_FOR = "guide:list:only-for"
NO_RESULT = "guide:list:no-result"
LIST_WORDS_NOTE = "words the guide prints around the rule data in its lists"


def rule_constants(rules: BaseModel | None) -> dict[str, int]:
    """The rule constants a guide placeholder may name: every whole-number key of the manifest's `rules`."""
    if rules is None:
        return {}
    return {k: v for k, v in rules.model_dump().items() if isinstance(v, int) and not isinstance(v, bool)}


def fill_constants(text: str, constants: dict[str, int], reference: Callable[[str, str], str | None] | None = None) -> str:
    """Text with each `{name}` placeholder of a rule constant replaced by its value, and each `{kind:id}`
    reference by what `reference` prints for it (others kept as written)."""
    return fill(text, lambda name: str(constants[name]) if name in constants else None, reference)


def _same(context: str, source: str) -> str:
    return source


class GuideBuilder:
    """Builds the documents of one locale; remembers every source string it translated (for extraction)."""

    def __init__(self, db: Database, locale: str, text: Text | None, constants: dict[str, int], game_id: str,
                 default_title: str, generated: tuple[str, ...] = (), pack_only: bool = False) -> None:
        self.db = db
        self.pack_only = pack_only  # the selected packs' rules text alone
        self.locale = locale
        self.text = text or _same
        self.constants = constants
        self.game_id = game_id
        self.default_title = default_title
        self.generated = generated  # msgctxt prefixes of words the game's builder writes itself
        self.strings: list[SourceString] = []  # the words the builder writes itself (`generated`, `word`)
        self._seen: set[str] = set()
        self.texts = text_index(db)
        self.guide = GuideContent(db)
        self.data = RuleDataIndex(db)
        self.settings: GuideSettings | None = self.guide.settings

    def t(self, context: str, source: str) -> str:
        """The localized text of a source string with its rule placeholders filled; a word the game's
        builder writes itself (its context under a `generated` prefix) is remembered for extraction."""
        if source and context not in self._seen and context.startswith(self.generated):
            self._seen.add(context)
            self.strings.append(SourceString(context, source, note="a heading of a table generated from the content"))
        translated = self.text(context, source) if source else source
        return fill_constants(translated, self.constants, self.reference)

    def word(self, context: str, source: str, note: str) -> str:
        """A word the builder writes itself, localized; remembered for extraction with a note to translators."""
        if context not in self._seen:
            self._seen.add(context)
            self.strings.append(SourceString(context, source, note=note))
        return self.t(context, source)

    def field(self, owner: BaseModel, name: str) -> str:
        """A translatable field of a guide model, localized (empty stays empty)."""
        source = getattr(owner, name)
        return self.t(self.texts.context(owner, name), source) if source else source

    def reference(self, kind: str, key: str) -> str | None:
        """What a `{kind:key}` reference to the rule data prints: the entity's name, or with `kind_field` one of
        its numbers (None: kept as written, and reported by <prefix>-GUIDE-REF)."""
        name, _, field = kind.partition("_")
        found = self.data.get(name, key)
        if found is None:
            return None
        if field:
            return str(getattr(found, field)) if hasattr(found, field) else None
        if not self.data.kinds[name].named:
            return None
        printed = self.field(found, "name")
        return f"**{printed}**" if self.data.kinds[name].declared.bold else printed

    # --- Documents ----------------------------------------------------------------------------

    def document(self, aid: bool = False) -> GuideDocument:
        """The reference guide (every section, then the glossary), or the player aid (`aid` sections, summaries)."""
        settings = self.settings
        if self.pack_only:
            title = self.pack_title(aid)
        elif aid:
            title = self.field(settings, "aid_title") if settings and settings.aid_title else self.default_title
        else:
            title = self.field(settings, "title") if settings else self.default_title
        records = [rec for rec in self.guide.section_records if self.is_printed(rec)]
        sections = [
            self.glossary(rec) if rec.entity.glossary else self.section(rec, aid)
            for rec in records
            if (rec.entity.aid or not aid) and not (aid and rec.entity.glossary)
        ]
        glossary = [rec for rec in self.guide.glossary_records if self.is_printed(rec)]
        if not aid and not any(rec.entity.glossary for rec in records) and (glossary or not self.pack_only):
            sections.append(self.glossary(None))
        if self.pack_only:
            sections = self.unlinked(sections)
        return GuideDocument(
            game_id=self.game_id,
            locale=self.locale,
            title=title,
            sections=tuple(sections),
            quick_reference=() if self.pack_only else self.quick_reference(),
            labels=self.labels(),
            umlauts=settings.umlauts if settings else "expand",
        )

    def is_printed(self, rec: Record) -> bool:
        """Whether a section or glossary entry the database shows prints: every one, or a pack's alone (`pack_only`);
        a section that asks for several packs (`min_packs`) only when that many are selected."""
        wanted = rec.entity.min_packs if isinstance(rec.entity, GuideSection) else 0
        if wanted:  # packs, not the modes or chosen kinds of one pack
            return len(self.db.whole_packs) >= wanted
        return not self.pack_only or self.db.pack_of(rec) != BASE_PACK

    def has_pack_text(self) -> bool:
        """Whether the selected packs write rules text of their own (what a `pack_only` document prints)."""
        records = [*self.guide.section_records, *self.guide.glossary_records]
        return any(self.db.pack_of(rec) != BASE_PACK for rec in records)

    def unlinked(self, sections: list[Section]) -> list[Section]:
        """The packs' sections printed alone: a link to a base entry names it without a page, and a related topic
        that is not printed is left out (the base rules are in the base guide)."""
        printed = {entry.id for section in sections for entry in section.entries}
        titles = {entry.id: self.field(entry, "title") for entry in self._entries()}

        def text(value: str) -> str:
            return LINK.sub(lambda m: m.group(0) if m.group(1) in printed else f"*{titles.get(m.group(1), m.group(1))}*",
                            value)

        def blocks(found: tuple[Block, ...]) -> tuple[Block, ...]:
            return tuple(replace(block, text=text(block.text), items=tuple(text(item) for item in block.items),
                                 rows=tuple(tuple(text(cell) for cell in row) for row in block.rows)) for block in found)

        return [replace(section, intro=blocks(section.intro), entries=tuple(
            replace(entry, blocks=blocks(entry.blocks), related=tuple(r for r in entry.related if r in printed))
            for entry in section.entries)) for section in sections]

    def _entries(self) -> list[GuideEntry]:
        """Every entry the database shows: the sections' and the glossary's."""
        found = [entry for rec in self.guide.section_records for entry in rec.entity.entries]
        return found + [rec.entity for rec in self.guide.glossary_records]

    def marked(self, rec: Record, title: str) -> str:
        """A title with the mark of the pack its record comes from (as written for the base game's)."""
        pack = self.db.pack_of(rec)
        mark = self.pack_mark(pack) if pack != BASE_PACK else ""
        return f"{title} [{mark}]" if mark else title

    def pack_mark(self, pack: str) -> str:
        """The mark a pack's rules text carries (its symbol); a game with packs overrides this."""
        return pack

    def pack_title(self, aid: bool) -> str:
        """The title of a `pack_only` document; a game with packs overrides this to name them."""
        return ", ".join(self.db.packs)

    def labels(self) -> GuideLabels:
        if self.settings is None:
            return GuideLabels()
        labels = self.settings.labels
        return GuideLabels(**{name: self.field(labels, name) for name in type(labels).model_fields})

    def quick_reference(self) -> tuple[QuickReferenceRow, ...]:
        icons = self.settings.quick_reference if self.settings is not None else []
        written = [QuickReferenceRow(icon.icon, self.field(icon, "name"), self.field(icon, "text")) for icon in icons]
        data = [QuickReferenceRow(entity.icon, self.field(entity, "name"), self.field(entity, "summary"))
                for entity in self.data.quick_reference()]
        return (*written, *data)

    def section(self, rec: Record, aid: bool) -> Section:
        section: GuideSection = rec.entity
        title = self.marked(rec, self.field(section, "title"))
        intro = self.blocks(section.intro)
        entries = [self.entry(entry, aid) for entry in section.entries if entry.summary or not aid]
        if section.key_terms:
            intro = (*intro, self.key_terms(aid))
        return Section(section.id, title, intro, tuple(entries))

    def glossary(self, placed: Record | None) -> Section:
        """The glossary's entries, sorted per locale: in the section marked `glossary`, else as the last section."""
        section_id = GLOSSARY
        intro: tuple[Block, ...] = ()
        if placed is not None:
            section: GuideSection = placed.entity
            section_id = section.id
            title = self.field(section, "title")
            intro = self.blocks(section.intro)
        elif self.settings is not None and self.settings.glossary_title:
            title = self.field(self.settings, "glossary_title")
        else:
            title = self.t(f"guide:{GLOSSARY}:title", "Glossary")  # no content names it: printed as written
        entries = tuple(self.entry(rec.entity, aid=False, mark=rec) for rec in self.guide.glossary_records
                        if self.is_printed(rec))
        return Section(section_id, title, intro, entries, sort_entries=True)

    def key_terms(self, aid: bool) -> Block:
        """Links to the glossary's key terms (guide), or each with its summary (aid); sorted per locale."""
        items = []
        for rec in self.guide.glossary_records:
            entry: GuideEntry = rec.entity
            if not entry.key_term:
                continue
            if not aid or not entry.summary:
                items.append(f"[[{entry.id}]]")
                continue
            name, summary = self.field(entry, "title"), self.field(entry.summary[0], "text")
            items.append(f"**{name}:** {summary}")
        return Block("bullets", items=tuple(items), order="alphabetical")

    def entry(self, entry: GuideEntry, aid: bool, mark: Record | None = None) -> Entry:
        """An entry of a section, or of the glossary (`mark`: its record, whose pack marks its title)."""
        title = self.field(entry, "title")
        if mark is not None:
            title = self.marked(mark, title)
        blocks = self.blocks(entry.summary if aid else entry.blocks)
        terms = tuple(self.field(term, "text") for term in entry.index_terms)
        return Entry(entry.id, title, blocks, tuple(entry.related), terms)

    def blocks(self, blocks: Sequence[GuideBlock]) -> tuple[Block, ...]:
        out = []
        for block in blocks:
            items = tuple(self.field(item, "text") for item in block.items if item.pack is None or item.pack in self.db.packs)
            rows: Rows = ()
            if block.source and block.kind != "table":
                items = self.items(block.source)
            elif block.source:
                rows = self.table(block.source)
            else:
                rows = tuple(tuple(self.field(cell, "text") for cell in row.cells) for row in block.rows)
            out.append(Block(block.kind, self.field(block, "text"), items, block.order, rows))
        return tuple(out)

    def table(self, source: str) -> Rows:
        """The rows of a table generated from the content; a game with table sources overrides this."""
        return ()

    def items(self, source: str) -> tuple[str, ...]:
        """The items of a list generated from the rule data: one per entity of a listed collection, or the
        parts of one entity (`<id>-<parts>`); an unknown source is <prefix>-GUIDE-TABLE."""
        kind = self.data.listed(source)
        if kind is not None:
            return tuple(self._item(kind, entity) for entity in self.db.all(kind.collection))
        return tuple(self.field(part, "text") for part in self.data.parts(source) or [])

    def _item(self, kind: DataKind, entity: Any) -> str:
        """One entity of the rule data: its name in bold (and whose it is), then what it does."""
        name = f"**{self.field(entity, 'name')}**"
        owner = self.data.owner(kind, entity)
        if owner is not None:
            placeholder = f"{{{kind.declared.owner}}}"
            only = self.word(ONLY_FOR, f"({placeholder} only)", LIST_WORDS_NOTE)
            name += " " + only.replace(placeholder, self.field(owner, "name"))
        if kind.declared.item is None:
            return f"{name}: {self.field(entity, 'summary')}"
        what = kind.declared.item(entity) or self.word(NO_RESULT, "(none)", LIST_WORDS_NOTE)
        return f"{name}: {what}"
