"""Wild Hunt's printed components (expansion sheet §11.1), each with the pack symbol: the four two-sided Wild Hunt
cards (side A for the rounds, side B for the final fight), the 16 Special Attack cards, the two two-sided Hound cards
(1 | 2 players, 3 | 4-5 players), the Round Tracking board (1-3 players on the front, 4-5 on the back), the
difficulty table (two two-sided cards, a level a side: the Shields and starting monsters the guide and player aid
point to), the Wild Hunt Help card (its Dice Poker table; the round's reminders on the back), the Hound tokens (bonus
on the front, level on the back), the Shield tokens, the Charge/Bite token (§11.3 step 6), the 35 Exploration and
the 35 Event cards (each back numbered, as the deck is kept in order). The Quest tokens print with the other quest
markers (components.py: `tokens`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .guide import POKER_NAMES
from .models.wild_hunt import HoundCard, HuntDifficulty, RoundTrack, WildHuntBox

if TYPE_CHECKING:
    from pipeline.rules.components import Deck, Where

    from .components import _Builder as Builder

STAGES = {1: "I", 2: "II"}
LEVELS = {1: "I", 2: "II", 3: "III"}


def wild_hunt_faces(b: Builder) -> None:
    """Every Wild Hunt card and token (nothing, and no deck, unless the pack is selected)."""
    box = next(iter(b.content.wild_hunt_boxes), None)
    if box is None:
        return
    _members(b)
    _boards(b, box)
    _difficulty_table(b, box)
    _help_card(b, box)
    _hound_tokens(b, box)
    _shield_tokens(b, box)
    _charge_bite_token(b, box)
    _exploration(b)
    _events(b)


def _two_sided(b: Builder, deck: Deck, face_id: str, front: dict[str, str], back: dict[str, str], where: Where) -> None:
    """A card whose both sides are fronts (no shared back): the back side is the card's own back."""
    reverse = b.face("wild-hunt-card", f"{face_id}-back", deck.id, back, where=where)
    b.out.backs[reverse.id] = reverse
    deck.faces.append(b.face("wild-hunt-card", face_id, deck.id, front, 1, reverse.id, where))


def _members(b: Builder) -> None:
    kind = b.label("card-kind:wild-hunt-card")
    cards = b.deck("wild-hunt-cards", kind)
    attacks = b.deck("wild-hunt-attacks", b.label("card-kind:wild-hunt-attack"))
    for member in sorted(b.content.wild_hunt_members, key=lambda m: m.order):
        symbol = b.pack_symbol("wild-hunt-members", member.id)
        name = b.text(member, "name")
        where = b.where("wild-hunt-members", member.id)
        front = {"title": name, "side": b.label("label:wh-side-a"), "symbol": symbol, "body": b.text(member, "side_a")}
        terror = b.label("label:wh-terror")
        back = {"title": name, "side": b.label("label:wh-side-b"), "symbol": symbol,
                "body": f"{b.text(member, 'side_b')}\n{terror}"}
        _two_sided(b, cards, member.id, front, back, where)
        reverse = b.back("wild-hunt-attack-back", f"wild-hunt-attack-back-{member.id}",
                         title=b.label("card-kind:wild-hunt-attack"), name=name, symbol=symbol)
        for attack in member.attacks:
            context = f"wild-hunt-members:{member.id}"
            lines = [b.label("label:wh-attack-damage", amount=attack.damage)] if attack.damage else []
            if attack.effects:
                lines.append(b.effects(list(attack.effects), context))
            fields = {"title": b.text(attack, "name"), "name": name, "symbol": symbol, "attack": "\n".join(lines),
                      "passive": f"**{b.label('label:wh-passive')}:** {b.text(attack, 'passive')}"}
            attacks.faces.append(b.face("wild-hunt-attack", f"{member.id}-{attack.id}", attacks.id, fields, 1, reverse,
                                        where))


def _boards(b: Builder, box: WildHuntBox) -> None:
    """The Hound cards (one player count a side) and the Round Tracking board (1-3 players front, 4-5 back)."""
    symbol = b.pack_symbol("wild-hunt", box.id)
    where = b.where("wild-hunt", box.id)
    hounds = b.deck("hound-cards", b.label("card-kind:hound-card"))
    sides = list(box.hound_cards)
    for i in range(0, len(sides), 2):
        front, back = sides[i], sides[min(i + 1, len(sides) - 1)]
        _two_sided(b, hounds, f"hound-card-{i // 2 + 1}", _hound_side(b, front, symbol), _hound_side(b, back, symbol),
                   where)
    track = b.deck("round-track", b.label("card-kind:round-track"))
    tracks = list(box.round_tracks)
    _two_sided(b, track, "round-track", _track_side(b, tracks[0], symbol), _track_side(b, tracks[-1], symbol), where)


def _difficulty_table(b: Builder, box: WildHuntBox) -> None:
    """The difficulty table (§11.3) on two-sided cards, one level a side: per player count the Wild Hunt's Shields
    and the levels of the starting monsters."""
    symbol = b.pack_symbol("wild-hunt", box.id)
    where = b.where("wild-hunt", box.id)
    deck = b.deck("wild-hunt-difficulty", b.label("card-kind:wh-difficulty"))
    sides = [_difficulty_side(b, level, symbol) for level in box.difficulties]
    for i in range(0, len(sides), 2):
        _two_sided(b, deck, f"wild-hunt-difficulty-{i // 2 + 1}", sides[i], sides[min(i + 1, len(sides) - 1)], where)


def _difficulty_side(b: Builder, difficulty: HuntDifficulty, symbol: str) -> dict[str, str]:
    rows = [b.label("label:wh-difficulty-row", players=row.players, shields=row.shields,
                    monsters=" + ".join(LEVELS[level] for level in row.monsters)) for row in difficulty.rows]
    return {"title": b.text(difficulty, "name"), "side": b.label("card-kind:wh-difficulty"), "symbol": symbol,
            "body": "\n".join(rows)}


def _help_card(b: Builder, box: WildHuntBox) -> None:
    """The Wild Hunt Help card (§11.5): the Dice Poker table against the locals on the front, the round's
    reminders on the back."""
    symbol = b.pack_symbol("wild-hunt", box.id)
    deck = b.deck("wild-hunt-help", b.label("card-kind:wh-help"))
    poker = [b.label("label:wh-poker-row", result=b.loc.text(f"guide:poker:{category.value}", POKER_NAMES[category]),
                     gold=gold) for category, gold in box.poker_payout.items()]
    front = {"title": b.label("card-kind:wh-help"), "side": b.label("label:wh-poker"), "symbol": symbol,
             "body": "\n".join(poker)}
    back = {"title": b.label("card-kind:wh-help"), "side": b.label("label:wh-reminders"), "symbol": symbol,
            "body": b.label("label:wh-reminder-text", cap=box.life_pool_cap)}
    _two_sided(b, deck, "wild-hunt-help", front, back, b.where("wild-hunt", box.id))


def _charge_bite_token(b: Builder, box: WildHuntBox) -> None:
    """The Charge/Bite token, flipped after a Monster Fight card is revealed (§11.5): Charge on one side, Bite on
    the other."""
    deck = b.deck("charge-bite-token", b.label("card-kind:wh-charge-bite"), "tokens")
    symbol = b.pack_symbol("wild-hunt", box.id)
    bite = b.back("pack-marker-token", "charge-bite-token-bite", label=b.label("attack:bite"), icon="damage",
                  symbol=symbol)
    deck.faces.append(b.face("pack-marker-token", "charge-bite-token", deck.id,
                             {"label": b.label("attack:charge"), "icon": "sword", "symbol": symbol}, 1, bite,
                             b.where("wild-hunt", box.id)))


def _players(b: Builder, counts: list[int]) -> str:
    """"1", or a range of player counts as "4–5"."""
    shown = str(counts[0]) if len(counts) == 1 else f"{counts[0]}–{counts[-1]}"
    return b.label("label:wh-players", players=shown)


def _hound_side(b: Builder, card: HoundCard, symbol: str) -> dict[str, str]:
    # A level that costs no Shield says nothing of it: "−0" is no number a player reads (issue 42).
    rows = [b.label("label:wh-hound-row", level=LEVELS[x.level], life=x.life, draw=x.draw, shield=x.shield_loss)
            if x.shield_loss else b.label("label:wh-hound-row-no-shield", level=LEVELS[x.level], life=x.life, draw=x.draw)
            for x in sorted(card.levels, key=lambda x: x.level)]
    return {"title": b.label("card-kind:hound-card"), "side": _players(b, card.players), "symbol": symbol,
            "body": "\n".join(rows)}


def _track_side(b: Builder, track: RoundTrack, symbol: str) -> dict[str, str]:
    rows = []
    for number, row in enumerate(track.rows, start=1):
        if row.stage is None:
            rows.append(b.label("label:wh-round-final", round=number))
            continue
        arrivals = [b.label("label:wh-hound-level", level=LEVELS[row.hound])] if row.hound else []
        arrivals += [b.label("label:wh-monster-level", level=LEVELS[row.monster])] if row.monster else []
        rows.append(b.label("label:wh-round-row", round=number, stage=STAGES[row.stage],
                            arrivals=" + ".join(arrivals) or b.label("label:wh-nothing")))
    rows.append(b.label("label:wh-round-move"))
    low, high = track.players
    return {"title": b.label("card-kind:round-track"), "side": _players(b, list(range(low, high + 1))),
            "symbol": symbol, "body": "\n".join(rows)}


def _hound_tokens(b: Builder, box: WildHuntBox) -> None:
    kind = b.label("card-kind:hound-token")
    deck = b.deck("hound-tokens", kind, "tokens")
    symbol = b.pack_symbol("wild-hunt", box.id)
    where = b.where("wild-hunt", box.id)
    for token in box.hound_tokens:
        back = b.back("hound-token-back", f"hound-token-back-{token.level}", title=kind,
                      level=b.label("label:wh-level", level=LEVELS[token.level]), symbol=symbol)
        deck.faces.append(b.face("hound-token", token.id, deck.id, {"text": b.text(token, "text"), "symbol": symbol}, 1,
                                 back, where))


def _shield_tokens(b: Builder, box: WildHuntBox) -> None:
    deck = b.deck("wild-hunt-shields", b.label("card-kind:wild-hunt-shield"), "tokens")
    symbol = b.pack_symbol("wild-hunt", box.id)
    where = b.where("wild-hunt", box.id)
    for denomination in box.shield_tokens:
        fields = {"label": str(denomination.value), "icon": "shield", "symbol": symbol}
        b.same_both_sides(deck, b.face("pack-marker-token", f"wild-hunt-shield-{denomination.value}", deck.id, fields,
                                       denomination.copies, "", where))


def _exploration(b: Builder) -> None:
    kind = b.label("card-kind:wild-hunt-exploration")
    deck = b.deck("wild-hunt-exploration", kind)
    for card in b.content.wild_hunt_exploration:
        symbol = b.pack_symbol("wild-hunt-exploration", card.id)
        stage = b.label("label:wh-stage", stage=STAGES[card.stage])
        back = b.back("wild-hunt-exploration-back", f"wild-hunt-exploration-back-{card.stage}", title=kind, stage=stage,
                      symbol=symbol)
        lines = [b.text(card, "text")]
        if card.effects:
            lines.append(b.effects(list(card.effects), f"wild-hunt-exploration:{card.id}"))
        lines += _shields(b, card.shields)
        if card.quest_terrain is not None and card.quest_event is not None:
            lines.append(b.label("label:wh-quest", terrain=b.label(f"terrain:{card.quest_terrain.value}"),
                                 event=card.quest_event))
        fields = {"title": b.text(card, "title"), "stage": stage, "symbol": symbol, "body": "\n".join(lines)}
        deck.faces.append(b.face("wild-hunt-exploration", card.id, deck.id, fields, 1, back,
                                 b.where("wild-hunt-exploration", card.id)))


def _events(b: Builder) -> None:
    kind = b.label("card-kind:wild-hunt-event")
    deck = b.deck("wild-hunt-events", kind)
    for event in b.content.wild_hunt_events:
        key = f"wild-hunt-event-{event.number}"
        symbol = b.pack_symbol("wild-hunt-events", key)
        # Numbered backs: the Event deck is never shuffled, and a card is found by the number on its back.
        back = b.back("wild-hunt-event-back", f"wild-hunt-event-back-{event.number}", title=kind,
                      stage=str(event.number), symbol=symbol)
        lines = [b.text(event, "text")]
        if event.effects:
            lines.append(b.effects(list(event.effects), key))
        lines += _shields(b, -event.shields)
        fields = {"title": b.text(event, "title"), "stage": str(event.number), "symbol": symbol, "body": "\n".join(lines)}
        deck.faces.append(b.face("wild-hunt-exploration", key, deck.id, fields, 1, back, b.where("wild-hunt-events", key)))


def _shields(b: Builder, change: int) -> list[str]:
    """A card's Shields for the Hunt: gained (positive) or lost (negative)."""
    if change > 0:
        return [b.label("label:wh-hunt-gains", amount=change)]
    if change < 0:
        return [b.label("label:wh-hunt-loses", amount=-change)]
    return []
