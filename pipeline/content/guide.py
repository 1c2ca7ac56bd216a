"""A reference guide's content (`guide`, `guide-sections` and `glossary` files), the same for every game.

Rules numbers in guide text are `{name}` placeholders naming the game's rule constants, filled per
locale after translation; `{kind:id}` names a thing of the game's rule data (the file kinds that
declare it: pipeline/content/rule_data.py); `[[entry-id]]` links another guide entry. A table's or a
list's `source` names rows or items generated from the content (the rule data's lists, a game's tables);
a section marked `glossary` is where the glossary is printed (else it comes last); the player-aid
fields (`aid`, `summary`, `key_term`, `key_terms`, `aid_title`) matter to a game with a player aid
and may be left out by the others. `pipeline/rules/guide_builder.py` turns these into a
`GuideDocument`.

Every text is a `Translatable` field, and every block, list item, table row and cell and index term
has an id unique in its list, so its msgctxt is a path of ids (`pipeline/content/texts.py`):
`guide:<section>:entries:<entry>:blocks:<block>:items:<item>:text`, `guide:glossary:<entry>:title`,
`guide:labels:index`. A new block or item gets a new id and leaves every other translation alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar, Literal

from pydantic import Field, model_validator

from .database import Database
from .models import ContentFile, ContentModel, Entity, Slug
from .texts import OptionalTranslated, Translated, UniqueKeys
from .views import First, Records


class GuideItem(ContentModel):
    """A list item, named by what it says (`hand-limit`): its translation is keyed by the id, not its place.
    `pack`: printed only when that pack is selected (a step of a setup that merges several packs)."""

    id: Slug
    text: Translated
    pack: Slug | None = None


class GuideCell(ContentModel):
    """A table cell, named by its column (the same ids in every row)."""

    id: Slug
    text: Translated


class GuideRow(ContentModel):
    """A table row (the first is the header), named by what it is about (`defeat`, `header`)."""

    id: Slug
    cells: Annotated[list[GuideCell], UniqueKeys]


class GuideBlock(ContentModel):
    """A paragraph, example, note, list or table of guide text (`[[entry-id]]` links another entry).

    `id` names the block among its entry's blocks (`hand-limit-rule`), so a new block leaves the
    translations of the others where they are.
    """

    id: Slug
    kind: Literal["paragraph", "example", "bullets", "numbered", "table", "note"]
    text: OptionalTranslated = ""
    items: Annotated[list[GuideItem], UniqueKeys] = []
    order: Literal["as-written", "alphabetical"] = "as-written"
    rows: Annotated[list[GuideRow], UniqueKeys] = []  # tables: the first row is the header
    source: Slug | None = None  # a table's rows or a list's items generated from the content (a source the game knows)

    @model_validator(mode="after")
    def _same_columns(self) -> GuideBlock:
        columns = [[cell.id for cell in row.cells] for row in self.rows]
        if any(row != columns[0] for row in columns[1:]):
            raise ValueError(f"every row of a table names the same columns in the same order: {columns[0]} first")
        return self


class IndexTerm(ContentModel):
    id: Slug
    text: Translated


class GuideEntry(Entity):
    """A rules topic or glossary entry; `summary` is what the player aid prints of it."""

    text_prefix: ClassVar[str] = "guide:glossary"  # a glossary entry; an entry of a section is under the section

    title: Translated
    blocks: Annotated[list[GuideBlock], Field(min_length=1), UniqueKeys]
    summary: Annotated[list[GuideBlock], UniqueKeys] = []
    related: list[Slug] = []
    index_terms: Annotated[list[IndexTerm], UniqueKeys] = []
    key_term: bool = False  # listed by a section with `key_terms: true`


class GuideSection(Entity):
    text_prefix: ClassVar[str] = "guide"

    title: Translated
    intro: Annotated[list[GuideBlock], UniqueKeys] = []
    entries: list[GuideEntry] = []  # ids unique across the guide: <prefix>-GUIDE-DUPLICATE
    aid: bool = False  # part of the player aid
    key_terms: bool = False  # lists the glossary's key terms (links in the guide, summaries in the aid)
    glossary: bool = False  # the glossary's entries are printed here, under this section's title and intro
    min_packs: Annotated[int, Field(ge=0)] = 0  # printed only when at least this many packs are selected


class QuickReferenceIcon(ContentModel):
    icon: Slug
    name: Translated
    text: Translated

    def text_key(self) -> str:
        return self.icon


class GuideLabels(ContentModel):
    contents: Translated = "Contents"
    index: Translated = "Index"
    related: Translated = "Related Topics:"
    see: Translated = "see"
    page: Translated = "p."
    quick_reference: Translated = "Quick Reference"


class GuideSettings(Entity):
    """The guide's titles, the words its layout prints, and its quick-reference icons (one per game: its
    texts are `guide:title`, `guide:labels:index`, ...)."""

    text_prefix: ClassVar[str] = "guide"

    title: Translated
    aid_title: OptionalTranslated = ""  # the player aid's title, for a game that prints one
    glossary_title: OptionalTranslated = ""  # for a glossary printed last (no section is marked `glossary`)
    # German sorting (DIN 5007): "expand" reads ä as ae (variant 2, phone book), "base" as a (variant 1).
    umlauts: Literal["expand", "base"] = "expand"
    labels: GuideLabels = GuideLabels()
    quick_reference: Annotated[list[QuickReferenceIcon], UniqueKeys] = []

    def text_key(self) -> str:
        return ""


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


@dataclass(frozen=True)
class GuideContent:
    """A typed view of a database's guide files: the settings, the sections and the glossary entries."""

    db: Database

    settings = First[GuideSettings]("guide")
    settings_records = Records[GuideSettings]("guide")
    section_records = Records[GuideSection]("guide-sections")
    glossary_records = Records[GuideEntry]("glossary")
