"""Legendary Hunt's printed components (expansion sheet §7.1-§7.2), each with the pack symbol: the 20 Special
Fight cards, the 12 Movement cards, the 24 Destruction tokens (the effect on the front, the face-down side on
the back) and the large Help card (side A on the front, side B on the back). The large legendary cards are
the Kayran's template (components.py: `legendary_monsters`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .models.legendary_hunt import FightBlow, LegendaryHelpCard, ProtectionSide

if TYPE_CHECKING:
    from .components import _Builder as Builder


def legendary_hunt_faces(b: Builder) -> None:
    """Every Legendary Hunt card and token (nothing, and no deck, unless the pack is selected)."""
    _fight_cards(b)
    _movement_cards(b)
    _help_cards(b)
    _tokens(b)


def _fight_cards(b: Builder) -> None:
    if not b.content.special_fight_cards:
        return
    kind = b.label("card-kind:special-fight-card")
    deck = b.deck("special-fight", kind)
    for card in b.content.special_fight_cards:
        symbol = b.pack_symbol("special-fight-cards", card.id)
        back = b.back("special-fight-back", "special-fight-back", title=kind, symbol=symbol, icon="monster")
        fields = {"charge_label": b.label("attack:charge"), "bite_label": b.label("attack:bite"),
                                     "charge": _blow(b, card.charge), "bite": _blow(b, card.bite), "symbol": symbol}
        deck.faces.append(b.face("special-fight-card", card.id, deck.id, fields, 1, back,
                                 b.where("special-fight-cards", card.id)))


def _blow(b: Builder, blow: FightBlow) -> str:
    """The damage, and the Special Attack its marker fires (§7.2)."""
    text = b.label("monster-attack:damage", amount=blow.damage)
    if blow.special is not None:
        text += "\n" + b.label("label:special-attack-marker", number=blow.special)
    return text


def _movement_cards(b: Builder) -> None:
    if not b.content.movement_cards:
        return
    kind = b.label("card-kind:movement-card")
    deck = b.deck("movement", kind)
    locations = b.content.location_by_id
    for card in b.content.movement_cards:
        symbol = b.pack_symbol("movement-cards", card.id)
        back = b.back("movement-back", "movement-back", title=kind, symbol=symbol, icon="monster")
        main, secondary = locations.get(card.main), locations.get(card.secondary)
        rows = "   ".join(f"**{players}:** {card.moves[players]}" for players in sorted(card.moves))
        fields = {
            "title": kind, "symbol": symbol,
            "main": str(main.number) if main else card.main,
            "main_label": f"{b.label('label:main-location')}: {b.text(main, 'name')}" if main else "",
            "secondary": str(secondary.number) if secondary else card.secondary,
            "secondary_label": b.label("label:secondary-location"),
            "moves": f"**{b.label('label:moves-by-players')}**\n{rows}",
        }
        deck.faces.append(b.face("movement-card", card.id, deck.id, fields, 1, back, b.where("movement-cards", card.id)))


def _help_cards(b: Builder) -> None:
    """Side A on the front, side B on the card's own back: both are fronts of a kind (no shared back)."""
    for card in b.content.legendary_help_cards:
        deck = b.deck("legendary-help", b.label("card-kind:legendary-help-card"))
        sides = list(card.sides)
        where = b.where("legendary-help-cards", card.id)
        back = b.face("legendary-help-card", f"{card.id}-{sides[-1].id}", deck.id, _side(b, card, sides[-1]), where=where)
        b.out.backs[back.id] = back
        deck.faces.append(b.face("legendary-help-card", card.id, deck.id, _side(b, card, sides[0]), 1, back.id, where))


def _side(b: Builder, card: LegendaryHelpCard, side: ProtectionSide) -> dict[str, str]:
    header = f"**{b.label('label:protection-trophies')} · {b.label('label:protection-value')}**"
    rows = "\n".join(f"{trophies} · **{value}**" for trophies, value in enumerate(side.protection))
    return {"title": b.text(card, "title"), "side": b.text(side, "name"),
            "symbol": b.pack_symbol("legendary-help-cards", card.id), "body": f"{b.text(side, 'note')}\n{header}\n{rows}"}


def _tokens(b: Builder) -> None:
    if not b.content.destruction_tokens:
        return
    kind = b.label("card-kind:destruction-token")
    deck = b.deck("destruction-tokens", kind, "tokens")
    for token in b.content.destruction_tokens:
        symbol = b.pack_symbol("destruction-tokens", token.id)
        back = b.back("destruction-token-back", "destruction-token-back", title=kind, symbol=symbol)
        fields = {"text": b.text(token, "text"), "symbol": symbol}
        deck.faces.append(b.face("destruction-token", token.id, deck.id, fields, token.copies, back,
                                 b.where("destruction-tokens", token.id)))
