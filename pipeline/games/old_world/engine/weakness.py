"""Monster Trail's Monster Weakness & Special Attacks mode (expansion sheet §9.8).

The attack deck (`setup`): of the 20 Monster Fight cards 4 go back in the box and 4 aside, the other 12 and the
4 Special Attack cards make a deck of 16; the 4 set aside join when a level III monster first appears
(`monster_placed`). A Special Attack card the monster's attack reveals fires that Special Attack of the monster's
large card, whether Charge or Bite was called (`special_attack`); one the witcher's damage reveals fires its
Passive ability, then the damage carries on (`passive`). Weakness tokens: one face down per terrain of a monster
on the map; entering its location picks it up (`enter`) and places a replacement of the terrain while that set
has tokens left; before a fight the witcher spends those of the monster's terrain (`before_fight`); a monster
killed or driven away takes every token of its terrain back into its set, and its successor gets one
(`return_tokens`, `monster_placed`). Trophies stay the normal cards (the engine's `monster:<id>` trophies).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..enums import ATTACK_DECK_ASIDE, ATTACK_DECK_BOXED, Terrain
from ..models.monster_trail import LargeMonsterCard
from .actions import Action, interned
from .legendary_hunt import special_attack as resolve_attack
from .pack import Pack, no_flow
from .state import Decision, FightState, Flow, GameState, PlayerState
from .tables import Tables, WeaknessContent

# The level whose first appearance brings the set-aside cards back (§9.8).
ASIDE_RETURN_LEVEL = 3
# Location 0 never hosts a monster, trail or quest (rule 2), so no Weakness token either.
NO_TOKEN_LOCATION = 0


@dataclass(frozen=True, slots=True, repr=False)
class PlaceWeakness(Action):
    """With no Location token of the terrain left to draw, the player to the right picks where the Weakness token
    goes: any location of that terrain (§9.8)."""

    location: str


@dataclass
class Weakness:
    """The mode's table state: the cards out of the attack deck, and where every Weakness token is."""

    boxed: list[str]
    aside: list[str]
    piles: dict[Terrain, list[str]] = field(default_factory=dict)  # face down, by terrain set
    placed: dict[str, str] = field(default_factory=dict)  # location -> the face-down token on it
    held: dict[int, list[str]] = field(default_factory=dict)  # seat -> tokens kept by the player's board

    def tokens_of(self, seat: int) -> list[str]:
        return self.held.setdefault(seat, [])


def content(s: GameState) -> WeaknessContent | None:
    """The mode's content when it is selected, else None (the rules are off)."""
    return s.tables.weakness


def large_card(s: GameState, monster: str) -> LargeMonsterCard | None:
    found = content(s)
    return found.cards.get(monster) if found is not None else None


# --- Setup --------------------------------------------------------------------------------------------


def setup(s: GameState) -> None:
    """The attack deck of 16 from the shuffled Monster Fight deck; the Weakness sets shuffled by terrain."""
    found = content(s)
    if found is None:
        return
    deck = s.fight_deck
    boxed = [deck.pop() for _ in range(min(ATTACK_DECK_BOXED, len(deck)))]
    aside = [deck.pop() for _ in range(min(ATTACK_DECK_ASIDE, len(deck)))]
    deck.extend(sorted(found.specials))
    s.rng.shuffle(deck)
    s.weakness = Weakness(boxed=boxed, aside=aside)
    for terrain in Terrain:
        pile = sorted(t.id for t in found.tokens.values() if t.terrain is terrain)
        s.rng.shuffle(pile)
        s.weakness.piles[terrain] = pile


def attack_deck_extra(s: GameState) -> int:
    """The Special Attack cards the attack deck holds now beside the Monster Fight cards: the attack deck is 20, or
    16 before the first level III monster (rule 11)."""
    w, found = s.weakness, content(s)
    if w is None or found is None:
        return 0
    return len(found.specials) - len(w.boxed) - len(w.aside)


def monster_placed(s: GameState, terrain: Terrain) -> Flow:
    """A monster now stands on `terrain`: the set-aside cards join at the first level III, and a Weakness token
    of its terrain goes on the map (at setup and after a spawn)."""
    w, slot = s.weakness, s.slots.get(terrain)
    if w is None or slot is None:
        return
    if w.aside and s.tables.monsters[slot[1]].level >= ASIDE_RETURN_LEVEL:
        s.fight_deck.extend(w.aside)
        w.aside = []
        s.rng.shuffle(s.fight_deck)
    yield from place_token(s, terrain, s.n - 1)


def place_token(s: GameState, terrain: Terrain, chooser: int) -> Flow:
    """Draw Location tokens of the terrain until one's location has no witcher (and no Weakness token yet), put
    a face-down token of the set there; the drawn Location tokens go back. With none left to draw, `chooser`
    (the player to the right) picks any location of that terrain."""
    w = s.weakness
    assert w is not None
    pile = w.piles[terrain]
    if not pile:
        return  # every token of the set is collected: no replacement (§9.8)
    occupied = {p.location for p in s.players}
    drawn = list(s.token_piles[terrain])
    s.rng.shuffle(drawn)
    target = next((loc for loc in (s.tables.tokens[t].location for t in drawn)
                   if loc not in occupied and loc not in w.placed), None)
    if target is None:
        options = [loc.id for loc in s.tables.locations.values()
                   if loc.terrain is terrain and loc.number != NO_TOKEN_LOCATION and loc.id not in w.placed]
        if not options:
            return
        action = yield Decision(chooser, "weakness-location", tuple(interned(PlaceWeakness, loc) for loc in options))
        assert isinstance(action, PlaceWeakness)
        target = action.location
    w.placed[target] = pile.pop()


# --- On the map ---------------------------------------------------------------------------------------


def enter(s: GameState, p: PlayerState) -> Flow:
    """Entering a location with a Weakness token: reveal it, keep it, and a replacement of its terrain is placed."""
    w = s.weakness
    if w is None or p.location not in w.placed:
        return
    token = w.placed.pop(p.location)
    w.tokens_of(p.seat).append(token)
    found = content(s)
    assert found is not None
    yield from place_token(s, found.tokens[token].terrain, (p.seat - 1) % s.n)


def return_tokens(s: GameState, terrain: Terrain) -> None:
    """The monster of `terrain` was killed or driven away: every player's tokens of that terrain, and the one on
    the map, go back into its set, which is reshuffled."""
    w, found = s.weakness, content(s)
    if w is None or found is None:
        return
    pile = w.piles[terrain]
    for tokens in w.held.values():
        for token in [t for t in tokens if found.tokens[t].terrain is terrain]:
            tokens.remove(token)
            pile.append(token)
    for location, token in list(w.placed.items()):
        if found.tokens[token].terrain is terrain:
            del w.placed[location]
            pile.append(token)
    s.rng.shuffle(pile)


# --- The fight ----------------------------------------------------------------------------------------


def before_fight(s: GameState, p: PlayerState, f: FightState, terrain: Terrain) -> bool:
    """Spend every Weakness token the witcher holds for this monster (they are kept: spending costs nothing, so
    all are spent); True when one lets the witcher strike first."""
    w, card = s.weakness, large_card(s, f.monster or "")
    if w is None or card is None:
        return False
    found = content(s)
    assert found is not None
    paragraphs = {para.number: para for para in card.weaknesses}
    strike_first = False
    for token in w.tokens_of(p.seat):
        if found.tokens[token].terrain is not terrain:
            continue
        para = paragraphs[found.tokens[token].number]
        if para.effect == "smaller-life-pool":
            count = min(para.amount, len(f.life_pool) - 1)  # the monster keeps one card to be killed by
            s.fight_deck.extend(f.life_pool[:count])
            del f.life_pool[:count]
        elif para.effect == "draw-cards":
            s.draw(p, para.amount, reshuffle=False)
        else:
            strike_first = True
    return strike_first


def is_special(s: GameState, card: str) -> bool:
    found = content(s)
    return found is not None and card in found.specials


def special_attack(s: GameState, p: PlayerState, f: FightState, card: str) -> Flow:
    """The monster's attack revealed a Special Attack card: its Special Attack fires, Charge or Bite alike."""
    found, large = content(s), large_card(s, f.monster or "")
    if found is None or large is None:
        return
    yield from resolve_attack(s, p, f, large.attacks[found.specials[card].attack - 1])


def passive(s: GameState, seat: int, f: FightState) -> Flow:
    """The witcher's damage revealed a Special Attack card: the monster's Passive ability hits that witcher."""
    large = large_card(s, f.monster or "")
    if large is None:
        return
    yield from resolve_attack(s, s.players[seat], f, large.passive)


# --- Invariants ---------------------------------------------------------------------------------------


def violations(s: GameState) -> Sequence[str]:
    """Every Weakness token is in its set, on the map or by a board; at most one per location, never on 0."""
    w, found = s.weakness, content(s)
    if w is None or found is None:
        return []
    problems = []
    count = sum(map(len, w.piles.values())) + len(w.placed) + sum(map(len, w.held.values()))
    if count != len(found.tokens):
        problems.append(f"weakness tokens are not conserved ({count})")
    if any(s.tables.locations[loc].number == NO_TOKEN_LOCATION for loc in w.placed):
        problems.append("a weakness token lies on location 0")
    return problems


class WeaknessRules(Pack):
    """The mode's hooks at setup, on each monster placed and on entering a location."""

    id = "weakness"

    def is_on(self, tables: Tables) -> bool:
        return tables.weakness is not None

    def setup_fight_deck(self, s: GameState) -> None:
        setup(s)

    def monster_placed(self, s: GameState, terrain: Terrain) -> Flow:
        return monster_placed(s, terrain)

    def entered(self, s: GameState, p: PlayerState) -> Flow:
        return enter(s, p)

    def before_monster_fight(self, s: GameState, p: PlayerState, f: FightState, terrain: Terrain) -> bool:
        return before_fight(s, p, f, terrain)

    def monster_attack(self, s: GameState, p: PlayerState, f: FightState, card: str) -> Flow | None:
        return special_attack(s, p, f, card) if is_special(s, card) else None

    def life_pool_card_lost(self, s: GameState, seat: int, f: FightState, card: str) -> Flow:
        return passive(s, seat, f) if is_special(s, card) else no_flow()

    def monster_left(self, s: GameState, terrain: Terrain) -> None:
        return_tokens(s, terrain)

    def attack_deck_extra(self, s: GameState) -> int:
        return attack_deck_extra(s)

    def violations(self, s: GameState) -> Sequence[str]:
        return violations(s)


PACK = WeaknessRules()
