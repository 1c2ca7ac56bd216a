"""Every decision an Old World player makes, as a small frozen value that prints as the call that makes it
(`str(Move('novigrad', pay=('jab', 'kick')))` == "Move('novigrad', pay=('jab', 'kick'))")."""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.rules.engine import Action, interned

__all__ = ["Action", "interned"]  # re-exported: the engine's modules import them from here


# --- Setup ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, repr=False)
class PlaceMonster(Action):
    """2 players: the starting player picks the terrain of the level-II monster (reference §5.6)."""

    terrain: str


@dataclass(frozen=True, slots=True, repr=False)
class BonusAttribute(Action):
    """4/5 players: raise one attribute at setup (reference §5.8)."""

    attribute: str


# --- Generic choices -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, repr=False)
class Pass(Action):
    """Decline: end a phase, skip an optional step, place no wager."""


PASS = interned(Pass)  # Offered at almost every decision: one shared value.


@dataclass(frozen=True, slots=True, repr=False)
class ChooseAttribute(Action):
    attribute: str


@dataclass(frozen=True, slots=True, repr=False)
class ChooseTerrain(Action):
    terrain: str


@dataclass(frozen=True, slots=True, repr=False)
class ChooseOption(Action):
    """Pick option `index` of an exploration card or an event."""

    index: int


@dataclass(frozen=True, slots=True, repr=False)
class Discard(Action):
    """Discard one card of this id from hand."""

    card: str


@dataclass(frozen=True, slots=True, repr=False)
class Trash(Action):
    """Trash one card of this id from a zone (hand, deck or discard)."""

    card: str
    zone: str = "hand"


@dataclass(frozen=True, slots=True, repr=False)
class TakeCard(Action):
    """Take one card of this id from the discard pile into hand."""

    card: str


@dataclass(frozen=True, slots=True, repr=False)
class PutBack(Action):
    """Put one card of this id from hand back on top of the deck."""

    card: str


@dataclass(frozen=True, slots=True, repr=False)
class TakeMarket(Action):
    """Take the market card in `slot` (0 = left-most)."""

    slot: int


@dataclass(frozen=True, slots=True, repr=False)
class TrashMarket(Action):
    slot: int


@dataclass(frozen=True, slots=True, repr=False)
class DiscardPotion(Action):
    potion: str


@dataclass(frozen=True, slots=True, repr=False)
class KeepMutagen(Action):
    """Monster Trail: the Mutagen kept of the 3 drawn at a level-up (expansion sheet §9.3)."""

    mutagen: str


@dataclass(frozen=True, slots=True, repr=False)
class TakeBomb(Action):
    """Monster Trail: instead of a Potion, the top Bomb, paying one Potion held (`pay`) or 1 Gold (`pay` empty)
    (expansion sheet §9.5)."""

    pay: str = ""


@dataclass(frozen=True, slots=True, repr=False)
class DiscardBomb(Action):
    bomb: str


# --- Phase I -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, repr=False)
class Move(Action):
    """Move to a connected location, paying with cards from hand (and Gold)."""

    destination: str
    pay: tuple[str, ...] = ()
    gold: int = 0


@dataclass(frozen=True, slots=True, repr=False)
class Train(Action):
    """School (pay level + base) or free training location: raise one attribute."""

    attribute: str


@dataclass(frozen=True, slots=True, repr=False)
class DrawPotion(Action):
    pass


@dataclass(frozen=True, slots=True, repr=False)
class PokerWithLocals(Action):
    pass


@dataclass(frozen=True, slots=True, repr=False)
class TrailQuest(Action):
    """Gain Gold and start a Trail Quest for the monster of this terrain."""

    terrain: str


@dataclass(frozen=True, slots=True, repr=False)
class Exchange(Action):
    """Trash a hand card, take a market card of printed cost up to its cost + the allowance."""

    trash: str
    slot: int


@dataclass(frozen=True, slots=True, repr=False)
class PoolTrash(Action):
    """Vizima: pity Gold, then trash 0-2 market cards by slot."""

    slots: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True, repr=False)
class MarketGain(Action):
    """Isle of Mists (expansion sheet §10.4): a 0-cost market card, or a 1-cost one for 1 Gold, to the discard."""

    slot: int


@dataclass(frozen=True, slots=True, repr=False)
class UpgradeTrophy(Action):
    """Eyna (§10.4): give up a level I or II monster trophy (none: "") for a random one a level higher."""

    monster: str = ""


@dataclass(frozen=True, slots=True, repr=False)
class EventIslandAction(Action):
    """The action of an island a Skellige Event card revealed (expansion sheet §10.5)."""


@dataclass(frozen=True, slots=True, repr=False)
class SailToDagon(Action):
    """Board the Ship here and sail to the Dagon Location to fight Dagon in Phase II (expansion sheet §10.7)."""


@dataclass(frozen=True, slots=True, repr=False)
class SailBackFromDagon(Action):
    """From the Dagon Location, sail back to the continent harbor the Ship waits at (expansion sheet §10.7)."""


@dataclass(frozen=True, slots=True, repr=False)
class FightDagon(Action):
    """Phase II on the Dagon Location, stayed there from an earlier turn: fight Dagon again (expansion sheet §10.7)."""


@dataclass(frozen=True, slots=True, repr=False)
class TakeGold(Action):
    """Location 0's action (designed, see map.yaml)."""


@dataclass(frozen=True, slots=True, repr=False)
class Poker(Action):
    """Dice Poker against the witcher in `seat`."""

    seat: int


@dataclass(frozen=True, slots=True, repr=False)
class Reroll(Action):
    """Reroll the dice at these positions (0-4); () keeps all."""

    dice: tuple[int, ...] = ()


# --- Phase II ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, repr=False)
class FightMonster(Action):
    monster: str


@dataclass(frozen=True, slots=True, repr=False)
class Duel(Action):
    seat: int


@dataclass(frozen=True, slots=True, repr=False)
class Meditate(Action):
    attribute: str


@dataclass(frozen=True, slots=True, repr=False)
class Explore(Action):
    deck: str


@dataclass(frozen=True, slots=True, repr=False)
class Wager(Action):
    """A spectator bets on 'attacker' or 'defender'."""

    on: str


# --- Fight ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, repr=False)
class UsePotion(Action):
    potion: str


@dataclass(frozen=True, slots=True, repr=False)
class UseBomb(Action):
    """Monster Trail: use a Bomb in step 1, like a Potion (expansion sheet §9.5)."""

    bomb: str


@dataclass(frozen=True, slots=True, repr=False)
class UseAbility(Action):
    """Use a fight-turn ability: 'specialty', 'trophy:<id>' or 'kept:<event number>'."""

    source: str


@dataclass(frozen=True, slots=True, repr=False)
class PlayCard(Action):
    """Add a card to the combo; `via` = the extension of the card beneath it used (-1: none)."""

    card: str
    via: int = -1


@dataclass(frozen=True, slots=True, repr=False)
class ChooseAttack(Action):
    """The deciding player declares the monster's attack: 'charge' or 'bite'."""

    kind: str


@dataclass(frozen=True, slots=True, repr=False)
class PeekDiscard(Action):
    """Discard the peeked cards at these positions (0 = top)."""

    positions: tuple[int, ...]


@dataclass(frozen=True, slots=True, repr=False)
class PeekOrder(Action):
    """Put the kept peeked cards back in this order: their positions when peeked (0 = top), top first."""

    order: tuple[int, ...]


# --- Phase III -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, repr=False)
class Buy(Action):
    """Gain the market card in `slot`, discarding `pay` from hand for its cost."""

    slot: int
    pay: tuple[str, ...] = ()
