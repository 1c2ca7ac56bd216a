"""Old World's reference guide and player aid as `GuideDocument`s, built from `content/old-world/guide/`.

English comes from the YAML; another locale's text comes from `text(context, source)` (the
Localizer's `text`). Every string is translated first and its `{name}` placeholders filled after,
from the manifest's `rules`, so a changed constant changes the guide in every language. msgctxt
paths: `guide:<section-id>:title`, `guide:<section-id>:<entry-id>:title`, `...:block-2`,
`...:block-2:item-1`, `...:block-2:row-1-col-2`, `...:summary-1`, `...:index-1`. Tables with a
`source` are generated from the manifest and the map.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from pipeline.content.database import Database, Record
from pipeline.i18n.messages import SourceString
from pipeline.i18n.tokens import fill
from pipeline.rules.guide import Block, Entry, GuideDocument, GuideLabels, QuickReferenceRow, Section

from .content import OldWorldContent
from .enums import LocationAction, PokerCategory
from .models import GuideBlock, GuideEntry, GuideSection, GuideSettings, Manifest

Text = Callable[[str, str], str]
GLOSSARY = "glossary"
GENERATED = ("guide:table:", "guide:poker:")  # msgctxt of words this module writes

POKER_NAMES = {
    PokerCategory.NOTHING: "Nothing",
    PokerCategory.PAIR: "Pair",
    PokerCategory.TWO_PAIRS: "Two Pairs",
    PokerCategory.THREE_KIND: "Three of a Kind",
    PokerCategory.STRAIGHT_LOW: "Five High Straight",
    PokerCategory.STRAIGHT_HIGH: "Six High Straight",
    PokerCategory.FULL_HOUSE: "Full House",
    PokerCategory.FOUR_KIND: "Four of a Kind",
    PokerCategory.FIVE_KIND: "Five of a Kind",
}
ACTION_ENTRIES = {
    LocationAction.SCHOOL: "action-school",
    LocationAction.TRAIN_ATTRIBUTE: "action-train",
    LocationAction.POTION: "action-potion",
    LocationAction.LOCALS_POKER: "action-locals-poker",
    LocationAction.TRAIL_QUEST: "action-trail-quest",
    LocationAction.CARD_EXCHANGE: "action-card-exchange",
    LocationAction.POOL_TRASH: "action-pool-trash",
    LocationAction.SPECIAL: "action-special",
}
TABLE_HEADERS = {
    "setup-seats": (("players", "Players"),),
    "locations": (("number", "No."), ("location", "Location"), ("terrain", "Terrain"), ("action", "Action")),
    "solo-tiers": (("turns", "Turns"), ("title", "Title")),
    "poker-ranking": (("hand", "Hand"), ("solo", "Solo {icon:gold}")),
}


def rule_constants(manifest: Manifest | None) -> dict[str, int]:
    """The manifest's rule constants a guide placeholder may name: every whole-number key of `rules`."""
    if manifest is None:
        return {}
    values = manifest.rules.model_dump()
    return {k: v for k, v in values.items() if isinstance(v, int) and not isinstance(v, bool)}


def _same(context: str, source: str) -> str:
    return source


class _Builder:
    """Builds the documents of one locale; remembers every source string it translated (for extraction)."""

    def __init__(self, db: Database, locale: str, text: Text | None) -> None:
        self.content = OldWorldContent(db)
        self.db = db
        self.locale = locale
        self.text = text or _same
        self.constants = rule_constants(self.content.manifest)
        self.strings: list[SourceString] = []
        self._seen: set[str] = set()
        settings = db.all("guide")
        self.settings: GuideSettings | None = settings[0] if settings else None
        self.settings_record: Record | None = db.records("guide")[0] if settings else None

    def t(self, context: str, source: str, record: Record | None = None, *path: str | int) -> str:
        """The localized text of a source string with its rule placeholders filled."""
        if source and context not in self._seen and (record is not None or context.startswith(GENERATED)):
            self._seen.add(context)
            if record is None:  # a word of a generated table, written in this module
                self.strings.append(SourceString(context, source, note="a heading of a table generated from the content"))
            else:
                pos = record.loaded.position([*record.path, *path])
                self.strings.append(SourceString(context, source, path=Path(record.loaded.path), line=pos.line))
        translated = self.text(context, source) if source else source
        return fill(translated, lambda name: str(self.constants[name]) if name in self.constants else None)

    # --- Documents ----------------------------------------------------------------------------

    def document(self, aid: bool) -> GuideDocument:
        settings, record = self.settings, self.settings_record
        default = "The Witcher: Old World"
        if aid:
            title = self.t("guide:aid-title", settings.aid_title, record, "aid_title") if settings else default
        else:
            title = self.t("guide:title", settings.title, record, "title") if settings else default
        sections = [self.section(rec, aid) for rec in self.db.records("guide-sections") if rec.entity.aid or not aid]
        if not aid:
            sections.append(self.glossary())
        return GuideDocument(
            game_id="old-world",
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

    def glossary(self) -> Section:
        records = self.db.records(GLOSSARY)
        title_source = self.settings.glossary_title if self.settings else "Glossary"
        title = self.t(f"guide:{GLOSSARY}:title", title_source, self.settings_record, "glossary_title")
        prefix = f"guide:{GLOSSARY}"
        entries = tuple(self.entry(rec.entity, prefix, rec, (), aid=False) for rec in records)
        return Section(GLOSSARY, title, (), entries, sort_entries=True)

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
            if block.source:
                rows = self.table(block.source)
            else:
                rows = tuple(
                    tuple(self.t(f"{ctx}:row-{r + 1}-col-{c + 1}", cell, rec, *where, "rows", r, c)
                          for c, cell in enumerate(row))
                    for r, row in enumerate(block.rows)
                )
            out.append(Block(block.kind, text, items, block.order, rows))
        return tuple(out)

    # --- Generated tables ---------------------------------------------------------------------

    def header(self, source: str) -> list[str]:
        return [self.t(f"guide:table:{source}:{key}", text) for key, text in TABLE_HEADERS[source]]

    def table(self, source: str) -> tuple[tuple[str, ...], ...]:
        manifest = self.content.manifest
        if manifest is None:
            return ()
        make: dict[str, Callable[[Manifest], list[list[str]]]] = {
            "setup-seats": self._seats,
            "locations": self._locations,
            "solo-tiers": self._solo_tiers,
            "poker-ranking": self._poker,
        }
        return tuple(tuple(row) for row in [self.header(source) if source != "setup-seats" else [], *make[source](manifest)]
                     if row)

    def _seats(self, manifest: Manifest) -> list[list[str]]:
        seats = max(len(profile.seats) for profile in manifest.setup)
        label = self.t("guide:table:setup-seats:seat", "Seat {seat}")
        header = [*self.header("setup-seats"), *(fill(label, {"seat": str(n)}.get) for n in range(1, seats + 1))]
        rows = [header]
        for profile in manifest.setup:
            cells = [f"{{icon:draw}}\u00a0{seat.cards} {{icon:gold}}\u00a0{seat.gold}" for seat in profile.seats]
            rows.append([str(profile.players), *cells, *["–"] * (seats - len(cells))])
        return rows

    def _locations(self, manifest: Manifest) -> list[list[str]]:
        rows = []
        for location in self.content.locations:
            action = f"[[{ACTION_ENTRIES[location.action.type]}]]"
            if location.action.attribute is not None:
                action += f" {{icon:{location.action.attribute.value}}}"
            name = self.t(f"location:{location.id}:name", location.name)
            rows.append([str(location.number), name, f"{{icon:{location.terrain.value}}}", action])
        return rows

    def _solo_tiers(self, manifest: Manifest) -> list[list[str]]:
        rows = []
        for tier in manifest.solo_tiers:
            low, high = tier.min_turns, tier.max_turns
            turns = f"≤ {high}" if low is None else f"≥ {low}" if high is None else f"{low}–{high}"
            rows.append([turns, f"**{self.t(f'solo-tier:{tier.id}:title', tier.title)}**"])
        return rows

    def _poker(self, manifest: Manifest) -> list[list[str]]:
        payout = manifest.dice_poker.solo_payout
        return [
            [self.t(f"guide:poker:{category.value}", POKER_NAMES[category]), str(payout.get(category, 0))]
            for category in manifest.dice_poker.ranking
        ]


def guide_document(db: Database, locale: str, text: Text | None = None) -> GuideDocument:
    """The reference guide of one locale: every rules section, then the glossary."""
    return _Builder(db, locale, text).document(aid=False)


def player_aid_document(db: Database, locale: str, text: Text | None = None) -> GuideDocument:
    """The player aid of one locale: the sections marked `aid`, each entry by its summary."""
    return _Builder(db, locale, text).document(aid=True)


def guide_strings(db: Database) -> list[SourceString]:
    """Every translatable string of the guide and the player aid, with where its English is written."""
    builder = _Builder(db, "en", None)
    builder.document(aid=False)
    builder.document(aid=True)
    return builder.strings

