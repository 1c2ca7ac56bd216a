"""File kinds every game can use for its texts: message templates (`texts`) and a terminology table (`terms`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from pipeline.content.models import ContentFile, ContentModel, Slug, Text

from .tokens import placeholders

# A msgctxt path: kebab-case slugs joined by colons, e.g. `effect:raise-attribute:combat`.
MessagePath = Annotated[str, Field(pattern=r"^[a-z0-9]+(?:-[a-z0-9]+)*(?::[a-z0-9]+(?:-[a-z0-9]+)*)*$", max_length=120)]
LocaleCode = Annotated[str, Field(pattern=r"^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$")]


class MessageTemplate(ContentModel):
    """One English message template; `id` is its msgctxt. A counting message gives its plural and count."""

    id: MessagePath
    text: Text
    plural: str = ""
    count: str = ""
    note: str = ""

    @model_validator(mode="after")
    def _plural_needs_count(self) -> MessageTemplate:
        if bool(self.plural) != bool(self.count):
            raise ValueError("give both plural and count (the placeholder that picks the form), or neither")
        if self.count and (self.count not in placeholders(self.text) or self.count not in placeholders(self.plural)):
            raise ValueError(f"count {{{self.count}}} must be a placeholder of both text and plural")
        return self


class TextsFile(ContentFile):
    kind: Literal["texts"]
    messages: list[MessageTemplate] = Field(min_length=1)
    entities_field = "messages"


class Term(ContentModel):
    """An English game term and the words a translation must use for it (any one of them)."""

    id: Slug
    source: list[Text] = Field(min_length=1)
    translations: dict[LocaleCode, list[Text]]
    note: str = ""


class TermsFile(ContentFile):
    kind: Literal["terms"]
    terms: list[Term] = Field(min_length=1)
    entities_field = "terms"
