"""A reference guide's content (`guide`, `guide-sections` and `glossary` files), the same for every game.

Rules numbers in guide text are `{name}` placeholders naming the game's rule constants, filled per
locale after translation; `{kind:id}` names a thing of the game's data (a game that has such data
prints its name); `[[entry-id]]` links another guide entry. A table's or a list's `source` names
rows or items the game generates from its content (each game lists and checks the sources it knows);
a section marked `glossary` is where the glossary is printed (else it comes last); the player-aid
fields (`aid`, `summary`, `key_term`, `key_terms`, `aid_title`) matter to a game with a player aid
and may be left out by the others. `pipeline/rules/guide_builder.py` turns these into a
`GuideDocument`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from .models import ContentFile, ContentModel, Entity, Slug, Text


class GuideBlock(ContentModel):
    """A paragraph, example, note, list or table of guide text (`[[entry-id]]` links another entry)."""

    kind: Literal["paragraph", "example", "bullets", "numbered", "table", "note"]
    text: str = ""
    items: list[Text] = []
    order: Literal["as-written", "alphabetical"] = "as-written"
    rows: list[list[str]] = []  # tables: the first row is the header
    source: Slug | None = None  # a table's rows or a list's items generated from the content (a source the game knows)


class GuideEntry(Entity):
    """A rules topic or glossary entry; `summary` is what the player aid prints of it."""

    title: Text
    blocks: list[GuideBlock] = Field(min_length=1)
    summary: list[GuideBlock] = []
    related: list[Slug] = []
    index_terms: list[Text] = []
    key_term: bool = False  # listed by a section with `key_terms: true`


class GuideSection(Entity):
    title: Text
    intro: list[GuideBlock] = []
    entries: list[GuideEntry] = []
    aid: bool = False  # part of the player aid
    key_terms: bool = False  # lists the glossary's key terms (links in the guide, summaries in the aid)
    glossary: bool = False  # the glossary's entries are printed here, under this section's title and intro


class QuickReferenceIcon(ContentModel):
    icon: Slug
    name: Text
    text: Text


class GuideLabels(ContentModel):
    contents: Text = "Contents"
    index: Text = "Index"
    related: Text = "Related Topics:"
    see: Text = "see"
    page: Text = "p."
    quick_reference: Text = "Quick Reference"


class GuideSettings(Entity):
    """The guide's titles, the words its layout prints, and its quick-reference icons."""

    title: Text
    aid_title: Text | None = None  # the player aid's title, for a game that prints one
    glossary_title: Text | None = None  # for a glossary printed last (no section is marked `glossary`)
    # German sorting (DIN 5007): "expand" reads ä as ae (variant 2, phone book), "base" as a (variant 1).
    umlauts: Literal["expand", "base"] = "expand"
    labels: GuideLabels = GuideLabels()
    quick_reference: list[QuickReferenceIcon] = []


class GuideFile(ContentFile):
    kind: Literal["guide"]
    guide: GuideSettings
    entities_field = "guide"


class GuideSectionsFile(ContentFile):
    kind: Literal["guide-sections"]
    sections: list[GuideSection]
    entities_field = "sections"


class GlossaryFile(ContentFile):
    kind: Literal["glossary"]
    entries: list[GuideEntry]
    entities_field = "entries"


GUIDE_FILE_KINDS: tuple[type[ContentFile], ...] = (GuideFile, GuideSectionsFile, GlossaryFile)
