"""Monster Trail's Bombs (expansion sheet §9.5): with the mode, a Bomb may be taken instead of any Potion drawn;
Bombs are held apart from the Potions and used in step 1 of a fight turn within the same Alchemy limit."""

from __future__ import annotations

from collections.abc import Generator, Sequence

from ..effects import OpponentSpecialtyLevel
from ..models.base import Effects
from .actions import Action, DiscardBomb, DrawPotion, TakeBomb, UseBomb, interned
from .combo import alchemy_left
from .pack import Pack
from .state import Decision, FightState, Flow, GameState, PlayerState
from .tables import Tables

# "discard 1 Potion or 1 Gold and take the top Bomb instead".
BOMB_GOLD_PRICE = 1


def setup(s: GameState) -> None:
    """Shuffle the Bomb deck near the Potion deck; without the mode there is none (and no draw from the rng)."""
    if s.tables.bombs:
        s.bomb_deck = s.tables.bomb_ids()
        s.rng.shuffle(s.bomb_deck)
        s.used["bombs"] = set()  # coverage: which Bombs the games used


def draw_bomb(s: GameState) -> str | None:
    """Top of the Bomb deck; when empty, the used and discarded Bombs are reshuffled (as the Potion deck)."""
    if not s.bomb_deck and s.bomb_discard:
        s.bomb_deck, s.bomb_discard = s.bomb_discard, []
        s.rng.shuffle(s.bomb_deck)
    return s.bomb_deck.pop() if s.bomb_deck else None


def bomb_instead(s: GameState, p: PlayerState) -> Flow:
    """"Whenever you would draw a Potion, for any reason, choose one": the Potion, or pay 1 Potion or 1 Gold for
    the top Bomb. Returns whether a Bomb was taken (then no Potion is drawn)."""
    if not s.tables.bombs or not (s.bomb_deck or s.bomb_discard):
        return False
    options: list[Action] = [interned(DrawPotion)]
    options += [interned(TakeBomb, potion) for potion in dict.fromkeys(p.potions)]
    if p.gold >= BOMB_GOLD_PRICE:
        options.append(interned(TakeBomb, ""))
    if len(options) == 1:
        return False
    action = yield Decision(p.seat, "potion-or-bomb", tuple(options))
    if not isinstance(action, TakeBomb):
        return False
    if action.pay:
        p.potions.remove(action.pay)
        s.potion_discard.append(action.pay)
    else:
        s.give_gold(p, -BOMB_GOLD_PRICE)
    bomb = draw_bomb(s)
    if bomb is not None:
        p.bombs.append(bomb)
    while len(p.bombs) > s.rules.bomb_hold_limit:  # "hold up to 4 Potions and up to 4 Bombs"
        discard = yield Decision(p.seat, "discard-bomb", tuple(interned(DiscardBomb, b) for b in dict.fromkeys(p.bombs)))
        assert isinstance(discard, DiscardBomb)
        p.bombs.remove(discard.bomb)
        s.bomb_discard.append(discard.bomb)
    return True


def options(s: GameState, p: PlayerState, f: FightState) -> list[Action]:
    """The Bombs a witcher may use in step 1 of a fight turn (none in an event's short fight: no opponent); in a duel
    not those whose use against a witcher comes before the life pools are made."""
    if f.kind == "short" or not alchemy_left(f, p):
        return []
    return [interned(UseBomb, b) for b in dict.fromkeys(p.bombs) if not (f.is_duel and before_life_pools(s, b))]


def before_life_pools(s: GameState, bomb: str) -> bool:
    """§9.5, the Dimeritium Bomb "vs a witcher": "play it before life pools are made"."""
    return any(isinstance(effect, OpponentSpecialtyLevel) for effect in s.tables.bombs[bomb].vs_witcher)


def duel_openers(s: GameState, p: PlayerState, f: FightState) -> list[Action]:
    """The Bombs a duellist may throw before the life pools are made, within the fight's Alchemy limit."""
    if not alchemy_left(f, p):
        return []
    return [interned(UseBomb, b) for b in dict.fromkeys(p.bombs) if before_life_pools(s, b)]


def use_bomb(s: GameState, p: PlayerState, f: FightState, bomb: str) -> Effects:
    """Spend the Bomb; its effects are those against the monster, or in a duel against the witcher."""
    p.bombs.remove(bomb)
    f.bombs_used.setdefault(p.seat, []).append(bomb)
    s.used["bombs"].add(bomb)
    card = s.tables.bombs[bomb]
    return card.vs_witcher if f.is_duel else card.vs_monster


def end_fight(s: GameState, f: FightState) -> None:
    """Used Bombs go to the Bomb discard pile."""
    for used in f.bombs_used.values():
        s.bomb_discard.extend(used)
    f.bombs_used = {}


def violations(s: GameState) -> list[str]:
    """Bombs are conserved across the deck, discard pile, hands and the fight; no one holds more than the limit."""
    if not s.tables.bombs:
        return []
    found = []
    choosing = s.decision.player if s.decision is not None and s.decision.kind == "discard-bomb" else -1
    for p in s.players:
        if len(p.bombs) > s.rules.bomb_hold_limit and p.seat != choosing:
            found.append(f"seat {p.seat} holds {len(p.bombs)} bombs")
    used = sum(map(len, s.fight.bombs_used.values())) if s.fight is not None else 0
    if len(s.bomb_deck) + len(s.bomb_discard) + sum(len(p.bombs) for p in s.players) + used != len(s.tables.bomb_ids()):
        found.append("bombs are not conserved")
    return found


class BombsRules(Pack):
    """The mode's hooks: its deck at setup, and a Bomb instead of a Potion."""

    id = "bombs"

    def is_on(self, tables: Tables) -> bool:
        return bool(tables.bombs)

    def setup_decks(self, s: GameState) -> None:
        setup(s)

    def potion_instead(self, s: GameState, p: PlayerState) -> Generator[Decision, Action, bool]:
        return bool((yield from bomb_instead(s, p)))

    def fight_options(self, s: GameState, p: PlayerState, f: FightState) -> list[Action]:
        return options(s, p, f)

    def duel_openers(self, s: GameState, p: PlayerState, f: FightState) -> list[Action]:
        return duel_openers(s, p, f)

    def take_fight_action(self, s: GameState, p: PlayerState, f: FightState, action: Action) -> Flow | None:
        if not isinstance(action, UseBomb):
            return None
        from .execute import Ctx, run_effects  # execute imports the modules that import this one

        return run_effects(s, Ctx(p.seat), use_bomb(s, p, f, action.bomb))

    def fight_ended(self, s: GameState, f: FightState) -> None:
        end_fight(s, f)

    def violations(self, s: GameState) -> Sequence[str]:
        return violations(s)


PACK = BombsRules()
