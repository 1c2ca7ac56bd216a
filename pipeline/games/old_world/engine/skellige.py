"""Skellige (expansion sheet §10.3-§10.7): Ships between the continent harbors and the islands, the Skellige
Exploration cards read on a voyage, the Skellige Event deck and the islands its cards reveal, Dagon's Danger Track.

Setup shuffles the Harbor tokens onto the harbors; a harbor whose token shows a Ship gets one (at most one
Ship per location, rule 4). A witcher on a harbor with a Ship may sail to an island once per turn, paying as for
a move to the island; the Ship goes with them. From an island they sail back to a harbor that has no Ship, the
Ship again with them. An island where another witcher stands is blocked.

Each voyage out rolls a die against Dagon's spot on the Danger Track (§10.6 step 3): a roll in the upper range
is safe and moves Dagon up one spot; reaching the top spot, the Dagon Location, is Dagon's emergence (§10.7):
the traveller's Shield drops to 0 and they take a Dagon Trail token (one each, while the supply lasts). Once
Dagon has emerged every voyage is dangerous, with no roll. Then the top Skellige Exploration card is read: its
upper section on a safe voyage, its lower one on a dangerous voyage (step 4); whoever had one read cannot
Explore in Phase II this turn. A card may send the traveller into the Skellige Event deck (its own numbers,
§17); an Event card that reveals an island makes it a destination for everyone from then on (§10.5).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pipeline.rules.effects import Effect

from ..effects import EnterSkelligeEvent, MoveDagon
from ..enums import LocationAction, Region
from ..models.skellige import SkelligeEvent
from .actions import PASS, Action, ChooseOption, EventIslandAction, FightDagon, SailBackFromDagon, SailToDagon, interned
from .execute import Ctx, run_effects
from .exploration import MAX_EVENT_DEPTH, resolve_event
from .pack import Pack, no_flow
from .state import Decision, FightState, Flow, GameState, PlayerState
from .tables import TERRAINS, Tables
from .witcher import gain_potions, gain_trail


@dataclass
class Seas:
    """Where the Ships and Dagon are, the Skellige Exploration deck, the islands found, and per turn who sailed."""

    ships: set[str] = field(default_factory=set)
    sailed_out: set[int] = field(default_factory=set)
    dagon: int = 1  # Dagon's Danger Track spot (1 = the bottom); one past the last die spot: emerged
    dagon_trails: int = 0  # Dagon Trail tokens left in the supply
    trail_holders: set[int] = field(default_factory=set)  # seats holding one
    exploration: list[str] = field(default_factory=list)  # the Skellige Exploration deck, top last
    exploration_used: list[str] = field(default_factory=list)
    explored: set[int] = field(default_factory=set)  # seats who had a Skellige Exploration card read this turn
    voyager: int | None = None  # the seat sailing out now: Dagon's emergence hits them (§10.7)
    revealed: list[str] = field(default_factory=list)  # the event islands found, in order
    island_monsters: dict[int, str] = field(default_factory=dict)  # seat -> the monster Hvandre Hevangi drew for them
    at_dagon: set[int] = field(default_factory=set)  # seats whose Ship sailed to the Dagon Location this turn
    # Seats standing on the Dagon Location: from their voyage there until they sail back, the fight does not bring
    # them back (§10.7: "players there can only sail back to the continent").
    on_dagon: set[int] = field(default_factory=set)
    start: int = 1  # Dagon's start spot for the player count, where driving it away puts it back (§10.7)
    bonus: list[str] = field(default_factory=list)  # the Dagon Bonus deck, top last
    siren: bool = False  # with the Monster Pack: the Siren still waits on the Dagon Location (gone once beaten, §6)


SAFE, DANGEROUS = "safe", "dangerous"
# The island actions of §10.5 (Loc Gwen's Gold, Aenye Ard's Potions, Hen Inis's trophy limit).
LOC_GWEN_GOLD = 3
AENYE_ARD_POTIONS = 4
HVANDRE_HEVANGI_LEVELS = (1, 2, 3)
DAGON = "dagon"
DAGON_GOLD = 2  # driving Dagon away (§10.7)
SIREN = "siren"
HEN_INIS_MAX_LEVEL_I = 1  # the rulebook's "0 or 1 level-1 trophies" (the FAQ's "none" is the discrepancy, §20)


def setup(s: GameState) -> None:
    """§10.3 steps 3 and 5-8: the Exploration deck shuffled, Dagon on its start spot, the Harbor tokens shuffled
    one per harbor (each with a Ship icon gets a Ship)."""
    board = s.tables.skellige
    if board is None:
        return
    tokens = list(s.tables.harbor_ships)
    s.rng.shuffle(tokens)
    start = next(start.spot for start in board.starts if start.players[0] <= s.n <= start.players[1])
    s.seas = Seas(ships={harbor for harbor, ship in zip(board.harbors, tokens, strict=False) if ship}, dagon=start,
                  dagon_trails=s.tables.dagon_trails, exploration=list(s.tables.skellige_exploration), start=start,
                  bonus=list(s.tables.dagon_bonus), siren=SIREN in s.tables.monsters)
    s.rng.shuffle(s.seas.exploration)
    s.rng.shuffle(s.seas.bonus)  # §10.3 step 6


def emerged(s: GameState) -> bool:
    board = s.tables.skellige
    return s.seas is not None and board is not None and s.seas.dagon > len(board.danger_track)


def move_dagon(s: GameState, amount: int, traveller: PlayerState | None) -> None:
    """Move Dagon along the track, between the bottom spot and the Dagon Location; an emergence while someone
    sails hits them, one made by an Event with nobody sailing hits nobody (§10.7)."""
    board, seas = s.tables.skellige, s.seas
    assert board is not None and seas is not None
    was_out = emerged(s)
    seas.dagon = max(1, min(len(board.danger_track) + 1, seas.dagon + amount))
    if traveller is not None and not was_out and emerged(s):
        traveller.shield = 0
        take_dagon_trail(seas, traveller)


def voyager(s: GameState, seat: int) -> PlayerState | None:
    """The player `seat` if they are sailing out now (the one Dagon's emergence hits)."""
    return s.players[seat] if s.seas is not None and s.seas.voyager == seat else None


def voyage(s: GameState, p: PlayerState) -> str:
    """The die against Dagon's spot (§10.6 step 3): safe moves Dagon up; its emergence hits the traveller."""
    board, seas = s.tables.skellige, s.seas
    assert board is not None and seas is not None
    if emerged(s):
        return DANGEROUS
    if s.rng.randint(1, 6) < board.danger_track[seas.dagon - 1].safe_from:
        return DANGEROUS
    move_dagon(s, 1, p)  # the voyage still counts as safe if Dagon emerges (§10.7)
    return SAFE


def is_island(s: GameState, location: str) -> bool:
    return s.tables.locations[location].region is not Region.CONTINENT


def may_sail(s: GameState, p: PlayerState, destination: str) -> bool:
    """A sea link may be taken now: out from a harbor with a Ship once per turn to an island nobody else holds
    (an event island once found), or back from an island to a harbor without a Ship."""
    seas = s.seas
    if seas is None:
        return False
    if is_island(s, destination):
        if destination in s.tables.event_islands and destination not in seas.revealed:
            return False
        return (p.location in seas.ships and p.seat not in seas.sailed_out
                and not any(q is not p and q.location == destination for q in s.players))
    return destination not in seas.ships


def sail(s: GameState, p: PlayerState, destination: str) -> Flow:
    """The witcher's Ship goes with them (call before moving the witcher); a voyage out reads an Exploration card."""
    seas = s.seas
    assert seas is not None
    seas.ships.discard(p.location)
    seas.ships.add(destination)
    if is_island(s, destination):
        seas.sailed_out.add(p.seat)
        seas.voyager = p.seat
        yield from read_exploration(s, p, voyage(s, p))
        seas.voyager = None


def read_exploration(s: GameState, p: PlayerState, result: str) -> Flow:
    """§10.6 step 4: the top Skellige Exploration card, its upper section if safe, its lower one if dangerous."""
    seas = s.seas
    assert seas is not None
    if not seas.exploration:  # a long game reshuffles the read cards
        seas.exploration, seas.exploration_used = seas.exploration_used, []
        s.rng.shuffle(seas.exploration)
    if not seas.exploration:
        return
    card_id = seas.exploration.pop()
    s.used.setdefault("skellige-exploration", set()).add(card_id)
    seas.explored.add(p.seat)
    card = s.tables.skellige_exploration[card_id]
    section = card.safe if result == SAFE else card.dangerous
    ctx = Ctx(p.seat)
    yield from run_effects(s, ctx, section.effects)
    if section.choices and s.outcome is None:
        options = tuple(interned(ChooseOption, i) for i in range(len(section.choices)))
        action = yield Decision(p.seat, "voyage-choice", options)
        assert isinstance(action, ChooseOption)
        yield from run_effects(s, ctx, section.choices[action.index].effects)
    seas.exploration_used.append(card_id)


def may_explore(s: GameState, p: PlayerState) -> bool:
    """The One Exploration limit (§10.6): no Exploring in Phase II after a Skellige Exploration card this turn."""
    return s.seas is None or p.seat not in s.seas.explored


def enter_event(s: GameState, p: PlayerState, number: int) -> Flow:
    """Read Skellige Event `number`; a card that reveals an island lays it by the others (§10.5)."""
    event: SkelligeEvent | None = s.tables.skellige_events.get(number)
    if event is None or s.seas is None or s.event_depth > MAX_EVENT_DEPTH:
        return
    s.event_depth += 1
    s.used.setdefault("skellige-events", set()).add(event.id)
    yield from resolve_event(s, p, event)
    if event.island is not None and event.island.id not in s.seas.revealed:
        s.seas.revealed.append(event.island.id)
    s.event_depth -= 1


def event_island_options(s: GameState, p: PlayerState, kind: LocationAction) -> list[Action]:
    """The action of an event island (§10.5), when it does something for this witcher."""
    if kind is LocationAction.FIRST_TROPHY:
        level_one = sum(1 for t in p.trophies if t.startswith("monster:") and s.tables.monsters[t[8:]].level == 1)
        return [interned(EventIslandAction)] if level_one <= HEN_INIS_MAX_LEVEL_I and s.monster_stacks[1] else []
    if kind is LocationAction.TRAIL_EACH:
        return [interned(EventIslandAction)] if any(s.token_piles[t] for t in TERRAINS) else []
    if kind is LocationAction.ISLAND_FIGHT:
        return [interned(EventIslandAction)] if any(s.monster_stacks[level] for level in HVANDRE_HEVANGI_LEVELS) else []
    return [interned(EventIslandAction)]  # Loc Gwen's Gold, Aenye Ard's Potions


def take_event_island_action(s: GameState, p: PlayerState, kind: LocationAction) -> Flow:
    if kind is LocationAction.FIRST_TROPHY:  # Hen Inis: a level I trophy card, no track step, no Fatigue
        from .locations import take_island_trophy  # locations offers this action: imported when taken

        take_island_trophy(s, p, "")
    elif kind is LocationAction.ISLAND_FIGHT:  # Hvandre Hevangi: a random monster of level I-III, fought in Phase II
        assert s.seas is not None
        level = s.rng.choice([level for level in HVANDRE_HEVANGI_LEVELS if s.monster_stacks[level]])
        s.seas.island_monsters[p.seat] = s.monster_stacks[level].pop()
    elif kind is LocationAction.GOLD_HAUL:  # Loc Gwen
        s.give_gold(p, LOC_GWEN_GOLD)
    elif kind is LocationAction.POTION_HAUL:  # Aenye Ard: draw 4, then down to the limit
        yield from gain_potions(s, p, AENYE_ARD_POTIONS)
    elif kind is LocationAction.TRAIL_EACH:  # Pawen y Crevan: up to one Trail token of each kind
        for terrain in TERRAINS:
            yield from gain_trail(s, p, terrain)


def island_monster(s: GameState, p: PlayerState) -> str | None:
    """The monster Hvandre Hevangi drew for this witcher: Phase I ends and Phase II is its fight (§10.5)."""
    return s.seas.island_monsters.get(p.seat) if s.seas is not None else None


def island_fight(s: GameState, p: PlayerState) -> Flow:
    """Fight the drawn monster with normal outcomes, except that it stands on no terrain's slot: a defeat takes its
    trophy and spawns nothing; otherwise its token is shuffled back into its level's pool (§10.5) and no Trail
    token is gained (it has no terrain)."""
    from .fight import fought
    from .witcher import gain_trophy, gain_zero_cost

    assert s.seas is not None
    monster = s.seas.island_monsters.pop(p.seat)
    m = s.tables.monsters[monster]
    result = yield from fought(s, p, monster, terrain=None)
    if result is None:
        return
    if result == "defeat":
        s.give_gold(p, s.rules.gold_defeat_monster)
        s.defeated.append(monster)
        yield from gain_trophy(s, p, f"monster:{monster}", from_fight=True)
        return
    stack = s.monster_stacks[m.level]
    stack.append(monster)
    s.rng.shuffle(stack)
    if result == "drive-away":
        s.give_gold(p, s.rules.gold_drive_away)
    else:
        p.phase3_target = s.rules.phase3_draw_after_loss
    yield from gain_zero_cost(s, p)
    s.reshuffle_all(p)


def siren_waits(s: GameState) -> bool:
    """The Monster Pack's Siren is on the Dagon Location: Dagon's emergence drives her off the board, and she comes
    back when Dagon leaves; once defeated or driven away she is gone for good (§6, §13 FAQ)."""
    return s.seas is not None and s.seas.siren and not emerged(s)


def dagon_options(s: GameState, p: PlayerState) -> list[Action]:
    """Sail to the Dagon Location (§10.7): once Dagon has emerged, or while the Siren waits there (§6), from a
    continent harbor with a Ship, once per turn."""
    seas = s.seas
    if seas is None or DAGON not in s.tables.monsters or p.seat in seas.sailed_out or p.seat in seas.on_dagon:
        return []
    if not emerged(s) and not siren_waits(s):
        return []
    if p.location not in seas.ships or is_island(s, p.location):
        return []
    return [interned(SailToDagon)]


def sail_to_dagon(s: GameState, p: PlayerState) -> None:
    """No Skellige Exploration card is read (§13 FAQ); Phase I ends and Phase II is the fight. The witcher stays on the
    Dagon Location after it, until they sail back (§10.7); their Ship waits at their harbor and brings them back there
    (designed: the sheet lets them sail only back to the continent; the harbor they came from keeps their place on the
    map, and the trip back is free like the trip out)."""
    assert s.seas is not None
    s.seas.sailed_out.add(p.seat)
    s.seas.at_dagon.add(p.seat)
    s.seas.on_dagon.add(p.seat)


def at_dagon(s: GameState, p: PlayerState) -> bool:
    """The witcher sailed to the Dagon Location this turn: Phase II is the fight."""
    return s.seas is not None and p.seat in s.seas.at_dagon


def on_dagon(s: GameState, p: PlayerState) -> bool:
    """The witcher stands on the Dagon Location (sailed there this turn or stayed from an earlier one)."""
    return s.seas is not None and p.seat in s.seas.on_dagon


def confined_options(s: GameState, p: PlayerState) -> list[Action] | None:
    """On the Dagon Location, Phase I offers only the voyage back to the continent (§10.7)."""
    return [interned(SailBackFromDagon)] if on_dagon(s, p) else None


def sail_back(s: GameState, p: PlayerState) -> None:
    """Back at the harbor the Ship waits at, as after a voyage from an island: its action and Phase I go on."""
    assert s.seas is not None
    s.seas.on_dagon.discard(p.seat)
    s.seas.sailed_out.add(p.seat)
    p.moved_into.add(p.location)


def stayed_fight(s: GameState, p: PlayerState) -> Flow:
    """Phase II for a witcher who stayed on the Dagon Location: fight whoever is there (Dagon, or the Siren), or not;
    nothing else can be done there (no monster, duel or Exploration of the map)."""
    if not emerged(s) and not siren_waits(s):
        return
    action = yield Decision(p.seat, "dagon-fight", (interned(FightDagon), PASS))
    if isinstance(action, FightDagon):
        yield from dagon_fight(s, p)


def dagon_fight(s: GameState, p: PlayerState) -> Flow:
    """The fight at the Dagon Location: the Siren's while she waits there (§6), else Dagon's.

    §10.7: Dagon is driven away if the witcher wins, or loses while Dagon has 0-1 life cards left: 2 Gold, a 0-cost market
    card and the top Dagon Bonus card, no trophy-track step and no Fatigue; Dagon goes back to its start spot. A
    complete defeat leaves Dagon up: the witcher takes a Dagon Trail token (if they have none), a 0-cost market card,
    and draws 1 card fewer in Phase III."""
    from .fight import fought
    from .witcher import gain_zero_cost

    seas, board = s.seas, s.tables.skellige
    assert seas is not None and board is not None
    seas.at_dagon.discard(p.seat)  # the witcher stays on the Dagon Location (on_dagon) until they sail back
    if siren_waits(s):
        yield from siren_fight(s, p)
        return
    if not emerged(s):  # Dagon went back down before this fight (an Event): nobody to fight
        return
    result = yield from fought(s, p, DAGON, terrain=None)
    if result is None:
        return
    if result == "complete-defeat":
        take_dagon_trail(seas, p)
        p.phase3_target = s.rules.phase3_draw_after_loss
    else:
        s.give_gold(p, DAGON_GOLD)
        if seas.bonus:
            card = seas.bonus.pop()
            s.used.setdefault("dagon-bonus-cards", set()).add(card)
            p.trophies.append(f"dagon-bonus:{card}")  # kept with the trophies: no track step, no Fatigue
        seas.dagon = seas.start
        # Designed: like a base monster's Trail tokens when it leaves its slot (§10.9), the Dagon Trail tokens go back to
        # the supply when Dagon is driven down (the sheet does not say).
        seas.dagon_trails += len(seas.trail_holders)
        seas.trail_holders.clear()
    yield from gain_zero_cost(s, p)
    s.reshuffle_all(p)


def siren_fight(s: GameState, p: PlayerState) -> Flow:
    """The Siren fights like a normal monster (§6), except: no Siren Trail token ever; her kill gives 2 Gold and her
    trophy card with no trophy-track step and no Fatigue; defeated or driven away, she is removed for good."""
    from .fight import fought
    from .witcher import gain_zero_cost

    seas = s.seas
    assert seas is not None
    result = yield from fought(s, p, SIREN, terrain=None)
    if result is None:
        return
    if result == "defeat":
        s.give_gold(p, DAGON_GOLD)
        s.defeated.append(SIREN)
        p.trophies.append(f"monster:{SIREN}")  # no track step, no Fatigue (rule 10)
    elif result == "drive-away":
        s.give_gold(p, s.rules.gold_drive_away)
    else:
        p.phase3_target = s.rules.phase3_draw_after_loss
    if result != "complete-defeat":
        seas.siren = False
    if result != "defeat":
        yield from gain_zero_cost(s, p)
    s.reshuffle_all(p)


def strikes_first(s: GameState, p: PlayerState, f: FightState) -> bool:
    """A Dagon Trail token lets its holder strike first against Dagon, as a Trail token does (§10.7, base §6.8)."""
    return s.seas is not None and f.monster == DAGON and p.seat in s.seas.trail_holders


def take_dagon_trail(seas: Seas, p: PlayerState) -> None:
    """One Dagon Trail token each, while the supply lasts (§10.7)."""
    if seas.dagon_trails and p.seat not in seas.trail_holders:
        seas.dagon_trails -= 1
        seas.trail_holders.add(p.seat)


def new_turn(s: GameState, p: PlayerState) -> None:
    if s.seas is not None:
        s.seas.sailed_out.discard(p.seat)
        s.seas.explored.discard(p.seat)


class SkelligeRules(Pack):
    """The map extension's hooks: the seas at setup, sailing, Dagon's options and the fights that end Phase I."""

    id = "skellige"

    def is_on(self, tables: Tables) -> bool:
        return tables.skellige is not None

    def setup_board(self, s: GameState, options: Mapping[str, Any]) -> None:
        setup(s)

    def new_turn(self, s: GameState, p: PlayerState) -> None:
        new_turn(s, p)

    def phase_one_options(self, s: GameState, p: PlayerState) -> list[Action]:
        return dagon_options(s, p)

    def confined_options(self, s: GameState, p: PlayerState) -> list[Action] | None:
        return confined_options(s, p)

    def strikes_first(self, s: GameState, p: PlayerState, f: FightState) -> bool:
        return strikes_first(s, p, f)

    def may_sail(self, s: GameState, p: PlayerState, destination: str) -> bool:
        return may_sail(s, p, destination)

    def sail(self, s: GameState, p: PlayerState, destination: str) -> Flow:
        return sail(s, p, destination)

    def take_action(self, s: GameState, p: PlayerState, action: Action) -> Flow | None:
        if isinstance(action, SailToDagon):
            sail_to_dagon(s, p)
            return no_flow()
        if isinstance(action, SailBackFromDagon):
            sail_back(s, p)
            return no_flow()
        return None

    def ends_phase_one(self, s: GameState, p: PlayerState) -> bool:
        return island_monster(s, p) is not None or at_dagon(s, p)

    def forced_fight(self, s: GameState, p: PlayerState) -> Flow | None:
        if island_monster(s, p) is not None:  # Hvandre Hevangi (expansion sheet §10.5)
            return island_fight(s, p)
        if at_dagon(s, p):  # sailed to the Dagon Location (§10.7)
            return dagon_fight(s, p)
        if on_dagon(s, p):  # stayed there: its fight or nothing
            return stayed_fight(s, p)
        return None

    def may_explore(self, s: GameState, p: PlayerState) -> bool:
        return may_explore(s, p)

    effects = (EnterSkelligeEvent, MoveDagon)

    def run_effect(self, s: GameState, seat: int, effect: Effect) -> Flow | None:
        if isinstance(effect, EnterSkelligeEvent):
            return enter_event(s, s.players[seat], effect.event)
        if isinstance(effect, MoveDagon) and s.seas is not None:
            move_dagon(s, effect.amount, voyager(s, seat))
        return None

    def location_options(self, s: GameState, p: PlayerState, kind: LocationAction) -> list[Action]:
        return event_island_options(s, p, kind)

    def take_location_action(self, s: GameState, p: PlayerState, action: Action) -> Flow | None:
        if not isinstance(action, EventIslandAction):
            return None
        return take_event_island_action(s, p, s.tables.locations[p.location].action.type)


PACK = SkelligeRules()
