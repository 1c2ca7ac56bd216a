"""Every translatable string of Path of Destiny's content, with a stable msgctxt path and where its English is written.

Paths name the component by its id, then the field: `game:name`, `symbol:magic:name`,
`color:red:name`, `character:geralt:name`, `character:geralt:ability:portal:text`,
`character:geralt:side-quest:text`, `action-card:aard-blast:name`, `token:fate-marker-i:name`,
`solo-level:normal:name`, `automa-board:automa-geralt:ability:hunt:text`, `solo-card:solo-setup:text`,
`story:drowned-bells:title`, `story:drowned-bells:special-rule:2` (counted from 1),
`story:drowned-bells:card:7:text` (by card number), `story:drowned-bells:extra-effort:<id>:title`,
`story:<id>:objective:<id>:text`, `story:<id>:marker:<id>:name`.
"""

from __future__ import annotations

from collections.abc import Callable

from pipeline.content.database import Database, Record
from pipeline.i18n.content import StringCollector
from pipeline.i18n.messages import SourceString

from .models import ActionCard, Automa, Character, Manifest, Token
from .print_strings import print_strings
from .story_models import Story


def translatable_strings(db: Database) -> list[SourceString]:
    """Every string of the content a translation has to cover, in file order, then entity order."""
    out = StringCollector()
    for record in db.records_in_file_order():
        handler = _HANDLERS.get(type(record.entity))
        if handler is not None:
            handler(out, record)
    # Message templates, help cards and the reference guide (print_strings.py).
    out.strings.extend(print_strings(db, out.seen))
    return out.strings


def _manifest(out: StringCollector, record: Record) -> None:
    game: Manifest = record.entity
    out.add(record, "game:name", game.name, "name")
    for i, symbol in enumerate(game.symbols):
        out.add(record, f"symbol:{symbol.id.value}:name", symbol.name, "symbols", i, "name")
    for i, color in enumerate(game.colors):
        out.add(record, f"color:{color.id.value}:name", color.name, "colors", i, "name")


def _character(out: StringCollector, record: Record) -> None:
    character: Character = record.entity
    prefix = f"character:{character.id}"
    out.add(record, f"{prefix}:name", character.name, "name")
    out.add(record, f"{prefix}:epithet", character.epithet, "epithet")
    for i, ability in enumerate(character.abilities):
        out.add(record, f"{prefix}:ability:{ability.id}:name", ability.name, "abilities", i, "name")
        out.add(record, f"{prefix}:ability:{ability.id}:text", ability.text, "abilities", i, "text")
    quest = character.side_quest
    out.add(record, f"{prefix}:side-quest:name", quest.name, "side_quest", "name")
    out.add(record, f"{prefix}:side-quest:text", quest.text, "side_quest", "text")


def _card(out: StringCollector, record: Record) -> None:
    card: ActionCard = record.entity
    out.add(record, f"action-card:{card.id}:name", card.name, "name")
    out.add(record, f"action-card:{card.id}:text", card.text, "text")


def _token(out: StringCollector, record: Record) -> None:
    token: Token = record.entity
    out.add(record, f"token:{token.id}:name", token.name, "name")


def _automa(out: StringCollector, record: Record) -> None:
    automa: Automa = record.entity
    for i, level in enumerate(automa.levels):
        out.add(record, f"solo-level:{level.id}:name", level.name, "levels", i, "name")
    for b, board in enumerate(automa.boards):
        for i, ability in enumerate(board.abilities):
            here = f"automa-board:{board.id}:ability:{ability.id}"
            out.add(record, f"{here}:name", ability.name, "boards", b, "abilities", i, "name")
            out.add(record, f"{here}:text", ability.text, "boards", b, "abilities", i, "text")
    for i, card in enumerate(automa.solo_cards):
        out.add(record, f"solo-card:{card.id}:title", card.title, "solo_cards", i, "title")
        out.add(record, f"solo-card:{card.id}:text", card.text, "solo_cards", i, "text")


def _story(out: StringCollector, record: Record) -> None:
    story: Story = record.entity
    prefix = f"story:{story.id}"
    out.add(record, f"{prefix}:title", story.title, "title")
    out.add(record, f"{prefix}:overview", story.overview, "overview")
    for i, rule in enumerate(story.special_rules):
        out.add(record, f"{prefix}:special-rule:{i + 1}", rule, "special_rules", i)
    for i, rule in enumerate(story.solo_rules):
        out.add(record, f"{prefix}:solo-rule:{i + 1}", rule, "solo_rules", i)
    for i, card in enumerate(story.cards):
        out.add(record, f"{prefix}:card:{card.number}:title", card.title, "cards", i, "title")
        out.add(record, f"{prefix}:card:{card.number}:text", card.text, "cards", i, "text")
    for i, effort in enumerate(story.extra_effort_cards):
        out.add(record, f"{prefix}:extra-effort:{effort.id}:title", effort.title, "extra_effort_cards", i, "title")
    for i, objective in enumerate(story.secret_objectives):
        here = f"{prefix}:objective:{objective.id}"
        out.add(record, f"{here}:title", objective.title, "secret_objectives", i, "title")
        out.add(record, f"{here}:text", objective.text, "secret_objectives", i, "text")
    for i, marker in enumerate(story.special_symbol_markers):
        out.add(record, f"{prefix}:marker:{marker.id}:name", marker.name, "special_symbol_markers", i, "name")
        out.add(record, f"{prefix}:marker:{marker.id}:text", marker.text, "special_symbol_markers", i, "text")


Handler = Callable[[StringCollector, Record], None]

_HANDLERS: dict[type, Handler] = {
    Manifest: _manifest,
    Character: _character,
    ActionCard: _card,
    Token: _token,
    Automa: _automa,
    Story: _story,
}
