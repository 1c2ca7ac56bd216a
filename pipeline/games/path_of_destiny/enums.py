"""Path of Destiny's enumerations (reference §3, §4, §11, §16, §17), shared by models, effects and checks."""

from __future__ import annotations

from enum import StrEnum


class Symbol(StrEnum):
    """The four symbols (reference §3); each chapter makes two of them active."""

    MAGIC = "magic"
    DIPLOMACY = "diplomacy"
    EXPLORATION = "exploration"
    COMBAT = "combat"


class Color(StrEnum):
    """Action-card colours. The rulebook names only red and green (reference §15.5); blue and yellow
    are our design, so that colour conditions and extra-effort sequences have four colours to use."""

    RED = "red"
    GREEN = "green"
    BLUE = "blue"
    YELLOW = "yellow"


class Side(StrEnum):
    """A path (and its arrow) on a chapter's spread of story cards; also the two path markers."""

    LEFT = "left"
    RIGHT = "right"


class StoryCardKind(StrEnum):
    """Story-deck node kinds (reference §16.1)."""

    INTRO = "intro"
    PATH = "path"
    ENDING = "ending"
    EPILOGUE = "epilogue"


class Timing(StrEnum):
    """When a character ability may be used (once per game; reference §10). Our design: the rulebook
    leaves ability texts to the board."""

    TAKE_CARDS = "take-cards"
    PLAY_CARDS = "play-cards"
    FATE_MARKER = "fate-marker"
    CHAPTER_END = "chapter-end"
    GAME_END = "game-end"


class AutomaTrigger(StrEnum):
    """When an Automa ability fires (any number of times; reference §14). Our design. Taking cards is
    two triggers: the Automa either takes a pair from a supply row or draws its pair from the main deck."""

    CHAPTER_START = "chapter-start"
    TAKE_ROW = "take-row"
    DRAW_DECK = "draw-deck"
    FATE_MARKER = "fate-marker"
    CHAPTER_END = "chapter-end"


class ObjectiveKind(StrEnum):
    """A Striga secret objective's back: which chapter-3 main symbols reveal it (reference §11.2)."""

    COMBAT = "combat"
    MAGIC = "magic"
    COMBAT_DIPLOMACY_EXPLORATION = "combat-diplomacy-exploration"
    MAGIC_DIPLOMACY_EXPLORATION = "magic-diplomacy-exploration"

    def reveals(self) -> frozenset[Symbol]:
        """The chapter-3 main symbols that reveal an objective of this kind."""
        return _REVEALS[self]


_REVEALS = {
    ObjectiveKind.COMBAT: frozenset({Symbol.COMBAT}),
    ObjectiveKind.MAGIC: frozenset({Symbol.MAGIC}),
    ObjectiveKind.COMBAT_DIPLOMACY_EXPLORATION: frozenset({Symbol.COMBAT, Symbol.DIPLOMACY, Symbol.EXPLORATION}),
    ObjectiveKind.MAGIC_DIPLOMACY_EXPLORATION: frozenset({Symbol.MAGIC, Symbol.DIPLOMACY, Symbol.EXPLORATION}),
}


class Holding(StrEnum):
    """Where a requirement counts cards or symbols at the end of chapter 3 (side quests, objectives)."""

    HAND = "hand"
    TIMELINE = "timeline"
    TIMELINE_OR_HAND = "timeline-or-hand"


class Faction(StrEnum):
    """The Lesser Evil's alliance decks (reference §11.3)."""

    RENFRI = "renfri"
    STREGOBOR = "stregobor"


class TokenKind(StrEnum):
    """Every kind of cardboard piece (reference §2.1, §2.3)."""

    SYMBOL = "symbol"
    LOST_SYMBOL = "lost-symbol"
    FATE = "fate"
    PATH = "path"
    EXTRA_XP = "extra-xp"
    SOLO_FATE = "solo-fate"
