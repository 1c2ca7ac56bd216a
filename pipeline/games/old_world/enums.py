"""Old World's enumerations (reference §20.1), shared by models, effects and engine."""

from __future__ import annotations

from enum import StrEnum


class Terrain(StrEnum):
    FOREST = "forest"
    MOUNTAIN = "mountain"
    WATER = "water"


class CardTerrain(StrEnum):
    """A card's movement symbol: a terrain, or wild (counts as any terrain)."""

    FOREST = "forest"
    MOUNTAIN = "mountain"
    WATER = "water"
    WILD = "wild"


class Color(StrEnum):
    """Card colour = card type: blue Fast Attack, red Strong Attack, green Dodge,
    yellow Defensive Sign, purple Offensive Sign."""

    BLUE = "blue"
    RED = "red"
    GREEN = "green"
    YELLOW = "yellow"
    PURPLE = "purple"


class Branch(StrEnum):
    """A Mage card's spell branch (expansion sheet §8.5): blue Water, red Fire, green Earth, yellow Air, purple Mind."""

    WATER = "water"
    FIRE = "fire"
    EARTH = "earth"
    AIR = "air"
    MIND = "mind"


class Attribute(StrEnum):
    COMBAT = "combat"
    DEFENSE = "defense"
    ALCHEMY = "alchemy"
    SPECIALTY = "specialty"


class AttackType(StrEnum):
    CHARGE = "charge"
    BITE = "bite"


class ExplorationDeck(StrEnum):
    CITY = "city"
    WILDS = "wilds"


class ResultKind(StrEnum):
    INSTANT = "instant"
    QUEST = "quest"


class EventType(StrEnum):
    OPTIONS = "options"
    TEST = "test"
    SHORT_FIGHT = "short-fight"
    EQUIPMENT = "equipment"
    COMPANION = "companion"
    # A Skellige Event card that reveals an island (expansion sheet §10.5).
    ISLAND = "island"


class LocationAction(StrEnum):
    SCHOOL = "school"
    TRAIN_ATTRIBUTE = "train-attribute"
    POTION = "potion"
    LOCALS_POKER = "locals-poker"
    TRAIL_QUEST = "trail-quest"
    CARD_EXCHANGE = "card-exchange"
    POOL_TRASH = "pool-trash"
    SPECIAL = "special"
    # Skellige's islands (expansion sheet §10.4).
    TRAIN_ANY = "train-any"
    MARKET_GAIN = "market-gain"
    TROPHY_UPGRADE = "trophy-upgrade"
    # The islands Skellige Event cards reveal (expansion sheet §10.5).
    FIRST_TROPHY = "first-trophy"
    ISLAND_FIGHT = "island-fight"
    GOLD_HAUL = "gold-haul"
    POTION_HAUL = "potion-haul"
    TRAIL_EACH = "trail-each"


# The actions of the islands Skellige Event cards reveal (§10.5).
EVENT_ISLAND_ACTIONS = frozenset({LocationAction.FIRST_TROPHY, LocationAction.ISLAND_FIGHT, LocationAction.GOLD_HAUL,
                                  LocationAction.POTION_HAUL, LocationAction.TRAIL_EACH})


class Region(StrEnum):
    """Where a location lies: on the Continent (the main board) or on Skellige's map extension (§10.4)."""

    CONTINENT = "continent"
    SKELLIGE = "skellige"
    # An island a Skellige Event card reveals (§10.5): the card is the island; the engine alone holds it as a location.
    EVENT_ISLAND = "event-island"


class Timing(StrEnum):
    PHASE_I = "phase-1"
    FIGHT_START = "fight-start"
    FIGHT_TURN = "fight-turn"
    FIGHT_FIRST_TURN = "fight-first-turn"
    ON_COMBO_RESOLVE = "on-combo-resolve"
    FIGHT_STEP4_DRAW = "fight-step-4"
    WHOLE_FIGHT = "whole-fight"
    MONSTER_FIRST_TURN = "monster-first-turn"
    ON_OPPONENT_DISCARD = "on-opponent-discard"
    ON_SHIELD_ZERO = "on-shield-zero"
    AFTER_FIGHT = "after-fight"
    PERMANENT = "permanent"


FIGHT_TIMINGS = frozenset(
    {
        Timing.FIGHT_START,
        Timing.FIGHT_TURN,
        Timing.FIGHT_FIRST_TURN,
        Timing.ON_COMBO_RESOLVE,
        Timing.FIGHT_STEP4_DRAW,
        Timing.WHOLE_FIGHT,
        Timing.MONSTER_FIRST_TURN,
        Timing.ON_OPPONENT_DISCARD,
        Timing.ON_SHIELD_ZERO,
    }
)


class Limit(StrEnum):
    NONE = "none"
    ONCE_PER_FIGHT = "once-per-fight"
    ONCE_PER_TURN = "once-per-turn"


class PokerCategory(StrEnum):
    NOTHING = "nothing"
    PAIR = "pair"
    TWO_PAIRS = "two-pairs"
    THREE_KIND = "three-of-a-kind"
    STRAIGHT_LOW = "five-high-straight"
    STRAIGHT_HIGH = "six-high-straight"
    FULL_HOUSE = "full-house"
    FOUR_KIND = "four-of-a-kind"
    FIVE_KIND = "five-of-a-kind"


class HelpCardKind(StrEnum):
    ACTION = "action"
    FIGHT = "fight"
    SOLO = "solo"
    PACK = "pack"  # a pack's rules card (packs/<id>/help-cards.yaml): counted by no base count, printed with its pack


# Monster Trail's attack deck with the Weakness mode (expansion sheet §9.8, rule 11): of the Monster Fight cards
# this many go back in the box and this many aside until the first level III monster; the deck holds 16, then 20.
ATTACK_DECK_BOXED = 4
ATTACK_DECK_ASIDE = 4
ATTACK_DECK_SIZES = (16, 20)


class PackRule(StrEnum):
    """A rule an expansion switches on in the engine (expansion sheet §3-§6)."""

    LOST_MOUNT = "lost-mount"
    LEGENDARY_HUNT = "legendary-hunt"
    MUTAGENS = "mutagens"  # Monster Trail: a level-up gives Mutagens instead of cards (§9.3)
    BOMBS = "bombs"  # Monster Trail: a Bomb may be taken instead of a Potion (§9.5)
    UNIQUE_ACTIONS = "unique-actions"  # Monster Trail: each character's Unique card joins its starting deck (§9.7)
    WEAKNESS = "weakness"  # Monster Trail: large monster cards, Special Attacks and Weakness tokens (§9.8)
    WILD_HUNT = "wild-hunt"  # the cooperative game against the Wild Hunt (§11)
