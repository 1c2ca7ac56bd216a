"""Path of Destiny's printable faces: every card and token of the content, localized, as render-ready fields.

Content fields print through `text(model, field)`, under the msgctxt their models give them
(pipeline/content/texts.py); labels and rules print through the message templates of
`texts/*.yaml` (`label:story-back`, `effect:gain-xp`, ...). Story decks keep number order: the
printed deck comes out sorted and is never shuffled.
"""

from __future__ import annotations

from typing import Any

from pipeline.content.database import Database
from pipeline.i18n.localizer import Localizer
from pipeline.i18n.messages import Message
from pipeline.rules.components import Components, Deck, Face, FaceBuilder, plain

from .content import PathOfDestinyContent
from .effects import icon
from .faces import FACE_KINDS
from .models import ActionCard, Automa, Token
from .print_models import HelpCard
from .story_models import SecretObjective, Story, StoryCard

SAME_BOTH_SIDES = {"symbol", "lost-symbol", "extra-xp"}


def path_of_destiny_components(db: Database, loc: Localizer) -> Components:
    """Every Path of Destiny card and token as faces, grouped into decks, in the localizer's locale."""
    return _Builder(db, PathOfDestinyContent(db), loc).run()


class _Builder(FaceBuilder):
    kinds = FACE_KINDS

    def __init__(self, db: Database, content: PathOfDestinyContent, loc: Localizer) -> None:
        super().__init__(db, "path-of-destiny", loc)
        self.content = content
        manifest = content.manifest
        self.swatches = {c.id.value: c.swatch for c in manifest.colors} if manifest else {}
        self.rules = manifest.rules if manifest else None

    def run(self) -> Components:
        self.action_cards()
        self.side_quests()
        for story in self.content.stories:
            self.story(story)
        self.solo_cards()
        self.help_cards()
        self.tokens()
        return self.out

    # --- helpers -------------------------------------------------------------------------------

    def effects(self, effects: list[Any]) -> str:
        return " ".join(self.loc.message(e.sentence()) for e in effects)

    # --- action cards --------------------------------------------------------------------------

    def action_cards(self) -> None:
        kind = self.label("card-kind:action-card")
        back = self.back("action-back", "action-back", title=kind)
        main = self.deck("main-deck", kind)
        names = {c.id: self.text(c, "name") for c in self.content.characters}
        starting = {c.id: self.deck(f"starting-{c.id}", self.label("card-kind:starting", character=names[c.id]))
                    for c in self.content.characters}
        for card in self.content.cards:
            deck = starting.get(card.owner, main) if card.owner else main
            fields = self.action_fields(card)
            if card.owner:
                fields["owner"] = self.label("card-kind:starting", character=names.get(card.owner, card.owner))
            kind_name = "action-card" if len(card.colors) == 1 else f"action-card-{len(card.colors)}"
            face = self.face(kind_name, card.id, deck.id, plain(fields), 1, back, self.where("action-cards", card.id))
            deck.faces.append(face)

    def action_fields(self, card: ActionCard) -> dict[str, Any]:
        fields: dict[str, Any] = {
            "name": self.text(card, "name"),
            "symbol": card.symbol.value if card.symbol else "",
            "colors": [c.value for c in card.colors],
            "rules": self.rules_text(card),
        }
        for i, color in enumerate(card.colors, start=1):
            fields[f"color_{i}"] = self.swatches.get(color.value, "#808080")
        return fields

    def rules_text(self, card: ActionCard) -> str:
        if card.text:
            return self.text(card, "text")
        if card.effect is None:
            return ""
        effect = card.effect.sentence()
        if card.condition is None:
            return self.loc.message(effect)
        return self.loc.message(Message("card:rule", {"condition": card.condition.sentence(), "effect": effect}))

    def side_quests(self) -> None:
        kind = self.label("card-kind:side-quest")
        deck = self.deck("side-quests", kind)
        back = self.back("side-quest-back", "side-quest-back", title=kind)
        for character in self.content.characters:
            quest = character.side_quest
            fields = {"title": self.text(quest, "name"),
                      "character": self.text(character, "name"),
                      "text": self.text(quest, "text"),
                      "icon": quest.symbol.value if quest.symbol else ""}
            where = self.where("characters", character.id, "side_quest")
            deck.faces.append(self.face("side-quest", quest.id, deck.id, plain(fields), 1, back, where))

    # --- stories -------------------------------------------------------------------------------

    def story(self, story: Story) -> None:
        title = self.text(story, "title")
        self.overview(story, title)
        deck = self.deck(f"story-{story.id}", self.label("card-kind:story-deck", story=title))
        kind_label = self.label("card-kind:story-card")
        for index, card in sorted(enumerate(story.cards), key=lambda pair: pair[1].number):
            kind = "story-path" if card.kind.value == "path" else "story-card"
            fields = self.story_fields(story, card)
            # Each back carries its card's number ("read card 17") and nothing about the branches.
            back = self.back("story-back", f"story-back-{story.id}-{card.number}", title=title, kind=kind_label,
                             number=str(card.number))
            where = self.where("stories", story.id, "cards", index)
            deck.faces.append(self.face(kind, f"{story.id}-{card.number}", deck.id, plain(fields), 1, back, where))
        self.extra_effort(story, title)
        self.objectives(story, title)
        self.prerequisites(story, title)
        self.alliances(story, title)

    def overview(self, story: Story, title: str) -> None:
        deck = self.deck(f"overview-{story.id}", self.label("card-kind:story-overview", story=title))
        rules = [self.text(rule, "text") for rule in story.special_rules]
        solo = [self.text(rule, "text") for rule in story.solo_rules]
        body = [f"\u2022 {rule}" for rule in rules]
        if solo:
            body.append(f"**{self.label('label:solo')}**")
            body += [f"\u2022 {rule}" for rule in solo]
        where = self.where("stories", story.id)
        back = self.face("story-rules", f"overview-{story.id}-rules", deck.id,
                    plain({"title": title, "heading": self.label("label:special-rules"), "body": "\n".join(body)}), where=where)
        self.out.backs[back.id] = back
        fields = {"title": title, "difficulty": ["specialty"] * story.difficulty,
                  "overview": self.text(story, "overview"), "kind": self.label("card-kind:story-overview-card")}
        deck.faces.append(self.face("story-overview", f"overview-{story.id}", deck.id, plain(fields), 1, back.id, where))

    def story_fields(self, story: Story, card: StoryCard) -> dict[str, Any]:
        fields: dict[str, Any] = {
            "number": str(card.number),
            "title": self.text(card, "title"),
            "text": self.text(card, "text"),
            "kind": self.story_kind(card),
        }
        lines = []
        if card.effects:
            lines.append(self.effects(list(card.effects)))
        if card.path_markers is not None:
            for side, effects in (("left", card.path_markers.left), ("right", card.path_markers.right)):
                lines.append(self.label(f"story:path-marker:{side}", effects=self.effects(list(effects))))
        fields["rewards"] = "\n".join(lines)
        if card.symbol is not None and card.side is not None:
            fields.update(symbol=card.symbol.value, arrow=f"arrow-{card.side.value}")
        if card.next is not None:
            key = "story:next-if-main" if card.kind.value == "path" else "story:next"
            fields["next"] = self.label(key, number=card.next)
        if card.preview is not None:
            fields.update(preview=["arrow-left", card.preview.left.value, card.preview.right.value, "arrow-right"],
                          preview_label=self.label("story:preview"))
        return fields

    def story_kind(self, card: StoryCard) -> str:
        if card.kind.value == "path" and card.chapter is not None and card.side is not None:
            return self.label(f"story-kind:path:{card.side.value}", chapter=card.chapter)
        return self.label(f"story-kind:{card.kind.value}")

    def extra_effort(self, story: Story, title: str) -> None:
        if not story.extra_effort_cards:
            return
        kind = self.label("card-kind:extra-effort")
        deck = self.deck(f"extra-effort-{story.id}", f"{kind}: {title}")
        for index, card in enumerate(story.extra_effort_cards):
            chapter = self.label("label:chapter", chapter=card.chapter)
            back = self.back("extra-effort-back", f"extra-effort-back-{story.id}-{card.chapter}", title=kind,
                             chapter=chapter)
            rows = [{"colors": [c.value for c in seq.colors], "text": self.effects(list(seq.rewards))}
                    for seq in card.sequences]
            fields = {"title": self.text(card, "title"), "chapter": chapter,
                      "sequences": rows, "hint": self.label("label:extra-effort-hint")}
            where = self.where("stories", story.id, "extra_effort_cards", index)
            deck.faces.append(self.face("extra-effort", card.id, deck.id, plain(fields), 1, back, where))

    def objectives(self, story: Story, title: str) -> None:
        for solo in (False, True):
            cards = [(i, o) for i, o in enumerate(story.secret_objectives) if o.solo is solo]
            if not cards:
                continue
            kind = self.label("card-kind:solo-objective" if solo else "card-kind:secret-objective")
            deck = self.deck(f"{'solo' if solo else 'secret'}-objectives-{story.id}", f"{kind}: {title}")
            for index, objective in cards:
                reveals = [s.value for s in objective.kind.reveals()]
                order = ["combat", "magic", "diplomacy", "exploration"]
                back = self.back("objective-back", f"objective-back-{objective.kind.value}-{solo}", title=kind,
                                 icons=sorted(reveals, key=order.index), hint=self.label("label:objective-reveal"))
                where = self.where("stories", story.id, "secret_objectives", index)
                fields = self.objective_fields(story, objective, kind)
                deck.faces.append(self.face("secret-objective", objective.id, deck.id, plain(fields), 1, back, where))

    def objective_fields(self, story: Story, objective: SecretObjective, kind: str) -> dict[str, Any]:
        need = objective.requirement
        what = icon(need.symbol.value) if need.symbol else icon(need.color.value if need.color else "")
        key = "symbol" if need.symbol else "color"
        requirement = self.label(f"objective:{key}:{need.holding.value}", what=what)
        if objective.scoring == "ranked":
            ranks = self.rules.objective_ranked_vp if self.rules else []
            scoring = self.label("objective:ranked", vp="/".join(str(v) for v in ranks))
        else:
            scoring = self.label("objective:flat", vp=objective.vp or 0)
        return {"title": self.text(objective, "title"), "text": "*" + self.text(objective, "text") + "*",
                "requirement": requirement, "scoring": scoring, "kind": kind}

    def prerequisites(self, story: Story, title: str) -> None:
        if not story.prerequisite_cards:
            return
        kind = self.label("card-kind:prerequisite")
        deck = self.deck(f"prerequisites-{story.id}", f"{kind}: {title}")
        back = self.back("prerequisite-back", "prerequisite-back", title=kind)
        rules = self.rules
        for index, card in enumerate(story.prerequisite_cards):
            color = icon(card.color.value)
            first = self.label("prerequisite:first", cards=rules.prerequisite_first_cards if rules else 0, color=color,
                               xp=rules.prerequisite_first_xp if rules else 0)
            later = self.label("prerequisite:later", cards=rules.prerequisite_later_cards if rules else 0, color=color,
                               xp=rules.prerequisite_later_xp if rules else 0)
            fields = {"title": kind, "color": self.swatches.get(card.color.value, "#808080"), "icon": card.color.value,
                      "left": first, "right": later, "hint": self.label("label:prerequisite-hint")}
            where = self.where("stories", story.id, "prerequisite_cards", index)
            deck.faces.append(self.face("prerequisite", card.id, deck.id, plain(fields), 1, back, where))

    def alliances(self, story: Story, title: str) -> None:
        if not story.alliance_cards:
            return
        kind = self.label("card-kind:alliance")
        deck = self.deck(f"alliances-{story.id}", f"{kind}: {title}")
        for index, card in enumerate(story.alliance_cards):
            faction = self.label(f"faction:{story.id}:{card.faction.value}")
            side = "left" if card.faction.value == "renfri" else "right"
            back = self.back("alliance-back", f"alliance-back-{story.id}-{card.faction.value}", title=faction,
                             kind=kind, icon=f"arrow-{side}")
            fields = {"faction": faction, "kind": kind, "icon": f"arrow-{side}", "text": self.effects([card.effect]),
                      "hint": self.label(f"label:alliance-hint:{side}")}
            where = self.where("stories", story.id, "alliance_cards", index)
            deck.faces.append(self.face("alliance-card", card.id, deck.id, plain(fields), card.copies, back, where))

    # --- solo and help cards -------------------------------------------------------------------

    def solo_cards(self) -> None:
        automa = self.content.automa
        if automa is None:
            return
        kind = self.label("card-kind:solo-card")
        deck = self.deck("solo-cards", kind)
        back = self.back("solo-back", "solo-back", title=kind)
        for index, card in enumerate(automa.solo_cards):
            body = self.text(card, "text")
            if card.levels:
                body = "\n".join([body, f"**{self.label('label:solo-levels')}**", *self.solo_levels(automa)])
            fields = {"title": self.text(card, "title"), "body": body}
            where = self.where("automa", automa.id, "solo_cards", index)
            deck.faces.append(self.face("solo-card", card.id, deck.id, plain(fields), 1, back, where))

    def solo_levels(self, automa: Automa) -> list[str]:
        """One line per difficulty level: its start XP, whether the second ability is open, its chapter_symbols (the
        rulebook's levels have none: then the line says nothing of them)."""
        lines = []
        for level in automa.levels:
            key = "solo:level" if level.chapter_symbols else "solo:level-start"
            if level.second_ability_from_start:
                key = "solo:level-second-ability" if level.chapter_symbols else "solo:level-start-second-ability"
            lines.append("\u2022 " + self.label(key, level=self.text(level, "name"), xp=level.start_xp,
                                                 symbols=level.chapter_symbols))
        return lines

    def help_cards(self) -> None:
        cards: list[HelpCard] = self.db.all("help-cards")
        if not cards:
            return
        kind = self.label("card-kind:help-card")
        deck = self.deck("help", kind)
        deck.help = True
        back = self.back("help-back", "help-back", title=kind)
        for card in cards:
            fields = {"title": self.text(card, "title"), "body": self.help_body(card)}
            where = self.where("help-cards", card.id)
            deck.faces.append(self.face("help-card", card.id, deck.id, fields, card.copies, back, where))

    def help_body(self, card: HelpCard) -> str:
        from .guide import fill_rules

        paragraphs = []
        for section in card.sections:
            paragraphs.append("**" + self.text(section, "heading") + "**")
            paragraphs += [fill_rules(self.text(line, "text"), self.rules) for line in section.lines]
        return "\n".join(paragraphs)

    # --- tokens --------------------------------------------------------------------------------

    def tokens(self) -> None:
        shared = self.deck("tokens", self.label("card-kind:tokens"), "tokens")
        small = self.deck("symbol-tokens", self.label("card-kind:symbol-tokens"), "tokens")
        for token in self.content.tokens:
            deck = small if token.kind.value in ("symbol", "lost-symbol") else shared
            front, back_face = self.token_faces(token, deck.id)
            self.out.backs[back_face.id] = back_face
            deck.faces.append(front)
        for story in self.content.stories:
            self.story_tokens(story, shared)

    def story_tokens(self, story: Story, shared: Deck) -> None:
        """A story's special-symbol markers and alliance markers."""
        if story.special_symbol_markers or story.alliance_markers:
            title = self.text(story, "title")
            for index, marker in enumerate(story.special_symbol_markers):
                marker_fields = {"name": self.text(marker, "name"), "icon": "vp",
                                 "story": title}
                where = self.where("stories", story.id, "special_symbol_markers", index)
                back = self.back("marker-token", f"marker-back-{story.id}", label=title)
                shared.faces.append(self.face("story-marker", marker.id, shared.id, plain(marker_fields), 1, back, where))
            for index, alliance in enumerate(story.alliance_markers):
                icons = [f"arrow-{'left' if f.value == 'renfri' else 'right'}" for f in alliance.factions]
                names = " / ".join(self.label(f"faction:{story.id}:{f.value}") for f in alliance.factions)
                fields: dict[str, Any] = {"label": names, "icons": icons}
                where = self.where("stories", story.id, "alliance_markers", index)
                back = self.back("marker-token", f"alliance-marker-back-{story.id}", label=title)
                shared.faces.append(self.face("alliance-marker", alliance.id, shared.id, plain(fields), 1, back, where))

    def token_faces(self, token: Token, deck: str) -> tuple[Face, Face]:
        """A token's front and back; symbol tokens, lost-symbol and extra-XP markers are alike on both sides."""
        name = self.text(token, "name")
        kind = token.kind.value
        back_fields: dict[str, Any] | None = None  # None: the back shows the front's icon and the name
        if kind == "symbol" and token.symbol is not None:
            kind_name, fields = "symbol-token", {"icon": token.symbol.value}
        elif kind == "lost-symbol":
            kind_name, fields = "symbol-token", {"icon": "lost-symbol"}
        elif kind == "solo-fate":  # flipped like a coin: one side shows the left path, the other the right (§14)
            kind_name, fields = "marker-token", {"icon": "arrow-left", "label": name}
            back_fields = {"icon": "arrow-right", "label": name}
        elif kind == "fate":
            numeral = {1: "I", 2: "II", 3: "III"}.get(token.numeral or 0, "")
            kind_name, fields = "fate-marker", {"value": numeral, "label": name}
        elif kind == "path" and token.side is not None:
            kind_name, fields = "marker-token", {"icon": f"arrow-{token.side.value}", "label": name}
        else:
            kind_name, fields = "marker-token", {"icon": "xp", "label": name}
        where = self.where("tokens", token.id)
        if kind in SAME_BOTH_SIDES:
            back = self.face(kind_name, f"{token.id}-back", deck, plain(fields), where=where)
        else:
            back_fields = back_fields or {"label": name, "icon": fields.get("icon", "")}
            back = self.face("marker-token", f"{token.id}-back", deck, plain(back_fields), where=where)
        return self.face(kind_name, token.id, deck, plain(fields), token.count, back.id, where), back
