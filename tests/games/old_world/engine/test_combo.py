"""The witcher's fight turn: combo connections, resolution, the step-4 draw (reference §10.4)."""

from __future__ import annotations

from pipeline.games.old_world.engine.actions import Pass, PlayCard, UsePotion
from pipeline.games.old_world.engine.combo import connects, witcher_turn
from pipeline.games.old_world.engine.fight import start_fight
from pipeline.games.old_world.engine.state import FightState, GameState
from pipeline.games.old_world.engine.witcher import take_damage
from pipeline.games.old_world.enums import Attribute

from .conftest import decisions, drive


def monster_fight(s: GameState, life: int = 10) -> FightState:
    """A fight against a plain opponent, past the first-turn triggers."""
    f = FightState(kind="monster", witcher=0, monster="drowner", level=1)
    f.turns_taken = {0: 1}
    f.life_pool, s.fight_deck = s.fight_deck[:life], s.fight_deck[life:]
    s.fight = f
    return f


def test_a_card_connects_through_an_extension_of_its_colour(game) -> None:  # type: ignore[no-untyped-def]
    s = game()
    cards = s.tables.cards
    assert connects(cards["kick"], cards["block"]) == [1]  # red attaches to Block's red extension
    assert connects(cards["brace"], cards["block"]) == [0]  # yellow to the yellow one
    assert connects(cards["duck"], cards["block"]) == []


def test_only_the_used_extension_applies(game) -> None:  # type: ignore[no-untyped-def]
    s = game()
    p = s.players[0]
    f = monster_fight(s)
    p.hand, p.deck, p.shield = ["block", "kick"], ["jab"] * 10, 0
    p.attributes[Attribute.DEFENSE] = 5
    drive(witcher_turn(s, 0), lambda d: PlayCard("block") if not f.combo else PlayCard("kick", 1))
    # Block 2 Shield + Kick 1 damage; Block's yellow extension (+1 Shield) was not used.
    assert p.shield == 2
    assert len(f.spent) == 1


def test_the_used_extension_bonus_applies(game) -> None:  # type: ignore[no-untyped-def]
    s = game()
    p = s.players[0]
    f = monster_fight(s)
    p.hand, p.deck, p.shield = ["block", "brace"], ["jab"] * 10, 0
    p.attributes[Attribute.DEFENSE] = 5
    drive(witcher_turn(s, 0), lambda d: PlayCard("block") if not f.combo else PlayCard("brace", 0))
    assert p.shield == 2 + 1 + 1  # Block, its used yellow extension, Brace


def test_draw_count_example(game) -> None:  # type: ignore[no-untyped-def]
    """Combat 2, combo +2, a potion 'draw 1 less' -> draw 3 (reference §10.4)."""
    s = game()
    p = s.players[0]
    f = monster_fight(s)
    p.attributes[Attribute.COMBAT] = 2
    p.hand, p.deck, p.potions = ["duck", "double-slash"], ["jab"] * 10, ["potion-raffards-decoction"]
    answers = [UsePotion("potion-raffards-decoction"), PlayCard("duck"), PlayCard("double-slash", 0)]
    decisions(witcher_turn(s, 0), answers)
    assert p.hand == ["jab"] * 3
    assert f.combo == [] and p.discard == ["duck", "double-slash"]


def test_shield_example(game) -> None:  # type: ignore[no-untyped-def]
    """5 damage against Shield 3: Shield 0 and 2 cards off the deck top (reference §17.7)."""
    s = game()
    p = s.players[0]
    p.attributes[Attribute.DEFENSE] = 3
    p.shield, p.deck, p.discard = 3, ["jab"] * 6, []
    lost = drive(take_damage(s, p, 5))
    assert (p.shield, len(p.deck), len(p.discard), lost) == (0, 4, 2, 2)


def test_shield_from_a_combo_is_capped_by_defense(game) -> None:  # type: ignore[no-untyped-def]
    s = game()
    p = s.players[0]
    f = monster_fight(s)
    p.hand, p.deck, p.shield = ["quen-barrier"], ["jab"] * 5, 0
    drive(witcher_turn(s, 0))
    assert p.shield == p.attributes[Attribute.DEFENSE] == 1
    assert f.life_pool


def test_a_witcher_with_cards_must_play_one(game) -> None:  # type: ignore[no-untyped-def]
    s = game()
    p = s.players[0]
    monster_fight(s)
    p.hand, p.potions = ["jab", "kick"], []
    first = decisions(witcher_turn(s, 0), [PlayCard("jab"), Pass()])[0]
    assert Pass() not in first.actions


def test_fights_never_reshuffle_the_discard_pile(game) -> None:  # type: ignore[no-untyped-def]
    s = game()
    p = s.players[0]
    monster_fight(s)
    p.hand, p.deck, p.discard = ["jab"], [], ["kick"] * 5
    drive(witcher_turn(s, 0))
    assert p.hand == [] and p.deck == []
    s.fight = None
    s.draw(p, 2)  # outside a fight the discard pile is reshuffled
    assert len(p.hand) == 2


def test_hand_limit_stops_draws(game) -> None:  # type: ignore[no-untyped-def]
    s = game()
    p = s.players[0]
    p.hand, p.deck = ["jab"] * 6, ["kick"] * 5
    assert s.draw(p, 3) == 1
    assert len(p.hand) == s.rules.hand_limit and len(p.deck) == 4


def test_blizzard_adds_a_card_ignoring_colours(game) -> None:  # type: ignore[no-untyped-def]
    s = game()
    p = s.players[0]
    monster_fight(s)
    p.hand, p.potions, p.deck = ["jab", "duck"], ["potion-blizzard"], []
    seen = decisions(witcher_turn(s, 0), [UsePotion("potion-blizzard"), PlayCard("jab"), PlayCard("duck")])
    # Jab's only extension is red; the green Duck attaches through the potion's extra link.
    assert PlayCard("duck") in seen[2].actions
    assert sorted(p.discard) == ["duck", "jab"]


def test_the_griffin_monster_leaves_a_combat_one_witcher_one_draw(game) -> None:  # type: ignore[no-untyped-def]
    """Reference §17.1, Griffin: "in step 4 of each of the player's fight turns, draw 1 card fewer (never below 1)"."""
    s = game()
    p = s.players[0]
    f = FightState(kind="monster", witcher=0, monster="griffin-monster", level=2)
    drive(start_fight(s, f, [0]))
    f.turns_taken = {0: 1}
    f.life_pool, s.fight_deck = s.fight_deck[:10], s.fight_deck[10:]
    p.attributes[Attribute.COMBAT] = 1
    p.hand, p.deck, p.potions = ["jab"], ["kick"] * 10, []
    drive(witcher_turn(s, 0))
    assert p.hand == ["kick"]
    p.attributes[Attribute.COMBAT] = 3
    p.hand = ["jab"]
    drive(witcher_turn(s, 0))
    assert p.hand == ["kick"] * 2  # one fewer than Combat above the floor


def test_the_vipers_venomous_steel_is_a_may_its_owner_keeps_for_later(game) -> None:  # type: ignore[no-untyped-def]
    """Reference §13, Viper: "when the opponent discards ≥1 card because of your attack" the Viper may look at the
    top cards; once per fight, so the Viper chooses which discard it answers (it no longer fires at the first)."""
    from pipeline.games.old_world.engine.actions import UseAbility
    from pipeline.games.old_world.engine.combo import deal_attack_damage

    s = game(schools=["viper", "wolf"])
    p = s.players[0]
    f = monster_fight(s)
    f.attack_damage = 1
    seen = decisions(deal_attack_damage(s, p, f), [Pass()])
    assert [(d.player, d.kind, {type(a) for a in d.actions}) for d in seen] == [
        (0, "triggered-ability", {UseAbility, Pass})]
    f.attack_damage = 1  # declined: the once-per-fight Specialty is still there for the next discard
    seen = decisions(deal_attack_damage(s, p, f), [seen[0].actions[0]])
    assert [d.kind for d in seen][:1] == ["triggered-ability"]
    f.attack_damage = 1  # used: nothing more to ask in this fight
    assert [d.kind for d in decisions(deal_attack_damage(s, p, f), [])] == []
