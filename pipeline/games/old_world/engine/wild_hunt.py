"""Wild Hunt (expansion sheet §11): the cooperative game. The players win or lose together against one member of
the Wild Hunt over a fixed number of rounds (the Round Tracking board: 8 with 1-3 players, 7 with 4-5).

Setup (§11.3, `setup`, `place_starting_monsters`): the difficulty's starting monsters (Forest pile, then Water
pile) and Shields, the member's card on side A on a Mountain location, the Exploration deck (Stage I on top of 3
Stage II), 5 cards and 3 Gold for everyone. Each round (`flow`) the four phases are played together: Phase I for
every player in turn (moves, location actions, which a Hound or the Wild Hunt blocks, Dice Poker only against the
locals, gifts between witchers on one location: `exchange_options`, Hound fights: `fight_hound`), Phase II (monster
fights without Fatigue or new monsters, helped by the other witchers there: `support`, Charge or Bite by the token:
`flip_token`; a defeated or driven-away monster costs the Hunt Shields; meditation; one Exploration card for the
team: `explore`), Phase III, then Phase IV (`phase_four`:
the round's Hound and/or monster, the Hunt's move toward a player and its side-A ability). The last round ends in
the final fight (`final_fight`), with Shields absorbing damage before the member's life pool of Monster Fight cards
and its 4 Special Attack cards.

Group decisions the rules leave to the table (which terrain a new monster takes, where the Closed Tavern token
sends the Hunt, how Wild Hunt Terror spreads its attribute losses) are taken by a fixed rule here, noted where
made, so every player count plays the same rules.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..enums import AttackType, Attribute, PokerCategory, Terrain
from ..models.wild_hunt import HuntAttack, RoundRow, WildHuntMember
from . import weakness
from .actions import PASS, Action, ChooseAttribute, Discard, PlayCard, interned
from .execute import Ctx, run_effects
from .outcome import Outcome, Termination
from .pack import Pack, no_flow
from .state import ComboCard, Decision, FightState, Flow, GameState, PlayerState
from .tables import ATTRIBUTES, TERRAINS, Tables, WildHunt
from .witcher import gain_trail, lower_attribute, lowerable, raise_attribute, take_damage

# The kind of the final fight's FightState (combo.py lets the Shields absorb its damage).
FINAL_FIGHT = "wild-hunt"
# The steps the Wild Hunt moves in Phase IV (§11.5).
HUNT_STEPS = 2
# The first starting monster comes from the Forest pile, a second from the Water pile (§11.3 step 6).
START_TERRAINS = (Terrain.FOREST, Terrain.WATER)
# A Special Attack card in the life pool: this prefix and its id (never a Monster Fight card's id).
ATTACK_PREFIX = "wild-hunt-attack:"
TEAM_WON = "team-won"
TEAM_LOST = "team-lost"


@dataclass(frozen=True, slots=True, repr=False)
class FightHound(Action):
    """Phase I: fight the Hound standing here, with each witcher on this location who chooses to join (§11.5)."""

    hound: str


@dataclass(frozen=True, slots=True, repr=False)
class JoinHoundFight(Action):
    """Phase I, another witcher started a Hound fight here: fight it along with them (§11.5)."""

    hound: str


@dataclass(frozen=True, slots=True, repr=False)
class TakeHoundCard(Action):
    """A Hound token's bonus: the market card in this slot, of the bonus's printed cost (§11.5)."""

    slot: int


@dataclass(frozen=True, slots=True, repr=False)
class HandOver(Action):
    """Phase I, the Exchange action: give the witcher in `seat`, on this location, 1 Gold (`zone` "gold") or one item
    of a PlayerState list in EXCHANGED; a trade is two of these (§11.5)."""

    seat: int
    zone: str
    item: str = ""


# What witchers on one location may give each other (§11.5): Potions, Bombs, Trail tokens, Trail Quests (a Trail
# Quest carries its 1 Gold along), and Gold.
EXCHANGED = ("potions", "bombs", "trail_tokens", "trail_quests")


@dataclass
class Hound:
    level: int
    location: str


@dataclass
class WildHuntState:
    """The Wild Hunt on the board: its member, Shields, the round, Hounds, quests and the Exploration deck."""

    member: WildHuntMember
    difficulty: str
    rows: tuple[RoundRow, ...]
    shields: int
    location: str
    starting_levels: tuple[int, ...]
    exploration: list[str]  # top = end of the list
    round: int = 0
    hounds: dict[str, Hound] = field(default_factory=dict)
    hounds_left: dict[int, int] = field(default_factory=dict)  # miniatures not yet on the board, by level
    hound_tokens: dict[int, list[str]] = field(default_factory=dict)  # face-down tokens by level
    quests: dict[str, int] = field(default_factory=dict)  # quest location -> the Wild Hunt Event it reads
    fought: set[str] = field(default_factory=set)  # Hounds fought this Phase I
    fights_at: set[str] = field(default_factory=set)  # locations whose monster was fought this Phase II
    side_b: bool = False


def content(s: GameState) -> WildHunt | None:
    """The pack's content when Wild Hunt is selected, else None (the rules are off)."""
    return s.tables.wild_hunt


def blocks(s: GameState, location: str) -> bool:
    """A Hound or the Wild Hunt blocks the location action where it stands (§11.5, FAQ)."""
    h = s.wild_hunt
    return h is not None and (h.location == location or any(d.location == location for d in h.hounds.values()))


# --- Setup (§11.3) -------------------------------------------------------------------------------


def setup(s: GameState, options: Mapping[str, Any]) -> None:
    """Steps 2-8 but the starting monsters (placed once the base setup has drawn its own: `place_starting_monsters`).
    options: `wild_hunt_difficulty` (a level id), `wild_hunt_member` (a member id); else the box's choices."""
    wh = content(s)
    if wh is None:
        return
    box = wh.box
    level_id = str(options.get("wild_hunt_difficulty") or box.difficulty)
    level = next(d for d in box.difficulties if d.id == level_id)
    row = next(r for r in level.rows if r.players == s.n)
    track = next(t for t in box.round_tracks if t.players[0] <= s.n <= t.players[1])
    member = wh.members[str(options.get("wild_hunt_member") or box.member)]
    stage_one = sorted(c.id for c in wh.exploration.values() if c.stage == 1)
    stage_two = sorted(c.id for c in wh.exploration.values() if c.stage == 2)
    deck = s.rng.sample(stage_two, box.stage_two_cards) + s.rng.sample(stage_one, box.stage_one_cards[s.n])
    # Step 7: a Mountain Location token shows where the Hunt stands; the token is shuffled back.
    mountain = sorted(t.id for t in s.tables.tokens.values() if t.terrain is Terrain.MOUNTAIN)
    start = s.tables.token_location(s.rng.choice(mountain))
    tokens: dict[int, list[str]] = {}
    for token in box.hound_tokens:
        tokens.setdefault(token.level, []).append(token.id)
    for pile in tokens.values():
        s.rng.shuffle(pile)
    s.wild_hunt = WildHuntState(member, level_id, tuple(track.rows), row.shields, start, tuple(row.monsters), deck,
                                hounds_left=dict.fromkeys((1, 2, 3), box.hounds_per_level), hound_tokens=tokens)
    # Step 8: 5 cards and 3 Gold, whatever the seat.
    for p in s.players:
        p.deck.extend(p.hand)
        p.hand = []
        s.rng.shuffle(p.deck)
        s.give_gold(p, START_GOLD - p.gold)
        s.draw(p, START_CARDS)


START_CARDS = 5
START_GOLD = 3


def place_starting_monsters(s: GameState) -> None:
    """Step 6: the base setup's monsters go back; the difficulty's go on the Forest, then the Water pile."""
    from .fight import draw_monster

    h = s.wild_hunt
    assert h is not None
    for terrain, slot in s.slots.items():
        if slot is not None:
            s.token_piles[terrain].append(slot[0])
            s.monster_stacks[s.tables.monsters[slot[1]].level].append(slot[1])
            s.slots[terrain] = None
    for pile in (*s.token_piles.values(), *s.monster_stacks.values()):
        s.rng.shuffle(pile)
    for terrain, level in zip(START_TERRAINS, h.starting_levels, strict=False):
        monster = draw_monster(s, level)
        if monster is not None and s.token_piles[terrain]:
            s.slots[terrain] = (s.token_piles[terrain].pop(), monster)


# --- The rounds ----------------------------------------------------------------------------------


def flow(s: GameState) -> Flow:
    """Every round's four phases, played together; the last round ends in the final fight."""
    from . import mages, skellige
    from .turn import phase_one, phase_three, phase_two

    h = s.wild_hunt
    assert h is not None
    place_starting_monsters(s)
    for index, row in enumerate(h.rows):
        h.round = index + 1
        h.fought, h.fights_at = set(), set()
        s.turn += 1
        for p in s.players:
            p.turns += 1
            p.moved_into, p.actions_used, p.poker_partners = set(), set(), set()
            skellige.new_turn(s, p)
            p.phase3_target = s.rules.phase3_draw
        for phase in (phase_one, phase_two):
            for p in s.players:
                with mages.own_pool(s, p):
                    yield from phase(s, p)
                if s.outcome is not None:
                    return
        if row.stage is not None:
            yield from explore(s, s.players[index % s.n])
        for p in s.players:
            with mages.own_pool(s, p):
                yield from phase_three(s, p)
        if s.outcome is not None:
            return
        if index == len(h.rows) - 1:
            yield from final_fight(s)
            return
        yield from phase_four(s, row)


def on_enter(s: GameState, p: PlayerState) -> Flow:
    """The first witcher to enter a quest's location reads its Wild Hunt Event (§11.5 Phase II step 3)."""
    h, wh = s.wild_hunt, content(s)
    if h is None or wh is None or p.location not in h.quests:
        return
    event = wh.events[h.quests.pop(p.location)]
    lose_shields(s, event.shields)
    yield from run_effects(s, Ctx(p.seat), event.effects)


def explore(s: GameState, reader: PlayerState) -> Flow:
    """One Exploration card for the team: its effects to the reader, its Shields to the Hunt, maybe a Quest."""
    h, wh = s.wild_hunt, content(s)
    assert h is not None and wh is not None
    if not h.exploration:
        return
    card = wh.exploration[h.exploration.pop()]
    if card.shields > 0:
        h.shields += card.shields
    else:
        lose_shields(s, -card.shields)
    yield from run_effects(s, Ctx(reader.seat), card.effects)
    if card.quest_terrain is not None and card.quest_event is not None:
        # A Location token of the terrain marks the quest; one not already marking another quest.
        places = sorted({s.tables.token_location(t.id) for t in s.tables.tokens.values()
                         if t.terrain is card.quest_terrain} - set(h.quests))
        if places:
            h.quests[s.rng.choice(places)] = card.quest_event


def lose_shields(s: GameState, amount: int) -> None:
    """Shields taken off before the final fight; at 0 further losses are ignored (§11.5)."""
    h = s.wild_hunt
    assert h is not None
    h.shields = max(0, h.shields - amount)


def buffed_life(s: GameState, life: int, location: str) -> int:
    """Each Hound and the Wild Hunt on or next to the monster's location add 1 card, up to the cap (§11.5)."""
    h, wh = s.wild_hunt, content(s)
    if h is None or wh is None:
        return life
    near = {location, *s.tables.neighbours[location]}
    buffs = sum(d.location in near for d in h.hounds.values()) + (h.location in near)
    return min(life + buffs, max(life, wh.box.life_pool_cap))


def monster_gone(s: GameState, terrain: Terrain, level: int) -> bool:
    """A monster defeated or driven away costs the Hunt Shields equal to its level; none spawns in its place
    (§11.5 Phase II). False when the Wild Hunt is not played (the base game's spawn follows)."""
    if s.wild_hunt is None:
        return False
    slot = s.slots[terrain]
    assert slot is not None
    s.token_piles[terrain].append(slot[0])
    s.rng.shuffle(s.token_piles[terrain])
    s.slots[terrain] = None
    lose_shields(s, level)
    return True


# --- Exchange and Support (§11.5) -------------------------------------------------------------------


def may_fight_monster_at(s: GameState, location: str) -> bool:
    """Witchers sharing a location pick one of them to fight its monster alone (§11.5 Phase II): once that fight
    is over, won or lost, nobody else fights it this round. Always true without the Wild Hunt."""
    return s.wild_hunt is None or location not in s.wild_hunt.fights_at


def claim_monster_fight(s: GameState, location: str) -> None:
    """The monster fight at `location` is this round's one (a no-op without the Wild Hunt)."""
    if s.wild_hunt is not None:
        s.wild_hunt.fights_at.add(location)


def exchange_options(s: GameState, p: PlayerState) -> list[Action]:
    """Gifts to each other witcher on this location, any number of times; the 4-Potion and 4-Bomb limits still
    apply to the receiver."""
    if s.wild_hunt is None:
        return []
    options: list[Action] = []
    for q in s.players:
        if q is p or q.location != p.location:
            continue
        if p.gold > 0:
            options.append(interned(HandOver, q.seat, "gold"))
        full = {"potions": len(q.potions) >= s.rules.potion_hold_limit, "bombs": len(q.bombs) >= s.rules.bomb_hold_limit}
        for zone in EXCHANGED:
            if not full.get(zone, False):
                options += [interned(HandOver, q.seat, zone, item) for item in dict.fromkeys(getattr(p, zone))]
    return options


def hand_over(s: GameState, p: PlayerState, action: HandOver) -> None:
    q = s.players[action.seat]
    if action.zone == "gold":
        p.gold -= 1
        q.gold += 1
    else:
        getattr(p, action.zone).remove(action.item)
        getattr(q, action.zone).append(action.item)


def support(s: GameState, fighter: PlayerState) -> Flow:
    """Support (§11.5 Phase II): every other witcher here holding a card may discard any number of them; returns the
    total, by which the monster's life pool shrinks and which the fighter draws once it is built. A witcher who
    supported takes one of the fighter's Witcher Trophies, at most one from each witcher. 0 without the Wild Hunt."""
    from .witcher import gain_trophy

    if s.wild_hunt is None:
        return 0
    total = 0
    for offset in range(1, s.n):
        q = s.players[(fighter.seat + offset) % s.n]
        if q.location != fighter.location:
            continue
        given = 0
        while q.hand:
            options = (*(interned(Discard, c) for c in dict.fromkeys(q.hand)), PASS)
            action = yield Decision(q.seat, "support", options)
            if not isinstance(action, Discard):
                break
            q.hand.remove(action.card)
            q.discard.append(action.card)
            given += 1
        total += given
        owned = {s.tables.witcher_trophies[key[8:]].school for key in q.trophies if key.startswith("witcher:")}
        if given and fighter.own_witcher_trophies and fighter.school not in owned:
            trophy = fighter.own_witcher_trophies.pop(s.rng.randrange(len(fighter.own_witcher_trophies)))
            yield from gain_trophy(s, q, f"witcher:{trophy}", from_fight=False)
    return total


def flip_token(s: GameState) -> AttackType:
    """The Charge/Bite token, flipped once the Monster Fight card is revealed (§11.5 Phase II); in the final fight
    each witcher flips it separately (§11.6)."""
    return AttackType.CHARGE if s.rng.random() < 0.5 else AttackType.BITE


# --- Hounds (§11.5 Phase I) ------------------------------------------------------------------------


def hound_options(s: GameState, p: PlayerState) -> list[Action]:
    h = s.wild_hunt
    if h is None:
        return []
    return [interned(FightHound, hound) for hound, d in sorted(h.hounds.items())
            if d.location == p.location and hound not in h.fought]


def fight_hound(s: GameState, starter: PlayerState, action: FightHound) -> Flow:
    """The witcher who starts it and each other witcher there who chooses to join fight the Hound together: each
    draws and loses Shield as the Hound card says, then plays one combo of at least 1 card, of which only the damage
    and the Shield count (§11.5). Enough damage removes it (the excess costs the Hunt Shields) and each fighter gains
    a Hound token's bonus, taken as they choose; too little, and each fighter discards their hand."""
    from .witcher import set_shield

    h, wh = s.wild_hunt, content(s)
    assert h is not None and wh is not None
    hound = h.hounds[action.hound]
    h.fought.add(action.hound)
    fighters = [starter.seat]
    for q in s.players:  # "Any players on the Hound's location may fight it together": each chooses
        if q is not starter and q.location == hound.location:
            joined = yield Decision(q.seat, "join-hound-fight", (interned(JoinHoundFight, action.hound), PASS))
            if isinstance(joined, JoinHoundFight):
                fighters.append(q.seat)
    side = next(c for c in wh.box.hound_cards if s.n in c.players)
    stats = next(x for x in side.levels if x.level == hound.level)
    for seat in fighters:
        p = s.players[seat]
        s.draw(p, stats.draw)
        set_shield(s, p, p.shield - stats.shield_loss)
    damage = 0
    for seat in fighters:
        p = s.players[seat]
        dealt, shield = yield from hound_combo(s, p)
        damage += dealt
        set_shield(s, p, min(p.shield + shield, p.attributes[Attribute.DEFENSE]))  # "Shield symbols (up to Defense)"
    if damage < stats.life:
        for seat in fighters:
            p = s.players[seat]
            p.discard.extend(p.hand)
            p.hand = []
        return
    del h.hounds[action.hound]
    lose_shields(s, damage - stats.life)
    if h.hound_tokens.get(hound.level):
        drawn = h.hound_tokens[hound.level].pop()
        token = next(t for t in wh.box.hound_tokens if t.id == drawn)
        for seat in fighters:
            yield from hound_bonus(s, s.players[seat], token.bonus)


def hound_combo(s: GameState, p: PlayerState) -> Generator[Decision, Action, tuple[int, int]]:
    """One combo of at least 1 card (none with an empty hand), built card by card as in a fight turn's step 2, with
    no Potion, ability or draw: its damage and Shield symbols, the cards' and the used extensions' (§11.5)."""
    from .combo import combo_options

    f = s.fight = FightState(kind="hound", witcher=p.seat)  # the combo's cards are held by the fight meanwhile
    while True:
        options = combo_options(s, p, f)
        if not options:
            break
        if f.combo:
            options.append(PASS)
        action = yield Decision(p.seat, "fight-turn", tuple(options))
        if not isinstance(action, PlayCard):
            break
        if f.combo and action.via < 0:
            f.extra_links -= 1
        p.hand.remove(action.card)
        f.combo.append(ComboCard(action.card, action.via))
        s.used["action-cards"].add(action.card)
    cards = s.tables.cards
    damage = shield = 0
    for index, placed in enumerate(f.combo):
        damage += cards[placed.card].fight.damage
        shield += cards[placed.card].fight.shield
        if index > 0 and placed.via >= 0:
            used = cards[f.combo[index - 1].card].extensions[placed.via]
            damage += used.damage
            shield += used.shield
    p.discard.extend(placed.card for placed in f.combo)
    s.fight = None
    return damage, shield


def hound_bonus(s: GameState, p: PlayerState, bonus: str) -> Flow:
    """The six Hound token bonuses (§11.5); where a bonus leaves a choice (which attribute, which market card, a
    lowest attribute among equals) the player takes it."""
    if bonus == "trail":
        yield from gain_trail(s, p, None)
    elif bonus == "draw":
        s.draw(p, 1)
    elif bonus in ("zero-cost-card", "one-cost-card"):
        cost = 0 if bonus == "zero-cost-card" else 1
        shown = s.market_slots(lambda printed: printed == cost)
        if shown:
            action = yield Decision(p.seat, "hound-card", tuple(interned(TakeHoundCard, slot) for slot in shown))
            assert isinstance(action, TakeHoundCard)
            s.put_gained(p, s.take_from_market(action.slot), to_hand=False)
        else:  # none shown: reveal Action cards until one of that cost appears
            s.gain_by_cost(p, lambda printed: printed == cost, to_hand=False)
    else:  # "any-attribute", or "lowest-attribute": a choice among the lowest ones
        options = [a for a in ATTRIBUTES if p.attributes[a] < s.rules.attribute_max]
        if bonus != "any-attribute":
            lowest = min(p.attributes[a] for a in ATTRIBUTES)
            options = [a for a in options if p.attributes[a] == lowest]
        if options:
            action = yield Decision(p.seat, "attribute", tuple(interned(ChooseAttribute, a.value) for a in options))
            assert isinstance(action, ChooseAttribute)
            yield from raise_attribute(s, p, Attribute(action.attribute), levelup_draw=False)


# --- Phase IV: the Wild Hunt acts (§11.5) ---------------------------------------------------------


def phase_four(s: GameState, row: RoundRow) -> Flow:
    """The round's Hound and/or monster, the Hunt's move, and its side-A ability if it found witchers."""
    if row.hound is not None:
        add_hound(s, row.hound)
    if row.monster is not None:
        add_monster(s, row.monster)
    if move_hunt(s):
        h = s.wild_hunt
        assert h is not None
        for p in s.players:
            if p.location == h.location:
                yield from run_effects(s, Ctx(p.seat, hostile=True), h.member.side_a_effects)


def add_hound(s: GameState, level: int) -> None:
    """A new Hound on the Hunt's location, or on a neighbouring one if a Hound is already there (FAQ)."""
    h = s.wild_hunt
    assert h is not None
    if h.hounds_left.get(level, 0) == 0:
        return
    h.hounds_left[level] -= 1
    taken = {d.location for d in h.hounds.values()}
    where = h.location
    if where in taken:
        free = [loc for loc in sorted(s.tables.neighbours[where]) if loc not in taken]
        where = free[0] if free else where
    h.hounds[f"hound-{level}-{h.hounds_left[level] + 1}"] = Hound(level, where)


def add_monster(s: GameState, level: int) -> None:
    """A new monster on a terrain without one (the table's pick: at random here); with 3 out, the Hunt gains
    2 x its level in Shields instead (§11.5)."""
    from .fight import draw_monster

    h = s.wild_hunt
    assert h is not None
    free = [t for t in TERRAINS if s.slots[t] is None and s.token_piles[t]]
    if not free:
        h.shields += 2 * level
        return
    terrain = s.rng.choice(free)
    monster = draw_monster(s, level)
    if monster is not None:
        s.slots[terrain] = (s.token_piles[terrain].pop(), monster)


def move_hunt(s: GameState) -> bool:
    """Up to 2 steps toward a player: the one whose scoring token is drawn from the Movement pool, the nearest for
    the Closed Tavern token (the table's pick), always the only one in solo. It stays put with a player on its
    location and stops on entering one with a player. True if it entered a location with a witcher."""
    h = s.wild_hunt
    assert h is not None
    occupied = {p.location for p in s.players}
    if h.location in occupied:
        return False
    distances = s.tables.road_distances(h.location)
    if s.n == 1:
        target = s.players[0]
    else:
        drawn = s.rng.randrange(s.n + 1)  # one scoring token per player + the Closed Tavern token (rule 29)
        target = s.players[drawn] if drawn < s.n else min(
            s.players, key=lambda p: (distances.get(p.location, 99), p.seat))
    toward = s.tables.road_distances(target.location)
    for _ in range(HUNT_STEPS):
        if h.location == target.location:
            break
        steps = sorted(s.tables.neighbours[h.location], key=lambda loc: (toward.get(loc, 99), loc))
        if not steps or toward.get(steps[0], 99) >= toward.get(h.location, 99):
            break
        h.location = steps[0]
        if h.location in occupied:
            return True
    return False


# --- The final fight (§11.6) ---------------------------------------------------------------------


def absorb_shields(s: GameState, amount: int) -> int:
    """Damage to the Wild Hunt: its Shields take it first, 1 per point; the rest reaches its life pool."""
    h = s.wild_hunt
    assert h is not None
    stopped = min(h.shields, amount)
    h.shields -= stopped
    return amount - stopped


def final_fight(s: GameState) -> Flow:
    """Side B; Wild Hunt Terror; the life pool; the players on its location act, the others join it; then the
    Hunt and every witcher still standing take turns until its life pool or the last witcher is gone."""
    from .combo import is_knocked_out
    from .fight import start_fight
    from .state import FightState

    h, wh = s.wild_hunt, content(s)
    assert h is not None and wh is not None
    h.side_b = True
    for p in s.players:
        terror(s, p, len(h.quests))
    seats = [p.seat for p in s.players]
    f = FightState(kind=FINAL_FIGHT, witcher=0, level=wh.box.attack_level)
    yield from start_fight(s, f, seats)
    for p in s.players:
        yield from run_effects(s, Ctx(p.seat, hostile=True), h.member.side_b_effects)
    s.rng.shuffle(s.fight_deck)
    # Monster Trail's Special Attack cards fire a monster's large card, which the Hunt has none of: its life pool
    # takes only Monster Fight cards (designed).
    drawn = [card for card in s.fight_deck if not weakness.is_special(s, card)][:wh.box.final_attack_cards]
    for card in drawn:
        s.fight_deck.remove(card)
    f.life_pool = drawn + [ATTACK_PREFIX + a.id for a in h.member.attacks]
    s.rng.shuffle(f.life_pool)
    out: set[int] = set()
    first = [p for p in s.players if p.location == h.location]
    for p in s.players:
        p.location = h.location
    for p in first:
        yield from hunter_turn(s, f, p)
        if s.outcome is not None or not f.life_pool:
            break
    while s.outcome is None and f.life_pool:
        yield from hunt_turn(s, f, [p for p in s.players if p.seat not in out])
        out |= {p.seat for p in s.players if is_knocked_out(p)}
        if len(out) == s.n:
            break
        for p in s.players:
            if p.seat in out:
                continue
            yield from hunter_turn(s, f, p)
            if is_knocked_out(p):
                out.add(p.seat)
            if s.outcome is not None or not f.life_pool:
                break
    if s.outcome is not None:
        return
    won = not f.life_pool
    yield from close_fight(s, f, seats)
    termination = Termination.WILD_HUNT_DEFEATED if won else Termination.WILD_HUNT_PREVAILED
    s.outcome = Outcome(termination, None, s.turn, None, TEAM_WON if won else TEAM_LOST)


def terror(s: GameState, p: PlayerState, quests: int) -> None:
    """Wild Hunt Terror: 1 attribute level per open quest, taken from the highest attribute each time (the
    player's spread, fixed here)."""
    for _ in range(quests):
        options = lowerable(s, p)
        if not options:
            return
        lower_attribute(s, p, max(options, key=lambda a: (p.attributes[a], -ATTRIBUTES.index(a))))


def hunter_turn(s: GameState, f: Any, p: PlayerState) -> Flow:
    """A witcher's fight turn; a Special Attack card its damage discards fires its Passive Ability on them."""
    from .combo import witcher_turn

    before = len(f.spent)
    f.witcher = p.seat
    yield from witcher_turn(s, p.seat)
    for card in f.spent[before:]:
        if card.startswith(ATTACK_PREFIX):
            yield from passive(s, p, attack_of(s, card))


def hunt_turn(s: GameState, f: Any, standing: Sequence[PlayerState]) -> Flow:
    """The top card of its life pool: a Special Attack hits every witcher alike; a Monster Fight card hits each
    witcher with Charge or Bite by their own flip of the Charge/Bite token."""
    from .fight import apply_attack

    card = f.life_pool.pop()
    f.spent.append(card)
    if card.startswith(ATTACK_PREFIX):
        attack = attack_of(s, card)
        for p in standing:
            yield from take_damage(s, p, attack.damage)
            yield from run_effects(s, Ctx(p.seat, hostile=True), attack.effects)
        return
    for p in standing:
        yield from apply_attack(s, p, card, flip_token(s), f.level)


def attack_of(s: GameState, card: str) -> HuntAttack:
    h = s.wild_hunt
    assert h is not None
    return next(a for a in h.member.attacks if ATTACK_PREFIX + a.id == card)


def passive(s: GameState, p: PlayerState, attack: HuntAttack) -> Flow:
    h = s.wild_hunt
    assert h is not None
    h.shields += attack.passive_shields
    yield from take_damage(s, p, attack.passive_damage)


def close_fight(s: GameState, f: Any, seats: list[int]) -> Flow:
    """The Special Attack cards leave with the member; the Monster Fight cards go back to their deck."""
    from .fight import end_fight

    f.life_pool = [c for c in f.life_pool if not c.startswith(ATTACK_PREFIX)]
    f.spent = [c for c in f.spent if not c.startswith(ATTACK_PREFIX)]
    yield from end_fight(s, seats)


# --- Invariants ------------------------------------------------------------------------------------


def violations(s: GameState) -> list[str]:
    """Never more than 3 monsters, one per terrain; no monster's buffed life past the cap; Shields never negative."""
    h, wh = s.wild_hunt, content(s)
    if h is None or wh is None:
        return []
    found = []
    if h.shields < 0:
        found.append("the Wild Hunt has negative Shields")
    if len(h.hounds) > 3 * wh.box.hounds_per_level:
        found.append("more Hounds than miniatures")
    return found


class WildHuntRules(Pack):
    """The cooperative game's hooks: its setup, its rounds instead of turns, the Hounds and hand-overs, the Hunt's
    hold on monster fights."""

    id = "wild-hunt"

    def is_on(self, tables: Tables) -> bool:
        return tables.wild_hunt is not None

    def setup_board(self, s: GameState, options: Mapping[str, Any]) -> None:
        setup(s, options)

    def game_flow(self, s: GameState) -> Flow | None:
        return flow(s) if s.wild_hunt is not None else None

    def is_cooperative(self, s: GameState) -> bool:
        return s.wild_hunt is not None

    def phase_one_options(self, s: GameState, p: PlayerState) -> list[Action]:
        return hound_options(s, p) + exchange_options(s, p)

    def take_action(self, s: GameState, p: PlayerState, action: Action) -> Flow | None:
        if isinstance(action, FightHound):
            return fight_hound(s, p, action)
        if isinstance(action, HandOver):
            hand_over(s, p, action)
            return no_flow()
        return None

    def after_entered(self, s: GameState, p: PlayerState) -> Flow:
        return on_enter(s, p)

    def may_fight_monster_at(self, s: GameState, location: str) -> bool:
        return may_fight_monster_at(s, location)

    def monster_fight_chosen(self, s: GameState, location: str) -> None:
        claim_monster_fight(s, location)

    def fight_support(self, s: GameState, p: PlayerState) -> Generator[Decision, Action, int]:
        supported: int = yield from support(s, p)
        return supported

    def monster_life(self, s: GameState, life: int, location: str) -> int:
        return buffed_life(s, life, location)

    def attack_type(self, s: GameState) -> AttackType | None:
        return flip_token(s) if s.wild_hunt is not None else None

    def absorb_hit(self, s: GameState, f: FightState, amount: int) -> int:
        return absorb_shields(s, amount) if f.kind == FINAL_FIGHT else amount

    def monster_gone(self, s: GameState, terrain: Terrain, level: int) -> bool:
        return monster_gone(s, terrain, level)

    def blocks_location(self, s: GameState, location: str) -> bool:
        return blocks(s, location)

    def trophies_win(self, s: GameState) -> bool:
        return s.wild_hunt is None  # the table wins together (§11.2)

    def suffers_fatigue(self, s: GameState) -> bool:
        return s.wild_hunt is None

    def locals_poker_payout(self, s: GameState) -> Mapping[PokerCategory, int] | None:
        wh = content(s)
        return wh.box.poker_payout if wh is not None else None

    def own_attack_cards(self, s: GameState, f: FightState) -> int:
        """The Wild Hunt's own attack cards join its Life Pool and leave with it."""
        return sum(c.startswith(ATTACK_PREFIX) for c in (*f.life_pool, *f.spent))

    def violations(self, s: GameState) -> Sequence[str]:
        return violations(s)


PACK = WildHuntRules()
