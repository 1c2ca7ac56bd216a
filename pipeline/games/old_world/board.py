"""Old World's boards as render-ready data: the game board (map, market, monsters, trophy track, decks,
phases) and one player board per school, localized.

Numbers come from the manifest (market slot modifiers, trophy track, level-up draws, attribute and
shield limits); labels from `texts/boards.yaml` and the other message templates.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pipeline.content.database import Database
from pipeline.content.texts import text_index
from pipeline.i18n.content import LocalizedText
from pipeline.i18n.localizer import Localizer
from pipeline.rules.boards import Area, BoardLocation, Boards, BoardSpec, Site, Spot
from pipeline.rules.components import Where

from .content import OldWorldContent
from .effects import DiscardPotions
from .enums import Attribute, LocationAction, Terrain
from .models.base import Location, Manifest, MapFile, School
from .models.skellige import SkelligeBoard
from .texts import when_message

BOARD_TEMPLATE = "board"
SKELLIGE_TEMPLATE = "skellige-board"
MAGE_MARKET_TEMPLATE = "mage-market-board"
MAGE_MARKET_SIZE = (495.0, 155.0)  # mm; must match the mage-market-board layout template
PLAYER_BOARD_TEMPLATE = "player-board"
PLAYER_BOARD_SIZE = (250.0, 170.0)  # mm; must match the player-board layout template
ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")

# The icon each location action prints with (training shows its attribute instead).
ACTION_ICONS = {
    LocationAction.SCHOOL: "school",
    LocationAction.POTION: "potion",
    LocationAction.LOCALS_POKER: "dice",
    LocationAction.TRAIL_QUEST: "quest",
    LocationAction.CARD_EXCHANGE: "exchange",
    LocationAction.POOL_TRASH: "trash",
    LocationAction.SPECIAL: "gold",
    LocationAction.TRAIN_ANY: "specialty",
    LocationAction.MARKET_GAIN: "draw",
    LocationAction.TROPHY_UPGRADE: "trophy",
}
PRINT_LABELS = ("print:assembly", "print:assembly-help", "print:overlap", "print:tile")


def old_world_boards(db: Database, loc: Localizer) -> Boards:
    """The game board and the five player boards in the localizer's locale."""
    builder = _Builder(OldWorldContent(db), loc)
    labels = {key.partition(":")[2]: builder.label(key) for key in PRINT_LABELS}
    extensions = [builder.skellige(board) for board in builder.content.skellige_boards] + builder.mage_market()
    boards = Boards("old-world", loc.locale, builder.board(), builder.player_boards(), labels, extensions,
                    (SKELLIGE_TEMPLATE, MAGE_MARKET_TEMPLATE))
    return boards


class _Builder(LocalizedText):
    def __init__(self, content: OldWorldContent, loc: Localizer) -> None:
        self.content = content
        self.loc = loc
        self.texts = text_index(content.db)
        self.manifest: Manifest | None = content.manifest

    def where(self, collection: str, key: Any, *path: str) -> Where:
        source = self.content.db.where(collection, key, *path)
        return Where(source.file, source.line, source.column)

    def title(self) -> str:
        return self.text(self.manifest, "name") if self.manifest else "The Witcher: Old World"

    # --- The game board ------------------------------------------------------------------------

    def board(self) -> BoardSpec | None:
        size = self.content.board
        if size is None:
            return None
        spec = BoardSpec("board", self.title(), size.width_mm, size.height_mm, BOARD_TEMPLATE, where=self.map_where())
        spec.locations = [self.location(loc) for loc in self.content.continent]
        known = {loc.id for loc in self.content.continent}
        spec.connections = sorted({tuple(sorted((loc.id, other))) for loc in self.content.continent  # type: ignore[misc]
                                   for other in loc.connections if other in known})
        spec.areas = [self.market(), self.action_deck(), self.monsters(), self.trophy_track(), self.decks(),
                      self.phases(), self.legend(), Area("title", spec.title)]
        return spec

    def map_where(self) -> Where | None:
        for _, loaded in self.content.db.files_of(MapFile):
            pos = loaded.key_position(["board"])
            return Where(loaded.display, pos.line, pos.column)
        return None

    def location(self, loc: Location) -> BoardLocation:
        action = loc.action
        icon = action.attribute.value if action.type is LocationAction.TRAIN_ATTRIBUTE and action.attribute else ""
        site = None
        # Only a school in play is found: location 0 prints as the Manticore's school with its mode (§9.2).
        school = next((s for s in self.content.schools if s.id == action.school), None)
        kind = LocationAction.SCHOOL if school is not None else action.type
        if school is not None:
            specialty = self.text(school.specialty, "name")
            site = Site(self.text(school, "name"), school.color, specialty)
        return BoardLocation(
            loc.id, loc.number, self.text(loc, "name"), loc.position.x, loc.position.y,
            loc.terrain.value, icon or ACTION_ICONS.get(kind, "wild"),
            self.label(f"location-action:{kind.value}"), site, self.where("locations", loc.id, "position"))

    def market(self) -> Area:
        modifiers = self.manifest.market.slot_modifiers if self.manifest else []
        cost = self.label("label:cost")
        spots = tuple(Spot(cost, _signed(m), place="action-card") for m in modifiers)
        return Area("market", self.label("board:market"), "gold", spots, (self.label("board:market-note"),))

    def action_deck(self) -> Area:
        return Area("action-deck", spots=(Spot(self.label("board:action-deck"), icon="combat", place="action-back"),))

    def monsters(self) -> Area:
        spots = tuple(Spot(self.label(f"terrain:{terrain.value}"), icon=terrain.value, place="monster",
                           token="location-token") for terrain in Terrain)
        return Area("monsters", self.label("board:monsters"), "monster", spots, (self.label("board:monster-slot"),))

    def trophy_track(self) -> Area:
        track = self.manifest.trophy_track if self.manifest else []
        last = len(track) - 1
        spots = []
        for count, position in enumerate(track):
            lines = [self.label("board:fatigue", amount=position.fatigue),
                     self.label("board:reputation", amount=position.reputation)]
            caption = self.label("board:trophies-count", count=count)
            value = str(count)
            spots.append(Spot(caption, value, "trophy" if count == last else "", "\n".join(lines),
                              color="palette.accent" if count == last else ""))
        return Area("trophy-track", self.label("board:trophy-track"), "trophy", tuple(spots))

    def decks(self) -> Area:
        spots = (
            Spot(self.label("board:potions"), icon="potion", place="potion-back"),
            Spot(self.label("deck:city"), icon="city", place="exploration"),
            Spot(self.label("deck:wilds"), icon="wilds", place="exploration"),
            Spot(self.label("board:events"), icon="quest", place="event-back"),
            Spot(self.label("board:attribute-trophies"), icon="trophy", place="trophy-back"),
            Spot(self.label("board:monster-fight"), icon="monster", place="monster-fight-back"),
        )
        return Area("decks", self.label("board:decks"), spots=spots, columns=3)

    def phases(self) -> Area:
        text = tuple(self.label(f"board:phase-{n}") for n in (1, 2, 3))
        return Area("phases", self.label("board:turn"), text=text)

    def legend(self) -> Area:
        used = {loc.action.type for loc in self.content.continent}
        trained = {loc.action.attribute for loc in self.content.continent if loc.action.type is LocationAction.TRAIN_ATTRIBUTE}
        training = self.label(f"location-action:{LocationAction.TRAIN_ATTRIBUTE.value}")
        school = f"{{icon:{ACTION_ICONS[LocationAction.SCHOOL]}}} {self.label('location-action:school')}"
        text = [school] if LocationAction.SCHOOL in used else []
        if trained:
            text.append("".join(f"{{icon:{a.value}}}" for a in Attribute if a in trained) + f" {training}")
        text += [f"{{icon:{icon}}} {self.label(f'location-action:{action.value}')}" for action, icon in ACTION_ICONS.items()
                 if action in used and action is not LocationAction.SCHOOL]
        return Area("legend", self.label("board:legend"), text=tuple(text))

    # --- Skellige's map extension (expansion sheet §10.1-§10.3) ------------------------------------

    def skellige(self, board: SkelligeBoard) -> BoardSpec:
        """The extension attached to the game board's left edge: the islands, the harbors they sail to, the
        Danger Track up to the Dagon Location, and the Skellige decks."""
        title = self.text(board, "name")
        spec = BoardSpec(board.id, title, board.size.width_mm, board.size.height_mm, SKELLIGE_TEMPLATE,
                         where=self.where("skellige-boards", board.id))
        islands = [loc for loc in self.content.locations if loc not in self.content.continent]
        spec.locations = [self.location(loc) for loc in islands]
        by_id = self.content.location_by_id
        harbors = " · ".join(f"**{by_id[h].number}** {self.text(by_id[h], 'name')}" for h in board.harbors if h in by_id)
        actions = [f"{{icon:{ACTION_ICONS[loc.action.type]}}} **{self.text(loc, 'name')}:** "
                   f"{self.label(f'location-action:{loc.action.type.value}')}" for loc in islands]
        notes = (harbors, self.label("board:harbors-note"), *actions)
        spec.areas = [Area("title", title), Area("harbors", self.label("board:harbors"), "water", text=notes),
                      self.danger_track(board), self.skellige_decks()]
        return spec

    def mage_market(self) -> list[BoardSpec]:
        """Mages' Game Board extension (expansion sheet §8.1, §8.3): with Witchers and Mages at the table, the Mage
        Action deck and its own market of 6 beside the base market. Printed whenever the Mage deck is selected."""
        mage = {card.id for card in self.content.mage_cards}
        cards = [r for r in self.content.card_records if r.entity.id in mage]
        if not cards:
            return []
        source = cards[0].where()
        title = self.label("board:mage-market")
        width, height = MAGE_MARKET_SIZE
        spec = BoardSpec("mage-market", title, width, height, MAGE_MARKET_TEMPLATE,
                         where=Where(source.file, source.line, source.column))
        market = self.market()
        spec.areas = [Area("title", title), replace(market, title=self.label("board:mage-market-slots")),
                      Area("action-deck", spots=(Spot(self.label("board:mage-deck"), icon="sign", place="action-back"),))]
        return [spec]

    def danger_track(self, board: SkelligeBoard) -> Area:
        starts: dict[int, list[str]] = {}
        for start in board.starts:
            low, high = start.players
            starts.setdefault(start.spot, []).append(str(low) if low == high else f"{low}–{high}")
        spots = []
        for number, spot in enumerate(board.danger_track, start=1):
            caption = self.label("board:danger-start", players=", ".join(starts[number])) if number in starts else ""
            dangerous = "1" if spot.safe_from == 2 else f"1–{spot.safe_from - 1}"
            spots.append(Spot(caption, f"{spot.safe_from}–6", text=self.label("board:danger-dangerous", roll=dangerous)))
        spots.append(Spot(self.label("board:dagon-location"), icon="monster", color="palette.accent"))
        return Area("danger-track", self.label("board:danger-track"), "monster", tuple(spots), (self.label("board:danger-note"),))

    def skellige_decks(self) -> Area:
        spots = (
            Spot(self.label("board:skellige-exploration"), icon="exploration", place="exploration"),
            Spot(self.label("board:skellige-events"), icon="quest", place="event-back"),
            Spot(self.label("board:dagon"), icon="monster", place="monster"),
            Spot(self.label("board:dagon-bonus"), icon="trophy", place="trophy-back"),
        )
        return Area("decks", self.label("board:decks"), spots=spots)

    # --- Player boards -------------------------------------------------------------------------

    def player_boards(self) -> list[BoardSpec]:
        return [self.player_board(school) for school in self.content.schools]

    def player_board(self, school: School) -> BoardSpec:
        name = self.text(school, "name")
        width, height = PLAYER_BOARD_SIZE
        spec = BoardSpec(f"player-board-{school.id}", name, width, height, PLAYER_BOARD_TEMPLATE, color=school.color,
                         where=self.where("schools", school.id))
        rules = self.manifest.rules if self.manifest else None
        low, high = (rules.attribute_min, rules.attribute_max) if rules else (1, 5)
        spec.areas = [self.header(school)]
        mage = school.character == "mage"  # Wisdom replaces Defense and Energy replaces Shield (expansion sheet §8.4)
        for attribute in (Attribute.COMBAT, Attribute.DEFENSE, Attribute.ALCHEMY):
            spots = tuple(Spot(value=str(n)) for n in range(low, high + 1))
            title = self.label("attribute:wisdom" if mage and attribute is Attribute.DEFENSE else f"attribute:{attribute.value}")
            spec.areas.append(Area(attribute.value, title, attribute.value, spots, track=True))
        spec.areas += [self.specialty(school, low), self.witcher_level(), self.shield(mage), self.wagers(), self.trophies()]
        return spec

    def header(self, school: School) -> Area:
        specialty = school.specialty
        name = self.text(specialty, "name")
        when = self.loc.message(when_message(specialty.timing, specialty.condition, specialty.limit))
        return Area("header", self.text(school, "name"), "school",
                    text=(f"**{self.label('label:specialty')}: {name}.** {when}.",))

    def specialty(self, school: School, low: int) -> Area:
        ctx = f"school:{school.id}:specialty"
        cost = school.specialty.cost
        potions = cost.potions if cost is not None and cost.potions else [0] * len(school.specialty.levels)
        # The Manticore's Potion Tolerance prints the potions it discards at each level before what it does (§9.2).
        spots = tuple(Spot(value=str(low + i), text=self.loc.effects_text(
                          [*([DiscardPotions(type="discard-potions", amount=potions[i])] if potions[i] else []), *effects],
                          ctx), color=school.color)
                      for i, effects in enumerate(school.specialty.levels))
        return Area("specialty", self.label("attribute:specialty"), "specialty", spots, track=True)

    def witcher_level(self) -> Area:
        rules = self.manifest.rules if self.manifest else None
        top = rules.witcher_level_max if rules else 5
        draws = rules.levelup_draw if rules else {}
        spots = []
        for level in range(1, top + 1):
            text = self.label("effect:draw-cards", amount=draws[level]) if draws.get(level) else ""
            spots.append(Spot(self.label("player-board:start") if level == 1 else "", ROMAN[level - 1], text=text))
        return Area("level", self.label("player-board:witcher-level"), "specialty", tuple(spots), track=True)

    def shield(self, mage: bool = False) -> Area:
        rules = self.manifest.rules if self.manifest else None
        top = rules.attribute_max if rules else 5
        spots = tuple(Spot(value=str(n)) for n in range(0, top + 1))
        # A Mage's track is Energy and prints Energy's own icon, not the Shield's (issue 42).
        icon = "energy" if mage else "shield"
        return Area("shield", self.label("player-board:energy" if mage else "player-board:shield"), icon, spots, track=True)

    def wagers(self) -> Area:
        rules = self.manifest.rules if self.manifest else None
        amount = f"{rules.wager_gold} {{icon:gold}}" if rules else ""
        sides = ("attacker", "defender")
        spots = tuple(Spot(self.label(f"player-board:wager-{side}"), icon="gold", text=amount) for side in sides)
        return Area("wagers", self.label("player-board:wagers"), spots=spots, columns=1)

    def trophies(self) -> Area:
        return Area("trophies", self.label("player-board:trophies"), "trophy", text=(self.label("player-board:trophies-hint"),))


def _signed(value: int) -> str:
    """A slot modifier as printed: +1, 0, \u22121."""
    return f"+{value}" if value > 0 else f"\u2212{-value}" if value < 0 else "0"
