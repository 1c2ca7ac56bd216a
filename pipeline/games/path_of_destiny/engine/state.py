"""The game state: zones, accounts and the pending decision.

The rules run as one generator (see flow.py) that yields a `Decision` whenever a player must choose;
`apply()` sends the chosen action back in. All chance goes through `self.rng`.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from pipeline.rules.engine import Action, Decision, DecisionFlow, Flow, IllegalAction

from ..enums import Side, Symbol
from ..models import Ability, AutomaBoard
from ..story_models import ExtraEffortCard, SecretObjective
from .outcome import Outcome, Termination
from .tables import SIDES, SYMBOLS, StoryTables, Tables

# Decision, Flow and IllegalAction are the shared engine's; the rules modules import them from here.
__all__ = ["Decision", "Flow", "GameState", "IllegalAction", "Objective", "PlayerState", "STEP_CAP"]

# A game makes a few hundred decisions; far more means the rules loop.
STEP_CAP = 20_000


@dataclass
class PlayerState:
    seat: int
    character: str
    automa: AutomaBoard | None = None
    hand: list[str] = field(default_factory=list)
    timeline: list[str] = field(default_factory=list)
    covered: set[int] = field(default_factory=set)  # timeline positions under a lost-symbol marker
    tokens: dict[Symbol, int] = field(default_factory=lambda: dict.fromkeys(SYMBOLS, 0))
    vp: int = 0
    xp: int = 0  # normal cube + golden cube, 0..cap
    unlocked: list[str] = field(default_factory=list)  # ability ids, in unlock order
    used: set[str] = field(default_factory=set)
    alliance: list[str] = field(default_factory=list)  # alliance card instances "<id>#<copy>"
    specials: list[Side] = field(default_factory=list)  # Striga-style markers: +1 of that path's symbol
    prerequisites: dict[str, Side] = field(default_factory=dict)  # prerequisite card -> marker slot

    @property
    def is_automa(self) -> bool:
        return self.automa is not None


@dataclass
class Objective:
    """A secret objective in play and the prerequisite card beside it."""

    card: SecretObjective
    prerequisite: str
    color: str
    left_round: int | None = None  # the round its left slot was first claimed


class GameState(DecisionFlow):
    step_cap = STEP_CAP
    """The whole game: supply, story, players and the pending decision."""

    def __init__(self, tables: Tables, story: StoryTables, players: int, seed: int) -> None:
        self.tables = tables
        self.rules = tables.rules
        self.story = story
        self.n = players
        self.profile = tables.profile(players)
        self.seed = seed
        self.rng = random.Random(seed)
        self.players: list[PlayerState] = []
        self.initiative: list[int] = []  # seats, highest initiative first
        self.level: str | None = None  # solo difficulty level id
        # Supply (reference §5 step 3, §7.1).
        self.deck: list[str] = []  # top = end of the list
        self.discard: list[str] = []
        self.rows: list[list[str]] = []
        self.extra_xp_row: int | None = None
        self.alliance_rows: dict[int, tuple[str, ...]] = {}  # row -> factions of its alliance marker
        self.alliance_decks: dict[str, list[str]] = {}
        self.alliance_discard: dict[str, list[str]] = {}
        self.alliance_all: list[str] = []
        # Tokens (reference §2.1).
        self.token_supply: dict[Symbol, int] = dict.fromkeys(SYMBOLS, 0)
        self.lost_supply = 0
        # Story and chapter.
        self.chapter = 0
        self.round = 0  # within the chapter, 1-based
        self.rounds_played = 0
        self.spread: tuple[int, int] = (0, 0)  # left and right story card numbers
        self.active: tuple[Symbol, Symbol] = (Symbol.MAGIC, Symbol.COMBAT)
        self.fate: dict[Side, list[int]] = {Side.LEFT: [], Side.RIGHT: []}
        self.fate_aside: list[int] = []
        self.holders: dict[Side, int | None] = dict.fromkeys(SIDES)
        self.mains: list[Side] = []  # the main side of each chapter ended
        self.read: list[int] = []  # story card numbers read or laid out, in order
        self.epilogue: int | None = None
        # Story components.
        self.extra_effort: dict[int, ExtraEffortCard] = {}
        self.objectives: list[Objective] = []
        self.special_markers: dict[Side, str] = {}
        # Bookkeeping.
        self.log: list[Action] = []
        self.used: dict[str, set[str]] = {k: set() for k in ("action-cards", "characters", "stories", "story-cards", "epilogues")}
        self.outcome: Outcome | None = None

    # --- The contract (moves in pipeline/rules/engine.py) -------------------------------------

    def result(self) -> Outcome | None:
        return self.outcome

    def coverage(self) -> dict[str, set[str]]:
        """Content used in this game, by database collection (story cards as "<story>:<number>")."""
        return {k: set(v) for k, v in self.used.items()}

    def coverage_totals(self) -> dict[str, int]:
        """Sizes of the coverage collections the database does not index: story cards and epilogues."""
        stories = [t.story for t in self.tables.stories.values()]
        epilogues = sum(1 for story in stories for c in story.cards if c.kind.value == "epilogue")
        return {"story-cards": sum(len(story.cards) for story in stories), "epilogues": epilogues}

    def invariant_violations(self) -> list[str]:
        return violations(self)

    def flow_ended(self) -> None:
        self.outcome = Outcome(Termination.TURN_CAP, None, self.rounds_played)

    # --- Players --------------------------------------------------------------------------------

    def humans(self) -> list[PlayerState]:
        """The players who decide (everyone but the Automa), in initiative order."""
        return [self.players[s] for s in self.initiative if not self.players[s].is_automa]

    def in_initiative(self) -> list[PlayerState]:
        return [self.players[s] for s in self.initiative]

    def side_symbol(self, side: Side) -> Symbol:
        return self.active[0] if side is Side.LEFT else self.active[1]

    def is_active(self, symbol: Symbol | None) -> bool:
        return symbol is not None and symbol in self.active

    # --- Symbols (reference §3) -----------------------------------------------------------------

    def printed(self, p: PlayerState, symbol: Symbol, upto: int | None = None) -> int:
        """Visible printed `symbol`s on the first `upto` timeline cards (all by default)."""
        cards = self.tables.cards
        count = 0
        for i, card in enumerate(p.timeline if upto is None else p.timeline[:upto]):
            if cards[card].symbol is symbol and i not in p.covered:
                count += 1
        return count

    def special(self, p: PlayerState, symbol: Symbol) -> int:
        """Story markers that count as a symbol of a path (the Raven and the Noose)."""
        return sum(1 for side in p.specials if self.side_symbol(side) is symbol)

    def count(self, p: PlayerState, symbol: Symbol, upto: int | None = None) -> int:
        """Everything that counts as `symbol`: tokens, visible printed symbols, special markers."""
        return p.tokens[symbol] + self.printed(p, symbol, upto) + self.special(p, symbol)

    def gain(self, p: PlayerState, symbol: Symbol, amount: int) -> int:
        """Take up to `amount` tokens from the general supply (it is finite: as many as are left)."""
        got = min(amount, self.token_supply[symbol])
        self.token_supply[symbol] -= got
        p.tokens[symbol] += got
        return got

    def clear_pool(self, p: PlayerState) -> None:
        """Tokens and lost-symbol markers back to the supply (chapter clean-up, reference §8.4)."""
        for symbol in SYMBOLS:
            self.token_supply[symbol] += p.tokens[symbol]
            p.tokens[symbol] = 0
        self.lost_supply += len(p.covered)
        p.covered.clear()

    # --- VP and XP (reference §9, §10) ----------------------------------------------------------

    def xp_track(self, p: PlayerState) -> int:
        """Where the golden cube starts: 20 for a character, the second ability's space for an Automa."""
        return self.rules.automa_second_ability_xp if p.is_automa else self.rules.xp_track_max

    def xp_cap(self, p: PlayerState) -> int:
        return self.xp_track(p) + self.rules.golden_track_max

    def golden(self, p: PlayerState) -> int:
        """The golden cube's space (0 until the normal cube reaches the end of its track)."""
        return max(0, p.xp - self.xp_track(p))

    def gain_xp(self, p: PlayerState, amount: int) -> None:
        p.xp = min(self.xp_cap(p), p.xp + amount)
        self._unlock(p)

    def lose_xp(self, p: PlayerState, amount: int) -> None:
        """The Lesser Evil: the cube moves back (golden first); unlocked abilities stay (reference §10)."""
        p.xp = max(0, p.xp - amount)

    def gain_vp(self, p: PlayerState, amount: int) -> None:
        p.vp = max(0, p.vp + amount)

    def _unlock(self, p: PlayerState) -> None:
        normal = min(p.xp, self.xp_track(p))
        if p.automa is not None:
            if normal >= self.rules.automa_second_ability_xp and len(p.automa.abilities) > 1:
                second = p.automa.abilities[1].id
                if second not in p.unlocked:
                    p.unlocked.append(second)
            return
        for ability in self.tables.characters[p.character].abilities:
            if ability.unlock_xp <= normal and ability.id not in p.unlocked:
                p.unlocked.append(ability.id)

    def ready_abilities(self, p: PlayerState, timing: str) -> list[Ability]:
        """Unlocked, unused character abilities of a timing (once per game each)."""
        if p.is_automa:
            return []
        return [
            a
            for a in self.tables.characters[p.character].abilities
            if a.timing.value == timing and a.id in p.unlocked and a.id not in p.used
        ]

    # --- Supply ---------------------------------------------------------------------------------

    def draw(self) -> str | None:
        """Top of the main deck; an empty deck reshuffles the whole discard pile (reference §7.1)."""
        if not self.deck and self.discard:
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
        return self.deck.pop() if self.deck else None

    def draw_pair(self) -> list[str]:
        pair = []
        for _ in range(self.rules.cards_per_pair):
            card = self.draw()
            if card is not None:
                pair.append(card)
        return pair

    def refill(self) -> None:
        for row in self.rows:
            while len(row) < self.rules.cards_per_pair:
                card = self.draw()
                if card is None:
                    return
                row.append(card)

    def end(self, winner: int | None, scores: tuple[int, ...]) -> None:
        faction = None
        if winner is not None:
            w = self.players[winner]
            faction = w.automa.id if w.automa is not None else w.character
        self.outcome = Outcome(Termination.EPILOGUE, winner, self.rounds_played, faction, scores=scores, ending=self.epilogue)


# Runtime invariants, checked after every step of a simulated game: cards, tokens and alliance cards
# conserved, no negative VP or XP, hand and timeline sizes, fate markers, the game ends.


@lru_cache(maxsize=64)
def _all_cards(tables: Tables, characters: tuple[str, ...]) -> Counter[str]:
    ids = list(tables.main_ids)
    for character in characters:
        ids.extend(tables.starting_ids(character))
    return Counter(ids)


def card_zones(s: GameState) -> Counter[str]:
    """Every action card: main deck, discard pile, supply rows, hands and timelines."""
    cards = s.deck + s.discard
    for row in s.rows:
        cards += row
    for p in s.players:
        cards += p.hand
        cards += p.timeline
    return Counter(cards)


def violations(s: GameState) -> list[str]:
    out: list[str] = []
    r = s.rules
    humans = tuple(p.character for p in s.players if not p.is_automa)
    # Cards conserved.
    if card_zones(s) != _all_cards(s.tables, humans):
        out.append("action cards are not conserved")
    if any(len(row) > r.cards_per_pair for row in s.rows):
        out.append("a supply row holds more than a pair")
    # Tokens conserved.
    for symbol in SYMBOLS:
        total = s.token_supply[symbol] + sum(p.tokens[symbol] for p in s.players)
        if total != s.tables.symbol_tokens[symbol] or s.token_supply[symbol] < 0:
            out.append(f"{symbol.value} tokens are not conserved ({total})")
    covered = sum(len(p.covered) for p in s.players)
    if s.lost_supply < 0 or s.lost_supply + covered != s.tables.lost_markers:
        out.append("lost-symbol markers are not conserved")
    if s.alliance_all:
        held = [a for p in s.players for a in p.alliance]
        zones = held + [a for d in s.alliance_decks.values() for a in d] + [a for d in s.alliance_discard.values() for a in d]
        if sorted(zones) != sorted(s.alliance_all):
            out.append("alliance cards are not conserved")
    # Accounts and sizes.
    played = r.cards_played_per_round
    kept = ([0, *r.kept_after_chapter])[s.chapter - 1] if s.chapter >= 1 else 0
    for p in s.players:
        name = p.automa.id if p.automa else p.character
        if p.vp < 0 or p.xp < 0 or p.xp > s.xp_cap(p):
            out.append(f"{name}: VP {p.vp} / XP {p.xp} out of range")
        if any(t < 0 for t in p.tokens.values()):
            out.append(f"{name}: negative tokens")
        if any(pos >= len(p.timeline) for pos in p.covered):
            out.append(f"{name}: a lost-symbol marker lies beside the timeline")
        hand_sizes = (0, r.cards_per_pair) if p.is_automa else (r.hand_size, r.hand_size + r.cards_per_pair)
        if len(p.hand) not in hand_sizes:
            out.append(f"{name}: {len(p.hand)} cards in hand")
        if s.outcome is None and s.chapter >= 1 and len(p.timeline) > kept + played * r.rounds_per_chapter:
            out.append(f"{name}: {len(p.timeline)} timeline cards in chapter {s.chapter}")
        if s.alliance_all:
            per_faction = Counter(a.split("#")[0] for a in p.alliance)
            factions = Counter(
                next(c.faction.value for c in s.story.story.alliance_cards if c.id == key) for key in per_faction.elements()
            )
            pending = s.decision is not None and s.decision.kind == "alliance-discard" and s.decision.player == p.seat
            if any(n > r.alliance_limit_per_faction + pending for n in factions.values()):
                out.append(f"{name}: over the alliance limit")
        if len(p.prerequisites) > len(s.objectives):
            out.append(f"{name}: more prerequisite markers than cards")
    # Fate markers: at most one per round, numerals in round order, three per chapter.
    placed = [n for numerals in s.fate.values() for n in numerals] + s.fate_aside
    if len(placed) != len(set(placed)) or len(placed) > r.rounds_per_chapter:
        out.append(f"fate markers misplaced: {placed}")
    # The game ends.
    if s.rounds_played > r.chapters * r.rounds_per_chapter:
        out.append(f"round {s.rounds_played} is past the last round")
    if s.outcome is not None and s.outcome.is_failure:
        out.append("the game stopped without reaching an epilogue")
    return out
