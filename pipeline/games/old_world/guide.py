"""Old World's reference guide and player aid as `GuideDocument`s, built from `content/old-world/guide/`.

The shared builder (pipeline/rules/guide_builder.py) does the sections, glossary, key terms and
player aid; what is Old World's own is here: the tables a block's `source` generates from the
manifest and the map (TABLE_HEADERS lists the sources), their words under `guide:table:` and
`guide:poker:`.
"""

from __future__ import annotations

from collections.abc import Callable

from pipeline.content.database import Database
from pipeline.i18n.messages import SourceString
from pipeline.i18n.tokens import fill
from pipeline.rules.guide import GuideDocument
from pipeline.rules.guide_builder import GuideBuilder, Rows, Text
from pipeline.rules.guide_builder import rule_constants as shared_rule_constants

from .content import OldWorldContent
from .enums import LocationAction, PokerCategory
from .models.base import Manifest, Pack

GENERATED = ("guide:table:", "guide:poker:")  # msgctxt of words this module writes
PACK_TITLE_NOTE = "the title of the rules of the packs printed alone (build --pack-only); {packs}: their names"

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
    return shared_rule_constants(manifest.rules if manifest else None)


class _Builder(GuideBuilder):
    """The shared builder with Old World's generated tables (a block's `source`) and its packs' marks and titles."""

    def __init__(self, db: Database, locale: str, text: Text | None, pack_only: bool = False) -> None:
        self.content = OldWorldContent(db)
        super().__init__(db, locale, text, rule_constants(self.content.manifest), "old-world", "The Witcher: Old World",
                         generated=GENERATED, pack_only=pack_only)

    # --- Packs --------------------------------------------------------------------------------

    def pack_mark(self, pack: str) -> str:
        """A pack's symbol, as its cards print it (its id where the manifest gives none)."""
        found = self._pack(pack)
        return (found.symbol or found.id) if found is not None else pack

    def pack_title(self, aid: bool) -> str:
        """"Mages – Rules" (or "– Player Aid"): the selected packs by name, in the manifest's order."""
        manifest = self.content.manifest
        names = [self.field(p, "name") for p in manifest.packs if p.id in self.db.packs] if manifest else []
        if aid:
            pattern = self.word("guide:pack-only:aid-title", "{packs} – Player Aid", PACK_TITLE_NOTE)
        else:
            pattern = self.word("guide:pack-only:title", "{packs} – Rules", PACK_TITLE_NOTE)
        return fill(pattern, {"packs": " + ".join(names)}.get)

    def _pack(self, pack: str) -> Pack | None:
        manifest = self.content.manifest
        return next((p for p in manifest.packs if p.id == pack), None) if manifest else None

    # --- Generated tables ---------------------------------------------------------------------

    def header(self, source: str) -> list[str]:
        return [self.t(f"guide:table:{source}:{key}", text) for key, text in TABLE_HEADERS[source]]

    def table(self, source: str) -> Rows:
        manifest = self.content.manifest
        if manifest is None or source not in TABLE_HEADERS:  # an unknown source is OW-GUIDE-TABLE
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
        for location in self.content.continent:  # the main board's; Skellige's islands print on its extension
            action = f"[[{ACTION_ENTRIES[location.action.type]}]]"
            if location.action.attribute is not None:
                action += f" {{icon:{location.action.attribute.value}}}"
            name = self.field(location, "name")
            rows.append([str(location.number), name, f"{{icon:{location.terrain.value}}}", action])
        return rows

    def _solo_tiers(self, manifest: Manifest) -> list[list[str]]:
        rows = []
        for tier in manifest.solo_tiers:
            low, high = tier.min_turns, tier.max_turns
            turns = f"≤ {high}" if low is None else f"≥ {low}" if high is None else f"{low}–{high}"
            rows.append([turns, f"**{self.field(tier, 'title')}**"])
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


def pack_documents(db: Database, locale: str, text: Text | None = None) -> list[tuple[str, GuideDocument]]:
    """The selected packs' rules alone (`build --pack-only`): their reference guide and player aid by output
    name, titled by the packs' names; none when the packs write no rules text."""
    guide, aid = _Builder(db, locale, text, pack_only=True), _Builder(db, locale, text, pack_only=True)
    if not guide.has_pack_text():
        return []
    documents = [("reference-guide", guide.document(aid=False)), ("player-aid", aid.document(aid=True))]
    return [(name, document) for name, document in documents if document.sections]


def guide_strings(db: Database) -> list[SourceString]:
    """The words of the generated tables (`GENERATED`) and of the packs' titles; the guide files' own text is
    extracted from their Translatable fields with the rest of the content."""
    builder = _Builder(db, "en", None)
    builder.document(aid=False)
    builder.document(aid=True)
    packs = _Builder(db, "en", None, pack_only=True)
    packs.pack_title(aid=False)
    packs.pack_title(aid=True)
    return builder.strings + packs.strings

