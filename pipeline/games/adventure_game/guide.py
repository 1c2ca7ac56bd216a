"""The Rules Reference Guide through the shared builder (pipeline/rules/guide_builder.py).

What is the Adventure Game's own is here: a `{kind:id}` reference prints the localized name of a
thing of the rule data (a trait in bold) and `{kind_field:id}` one of its numbers; a list whose
`source` is a kind of LIST_KINDS prints one item per thing, `<procedure-id>-steps` the steps of a
procedure; the quick-reference rows are the tokens marked `quick_reference`. The rule data's own
text is translated under `<kind>:<id>:name`, `:summary`, `:title` and `procedure:<id>:step:<step-id>`.
"""

from __future__ import annotations

from typing import Any

from pipeline.content.database import Database
from pipeline.i18n.content import StringCollector, content_strings
from pipeline.i18n.messages import SourceString
from pipeline.rules.guide import GuideDocument, QuickReferenceRow
from pipeline.rules.guide_builder import GuideBuilder, Text

from .content import AdventureContent
from .models import Named, Procedure

# A list's source -> the reference kind of its items.
LIST_KINDS = {
    "actions": "action",
    "operations": "operation",
    "dice-faces": "face",
    "tokens": "token",
    "discards": "discard",
    "quests": "quest",
}
STEPS = "-steps"  # a list source `<procedure-id>-steps`
# Words the builder writes around the rule data, by msgctxt (translated like every text).
LIST_WORDS = {"guide:list:only-for": "({hero} only)", "guide:list:no-result": "(none)"}
DATA_TEXT_FIELDS = ("title", "summary")


def list_sources(content: AdventureContent) -> list[str]:
    """Every list source the guide can print."""
    return [*LIST_KINDS, *(f"{procedure.id}{STEPS}" for procedure in content.data("procedure"))]


class _Builder(GuideBuilder):
    """The shared builder, printing the Adventure Game's rule data."""

    def __init__(self, db: Database, locale: str, text: Text | None) -> None:
        self.content = AdventureContent(db)
        super().__init__(db, locale, text, self.content.rule_values(), "adventure-game", "The Witcher Adventure Game")

    def name(self, kind: str, entity: Named) -> str:
        return self.t(f"{kind}:{entity.id}:name", entity.name)

    def reference(self, kind: str, key: str) -> str | None:
        kind, _, field = kind.partition("_")
        found = self.content.lookup(kind, key)
        if found is None:
            return None  # reported by AG-GUIDE-REF
        if field:
            return str(getattr(found, field)) if hasattr(found, field) else None
        name = self.name(kind, found)
        return f"**{name}**" if kind == "trait" else name

    def items(self, source: str) -> tuple[str, ...]:
        if source.endswith(STEPS):
            procedure = self.content.lookup("procedure", source.removesuffix(STEPS))
            steps = procedure.steps if procedure else []
            return tuple(self.t(f"procedure:{procedure.id}:step:{step.id}", step.text) for step in steps)
        kind = LIST_KINDS.get(source)
        return tuple(self._item(kind, entity) for entity in self.content.data(kind)) if kind else ()

    def _item(self, kind: str, entity: Any) -> str:
        """One thing of the rule data: its name in bold (and whose it is), then what it does."""
        name = f"**{self.name(kind, entity)}**"
        hero = getattr(entity, "hero", None)
        if hero is not None and (found := self.content.lookup("hero", hero)) is not None:
            only = "guide:list:only-for"
            name += " " + self.t(only, LIST_WORDS[only]).replace("{hero}", self.name("hero", found))
        if kind == "face":
            what = " + ".join(f"{n} {{icon:{result.value}}}" for result, n in entity.results.items())
            what = what or self.t("guide:list:no-result", LIST_WORDS["guide:list:no-result"])
        else:
            what = self.t(f"{kind}:{entity.id}:summary", entity.summary)
        return f"{name}: {what}"

    def quick_reference(self) -> tuple[QuickReferenceRow, ...]:
        return tuple(
            QuickReferenceRow(token.icon, self.name("token", token), self.t(f"token:{token.id}:summary", token.summary))
            for token in self.content.data("token")
            if token.quick_reference
        )


def guide_document(db: Database, locale: str, text: Text | None = None) -> GuideDocument:
    """The whole guide in one locale: sections in print order, the glossary for the renderer to sort."""
    return _Builder(db, locale, text).document()


def guide_strings(db: Database) -> list[SourceString]:
    """Every translatable string: the guide files' fields (msgctxt from the models), then the manifest's names,
    the rule data and the list words (contexts spelled here)."""
    strings = content_strings(db)
    collector = StringCollector(strings, {string.context for string in strings})
    content = AdventureContent(db)
    for record in db.records("game"):
        collector.add(record, "game:name", record.entity.name, "name")
        for v, variant in enumerate(record.entity.variants):
            collector.add(record, f"variant:{variant.id}:name", variant.name, "variants", v, "name")
    for kind, record in content.named_records():
        entity = record.entity
        collector.add(record, f"{kind}:{entity.id}:name", entity.name, "name")
        for field in DATA_TEXT_FIELDS:
            if isinstance(text := getattr(entity, field, None), str):
                collector.add(record, f"{kind}:{entity.id}:{field}", text, field)
        if isinstance(entity, Procedure):
            for s, step in enumerate(entity.steps):
                collector.add(record, f"{kind}:{entity.id}:step:{step.id}", step.text, "steps", s, "text")
    note = "words the guide prints around the rule data in its lists"
    collector.strings.extend(SourceString(context, text, note=note) for context, text in LIST_WORDS.items())
    return collector.strings
