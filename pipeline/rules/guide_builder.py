"""A game's guide files (pipeline/content/guide.py) as `GuideDocument`s: the reference guide and a player aid.

English comes from the YAML; another locale's text comes from `text(context, source)` (the
Localizer's `text`). Every string is translated first and its `{name}` placeholders filled after,
from the game's rule constants, so a changed constant changes the guide in every language; this is
the one place rule numbers are filled (help cards use `fill_constants` too).
msgctxt paths: `guide:title`, `guide:aid-title`, `guide:<section-id>:title`,
`guide:<section-id>:<entry-id>:title`, `...:block-2`, `...:block-2:item-1`, `...:block-2:row-1-col-2`,
`...:summary-1`, `...:index-1`, `guide:glossary:<entry-id>:title`, `guide:label:<name>`,
`guide:quick-reference:<icon>:name`.

What a game adds it adds by subclassing `GuideBuilder`: `table(source)` generates the rows of a
table block with a `source` and `items(source)` the items of a list block with one (the game's own
sources; the base knows none), `reference(kind, key)` prints a `{kind:id}` reference to the game's
data, and words the subclass writes itself are translated under the msgctxt prefixes it names in
`generated`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from pydantic import BaseModel

from pipeline.content.database import Database, Record
from pipeline.content.guide import GuideBlock, GuideEntry, GuideSection, GuideSettings
from pipeline.i18n.messages import SourceString
from pipeline.i18n.tokens import fill

from .guide import Block, Entry, GuideDocument, GuideLabels, QuickReferenceRow, Section

Text = Callable[[str, str], str]
Rows = tuple[tuple[str, ...], ...]
GLOSSARY = "glossary"


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
                 default_title: str, generated: tuple[str, ...] = ()) -> None:
        self.db = db
        self.locale = locale
        self.text = text or _same
        self.constants = constants
        self.game_id = game_id
        self.default_title = default_title
        self.generated = generated  # msgctxt prefixes of words the game's builder writes itself
        self.strings: list[SourceString] = []
        self._seen: set[str] = set()
        records = db.records("guide")
        self.settings_record: Record | None = records[0] if records else None
        self.settings: GuideSettings | None = self.settings_record.entity if self.settings_record else None

    def t(self, context: str, source: str, record: Record | None = None, *path: str | int) -> str:
        """The localized text of a source string with its rule placeholders filled."""
        if source and context not in self._seen and (record is not None or context.startswith(self.generated)):
            self._seen.add(context)
            if record is None:  # a word of a generated table, written by the game's builder
                self.strings.append(SourceString(context, source, note="a heading of a table generated from the content"))
            else:
                pos = record.loaded.position([*record.path, *path])
                self.strings.append(SourceString(context, source, path=Path(record.loaded.path), line=pos.line))
        translated = self.text(context, source) if source else source
        return fill_constants(translated, self.constants, self.reference)

    def reference(self, kind: str, key: str) -> str | None:
        """What a `{kind:key}` reference to the game's data prints (None: kept as written); the base knows no data."""
        return None

    # --- Documents ----------------------------------------------------------------------------

    def document(self, aid: bool = False) -> GuideDocument:
        """The reference guide (every section, then the glossary), or the player aid (`aid` sections, summaries)."""
        settings, record = self.settings, self.settings_record
        if aid:
            title = (self.t("guide:aid-title", settings.aid_title, record, "aid_title")
                     if settings and settings.aid_title else self.default_title)
        else:
            title = self.t("guide:title", settings.title, record, "title") if settings else self.default_title
        records = self.db.records("guide-sections")
        sections = [
            self.glossary(rec) if rec.entity.glossary else self.section(rec, aid)
            for rec in records
            if (rec.entity.aid or not aid) and not (aid and rec.entity.glossary)
        ]
        if not aid and not any(rec.entity.glossary for rec in records):
            sections.append(self.glossary(None))
        return GuideDocument(
            game_id=self.game_id,
            locale=self.locale,
            title=title,
            sections=tuple(sections),
            quick_reference=self.quick_reference(),
            labels=self.labels(),
            umlauts=settings.umlauts if settings else "expand",
        )

    def labels(self) -> GuideLabels:
        if self.settings is None or self.settings_record is None:
            return GuideLabels()
        words = self.settings.labels.model_dump()
        return GuideLabels(**{name: self.t(f"guide:label:{name}", value, self.settings_record, "labels", name)
                              for name, value in words.items()})

    def quick_reference(self) -> tuple[QuickReferenceRow, ...]:
        if self.settings is None or self.settings_record is None:
            return ()
        rec = self.settings_record
        return tuple(
            QuickReferenceRow(
                icon.icon,
                self.t(f"guide:quick-reference:{icon.icon}:name", icon.name, rec, "quick_reference", i, "name"),
                self.t(f"guide:quick-reference:{icon.icon}:text", icon.text, rec, "quick_reference", i, "text"),
            )
            for i, icon in enumerate(self.settings.quick_reference)
        )

    def section(self, rec: Record, aid: bool) -> Section:
        section: GuideSection = rec.entity
        prefix = f"guide:{section.id}"
        title = self.t(f"{prefix}:title", section.title, rec, "title")
        intro = self.blocks(section.intro, f"{prefix}:intro", rec, ("intro",))
        entries = [
            self.entry(entry, prefix, rec, ("entries", i), aid)
            for i, entry in enumerate(section.entries)
            if entry.summary or not aid
        ]
        if section.key_terms:
            intro = (*intro, self.key_terms(aid))
        return Section(section.id, title, intro, tuple(entries))

    def glossary(self, placed: Record | None) -> Section:
        """The glossary's entries, sorted per locale: in the section marked `glossary`, else as the last section."""
        prefix = f"guide:{GLOSSARY}"
        section_id = GLOSSARY
        intro: tuple[Block, ...] = ()
        if placed is not None:
            section: GuideSection = placed.entity
            section_id = section.id
            title = self.t(f"guide:{section.id}:title", section.title, placed, "title")
            intro = self.blocks(section.intro, f"guide:{section.id}:intro", placed, ("intro",))
        elif self.settings is not None and self.settings.glossary_title:
            title = self.t(f"{prefix}:title", self.settings.glossary_title, self.settings_record, "glossary_title")
        else:
            title = self.t(f"{prefix}:title", "Glossary")
        entries = tuple(self.entry(rec.entity, prefix, rec, (), aid=False) for rec in self.db.records(GLOSSARY))
        return Section(section_id, title, intro, entries, sort_entries=True)

    def key_terms(self, aid: bool) -> Block:
        """Links to the glossary's key terms (guide), or each with its summary (aid); sorted per locale."""
        items = []
        for rec in self.db.records(GLOSSARY):
            entry: GuideEntry = rec.entity
            if not entry.key_term:
                continue
            if not aid or not entry.summary:
                items.append(f"[[{entry.id}]]")
                continue
            prefix = f"guide:{GLOSSARY}:{entry.id}"
            name = self.t(f"{prefix}:title", entry.title, rec, "title")
            summary = self.t(f"{prefix}:summary-1", entry.summary[0].text, rec, "summary", 0, "text")
            items.append(f"**{name}:** {summary}")
        return Block("bullets", items=tuple(items), order="alphabetical")

    def entry(self, entry: GuideEntry, prefix: str, rec: Record, path: tuple[str | int, ...], aid: bool) -> Entry:
        here = f"{prefix}:{entry.id}"
        title = self.t(f"{here}:title", entry.title, rec, *path, "title")
        blocks = self.blocks(entry.blocks, f"{here}:block", rec, (*path, "blocks"))
        summary = self.blocks(entry.summary, f"{here}:summary", rec, (*path, "summary"))
        terms = tuple(self.t(f"{here}:index-{i + 1}", term, rec, *path, "index_terms", i)
                      for i, term in enumerate(entry.index_terms))
        return Entry(entry.id, title, summary if aid else blocks, tuple(entry.related), terms)

    def blocks(self, blocks: Sequence[GuideBlock], prefix: str, rec: Record, path: tuple[str | int, ...]) -> tuple[Block, ...]:
        out = []
        for i, block in enumerate(blocks):
            ctx, where = f"{prefix}-{i + 1}", (*path, i)
            text = self.t(ctx, block.text, rec, *where, "text")
            items = tuple(self.t(f"{ctx}:item-{j + 1}", item, rec, *where, "items", j) for j, item in enumerate(block.items))
            rows: Rows = ()
            if block.source and block.kind != "table":
                items = self.items(block.source)
            elif block.source:
                rows = self.table(block.source)
            else:
                rows = tuple(
                    tuple(self.t(f"{ctx}:row-{r + 1}-col-{c + 1}", cell, rec, *where, "rows", r, c)
                          for c, cell in enumerate(row))
                    for r, row in enumerate(block.rows)
                )
            out.append(Block(block.kind, text, items, block.order, rows))
        return tuple(out)

    def table(self, source: str) -> Rows:
        """The rows of a table generated from the content; a game with table sources overrides this."""
        return ()

    def items(self, source: str) -> tuple[str, ...]:
        """The items of a list generated from the content; a game with list sources overrides this."""
        return ()
