"""Path of Destiny's boards as render-ready data: the playmat (card supply, main deck, initiative track,
story cards and markers, VP track, round summary), one character board per character and, for the solo mode, one
Automa board per character (reference §14, on the character board's layout), localized.

Numbers come from the manifest (supply rows, XP track, extra-XP row); labels from `texts/boards.yaml`.
"""

from __future__ import annotations

from typing import Any

from pipeline.content.database import Database
from pipeline.content.texts import text_index
from pipeline.i18n.content import LocalizedText
from pipeline.i18n.localizer import Localizer
from pipeline.rules.boards import Area, Boards, BoardSpec, Spot
from pipeline.rules.components import Where

from .content import PathOfDestinyContent
from .models import AutomaBoard, Character, Manifest

MAT_TEMPLATE = "playmat"
MAT_SIZE = (600.0, 540.0)  # mm; must match the playmat layout template
CHARACTER_TEMPLATE = "character-board"
CHARACTER_SIZE = (260.0, 160.0)  # mm; must match the character-board layout template
VP_TRACK = (range(0, 25), range(25, 50))
PRINT_LABELS = ("print:assembly", "print:assembly-help", "print:overlap", "print:tile")
ACCENT = "palette.accent"  # a colour of the board's layout palette


def path_of_destiny_boards(db: Database, loc: Localizer) -> Boards:
    """The playmat and the character boards in the localizer's locale."""
    builder = _Builder(PathOfDestinyContent(db), loc)
    labels = {key.partition(":")[2]: builder.label(key) for key in PRINT_LABELS}
    return Boards("path-of-destiny", loc.locale, builder.playmat(), builder.character_boards() + builder.automa_boards(),
                  labels)


class _Builder(LocalizedText):
    def __init__(self, content: PathOfDestinyContent, loc: Localizer) -> None:
        self.content = content
        self.loc = loc
        self.texts = text_index(content.db)
        self.manifest: Manifest | None = content.manifest

    def where(self, collection: str, key: Any) -> Where:
        source = self.content.db.where(collection, key)
        return Where(source.file, source.line, source.column)

    # --- The playmat ---------------------------------------------------------------------------

    def playmat(self) -> BoardSpec:
        name = self.text(self.manifest, "name") if self.manifest else "The Witcher: Path of Destiny"
        width, height = MAT_SIZE
        where = self.where("game", self.manifest.id) if self.manifest else None
        spec = BoardSpec("playmat", name, width, height, MAT_TEMPLATE, where=where)
        spec.areas = [self.supply(), self.main_deck(), self.discard(), self.initiative(), self.story(),
                      *self.vp_tracks(), self.round(), self.tokens(), Area("title", name)]
        return spec

    def supply(self) -> Area:
        setups = self.manifest.setup if self.manifest else []
        rows = max((s.supply_rows for s in setups), default=5)
        spots = []
        for row in range(1, rows + 1):
            caption = self.label("mat:row", row=row)
            counts = [s.players for s in setups if s.extra_xp_row == row]
            note = self.label("mat:extra-xp-row", players=f"{min(counts)}\u2013{max(counts)}") if counts else ""
            spots.append(Spot(caption, note, place="action-card"))
            spots.append(Spot(place="action-card"))
        players = [str(s.players) for s in setups if s.supply_rows == rows]
        note = self.label("mat:supply-note", players="/".join(players))
        return Area("supply", self.label("mat:supply"), "exploration", tuple(spots), (note,), columns=2)

    def main_deck(self) -> Area:
        return Area("main-deck", self.label("mat:main-deck"), spots=(Spot(place="action-back"),),
                    text=(self.label("mat:main-deck-note"),))

    def discard(self) -> Area:
        return Area("discard", self.label("mat:discard"), spots=(Spot(place="action-card"),))

    def initiative(self) -> Area:
        players = self.manifest.player_max if self.manifest else 5
        spots = [Spot(self.label("mat:initiative-first") if n == 1 else "", str(n), color=ACCENT if n == 1 else "")
                 for n in range(1, players + 1)]
        return Area("initiative", self.label("mat:initiative"), "arrow-left", tuple(spots), track=True)

    def story(self) -> Area:
        spots = (
            Spot(self.label("mat:story-deck"), icon="diplomacy", place="story-back"),
            Spot(self.label("mat:left-story-card"), icon="arrow-left", place="story-path"),
            Spot(self.label("mat:right-story-card"), icon="arrow-right", place="story-path"),
            Spot(self.label("mat:markers"), text=self.label("mat:markers-note")),
        )
        return Area("story", self.label("mat:story"), "magic", spots)

    def vp_tracks(self) -> list[Area]:
        areas = []
        for i, values in enumerate(VP_TRACK):
            spots = tuple(Spot(value=str(n), color=ACCENT if n % 10 == 0 else "") for n in values)
            areas.append(Area(f"vp-track-{i + 1}", self.label("mat:vp-track"), "vp", spots, track=True))
        return areas

    def round(self) -> Area:
        after = self.label(f"mat:initiative-after:{self.manifest.initiative_after_take}") if self.manifest else ""
        steps = [self.label(f"mat:step-{n}") for n in (1, 2, 3)]
        text = (*(f"**{n}.** {step}" for n, step in enumerate(steps, start=1)), self.label("mat:chapter-end"), after)
        return Area("round", self.label("mat:round"), text=tuple(t for t in text if t))

    def tokens(self) -> Area:
        symbols = self.manifest.symbols if self.manifest else []
        spots = [Spot(self.text(s, "name"), icon=s.id.value, place="symbol-token") for s in symbols]
        spots.append(Spot(self.label("mat:lost-symbol"), icon="lost-symbol", place="symbol-token"))
        return Area("tokens", self.label("mat:supply-tokens"), spots=tuple(spots), columns=2)

    # --- Character boards ----------------------------------------------------------------------

    def character_boards(self) -> list[BoardSpec]:
        return [self.character_board(c) for c in self.content.characters]

    def character_board(self, character: Character) -> BoardSpec:
        name = self.text(character, "name")
        width, height = CHARACTER_SIZE
        spec = BoardSpec(f"character-{character.id}", name, width, height, CHARACTER_TEMPLATE,
                         where=self.where("characters", character.id))
        epithet = self.text(character, "epithet")
        spec.areas = [Area("header", f"{name} \u00b7 {epithet}" if epithet else name),
                      self.xp_track(character), self.abilities(character),
                      Area("side-quest", self.label("board:side-quest"), text=(self.label("board:side-quest-note"),)),
                      Area("timeline", self.label("board:pool"), text=(self.label("board:pool-note"),))]
        return spec

    # --- Automa boards (solo mode) ---------------------------------------------------------------

    def automa_boards(self) -> list[BoardSpec]:
        automa = self.content.automa
        characters = {c.id: c for c in self.content.characters}
        if automa is None:
            return []
        return [self.automa_board(board, characters[board.character], self.content.db.where("automa", automa.id, "boards", i))
                for i, board in enumerate(automa.boards) if board.character in characters]

    def automa_board(self, board: AutomaBoard, character: Character, source: Any) -> BoardSpec:
        """The Automa's board of a character: its XP track (the second ability's step marked), its two abilities,
        the symbols it plays for, its timeline."""
        width, height = CHARACTER_SIZE
        spec = BoardSpec(board.id, f"{self.label('board:automa')} · {self.text(character, 'name')}", width, height,
                         CHARACTER_TEMPLATE, where=Where(source.file, source.line, source.column))
        second = self.manifest.rules.automa_second_ability_xp if self.manifest else 8
        top = self.manifest.rules.xp_track_max if self.manifest else 20
        track = tuple(Spot("{icon:specialty}" if n == second else "", str(n), color=ACCENT if n == second else "")
                      for n in range(top + 1))
        unlocks = (self.label("board:automa-first"), self.label("board:unlock", xp=second))
        abilities = tuple(Spot(unlock, text=f"**{self.text(ability, 'name')}**\n{self.text(ability, 'text')}", color=ACCENT)
                          for unlock, ability in zip(unlocks, board.abilities, strict=False))
        symbols = " ".join(f"{{icon:{symbol.value}}}" for symbol in board.symbols)
        spec.areas = [Area("header", spec.title), Area("xp-track", self.label("board:xp-track"), "xp", track, track=True),
                      Area("abilities", self.label("board:automa-abilities"), "specialty", abilities),
                      Area("side-quest", self.label("board:automa-symbols"), text=(symbols,)),
                      Area("timeline", self.label("board:automa-timeline"), text=(self.label("board:automa-timeline-note"),))]
        return spec

    def xp_track(self, character: Character) -> Area:
        top = self.manifest.rules.xp_track_max if self.manifest else 20
        unlocks = {a.unlock_xp for a in character.abilities}
        spots = [Spot("{icon:specialty}" if n in unlocks else "", str(n), color=ACCENT if n in unlocks else "")
                 for n in range(top + 1)]
        spots.append(Spot(self.label("board:golden"), "{icon:gold}", color="palette.gold"))
        return Area("xp-track", self.label("board:xp-track"), "xp", tuple(spots), track=True)

    def abilities(self, character: Character) -> Area:
        spots = []
        for ability in character.abilities:
            name = self.text(ability, "name")
            text = self.text(ability, "text")
            spots.append(Spot(self.label("board:unlock", xp=ability.unlock_xp), text=f"**{name}**\n{text}", color=ACCENT))
        return Area("abilities", self.label("board:abilities"), "specialty", tuple(spots))
