"""How Old World prints its abilities as Messages (template msgctxt + values); each effect prints itself.

The English templates are content (`texts/effects.yaml`, `texts/rules.yaml`); translations live in
the locale catalogs. An effect's sentence is its `sentence()` (effects.py).
"""

from __future__ import annotations

from collections.abc import Iterator

from pipeline.content.database import Database
from pipeline.i18n.content import game_localizer
from pipeline.i18n.localizer import Localizer
from pipeline.i18n.messages import Message
from pipeline.rules.effects import describe

from .effects import sentences
from .enums import Limit, Timing
from .models.base import Ability, Condition

# --- Abilities ---------------------------------------------------------------------------------


def ability_message(ability: Ability) -> Message:
    """When and how often an ability works, then what it does: 'In your fight turn (once per fight): ...'."""
    when = when_message(ability.timing, ability.condition, ability.limit)
    return Message("ability:frame", {"when": when, "effects": sentences(ability.effects)})


def when_message(timing: Timing, condition: Condition | None, limit: Limit) -> Message:
    """When and how often something works: 'When your Shield drops to 0, if ... (once per fight)'."""
    when = Message(f"ability:timing:{timing.value}")
    for phrase in condition_messages(condition):
        when = Message("ability:when:condition", {"timing": when, "condition": phrase})
    if limit is not Limit.NONE:
        when = Message("ability:when:limit", {"when": when, "limit": Message(f"ability:limit:{limit.value}")})
    return when


def condition_messages(condition: Condition | None) -> list[Message]:
    """One phrase per condition set on an ability ('if your Shield is 0')."""
    if condition is None:
        return []
    found = []
    if condition.shield_zero:
        found.append(Message("ability:condition:shield-zero"))
    if condition.combo_size_at_least is not None:
        found.append(Message("ability:condition:combo-size-at-least", {"count": condition.combo_size_at_least}))
    if condition.hand_size_at_most is not None:
        found.append(Message("ability:condition:hand-size-at-most", {"count": condition.hand_size_at_most}))
    if condition.has_trail:
        found.append(Message("ability:condition:has-trail"))
    return found


def ability_contexts() -> Iterator[str]:
    """Every message context an ability can print with."""
    yield from ("ability:frame", "ability:when:condition", "ability:when:limit")
    yield from (f"ability:timing:{t.value}" for t in Timing)
    yield from (f"ability:limit:{limit.value}" for limit in Limit if limit is not Limit.NONE)
    for name in ("shield-zero", "combo-size-at-least", "hand-size-at-most", "has-trail"):
        yield f"ability:condition:{name}"


# --- The localizer -----------------------------------------------------------------------------


def localizer(db: Database, locale: str) -> Localizer:
    """Old World's Localizer for a locale: its catalog, the effect templates and the effect sentences."""
    return game_localizer(db, locale, describe)


def ability_text(localizer: Localizer, ability: Ability, context: str = "") -> str:
    """The printed text of an ability: when it works, how often, and what it does."""
    return localizer.message(ability_message(ability), context)
