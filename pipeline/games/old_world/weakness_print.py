"""Monster Trail's Weakness mode in print (expansion sheet §9.8), each face with its pack symbol: the Large Monster
cards, two-sided (the front as the normal card: level, Life Pool, Monster Ability; the back with the 4 Special
Attacks, the Passive ability and the numbered weakness paragraphs), the 4 Special Attack cards with the Monster
Fight cards' back (they are shuffled into that deck), and the 18 Weakness tokens (the number on the front, the
terrain on the face-down back)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .models.base import Monster
from .models.monster_trail import LargeMonsterCard

if TYPE_CHECKING:
    from .components import _Builder as Builder


def weakness_faces(b: Builder) -> None:
    """Every Weakness-mode card and token (nothing, and no deck, unless their pack or mode is selected)."""
    _large_cards(b)
    _special_attack_cards(b)
    _tokens(b)


def _large_cards(b: Builder) -> None:
    from .components import ROMAN  # components.py imports this module: its numerals are read once it is loaded

    if not b.content.large_monster_cards:
        return
    kind = b.label("card-kind:large-monster")
    deck = b.deck("large-monsters", kind)
    for card in b.content.large_monster_cards:
        monster: Monster | None = b.db.get("monsters", card.monster)
        if monster is None:
            continue  # a reference error: `pnp check` names it
        name, symbol = b.text(monster, "name"), b.pack_symbol("large-monster-cards", card.id)
        where = b.where("large-monster-cards", card.id)
        back = b.face("large-monster-back", f"{card.id}-large-back", deck.id, _back(b, card, name, symbol), where=where)
        b.out.backs[back.id] = back
        fields = {"name": name, "kind": kind, "symbol": symbol, "level": ROMAN[monster.level], "life": str(card.life),
                  "life_label": b.label("label:life-pool"),
                  "special": b.ability(monster.special, f"monster:{monster.id}")}
        deck.faces.append(b.face("large-monster", card.id, deck.id, fields, 1, back.id, where))


def _back(b: Builder, card: LargeMonsterCard, name: str, symbol: str) -> dict[str, str]:
    attacks = "\n".join(f"**{i}. {b.text(attack, 'name')}:** " + b.text(attack, "text")
                        for i, attack in enumerate(card.attacks, start=1))
    passive = f"**{b.label('label:passive-ability')} · {b.text(card.passive, 'name')}:** " + b.text(card.passive, "text")
    weaknesses = "\n".join(f"**{para.number}.** " + b.text(para, "text") for para in card.weaknesses)
    return {"name": name, "symbol": symbol, "attacks": f"**{b.label('label:special-attacks')}**\n{attacks}",
            "passive": passive, "weaknesses": f"**{b.label('label:weaknesses')}**\n{weaknesses}"}


def _special_attack_cards(b: Builder) -> None:
    """Shuffled into the Monster Fight deck, so they share its back (§9.8)."""
    if not b.content.special_attack_cards:
        return
    fight_kind = b.label("card-kind:monster-fight-card")
    deck = b.deck("special-attacks", b.label("card-kind:special-attack-card"))
    back = b.back("monster-fight-back", "monster-fight-back", title=fight_kind)
    for card in b.content.special_attack_cards:
        fields = {"title": b.label("card-kind:special-attack-card"),
                  "symbol": b.pack_symbol("special-attack-cards", card.id),
                  "attack": b.label("label:special-attack-number", number=card.attack),
                  "passive": b.label("label:special-attack-passive")}
        deck.faces.append(b.face("special-attack-card", card.id, deck.id, fields, 1, back,
                                 b.where("special-attack-cards", card.id)))


def _tokens(b: Builder) -> None:
    if not b.content.weakness_tokens:
        return
    deck = b.deck("weakness-tokens", b.label("card-kind:weakness-token"), "tokens")
    for token in b.content.weakness_tokens:
        symbol = b.pack_symbol("weakness-tokens", token.id)
        terrain = token.terrain.value
        back = b.back("weakness-token-back", f"weakness-token-back-{terrain}", icon=terrain, symbol=symbol)
        fields = {"number": str(token.number), "icon": terrain, "symbol": symbol}
        deck.faces.append(b.face("weakness-token", token.id, deck.id, fields, 1, back, b.where("weakness-tokens", token.id)))
