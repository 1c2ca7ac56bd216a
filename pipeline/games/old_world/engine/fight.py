"""Fights (reference §10): monster fights, witcher duels and events' short fights; outcomes and spawning."""

from __future__ import annotations

from contextlib import ExitStack

from ..effects import DrawModifier
from ..enums import AttackType, Attribute, Terrain, Timing
from .actions import ChooseAttack, Pass, Wager, interned
from .combo import auto_abilities, is_knocked_out, witcher_turn
from .execute import Ctx, run_effects
from .state import Decision, FightState, Flow, GameState, PlayerState
from .witcher import discard_random, gain_trophy, gain_zero_cost, lower_attribute, set_shield, take_damage, trash_chosen

# §18 (silent): a duel in which neither witcher can be knocked out (both replaying returned cards)
# ends after this many turns of each witcher; the defender held out and wins.
DUEL_TURN_LIMIT = 40
# The Gold a Trail Quest token carries from the bank (reference §8.6; not a manifest constant).
TRAIL_QUEST_GOLD = 1


def monster_slot(s: GameState, monster: str) -> Terrain:
    return next(t for t, v in s.slots.items() if v is not None and v[1] == monster)


def start_fight(s: GameState, f: FightState, seats: list[int]) -> Flow:
    """Fight-start abilities, then each witcher's Life Pool: discard shuffled into the deck (§10.2)."""
    s.fight = f
    if f.monster is not None:
        special = s.tables.monsters[f.monster].special
        if special.timing in (Timing.FIGHT_START, Timing.WHOLE_FIGHT):
            for effect in special.effects:
                if special.timing is Timing.WHOLE_FIGHT and isinstance(effect, DrawModifier):
                    f.whole_fight_draw_mod += effect.amount
                else:
                    yield from run_effects(s, Ctx(f.witcher, hostile=True), [effect])
    for seat in seats:
        yield from auto_abilities(s, s.players[seat], Timing.FIGHT_START)
        s.reshuffle_all(s.players[seat], with_hand=False)


def deal_life_pool(s: GameState, f: FightState, life: int) -> None:
    s.rng.shuffle(s.fight_deck)
    count = min(life, len(s.fight_deck))
    f.life_pool = s.fight_deck[len(s.fight_deck) - count :]
    del s.fight_deck[len(s.fight_deck) - count :]


def end_fight(s: GameState, seats: list[int], keep_hand: bool = False) -> Flow:
    """After any fight: fight cards back, used potions discarded, decks rebuilt, Shield to Defense (§10.8)."""
    f = s.fight
    assert f is not None
    s.fight_deck.extend(f.life_pool)
    s.fight_deck.extend(f.spent)
    f.life_pool, f.spent = [], []
    for used in f.potions_used.values():
        s.potion_discard.extend(used)
    f.potions_used = {}
    for pack in s.packs:
        pack.fight_ended(s, f)
    s.fight = None
    # Every fighter's Shield drops back to Defense before any after-fight ability: such an ability may ask its
    # player a question (a Potion or a Bomb), and a later fighter's Energy must not stay above Wisdom meanwhile.
    for seat in seats:
        p = s.players[seat]
        set_shield(s, p, p.attributes[Attribute.DEFENSE])
    for seat in seats:
        p = s.players[seat]
        s.reshuffle_all(p, with_hand=not keep_hand)
        yield from auto_abilities(s, p, Timing.AFTER_FIGHT)


# --- Monster fights --------------------------------------------------------------------------------


def monster_fight(s: GameState, p: PlayerState, monster: str) -> Flow:
    """Fight the monster at the witcher's location to defeat, drive away or complete defeat (§10.3-§10.9)."""
    m = s.tables.monsters[monster]
    terrain = monster_slot(s, monster)
    result = yield from fought(s, p, monster, terrain)
    if result is None:
        return
    rules = s.rules
    if result == "defeat" and spares_last_monster(s, p):
        result = "drive-away"
    if result == "defeat":
        # Defeat: Gold, the trophy (win check, Fatigue), a spawn one level up (§10.8).
        s.give_gold(p, rules.gold_defeat_monster)
        s.defeated.append(monster)
        won = yield from gain_trophy(s, p, f"monster:{monster}", from_fight=True)
        if won:
            return
        yield from replace_monster(s, terrain, m.level, defeated=True)
    elif result == "drive-away":
        s.give_gold(p, rules.gold_drive_away)
        s.driven_away[m.level].append(monster)
        yield from gain_zero_cost(s, p)
        s.reshuffle_all(p)  # The penalty card joins the rebuilt deck (§10.8: after every fight).
        yield from replace_monster(s, terrain, m.level, defeated=False)
    else:
        if not p.has_trail(terrain, s.tables) and s.token_piles[terrain]:
            p.trail_tokens.append(s.token_piles[terrain].pop())
        yield from gain_zero_cost(s, p)
        s.reshuffle_all(p)
        p.phase3_target = rules.phase3_draw_after_loss


def replace_monster(s: GameState, terrain: Terrain, level: int, defeated: bool) -> Flow:
    """The monster of `terrain` left: the packs take note, then one spawns in its place unless a pack took the slot."""
    for pack in s.packs:  # Monster Trail's Weakness tokens go back (§9.8)
        pack.monster_left(s, terrain)
    if any(pack.monster_gone(s, terrain, level) for pack in s.packs):  # the Wild Hunt's Shields (§11.5)
        return
    spawn(s, terrain, level, defeated=defeated)
    for pack in s.packs:
        yield from pack.monster_placed(s, terrain)


def fought(s: GameState, p: PlayerState, monster: str, terrain: Terrain | None) -> Flow:
    """Fight `monster` through to the fight's end (§10.3-§10.8) and return its outcome ("defeat", "drive-away" or
    "complete-defeat"), or None when the game ended during the fight. The caller applies the outcome."""
    s.used["monsters"].add(monster)
    f = FightState(kind="monster", witcher=p.seat, monster=monster, level=s.tables.monsters[monster].level,
                   decider=(p.seat - 1) % s.n)
    knocked_out = yield from fight_rounds(s, p, f, terrain)
    if s.outcome is not None:
        return None
    left = len(f.life_pool)
    yield from end_fight(s, [p.seat])
    return monster_outcome(s, knocked_out, left)


def fight_rounds(s: GameState, p: PlayerState, f: FightState, terrain: Terrain | None) -> Flow:
    """Start the fight, deal the monster's Life Pool, then alternate turns until the pool is empty or the witcher is
    knocked out (§10.3-§10.7). Returns whether the witcher was knocked out; the caller ends the fight.

    `terrain` is the slot the monster stands on; a monster on none (Skellige's island fight, §10.5) has no trail
    and no Weakness tokens, so the monster strikes first."""
    assert f.monster is not None
    yield from start_fight(s, f, [p.seat])
    supported = 0
    for pack in s.packs:  # the Wild Hunt's Support shrinks the pool (§11.5)
        supported += yield from pack.fight_support(s, p)
    life = s.tables.monsters[f.monster].life
    for pack in s.packs:  # the Hounds (§11.5)
        life = pack.monster_life(s, life, p.location)
    deal_life_pool(s, f, max(0, life - supported))
    s.draw(p, supported, reshuffle=False)
    witcher_first = False
    if terrain is not None:
        for pack in s.packs:  # Monster Trail's Weakness tokens (§9.8)
            witcher_first = pack.before_monster_fight(s, p, f, terrain) or witcher_first
        witcher_first = p.has_trail(terrain, s.tables) or witcher_first  # §6.8: a trail strikes first.
    witcher_first = any(pack.strikes_first(s, p, f) for pack in s.packs) or witcher_first  # Skellige's Dagon Trail
    witcher_acts = witcher_first and not f.monster_first
    knocked_out = False
    while s.outcome is None:
        if witcher_acts:
            yield from witcher_turn(s, p.seat)
            if not f.life_pool:
                break
            knocked_out = is_knocked_out(p)
        else:
            yield from monster_turn(s, p, f)
            knocked_out = is_knocked_out(p)
            if not f.life_pool and not knocked_out:
                break
        if knocked_out:
            break
        witcher_acts = not witcher_acts
    return knocked_out


def spares_last_monster(s: GameState, p: PlayerState) -> bool:
    """§14.2 solo: "you must not defeat the final monster before owning [the Attribute Trophy]".

    The fight is allowed; a win over the last monster on the board before the trophy is held does not
    defeat it: it escapes as if driven away (a new monster of its level appears, §14.3).
    """
    on_board = sum(slot is not None for slot in s.slots.values())
    # With Legendary Hunt the solo goal is the legendary monster (expansion sheet §7.6), not the trophies.
    solo_goal = any(pack.has_solo_goal(s) for pack in s.packs)
    return not solo_goal and s.n == 1 and on_board == 1 and not any(t.startswith("attribute:") for t in p.trophies)


def monster_outcome(s: GameState, knocked_out: bool, left: int) -> str:
    """Defeat, drive away (KO with at most `drive_away_max_life` cards left) or complete defeat (§10.8)."""
    if not knocked_out:
        return "defeat"
    return "drive-away" if left <= s.rules.drive_away_max_life else "complete-defeat"


def monster_turn(s: GameState, p: PlayerState, f: FightState) -> Flow:
    """The monster declares Charge or Bite, then spends the top card of its Life Pool on it (§10.5)."""
    first = f.monster_turns == 0
    f.monster_turns += 1
    if first and f.monster is not None:
        special = s.tables.monsters[f.monster].special
        if special.timing is Timing.MONSTER_FIRST_TURN:
            yield from run_effects(s, Ctx(p.seat, hostile=True), special.effects)
    if not f.life_pool or s.outcome is not None:
        return
    if f.kind == "short":
        f.spent.append(f.life_pool.pop())
        yield from take_damage(s, p, f.short_damage)
        return
    kind = yield from declare_attack(s, p, f, first)
    card = f.life_pool.pop()
    f.spent.append(card)
    for pack in s.packs:  # a Special Attack card: Charge or Bite alike (§9.8)
        attack = pack.monster_attack(s, p, f, card)
        if attack is not None:
            yield from attack
            return
    yield from apply_attack(s, p, card, kind, f.level)
    if p.shield == 0 and f.monster is not None:
        special = s.tables.monsters[f.monster].special
        key = (-1, "special")
        if special.timing is Timing.ON_SHIELD_ZERO and key not in f.once:
            if special.limit.value != "none":
                f.once.add(key)
            yield from run_effects(s, Ctx(p.seat, hostile=True), special.effects)


def apply_attack(s: GameState, p: PlayerState, card: str, kind: AttackType, level: int) -> Flow:
    """One half of a Monster Fight card, at the monster's level, on the witcher (§10.5, §15)."""
    attack = s.tables.fight_cards[card].attack(kind)
    amount = attack.amount_for(level)
    if attack.type == "damage":
        yield from take_damage(s, p, amount)
    elif attack.type == "lower-alchemy":
        lower_attribute(s, p, Attribute.ALCHEMY)
        yield from take_damage(s, p, amount)
    elif attack.type == "discard-random":
        discard_random(s, p, amount)
    else:  # trash-chosen: from hand, else the deck top (§15).
        done = yield from trash_chosen(s, p, amount, ("hand",))
        for _ in range(amount - done):
            if p.deck:
                s.trash.append(p.deck.pop())


def declare_attack(s: GameState, p: PlayerState, f: FightState, first: bool) -> Flow:
    """Who calls Charge/Bite: the controller first, then the other non-active players in turn (§10.5)."""
    if first and f.worse_attack_first and f.life_pool[-1] in s.tables.fight_cards:
        card = s.tables.fight_cards[f.life_pool[-1]]
        return max((AttackType.BITE, AttackType.CHARGE), key=lambda k: _cards_lost(s, p, f, card.attack(k)))
    for pack in s.packs:  # the Wild Hunt's token (§11.5)
        decided = pack.attack_type(s)
        if decided is not None:
            return decided
    if s.n == 1:
        roll = s.rng.randint(1, 6)
        return AttackType.CHARGE if roll <= s.rules.solo_charge_max_roll else AttackType.BITE
    decider = f.decider
    nxt = (decider - 1) % s.n
    f.decider = nxt if nxt != p.seat else (nxt - 1) % s.n
    options = (interned(ChooseAttack, AttackType.CHARGE.value), interned(ChooseAttack, AttackType.BITE.value))
    action = yield Decision(decider, "attack-type", options)
    assert isinstance(action, ChooseAttack)
    return AttackType(action.kind)


def _cards_lost(s: GameState, p: PlayerState, f: FightState, attack: object) -> int:
    from ..models.base import Attack

    assert isinstance(attack, Attack)
    amount = attack.amount_for(f.level)
    if attack.type in ("damage", "lower-alchemy"):
        return max(0, amount - p.shield)
    return min(amount, len(p.hand) + len(p.deck))


def spawn(s: GameState, terrain: Terrain, level: int, defeated: bool) -> None:
    """Clear the slot and that terrain's trails, then place a new monster (§10.9)."""
    slot = s.slots[terrain]
    assert slot is not None
    pile = s.token_piles[terrain]
    pile.append(slot[0])
    s.slots[terrain] = None
    for q in s.players:
        for zone in (q.trail_tokens, q.trail_quests):
            for token in [t for t in zone if s.tables.token_terrain(t) is terrain]:
                zone.remove(token)
                pile.append(token)
                if zone is q.trail_quests:
                    s.bank += TRAIL_QUEST_GOLD
    s.rng.shuffle(pile)
    if defeated and s.n == 1:
        return  # §14.3: solo never replaces a defeated monster.
    monster = None
    if defeated and level == 1 and s.extra_stack:
        monster = s.extra_stack.pop()  # §10.9: 4/5 players use the extra level-I stack first.
    else:
        monster = draw_monster(s, min(level + 1, 3) if defeated else level)
    if monster is not None and pile:
        s.slots[terrain] = (pile.pop(), monster)


def draw_monster(s: GameState, level: int) -> str | None:
    """A random token of a level; an empty stack is rebuilt from that level's driven-away monsters (§10.9)."""
    # §18 (silent): with no monster left at that level, the nearest level that has one (lower first).
    for lvl in sorted(s.monster_stacks, key=lambda x: (abs(x - level), x)):
        stack = s.monster_stacks[lvl]
        if not stack and s.driven_away[lvl]:
            stack.extend(s.driven_away[lvl])
            s.driven_away[lvl] = []
            s.rng.shuffle(stack)
        if stack:
            return stack.pop()
    return None


# --- Duels -----------------------------------------------------------------------------------------


def duel(s: GameState, attacker: PlayerState, defender: PlayerState) -> Flow:
    """A witcher duel: wagers, alternate full fight turns from the attacker, Gold and trophy (§10.11)."""
    rules = s.rules
    yield from place_wagers(s, attacker.seat, defender.seat)
    f = FightState(kind="duel", witcher=attacker.seat, defender=defender.seat)
    yield from duel_bombs(s, f, [attacker, defender])
    yield from start_fight(s, f, [attacker.seat, defender.seat])
    turn, other = attacker, defender
    winner = None
    while winner is None and s.outcome is None:
        yield from witcher_turn(s, turn.seat)
        if is_knocked_out(other):
            winner = turn
        elif is_knocked_out(turn):
            winner = other
        elif f.turns_taken.get(defender.seat, 0) >= DUEL_TURN_LIMIT:
            winner = defender
        turn, other = other, turn
    if s.outcome is not None or winner is None:
        return
    loser = defender if winner is attacker else attacker
    s.closed_tavern = attacker.location
    yield from end_fight(s, [attacker.seat, defender.seat])
    reward = s.tables.manifest.trophy_track[loser.track].reputation
    s.give_gold(winner, reward)
    settle_wagers(s, "attacker" if winner is attacker else "defender", reward)
    with ExitStack() as scopes:  # a Mage gains from their own pool (expansion sheet §8.4)
        for pack in s.packs:
            scopes.enter_context(pack.gain_scope(s, loser))
        yield from gain_zero_cost(s, loser)
    s.reshuffle_all(loser)
    if winner is attacker:
        wt = s.tables.witcher_trophies
        owned = {wt[key[8:]].school for key in attacker.trophies if key.startswith("witcher:")}
        if defender.own_witcher_trophies and defender.school not in owned:
            trophy = defender.own_witcher_trophies.pop(s.rng.randrange(len(defender.own_witcher_trophies)))
            won = yield from gain_trophy(s, attacker, f"witcher:{trophy}", from_fight=True)
            if won:
                return
    else:
        attacker.phase3_target = rules.phase3_draw_after_loss
    s.draw(defender, rules.duel_defender_draw_win if winner is defender else rules.duel_defender_draw_loss)


def duel_bombs(s: GameState, f: FightState, duellists: list[PlayerState]) -> Flow:
    """Monster Trail (§9.5): before the life pools are made, the attacker and then the defender may throw a Bomb whose
    use against a witcher comes then (the Dimeritium Bomb)."""
    s.fight = f
    for p in duellists:
        openers = [opener for pack in s.packs for opener in pack.duel_openers(s, p, f)]
        if not openers or s.outcome is not None:
            continue
        action = yield Decision(p.seat, "duel-bomb", (*openers, interned(Pass)))
        for pack in s.packs:
            flow = pack.take_fight_action(s, p, f, action)
            if flow is not None:
                yield from flow
                break


def place_wagers(s: GameState, attacker: int, defender: int) -> Flow:
    """Each spectator may bet the wager Gold on either side, against the bank (§10.11)."""
    if not s.profile.wagers or s.n < s.rules.wager_min_players:
        return
    for offset in range(1, s.n):
        seat = (attacker + offset) % s.n
        q = s.players[seat]
        if seat == defender or q.gold < s.rules.wager_gold:
            continue
        action = yield Decision(seat, "wager", (interned(Pass), interned(Wager, "attacker"), interned(Wager, "defender")))
        if isinstance(action, Wager):
            q.gold -= s.rules.wager_gold
            s.wagers[seat] = action.on


def settle_wagers(s: GameState, winning_side: str, reward: int) -> None:
    """A wager on the winner comes back with the winner's Gold again; one on the loser goes to the bank."""
    for seat, side in s.wagers.items():
        if side == winning_side:
            s.players[seat].gold += s.rules.wager_gold
            s.give_gold(s.players[seat], reward)
        else:
            s.bank += s.rules.wager_gold
    s.wagers = {}


# --- Short fights (events) -------------------------------------------------------------------------


def short_fight(s: GameState, p: PlayerState, life: int, damage: int) -> Flow:
    """An event's short fight: an opponent of `life` Monster Fight cards hitting for `damage` each turn."""
    f = FightState(kind="short", witcher=p.seat, short_damage=damage)
    yield from start_fight(s, f, [p.seat])
    deal_life_pool(s, f, life)
    witcher_acts = True  # §18 (silent): the witcher strikes first in a short fight.
    knocked_out = False
    while s.outcome is None:
        if witcher_acts:
            yield from witcher_turn(s, p.seat)
            if not f.life_pool:
                break
        else:
            yield from monster_turn(s, p, f)
        knocked_out = is_knocked_out(p)
        if knocked_out or not f.life_pool:
            break
        witcher_acts = not witcher_acts
    if s.outcome is not None:
        return False
    # §18 (silent): a short fight happens mid-turn, so the hand is kept; only deck and discard are rebuilt.
    yield from end_fight(s, [p.seat], keep_hand=True)
    return not knocked_out
