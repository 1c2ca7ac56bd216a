"""Game setup for 1-5 players (reference §5, §14.1): `new_game` builds the state and starts the rules, calling
the setup hooks of the active packs (engine/pack.py) at their places in the order of setup."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..enums import Attribute, ExplorationDeck, Terrain
from .actions import BonusAttribute, PlaceMonster
from .pack import Pack
from .state import Decision, Flow, GameState, PlayerState
from .tables import ATTRIBUTES, TERRAINS, Tables
from .turn import game_flow
from .witcher import raise_attribute


def new_game(tables: Tables, players: int, seed: int, options: Mapping[str, Any] | None, packs: Sequence[Pack]) -> GameState:
    """A new game at its first decision, with the rules of `packs` (registry.active_packs).
    options: `schools` (one school id per seat, in seat order)."""
    s = GameState(tables, players, seed, tuple(packs))
    schools = list((options or {}).get("schools") or [])
    setup_market(s)
    s.potion_deck = tables.potion_ids()
    s.rng.shuffle(s.potion_deck)
    for pack in s.packs:
        pack.setup_decks(s)
    setup_trophies(s)
    for deck in ExplorationDeck:
        s.exploration[deck.value] = tables.exploration_ids(deck)
        s.exploration_used[deck.value] = []
        s.rng.shuffle(s.exploration[deck.value])
    s.fight_deck = list(tables.fight_cards)
    s.rng.shuffle(s.fight_deck)
    for pack in s.packs:
        pack.setup_fight_deck(s)
    for terrain in TERRAINS:
        s.token_piles[terrain] = [t.id for t in tables.tokens.values() if t.terrain is terrain]
        s.rng.shuffle(s.token_piles[terrain])
    for m in sorted(tables.monsters.values(), key=lambda m: m.id):
        if m.spawnable:
            s.monster_stacks[m.level].append(m.id)
    for stack in s.monster_stacks.values():
        s.rng.shuffle(stack)
    setup_players(s, schools)
    for pack in s.packs:
        pack.setup_board(s, options or {})
    s.start(game_flow(s, setup_choices(s)))
    return s


def setup_market(s: GameState, ids: list[str] | None = None) -> None:
    """Reveal until three 0-cost cards fill the right-most slots; three more fill the left (§5.2).
    `ids`: another deck than the Action deck (the Mage deck, §8.3)."""
    tables = s.tables
    s.action_deck = tables.market_ids() if ids is None else ids
    s.rng.shuffle(s.action_deck)
    slots = len(tables.manifest.market.slot_modifiers)
    zero_slots = tables.manifest.market.zero_cost_slots
    zeros: list[str] = []
    others: list[str] = []
    while len(zeros) < zero_slots and s.action_deck:
        card = s.action_deck.pop()
        (zeros if tables.takes_by_cost(card) and tables.cards[card].cost == 0 else others).append(card)
    s.action_deck.extend(others)
    s.rng.shuffle(s.action_deck)
    s.rng.shuffle(zeros)
    left = [s.action_deck.pop() for _ in range(slots - len(zeros)) if s.action_deck]
    s.market = [*left, *zeros]


def setup_trophies(s: GameState) -> None:
    """Attribute trophies by player count: all, one set, or cards drawn from one set (§5.4, §14.1)."""
    cards = sorted(s.tables.attribute_trophies.values(), key=lambda t: (t.copy_index, t.id))
    wanted = s.profile.attribute_trophies
    if wanted >= len(cards):
        s.attribute_trophies = [t.id for t in cards]
        return
    copy = s.rng.choice(sorted({t.copy_index for t in cards}))
    one_set = [t.id for t in cards if t.copy_index == copy]
    s.attribute_trophies = s.rng.sample(one_set, min(wanted, len(one_set)))


def setup_monsters(s: GameState) -> list[str]:
    """Draw the starting monsters by level and the 4/5-player extra level-I stack (§5.6, §5.8)."""
    drawn = [s.monster_stacks[level].pop() for level in s.profile.monster_levels]
    s.extra_stack = [s.monster_stacks[1].pop() for _ in range(s.profile.extra_level1_stack)]
    return drawn


def setup_players(s: GameState, schools: list[str]) -> None:
    """Seats in turn order: school, home location, resources by seat, own witcher trophies (§5.7)."""
    tables = s.tables
    if not schools:
        schools = sorted(tables.schools)
        s.rng.shuffle(schools)
    for seat in range(s.n):
        school = tables.schools[schools[seat]]
        # A Mage stands nowhere until they claim a school (setup_choices).
        p = PlayerState(seat=seat, school=school.id, location=school.home or "", shield=s.rules.shield_start,
                        mage=school.character == "mage")
        p.attributes = dict.fromkeys(ATTRIBUTES, s.rules.attribute_min)
        p.deck = tables.starting_ids(school.id)
        s.rng.shuffle(p.deck)
        own = sorted(t.id for t in tables.witcher_trophies.values() if t.school == school.id)
        p.own_witcher_trophies = s.rng.sample(own, min(s.profile.witcher_trophies_per_player, len(own)))
        seat_profile = s.profile.seats[seat]
        s.give_gold(p, seat_profile.gold)
        s.draw(p, seat_profile.cards)
        s.players.append(p)


def setup_choices(s: GameState) -> Flow:
    """Mages claim schools (§8.3), monster placement (the 2-player level-II choice) and the 4/5-player
    bonus attribute (§5.6, §5.8)."""
    for pack in s.packs:
        yield from pack.setup_choices(s)
    drawn = setup_monsters(s)
    terrains = list(TERRAINS)
    s.rng.shuffle(terrains)
    high = max(drawn, key=lambda m: s.tables.monsters[m].level)
    lows = [m for m in drawn if m != high]
    if s.n > 1 and any(s.tables.monsters[m].level != s.tables.monsters[high].level for m in lows):
        action = yield Decision(0, "place-monster", tuple(PlaceMonster(t.value) for t in TERRAINS))
        assert isinstance(action, PlaceMonster)
        chosen = Terrain(action.terrain)
        terrains.remove(chosen)
        placement = [(chosen, high), *zip(terrains, lows, strict=True)]
    else:
        s.rng.shuffle(drawn)
        placement = list(zip(terrains, drawn, strict=True))
    for terrain, monster in placement:
        s.slots[terrain] = (s.token_piles[terrain].pop(), monster)
    for terrain, _ in placement:
        for pack in s.packs:
            yield from pack.monster_placed(s, terrain)
    for seat in range(s.n):
        for _ in range(s.profile.bonus_attribute_levels):
            options = tuple(BonusAttribute(a.value) for a in ATTRIBUTES)
            action = yield Decision(seat, "bonus-attribute", options)
            assert isinstance(action, BonusAttribute)
            # §18.12: the normal raise side effects apply (Defense +1 Shield, Alchemy a Potion).
            yield from raise_attribute(s, s.players[seat], Attribute(action.attribute))
    for pack in s.packs:  # the all-expansion order (§12): Lost Mount's last player places it at the end
        yield from pack.setup_last(s)
