"""Legendary Hunt (expansion sheet §7): a legendary monster roams the map from the start; the first witcher to
kill it wins (trophies no longer win: they lower its Protection).

Setup (§7.4): a legendary monster (chosen or at random; the Kayran too with the Monster Pack) on its start
location, the Special Fight cards as its Life Pool, the Movement deck with the last player, the Destruction
tokens face down. It blocks the location action where it stands. After the last player's turn a Movement
card moves it, one step at a time, leaving a Destruction token on every location it leaves (`move`). A
witcher who moved onto it may drive it away (`drive_away`); one who ends Phase I on a token takes it
(`after_phase_one`). In a fight (`fight`) the held tokens let the witcher strike first and shrink its Life
Pool, and each of the witcher's fight turns its Protection (the Help card, by trophy-track position) cuts the
damage dealt (`LegendaryFight.absorb`). Solo (§7.6): a pool of 9/8/7 Movement cards; needing one from an
empty pool loses the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..enums import AttackType, Attribute, Color
from ..models.legendary_hunt import LegendaryMonster, MovementCard, SpecialAttack
from .actions import PASS, Action, ChooseAttribute, Discard, DiscardPotion, interned
from .outcome import Termination
from .pack import Pack
from .state import Decision, FightState, Flow, GameState, PlayerState
from .tables import Legendary, Tables
from .witcher import gain_zero_cost, raisable, raise_attribute, set_shield, take_damage

# The Help card's side when the game's options name none: side A, for a first game (§7.2).
DEFAULT_SIDE = "a"
# Solo (§7.6): the Movement pool by difficulty; Normal when the options name none.
SOLO_POOL = {"easy": 9, "normal": 8, "hard": 7}
DEFAULT_DIFFICULTY = "normal"
# Location 0 never hosts a monster (rule 2): the legendary monster never steps onto it.
NO_MONSTER_LOCATION = 0


@dataclass(frozen=True, slots=True, repr=False)
class StepLegendary(Action):
    """Where the legendary monster goes next: the last player's pick on a tie (§7.5 rules 2 and 4), or in
    solo the driving witcher's pick of a connected location without a token."""

    location: str


@dataclass(frozen=True, slots=True, repr=False)
class DriveAwayLegendary(Action):
    """Discard this hand card to drive the legendary monster off the location the witcher moved onto."""

    card: str


@dataclass(frozen=True, slots=True, repr=False)
class FightLegendary(Action):
    """Phase II: fight the legendary monster standing here."""


@dataclass
class Hunt:
    """The legendary monster on the board and the decks and tokens that go with it."""

    monster: str
    location: str
    protection: tuple[int, ...]
    movement_deck: list[str]  # top = end of the list
    movement_discard: list[str] = field(default_factory=list)
    tokens: dict[str, str] = field(default_factory=dict)  # location -> the face-down token on it
    token_pile: list[str] = field(default_factory=list)
    held: dict[int, list[str]] = field(default_factory=dict)  # seat -> tokens kept face down on the board
    driven: set[int] = field(default_factory=set)  # seats that drove it away this turn

    def tokens_of(self, seat: int) -> list[str]:
        return self.held.setdefault(seat, [])


@dataclass
class LegendaryFight:
    """A fight against the legendary monster: its Protection and Special Fight Ability in each fight turn."""

    protection: int
    cap: int | None = None
    first_card_free: bool = False
    left: int = 0  # Protection not yet used this fight turn
    dealt: int = 0  # damage dealt this fight turn
    forbidden: Color | None = None  # the colour the witcher may not play this fight turn
    forbid_next: Color | None = None

    def start_turn(self) -> None:
        """Protection and the damage cap count afresh each fight turn; a forbidden colour holds for one turn."""
        self.left, self.dealt = self.protection, 0
        self.forbidden, self.forbid_next = self.forbid_next, None

    def combo_resolving(self, first_card_damage: int) -> None:
        """The Kayran's Tentacles: the first card of the combo deals no damage (absorbed like Protection)."""
        if self.first_card_free:
            self.left += first_card_damage

    def absorb(self, amount: int) -> int:
        """What reaches the Life Pool of `amount` damage: Protection first, then the per-turn cap."""
        stopped = min(self.left, amount)
        self.left -= stopped
        amount -= stopped
        if self.cap is not None:
            amount = min(amount, max(0, self.cap - self.dealt))
        self.dealt += amount
        return amount

    def playable(self, colors: Mapping[str, Color], options: list[Action]) -> list[Action]:
        """Drop the plays of the colour a Special Attack forbade this turn (`colors`: card id -> colour)."""
        if self.forbidden is None:
            return options
        return [a for a in options if colors.get(getattr(a, "card", ""), None) is not self.forbidden]


def legendary(s: GameState) -> Legendary | None:
    """The pack's content when Legendary Hunt is selected, else None (the rules are off)."""
    return s.tables.legendary


def hunting(s: GameState) -> bool:
    return s.hunt is not None


# --- Setup (§7.4, §7.6) -------------------------------------------------------------------------------


def setup(s: GameState, options: Mapping[str, Any]) -> None:
    """Steps 1-5: Help card side, the monster on its start location, Special Fight cards, the last player's
    Movement deck (solo: the pool of the difficulty), the Destruction tokens face down.
    options: `legendary_side` (a, b), `legendary_monster` (an id), `legendary_difficulty` (easy, normal, hard)."""
    content = legendary(s)
    if content is None:
        return
    side = str(options.get("legendary_side") or DEFAULT_SIDE)
    table = next(t.protection for t in content.help.sides if t.id == side)
    chosen = options.get("legendary_monster") or s.rng.choice(sorted(content.monsters))
    monster = content.monsters[chosen]
    deck = sorted(content.movement)
    s.rng.shuffle(deck)
    if s.n == 1:
        deck = deck[: SOLO_POOL[str(options.get("legendary_difficulty") or DEFAULT_DIFFICULTY)]]
    pile = [t.id for t in content.tokens.values() for _ in range(t.copies)]
    s.rng.shuffle(pile)
    s.hunt = Hunt(monster.id, monster.start, tuple(table), deck, token_pile=pile)


def blocks(s: GameState, location: str) -> bool:
    """The location action where the legendary monster stands is blocked (§7.5)."""
    return s.hunt is not None and s.hunt.location == location


def protection(s: GameState, p: PlayerState) -> int:
    """The Help card's Protection at the witcher's trophy-track position (the last entry past its end)."""
    assert s.hunt is not None
    table = s.hunt.protection
    return table[min(p.track, len(table) - 1)]


# --- Movement (§7.5) ----------------------------------------------------------------------------------


def end_of_round(s: GameState) -> Flow:
    """After the last player's turn: reveal a Movement card and make its moves for the player count."""
    if s.hunt is None or s.outcome is not None:
        return
    card = draw_movement(s)
    if card is None:
        return
    moved = yield from move(s, card, card.moves.get(s.n, 0), s.n - 1)
    if not moved and s.n == 1:
        draw_movement(s)  # §7.6: a monster that cannot move burns a Movement card


def draw_movement(s: GameState) -> MovementCard | None:
    """The top Movement card, to the discard pile. An empty deck is reshuffled from the discards; in solo
    it loses the game (§7.6), and None is returned."""
    content, h = legendary(s), s.hunt
    assert content is not None and h is not None
    if not h.movement_deck:
        if s.n == 1:
            s.end(Termination.LEGENDARY_ESCAPED, None)
            return None
        h.movement_deck, h.movement_discard = h.movement_discard, []
        s.rng.shuffle(h.movement_deck)
    card = h.movement_deck.pop()
    h.movement_discard.append(card)
    return content.movement[card]


def move(s: GameState, card: MovementCard, moves: int, chooser: int) -> Flow:
    """Up to `moves` steps toward the main location; False if it could not step at all. A step it cannot make
    cancels the rest (rule 5). Once it stood on the main location it heads on for the secondary one for the rest of
    the card's steps (rule 3 and the worked example: off the main, it goes on toward 18)."""
    h = s.hunt
    assert h is not None
    moved = False
    target = card.main
    for _ in range(moves):
        if h.location == target:
            target = card.secondary if target == card.main else card.main
        options = step_options(s, target)
        if not options:
            break
        destination = options[0]
        if len(options) > 1:
            action = yield Decision(chooser, "legendary-step", tuple(interned(StepLegendary, loc) for loc in options))
            assert isinstance(action, StepLegendary)
            destination = action.location
        leave(s, destination)
        moved = True
    return moved


def step_options(s: GameState, target: str) -> list[str]:
    """Rules 1, 2 and 4: the neighbours closest to `target` without a token; if each of those has one, every
    neighbour without one; none (rule 5) when every neighbour has a token."""
    h = s.hunt
    assert h is not None
    neighbours = [loc for loc in s.tables.neighbours[h.location]
                  if s.tables.locations[loc].number != NO_MONSTER_LOCATION]
    free = [loc for loc in neighbours if loc not in h.tokens]
    dist = s.tables.road_distances(target)
    nearest = min((dist[loc] for loc in neighbours), default=0)
    closest = [loc for loc in free if dist[loc] == nearest]
    return closest or free


def leave(s: GameState, destination: str) -> None:
    """The monster leaves its location for `destination`; a face-down Destruction token stays behind."""
    h = s.hunt
    assert h is not None
    if h.token_pile and h.location not in h.tokens:
        h.tokens[h.location] = h.token_pile.pop()
    h.location = destination


# --- Phase I: driving it away, Destruction tokens (§7.5) ----------------------------------------------


def drive_away_options(s: GameState, p: PlayerState) -> list[Action]:
    """On the monster's location, moved into this turn, once per turn: discard 1 hand card to drive it off."""
    h = s.hunt
    if h is None or h.location != p.location or p.location not in p.moved_into or p.seat in h.driven:
        return []
    return [interned(DriveAwayLegendary, card) for card in dict.fromkeys(p.hand)]


def drive_away(s: GameState, p: PlayerState, action: DriveAwayLegendary) -> Flow:
    """Discard the card, then one step: by a Movement card's target (the driving witcher picks on a tie), or in
    solo to a connected location without a token of the witcher's choice, drawing no card (§7.6)."""
    h = s.hunt
    assert h is not None
    h.driven.add(p.seat)
    p.hand.remove(action.card)
    p.discard.append(action.card)
    if s.n > 1:
        card = draw_movement(s)
        if card is not None:
            yield from move(s, card, 1, p.seat)
        return
    free = [loc for loc in s.tables.neighbours[h.location]
            if loc not in h.tokens and s.tables.locations[loc].number != NO_MONSTER_LOCATION]
    if not free:
        return
    step = yield Decision(p.seat, "legendary-step", tuple(interned(StepLegendary, loc) for loc in free))
    assert isinstance(step, StepLegendary)
    leave(s, step.location)


def after_phase_one(s: GameState, p: PlayerState) -> Flow:
    """A witcher ending Phase I on a Destruction token takes it, applies it and keeps it face down."""
    h = s.hunt
    if h is None:
        return
    h.driven.discard(p.seat)
    token = h.tokens.pop(p.location, None)
    if token is None:
        return
    h.tokens_of(p.seat).append(token)
    content = legendary(s)
    assert content is not None
    yield from apply_token(s, p, content.tokens[token].effect, content.tokens[token].attribute)


def apply_token(s: GameState, p: PlayerState, effect: str, attribute: Attribute | None) -> Flow:
    """The five effects of §7.5; an attribute gained this way draws no level-up card."""
    if effect == "gold-and-draw":
        s.give_gold(p, 1)
        p.phase3_target += 1
    elif effect == "shield-for-draws":
        set_shield(s, p, p.shield - 1)
        p.phase3_target += 2
    elif effect == "zero-cost-card":
        yield from gain_zero_cost(s, p)
        p.phase3_target -= 1
    elif effect == "attribute":
        assert attribute is not None
        yield from raise_attribute(s, p, attribute, levelup_draw=False)
        p.phase3_target -= 1
    else:  # shield-zero-any-attribute
        set_shield(s, p, 0)
        options = raisable(s, p)
        if options:
            action = yield Decision(p.seat, "attribute", tuple(interned(ChooseAttribute, a.value) for a in options))
            assert isinstance(action, ChooseAttribute)
            yield from raise_attribute(s, p, Attribute(action.attribute), levelup_draw=False)


# --- The fight (§7.5) ---------------------------------------------------------------------------------


def fight_options(s: GameState, p: PlayerState) -> list[Action]:
    return [interned(FightLegendary)] if s.hunt is not None and s.hunt.location == p.location else []


def fight(s: GameState, p: PlayerState) -> Flow:
    """Fight it to the kill (the game is won) or a knock-out (the penalties of a complete defeat)."""
    from .combo import is_knocked_out, witcher_turn
    from .fight import end_fight, start_fight

    content, h = legendary(s), s.hunt
    assert content is not None and h is not None
    monster = content.monsters[h.monster]
    rule = monster.rule
    f = FightState(kind="legendary", witcher=p.seat, level=3, decider=(p.seat - 1) % s.n)
    f.legendary = LegendaryFight(
        protection=protection(s, p) + (rule.amount if rule.type == "extra-protection" else 0),
        cap=rule.amount if rule.type == "damage-cap" else None,
        first_card_free=rule.type == "first-card-no-damage",
    )
    yield from start_fight(s, f, [p.seat])
    if rule.type == "shield-loss":
        set_shield(s, p, p.shield - rule.amount)
    elif rule.type == "draw-penalty":
        f.whole_fight_draw_mod -= rule.amount
    # The Life Pool: the Special Fight cards, minus one per token held (solo: per two tokens, §7.6).
    held = len(h.tokens_of(p.seat))
    pool = sorted(content.fight_cards)
    s.rng.shuffle(pool)
    f.life_pool = pool[held // 2 if s.n == 1 else held:]
    witcher_acts = held > 0  # a held token counts as a trail: the witcher strikes first
    knocked_out = False
    while s.outcome is None:
        if witcher_acts:
            yield from witcher_turn(s, p.seat)
            if not f.life_pool:
                break
        else:
            yield from monster_turn(s, p, f, monster)
        knocked_out = is_knocked_out(p)
        if knocked_out or not f.life_pool:
            break
        witcher_acts = not witcher_acts
    if s.outcome is not None:
        return
    f.life_pool, f.spent = [], []  # its cards are its own: none join the Monster Fight deck
    yield from end_fight(s, [p.seat])
    if not knocked_out:
        s.end(Termination.LEGENDARY, p.seat)
        return
    yield from gain_zero_cost(s, p)
    s.reshuffle_all(p)
    p.phase3_target = s.rules.phase3_draw_after_loss


def monster_turn(s: GameState, p: PlayerState, f: FightState, monster: LegendaryMonster) -> Flow:
    """Charge or Bite is called, the top Special Fight card deals it, and its marker fires a Special Attack."""
    from .fight import declare_attack

    content = legendary(s)
    assert content is not None
    f.monster_turns += 1
    if not f.life_pool:
        return
    kind: AttackType = yield from declare_attack(s, p, f, False)
    card = f.life_pool.pop()
    f.spent.append(card)
    blow = content.fight_cards[card].blow(kind)
    yield from take_damage(s, p, blow.damage)
    if blow.special is not None:
        yield from special_attack(s, p, f, monster.attacks[blow.special - 1])


def special_attack(s: GameState, p: PlayerState, f: FightState, attack: SpecialAttack) -> Flow:
    """Damage, then the discard (or the damage instead), then the colour forbidden next fight turn."""
    yield from take_damage(s, p, attack.damage)
    if attack.discard is not None:
        yield from _discard_or_damage(s, p, attack)
    if attack.forbid is not None and f.legendary is not None:
        f.legendary.forbid_next = attack.forbid


def _discard_or_damage(s: GameState, p: PlayerState, attack: SpecialAttack) -> Flow:
    options: list[Action]
    if attack.discard == "potion":
        options = [interned(DiscardPotion, x) for x in dict.fromkeys(p.potions)]
    else:
        colors = s.tables.cards
        options = [interned(Discard, c) for c in dict.fromkeys(p.hand) if colors[c].color.value == attack.discard]
    if not options:
        yield from take_damage(s, p, attack.instead)
        return
    if attack.choice:
        options.append(PASS)
    action = yield Decision(p.seat, "special-attack", tuple(options))
    if isinstance(action, DiscardPotion):
        p.potions.remove(action.potion)
        s.potion_discard.append(action.potion)
    elif isinstance(action, Discard):
        p.hand.remove(action.card)
        p.discard.append(action.card)
    else:
        yield from take_damage(s, p, attack.instead)


# --- Invariants ------------------------------------------------------------------------------------


def violations(s: GameState) -> Sequence[str]:
    """The Destruction tokens are conserved (pile, map, players), and the monster never stands on location 0."""
    content, h = legendary(s), s.hunt
    if content is None or h is None:
        return []
    found = []
    count = len(h.token_pile) + len(h.tokens) + sum(map(len, h.held.values()))
    if count != sum(t.copies for t in content.tokens.values()):
        found.append(f"destruction tokens are not conserved ({count})")
    if s.tables.locations[h.location].number == NO_MONSTER_LOCATION:
        found.append("the legendary monster stands on location 0")
    return found


class LegendaryHuntRules(Pack):
    """The pack's hooks: the hunt at setup, its moves at the end of a round, driving it away and fighting it."""

    id = "legendary-hunt"

    def is_on(self, tables: Tables) -> bool:
        return tables.legendary is not None

    def setup_board(self, s: GameState, options: Mapping[str, Any]) -> None:
        setup(s, options)

    def end_of_round(self, s: GameState) -> Flow:
        return end_of_round(s)

    def phase_one_options(self, s: GameState, p: PlayerState) -> list[Action]:
        return drive_away_options(s, p)

    def take_action(self, s: GameState, p: PlayerState, action: Action) -> Flow | None:
        if isinstance(action, DriveAwayLegendary):
            return drive_away(s, p, action)
        if isinstance(action, FightLegendary):
            return fight(s, p)
        return None

    def after_phase_one(self, s: GameState, p: PlayerState) -> Flow:
        return after_phase_one(s, p)

    def phase_two_options(self, s: GameState, p: PlayerState) -> list[Action]:
        return fight_options(s, p)

    def blocks_location(self, s: GameState, location: str) -> bool:
        return blocks(s, location)

    def trophies_win(self, s: GameState) -> bool:
        return s.hunt is None  # trophies lower the monster's Protection instead (§7.5)

    def has_solo_goal(self, s: GameState) -> bool:
        return s.hunt is not None  # the legendary monster (§7.6)

    def violations(self, s: GameState) -> Sequence[str]:
        return violations(s)


PACK = LegendaryHuntRules()
