"""Old World's printable faces: every card and token of the content, localized, as render-ready fields.

Content fields print through `text(model, field)`, under the msgctxt their models give them
(pipeline/content/texts.py); labels, rules phrases and effects print through the message templates
of `texts/*.yaml` (`color:blue`, `monster-attack:damage`, `ability:frame`, ...).
"""

from __future__ import annotations

from typing import Any

from pipeline.content.database import Database, mode_of_file
from pipeline.i18n.localizer import Localizer
from pipeline.i18n.messages import Message
from pipeline.rules.components import Components, Deck, Face, FaceBuilder, plain
from pipeline.rules.guide_builder import fill_constants, rule_constants

from .content import OldWorldContent
from .enums import Terrain
from .faces import FACE_KINDS
from .legendary_print import legendary_hunt_faces
from .models.base import Ability, ActionCard, Attack, Event, ExplorationCard, FightAbility, HelpCard, Monster, RuleConstants
from .texts import ability_text
from .weakness_print import weakness_faces
from .wild_hunt_print import wild_hunt_faces

ROMAN = {1: "I", 2: "II", 3: "III"}
# The Dagon Bonus cards' band, in place of a school colour: the deep sea. [NOT IN SOURCE] designed.
DAGON_COLOR = "#1f5f7a"

# Tokens the content files do not list, with their counts and sides. [NOT IN SOURCE] designed
# for this prototype: 40 one-Gold coins, 12 five-Gold coins, 5 trail markers per terrain,
# 12 quest markers and 1 closed-tavern tile.
GOLD_TOKENS = {1: 40, 5: 12}
TRAIL_MARKERS_PER_TERRAIN = 5
QUEST_MARKERS = 12
CLOSED_TAVERNS = 1


def old_world_components(db: Database, loc: Localizer) -> Components:
    """Every Old World card and token as faces, grouped into decks, in the localizer's locale."""
    return _Builder(db, OldWorldContent(db), loc).run()


class _Builder(FaceBuilder):
    kinds = FACE_KINDS

    def __init__(self, db: Database, content: OldWorldContent, loc: Localizer) -> None:
        super().__init__(db, "old-world", loc)
        self.content = content

    def run(self) -> Components:
        self.action_cards()
        self.potions()
        self.mutagens()
        self.bombs()
        self.exploration()
        self.events()
        self.skellige_exploration()
        self.skellige_events()
        self.monsters()
        self.fight_cards()
        self.trophies()
        self.help_cards()
        self.lost_mount()
        self.legendary_monsters()
        legendary_hunt_faces(self)
        weakness_faces(self)
        wild_hunt_faces(self)
        self.tokens()
        return self.out

    # --- helpers -------------------------------------------------------------------------------

    def effects(self, effects: list[Any], context: str) -> str:
        return self.loc.effects_text(effects, context) if effects else ""

    def ability(self, ability: Ability, context: str) -> str:
        """An ability as printed: the author's wording if given, else when/limit/condition and effects."""
        if ability.text:
            return self.text(ability, "text")
        text = ability_text(self.loc, ability, context)
        head, colon, rest = text.partition(": ")
        return f"**{head}:** {rest}" if colon else text

    def fight(self, fight: FightAbility, context: str, shield_icon: str = "shield") -> str:
        """The icons of a fight ability, then its effects; a Mage card's Shield icon is Energy (expansion sheet §8.4)."""
        icons = []
        if fight.damage:
            icons.append(f"{{icon:damage}}\u00a0{fight.damage}")
        if fight.shield:
            icons.append(f"{{icon:{shield_icon}}}\u00a0{fight.shield}")
        if fight.draw:
            icons.append(f"{{icon:draw}}\u00a0{fight.draw:+d}")
        text = "   ".join(icons)
        rules = self.effects(list(fight.effects), context)
        return f"{text}\n{rules}" if text and rules else text or rules

    # --- cards ---------------------------------------------------------------------------------

    def action_cards(self) -> None:
        schools = {school.id: school for school in self.content.schools}
        kind = self.label("card-kind:action-card")
        back = self.back("action-back", "action-back", title=kind)
        decks: dict[str, Deck] = {}
        mage_back = back  # the Mage deck's own back, made with its first card
        for school in self.content.schools:
            name = self.text(school, "name")
            decks[school.id] = self.deck(f"starting-{school.id}", f"{kind}: {name}")
        decks[""] = self.deck("market", kind)
        every_school = {rec.entity.id: rec for rec in self.db.every_record("schools")}
        for card in self.content.cards:
            owner = schools.get(card.school or "")
            card_back = back
            if card.unique and self.in_mode("action-cards", card.id):
                # Monster Trail's Unique cards (a mode's) print as one deck, their owners in the game or not (§9.7);
                # Ciri's, in her own box, prints with her starting deck.
                owner = every_school[card.school or ""].entity
                if "unique" not in decks:
                    decks["unique"] = self.deck("unique-actions", self.label("card-kind:unique-card"))
                deck = decks["unique"]
            else:
                deck = decks[card.school or ""]
            if card.trash_cost:  # Monster Trail's Advanced cards: printed as their own deck, shuffled into the market's
                if "advanced" not in decks:
                    decks["advanced"] = self.deck("advanced-actions", self.label("card-kind:advanced-card"))
                deck = decks["advanced"]
                deck.faces.append(self.face("advanced-card", card.id, deck.id, plain(self.advanced_fields(card)), card.copies,
                                            card_back, self.where("action-cards", card.id)))
                continue
            if card.school is None and card.branch is not None:  # the Mage deck: its own deck and back (§8.1)
                if "mage" not in decks:
                    mage_kind = self.label("card-kind:mage-card")
                    decks["mage"] = self.deck("mage", mage_kind)
                    mage_back = self.back("action-back", "mage-back", title=mage_kind)
                deck, card_back = decks["mage"], mage_back
            fields = {**self.action_fields(card), "art": card.art, "symbol": self.pack_symbol("action-cards", card.id)}
            if owner is not None:
                fields.update(school=self.text(owner, "name"), school_color=owner.color)
            where = self.where("action-cards", card.id)
            face = self.face("action-card", card.id, deck.id, plain(fields), card.copies, card_back, where)
            deck.faces.append(face)

    def action_fields(self, card: ActionCard) -> dict[str, Any]:
        place = f"action-card:{card.id}"
        shield_icon = "energy" if card.branch is not None else "shield"
        rows = [
            {"colors": [c.value for c in ext.colors], "text": self.fight(ext, place, shield_icon)}
            for ext in card.extensions
        ]
        fight = self.fight(card.fight, place, shield_icon)
        if card.boost is not None:  # the boost: its Energy cost, then what it adds (§8.5)
            boost = self.fight(card.boost, place, shield_icon)
            fight += f"\n**{self.label('label:boost')} {card.boost.energy}\u00a0{{icon:energy}}:** {boost}"
        return {
            "name": self.text(card, "name"),
            "cost": card.cost,
            "color": card.color.value,
            "type": self.card_type(card),
            "terrain": card.terrain.value,
            "fight": fight,
            "rules": self.text(card, "text"),
            "extensions": rows,
        }

    def advanced_fields(self, card: ActionCard) -> dict[str, Any]:
        """An Advanced Action card (expansion sheet §9.6): the trash icon for its price, and above its fight ability
        the buy rule, its traveling ability and its damage-discard passive."""
        place = f"action-card:{card.id}"
        fields = {key: value for key, value in self.action_fields(card).items() if key != "cost"}
        lines = [f"*{self.label('label:trash-cost')}*"]
        for label, effects in (("label:travel", card.travel), ("label:damage-discard", card.damage_discard)):
            if effects:
                lines.append(f"**{self.label(label)}:** {self.effects(list(effects), place)}")
        return {**fields, "trash": "trash", "abilities": "\n".join(lines), "symbol": self.pack_symbol("action-cards", card.id)}

    def card_type(self, card: ActionCard) -> str:
        """The card's type by its colour; a Mage card adds its spell branch (expansion sheet §8.5)."""
        kind = self.label(f"color:{card.color.value}")
        return f"{kind} · {self.label(f'branch:{card.branch.value}')}" if card.branch is not None else kind

    def potions(self) -> None:
        kind = self.label("card-kind:potion")
        deck = self.deck("potions", kind)
        back = self.back("potion-back", "potion-back", title=kind)
        for potion in self.content.potions:
            place = f"potion:{potion.id}"
            rules = self.text(potion, "text") if potion.text else self.effects(list(potion.effects), place)
            fields = {
                "name": self.text(potion, "name"),
                "timing": self.label(f"ability:timing:{potion.timing.value}"),
                "rules": rules,
                "icon": "potion",
                "art": potion.art,
            }
            face = self.face("potion", potion.id, deck.id, plain(fields), potion.copies, back, self.where("potions", potion.id))
            deck.faces.append(face)

    def mutagens(self) -> None:
        """Monster Trail's Mutagen deck (expansion sheet §9.3), printed only when its mode is played."""
        if not self.content.mutagens:
            return
        kind = self.label("card-kind:mutagen")
        deck = self.deck("mutagens", kind)
        symbol = self.pack_symbol("mutagens", self.content.mutagens[0].id)
        back = self.back("mutagen-back", "mutagen-back", title=kind, symbol=symbol)
        for mutagen in self.content.mutagens:
            fields = {"name": self.text(mutagen, "name"), "rules": self.ability(mutagen.ability, f"mutagen:{mutagen.id}"),
                      "icon": "potion", "symbol": symbol}
            deck.faces.append(self.face("mutagen", mutagen.id, deck.id, plain(fields), 1, back,
                                        self.where("mutagens", mutagen.id)))

    def bombs(self) -> None:
        """Monster Trail's Bomb deck (expansion sheet §9.5), printed only when its mode is played: every Bomb, also
        the Dimeritium Bombs that leave the deck without the mode they need (they say which)."""
        if not self.content.bombs:
            return
        kind = self.label("card-kind:bomb")
        deck = self.deck("bombs", kind)
        symbol = self.pack_symbol("bombs", self.content.bombs[0].id)
        back = self.back("bomb-back", "bomb-back", title=kind, symbol=symbol)
        modes = {mode.id: mode for pack in self.content.manifest.packs for mode in pack.modes} if self.content.manifest else {}
        for bomb in self.content.bombs:
            place = f"bomb:{bomb.id}"
            rules = [f"**{self.label('label:bomb-vs-monster')}:** {self.effects(list(bomb.vs_monster), place)}",
                     f"**{self.label('label:bomb-vs-witcher')}:** {self.effects(list(bomb.vs_witcher), place)}"]
            if bomb.requires_mode is not None and bomb.requires_mode in modes:
                rules.append(self.label("label:bomb-needs-mode", mode=self.text(modes[bomb.requires_mode], "name")))
            fields = {"name": self.text(bomb, "name"), "rules": "\n".join(rules), "icon": "potion", "symbol": symbol}
            deck.faces.append(self.face("bomb", bomb.id, deck.id, plain(fields), bomb.copies, back,
                                        self.where("bombs", bomb.id)))

    def exploration(self) -> None:
        kind = self.label("card-kind:exploration")
        for deck_kind in ("city", "wilds"):
            deck = self.deck(deck_kind, f"{kind}: {self.label(f'deck:{deck_kind}')}")
            for card in self.content.exploration:
                if card.deck.value == deck_kind:
                    front, back = self.exploration_faces(card, deck.id)
                    self.out.backs[back.id] = back
                    deck.faces.append(front)

    def exploration_faces(self, card: ExplorationCard, deck: str) -> tuple[Face, Face]:
        """Intro and options on the front, results on the card's own back: choose before you turn it over."""
        place = f"exploration:{card.id}"
        options, results = [], []
        for i, option in enumerate(card.options):
            letter = chr(ord("a") + i)
            label = self.text(option, "label")
            cost = f" ({self.label('label:gold-cost', amount=option.gold_cost)})" if option.gold_cost else ""
            options.append(f"**{letter.upper()}.** {label}{cost}")
            result = option.result
            parts = [self.text(result, "text"), self.effects(list(result.effects), place)]
            if result.quest is not None:
                terrain = f" {{icon:{result.quest.terrain.value}}}" if result.quest.terrain else ""
                quest = self.label("result-kind:quest")
                parts.append(f"**{quest}**{terrain}: {self.label('label:enter-event', number=result.quest.enter_event)}")
            results.append(f"**{letter.upper()}. {label}**\n" + " ".join(p for p in parts if p))
        common = {"title": self.text(card, "title"), "deck_name": self.label(f"deck:{card.deck.value}"),
                  "icon": card.deck.value}
        where = self.where("exploration", card.id)
        body = plain({**common, "body": "\n".join(results)})
        back = self.face("exploration-results", f"{card.id}-results", deck, body, where=where)
        front_fields = {**common, "intro": self.text(card, "intro"), "options": "\n".join(options),
                        "symbol": self.pack_symbol("exploration", card.id)}
        return self.face("exploration", card.id, deck, plain(front_fields), 1, back.id, where), back

    def events(self) -> None:
        kind = self.label("card-kind:event")
        deck = self.deck("events", kind)
        for event in self.content.events:
            back = self.back("event-back", f"event-back-{event.number}", title=kind, number=str(event.number))
            fields = {
                "number": str(event.number),
                "title": self.text(event, "title"),
                "type": self.label(f"event-type:{event.type.value}"),
                "body": self.event_body(event),
                "symbol": self.pack_symbol("events", event.id),
            }
            deck.faces.append(self.face("event", event.id, deck.id, plain(fields), 1, back, self.where("events", event.id)))

    def skellige_exploration(self) -> None:
        """Skellige's Exploration cards (expansion sheet §10.2): the safe upper section, the dangerous lower one."""
        cards = self.content.skellige_exploration
        if not cards:
            return
        kind = self.label("card-kind:skellige-exploration")
        deck = self.deck("skellige-exploration", kind)
        symbol = self.pack_symbol("skellige-exploration", cards[0].id)
        back = self.back("skellige-exploration-back", "skellige-exploration-back", title=kind, symbol=symbol)
        for card in cards:
            place = f"skellige-exploration:{card.id}"
            sections = []
            for name, section in (("safe", card.safe), ("dangerous", card.dangerous)):
                lines = [f"**{self.label(f'label:{name}-voyage')}**",
                         " ".join(p for p in (self.text(section, "text"), self.effects(list(section.effects), place)) if p)]
                for letter, choice in zip("AB", section.choices, strict=False):
                    lines.append(f"**{letter}. {self.text(choice, 'label')}:** {self.effects(list(choice.effects), place)}")
                sections.append("\n".join(lines))
            fields = {"title": self.text(card, "title"), "body": "\n".join(sections), "symbol": symbol}
            deck.faces.append(self.face("skellige-exploration", card.id, deck.id, plain(fields), 1, back,
                                        self.where("skellige-exploration", card.id)))

    def skellige_events(self) -> None:
        """Skellige's Event deck (§10.2, §17): numbered on the back in its own sequence; an island card says so."""
        kind = self.label("card-kind:skellige-event")
        deck = self.deck("skellige-events", kind)
        for event in self.content.skellige_events:
            back = self.back("event-back", f"skellige-event-back-{event.number}", title=kind, number=str(event.number))
            body = self.event_body(event, f"skellige-event:{event.number}")
            if event.island is not None:
                island = event.island
                name = self.text(island, "name")
                action = self.label(f"location-action:{island.action.type.value}")
                body += (f"\n**{name}** {{icon:{island.terrain.value}}}: {action}\n"
                         + self.label("label:island-found", name=name))
            fields = {"number": str(event.number), "title": self.text(event, "title"),
                      "type": self.label(f"event-type:{event.type.value}"), "body": body,
                      "symbol": self.pack_symbol("skellige-events", event.id)}
            deck.faces.append(self.face("event", event.id, deck.id, plain(fields), 1, back,
                                        self.where("skellige-events", event.id)))

    def event_body(self, event: Event, place: str = "") -> str:
        place = place or f"event:{event.number}"
        paragraphs = [self.text(event, "intro")]
        for option in event.options:
            cost = f" ({self.label('label:gold-cost', amount=option.gold_cost)})" if option.gold_cost else ""
            label = self.text(option, "label")
            text = self.text(option, "text")
            effects = self.effects(list(option.effects), place)
            paragraphs.append(f"**{label}**{cost}: {text} {effects}".rstrip())
        if event.effects:
            paragraphs.append(self.effects(list(event.effects), place))
        if event.keep is not None:
            name = self.text(event.keep, "name")
            paragraphs.append(f"**{name}.** " + self.ability(event.keep.ability, place))
        return "\n".join(p for p in paragraphs if p)

    def monsters(self) -> None:
        deck = self.deck("monsters", self.label("card-kind:monster"))
        for monster in self.content.monsters:
            front, back = self.monster_faces(monster, deck.id)
            self.out.backs[back.id] = back
            deck.faces.append(front)

    def monster_faces(self, monster: Monster, deck: str) -> tuple[Face, Face]:
        place = f"monster:{monster.id}"
        name = self.text(monster, "name")
        where = self.where("monsters", monster.id)
        if monster.trophy is None:  # Dagon: the back tells what fighting it brings, track step included (§10.7)
            trophy = self.label(f"outcome:{monster.id}")
        else:
            trophy = f"**{self.label('label:trophy')}.** " + self.ability(monster.trophy, place)
            if not monster.grants_track_step:
                trophy += "\n" + self.label("label:no-track-step")
        back_fields = {
            "name": name,
            "description": "*" + self.text(monster, "description") + "*",
            "trophy": trophy,
            "icon": "trophy",
        }
        back = self.face("monster-back", f"{monster.id}-back", deck, plain(back_fields), where=where)
        special = self.ability(monster.special, place)
        if not monster.spawnable and monster.trophy is not None:  # the Siren's note; Dagon rises on the Danger Track
            special += "\n*" + self.label("label:never-spawns") + "*"
        fields = {
            "name": name,
            "level": ROMAN[monster.level],
            "life": str(monster.life),
            "special": special,
            "life_icon": "life",
            "art": monster.art,
            "symbol": self.pack_symbol("monsters", monster.id),
        }
        return self.face("monster", monster.id, deck, plain(fields), 1, back.id, where), back

    def fight_cards(self) -> None:
        kind = self.label("card-kind:monster-fight-card")
        deck = self.deck("monster-fight", kind)
        back = self.back("monster-fight-back", "monster-fight-back", title=kind)
        for card in self.content.fight_cards:
            fields = {
                "charge_label": self.label("attack:charge"),
                "bite_label": self.label("attack:bite"),
                "charge": self.attack(card.charge),
                "bite": self.attack(card.bite),
            }
            face = self.face("monster-fight-card", card.id, deck.id, fields, 1, back, self.where("monster-fight-cards", card.id))
            deck.faces.append(face)

    def attack(self, attack: Attack) -> str:
        """One half of a fight card; per-level amounts print as I/II/III."""
        if isinstance(attack.amount, list):
            amounts = "/".join(str(n) for n in attack.amount)
            return self.loc.message(Message(f"monster-attack:{attack.type}", {"amount": amounts})) + "\n*I/II/III*"
        return self.label(f"monster-attack:{attack.type}", amount=attack.amount)

    def trophies(self) -> None:
        kind = self.label("card-kind:attribute-trophy")
        deck = self.deck("attribute-trophies", kind)
        back = self.back("trophy-back", "attribute-trophy-back", title=kind, icon="trophy")
        for trophy in self.content.attribute_trophies:
            place = f"attribute-trophy:{trophy.id}"
            fields = {
                "name": self.text(trophy, "name"),
                "icon": trophy.attribute.value,
                "flavor": "*" + self.text(trophy, "text") + "*",
                "ability": self.ability(trophy.ability, place),
            }
            face = self.face("attribute-trophy", trophy.id, deck.id, fields, 1, back, self.where("attribute-trophies", trophy.id))
            deck.faces.append(face)
        self.witcher_trophies()
        self.dagon_bonus_cards()

    def dagon_bonus_cards(self) -> None:
        """Skellige's 5 Dagon Bonus cards (§10.7), laid out like the Witcher Trophy cards: kept with the trophies."""
        if not self.content.dagon_bonus_cards:
            return
        kind = self.label("card-kind:dagon-bonus")
        deck = self.deck("dagon-bonus-cards", kind)
        back = self.back("trophy-back", "dagon-bonus-back", title=kind, icon="monster", school_color=DAGON_COLOR)
        for card in self.content.dagon_bonus_cards:
            fields = {
                "name": self.text(card, "name"),
                "school": kind,
                "school_color": DAGON_COLOR,
                "flavor": "*" + self.text(card, "description") + "*",
                "ability": self.ability(card.ability, f"dagon-bonus:{card.id}"),
                "icon": "trophy",
                "symbol": self.pack_symbol("dagon-bonus-cards", card.id),
            }
            where = self.where("dagon-bonus-cards", card.id)
            deck.faces.append(self.face("witcher-trophy", card.id, deck.id, plain(fields), 1, back, where))

    def witcher_trophies(self) -> None:
        kind = self.label("card-kind:witcher-trophy")
        deck = self.deck("witcher-trophies", kind)
        schools = {school.id: school for school in self.content.schools}
        for trophy in self.content.witcher_trophies:
            place = f"witcher-trophy:{trophy.id}"
            school = schools.get(trophy.school)
            color = school.color if school else "#808080"
            school_name = self.text(school, "name") if school else trophy.school
            back = self.back("trophy-back", f"witcher-trophy-back-{trophy.school}", title=kind, icon="trophy", school_color=color)
            fields = {
                "name": self.text(trophy, "name"),
                "school": school_name,
                "school_color": color,
                "flavor": "*" + self.text(trophy, "description") + "*",
                "ability": self.ability(trophy.ability, place),
                "icon": "trophy",
                "symbol": self.pack_symbol("witcher-trophies", trophy.id),
            }
            where = self.where("witcher-trophies", trophy.id)
            face = self.face("witcher-trophy", trophy.id, deck.id, plain(fields), 1, back, where)
            deck.faces.append(face)

    def help_cards(self) -> None:
        kind = self.label("card-kind:help-card")
        deck = self.deck("help", kind)
        deck.help = True
        back = self.back("help-back", "help-back", title=kind)
        rules = self.content.manifest.rules if self.content.manifest else None
        for card in self.content.help_cards:
            fields = {"title": self.text(card, "title"), "body": self.help_body(card, rules)}
            where = self.where("help-cards", card.id)
            symbol = self.pack_symbol("help-cards", card.id)
            if symbol:  # a pack's help card prints the pack's symbol, as its other cards do
                face = self.face("pack-help-card", card.id, deck.id, {**fields, "symbol": symbol}, card.copies, back, where)
            else:
                face = self.face("help-card", card.id, deck.id, fields, card.copies, back, where)
            deck.faces.append(face)

    def help_body(self, card: HelpCard, rules: RuleConstants | None) -> str:
        paragraphs = []
        for section in card.sections:
            paragraphs.append("**" + self.text(section, "heading") + "**")
            paragraphs.extend(fill_constants(self.text(line, "text"), rule_constants(rules)) for line in section.lines)
        return "\n".join(paragraphs)

    # --- expansions ----------------------------------------------------------------------------

    def in_mode(self, collection: str, entity_id: str) -> bool:
        """Whether an entity comes from a mode's folder of a pack (`packs/<id>/<mode>/`: Monster Trail's modes)."""
        record = self.db.record(collection, entity_id)
        return record is not None and mode_of_file(self.db.root, record.loaded.path) is not None

    def pack_symbol(self, collection: str, entity_id: str) -> str:
        """The symbol of the pack an entity comes from, printed on its faces ("" for the base game)."""
        record = self.db.record(collection, entity_id)
        manifest = self.content.manifest
        pack = self.db.pack_of(record) if record is not None else ""
        return next((p.symbol or "" for p in manifest.packs if p.id == pack), "") if manifest else ""

    def lost_mount(self) -> None:
        """Lost Mount (only with its pack): the card, the die table on the front and the placement steps on the
        back; and a token alike on both sides that stands in for the miniature on the map."""
        if not self.content.lost_mount_cards:
            return
        deck = self.deck("lost-mount", self.label("card-kind:lost-mount"))
        tokens = self.deck("lost-mount-tokens", self.label("card-kind:lost-mount"), "tokens")
        for card in self.content.lost_mount_cards:
            name, symbol = self.text(card, "name"), self.pack_symbol("lost-mount-cards", card.id)
            steps = "\n".join([f"**{self.label('label:lost-mount-placement')}.** " + self.text(card, "placement"),
                               f"**{self.label('label:lost-mount-visit')}.** " + self.text(card, "visit")])
            back = self.back("lost-mount-back", f"lost-mount-back-{card.id}", title=name, symbol=symbol, body=steps)
            rows = []
            for roll in card.rolls:
                low, high = roll.results
                results = str(low) if low == high else f"{low}–{high}"
                rows.append(f"**{results}:** " + self.text(roll, "text"))
            fields = {"title": name, "symbol": symbol, "body": "\n".join(rows)}
            where = self.where("lost-mount-cards", card.id)
            deck.faces.append(self.face("lost-mount-card", card.id, deck.id, fields, 1, back, where))
            token = {"label": name, "symbol": symbol}
            self.same_both_sides(tokens, self.face("lost-mount-token", f"{card.id}-token", tokens.id, token, 1, "", where))

    def legendary_monsters(self) -> None:
        """Large Legendary Monster cards (expansion sheet §7.2): start location, Special Fight Ability and the 4
        Special Attacks on the front; the description on the back."""
        if not self.content.legendary_monsters:
            return
        kind = self.label("card-kind:legendary-monster")
        deck = self.deck("legendary-monsters", kind)
        for monster in self.content.legendary_monsters:
            name, symbol = self.text(monster, "name"), self.pack_symbol("legendary-monsters", monster.id)
            where = self.where("legendary-monsters", monster.id)
            start = self.content.location_by_id.get(monster.start)
            place = f"{start.number} · {self.text(start, 'name')}" if start else monster.start
            attacks = "\n".join(f"**{i}. {self.text(attack, 'name')}:** " + self.text(attack, "text")
                                 for i, attack in enumerate(monster.attacks, start=1))
            back_fields = {"name": name, "symbol": symbol, "description": "*" + self.text(monster, "description") + "*",
                           "icon": "monster"}
            back = self.back("legendary-monster-back", f"{monster.id}-back", **back_fields)
            fields = {"name": name, "kind": kind, "symbol": symbol,
                      "start": f"{self.label('label:legendary-start')}: {place}",
                      "ability": f"**{self.label('label:legendary-ability')}.** " + self.text(monster, "ability"),
                      "attacks": f"**{self.label('label:special-attacks')}**\n{attacks}"}
            deck.faces.append(self.face("legendary-monster", monster.id, deck.id, fields, 1, back, where))

    # --- tokens --------------------------------------------------------------------------------

    def tokens(self) -> None:
        locations = self.deck("location-tokens", self.label("card-kind:location-token"), "tokens")
        for token in self.content.location_tokens:
            location = self.content.location_by_id.get(token.location)
            name = self.text(location, "name") if location else token.location
            back = self.back("location-token-back", f"location-token-back-{token.terrain.value}", icon=token.terrain.value)
            fields = {"name": name, "number": str(location.number) if location else "", "icon": token.terrain.value,
                      "symbol": self.pack_symbol("location-tokens", token.id)}
            where = self.where("location-tokens", token.id)
            face = self.face("location-token", token.id, locations.id, plain(fields), 1, back, where)
            locations.faces.append(face)
        monsters = self.deck("monster-tokens", self.label("card-kind:monster-token"), "tokens")
        names = {m.id: self.text(m, "name") for m in self.content.monsters}
        for monster_token in self.content.monster_tokens:
            level = ROMAN[monster_token.level]
            back = self.back("monster-token-back", f"monster-token-back-{monster_token.level}", level=level, icon="monster")
            fields = {"name": names.get(monster_token.monster, monster_token.monster), "level": level, "icon": "monster",
                      "symbol": self.pack_symbol("monster-tokens", monster_token.id)}
            where = self.where("monster-tokens", monster_token.id)
            face = self.face("monster-token", monster_token.id, monsters.id, plain(fields), 1, back, where)
            monsters.faces.append(face)
        self.marker_tokens()
        self.harbor_tokens()

    def marker_tokens(self) -> None:
        """Gold, trail and quest markers (alike on both sides) and the closed-tavern tile."""
        markers = self.deck("markers", self.label("deck:markers"), "tokens")
        for value, copies in GOLD_TOKENS.items():
            face = self.face("gold-token", f"gold-{value}", markers.id, {"value": str(value), "icon": "gold"}, copies)
            self.same_both_sides(markers, face)
        for terrain in Terrain:
            fields = {"label": self.label(f"terrain:{terrain.value}"), "icon": terrain.value}
            face = self.face("marker-token", f"trail-{terrain.value}", markers.id, fields, TRAIL_MARKERS_PER_TERRAIN)
            self.same_both_sides(markers, face)
        quest = {"label": self.label("result-kind:quest"), "icon": "quest"}
        self.same_both_sides(markers, self.face("marker-token", "quest", markers.id, quest, QUEST_MARKERS))
        for token in self.content.quest_tokens:  # a pack's own (the Adventure Pack's), with its symbol
            fields = {**quest, "symbol": self.pack_symbol("quest-tokens", token.id)}
            where = self.where("quest-tokens", token.id)
            self.same_both_sides(markers, self.face("pack-marker-token", token.id, markers.id, fields, token.copies, "", where))
        closed = {"label": self.label("label:tavern-closed"), "icon": "tavern"}
        back = self.back("marker-token", "tavern-open", label=self.label("label:tavern-open"), icon="tavern")
        markers.faces.append(self.face("marker-token", "tavern-closed", markers.id, closed, CLOSED_TAVERNS, back))

    def harbor_tokens(self) -> None:
        """Skellige's Harbor tokens (expansion sheet §10.2): an anchor in front, on the back a Ship on 3 of the 6; and
        its Dagon Trail tokens (§10.1)."""
        if not self.content.harbor_tokens:
            return
        deck = self.deck("harbor-tokens", self.label("card-kind:harbor-token"), "tokens")
        harbor = self.label("card-kind:harbor-token")
        for token in self.content.harbor_tokens:
            symbol = self.pack_symbol("harbor-tokens", token.id)
            back = (self.back("pack-marker-token", "harbor-back-ship", label=self.label("label:ship"), icon="ship",
                              symbol=symbol) if token.ship
                    else self.back("pack-marker-token", "harbor-back", label=harbor, icon="water", symbol=symbol))
            fields = {"label": harbor, "icon": "anchor", "symbol": symbol}
            deck.faces.append(self.face("pack-marker-token", token.id, deck.id, fields, 1, back,
                                        self.where("harbor-tokens", token.id)))
        for trail in self.content.dagon_trail_tokens:  # alike on both sides, like the base trail markers
            fields = {"label": self.label("card-kind:dagon-trail"), "icon": "trail",
                      "symbol": self.pack_symbol("dagon-trail-tokens", trail.id)}
            self.same_both_sides(deck, self.face("pack-marker-token", trail.id, deck.id, fields, trail.copies, "",
                                                 self.where("dagon-trail-tokens", trail.id)))

    def same_both_sides(self, deck: Deck, face: Face) -> None:
        back_id = f"{face.id}-back"
        self.out.backs[back_id] = self.face(face.kind, back_id, face.deck, face.fields)
        deck.faces.append(self.face(face.kind, face.id, face.deck, face.fields, face.copies, back_id, face.where))

