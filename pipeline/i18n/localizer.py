"""The Localizer: every printed string of one locale, from its catalog, with English as the recorded fallback."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from babel.messages import catalog as babel
from babel.messages.catalog import Catalog

from pipeline.reading import UnreadableFile

from .catalogs import CatalogSyntaxError, catalog_path, read_catalog
from .entries import PoFile
from .messages import Fallback, Message, Param, SourceString
from .plurals import plural_index
from .tokens import fill

Describe = Callable[[Any], Message]
SENTENCE_JOINER = " "


class Localizer:
    """Strings of one locale: translations from its catalog, else the English source (recorded in `fallbacks`).

    `templates` are the game's message templates by msgctxt (effect sentences, rule labels);
    `describe` is the game's mapping of a structured effect to the Message that prints it.
    """

    def __init__(
        self,
        locale: str,
        catalog: Catalog | None = None,
        templates: Iterable[SourceString] = (),
        describe: Describe | None = None,
        source_locale: str = "en",
    ) -> None:
        self.locale = locale
        self.source_locale = source_locale
        self.catalog = catalog
        self.templates: dict[str, SourceString] = {t.context: t for t in templates}
        self.describe = describe
        self.fallbacks: list[Fallback] = []
        self.catalog_error: CatalogSyntaxError | None = None  # why the catalog could not be read (see `load`)
        self.path: Path | None = None  # the catalog's file, when read from one (`load`)
        self._seen: set[tuple[str, str]] = set()
        self._served: dict[str, babel.Message] = {}  # each translation `text` gave -> the catalog message that last gave it
        self._po: PoFile | None = None

    @classmethod
    def load(
        cls,
        locale: str,
        content_dir: Path,
        templates: Iterable[SourceString] = (),
        describe: Describe | None = None,
        source_locale: str = "en",
    ) -> Localizer:
        """A localizer reading `<content_dir>/locales/<locale>.po` (none needed for the source locale).

        A catalog that cannot be read prints English and keeps the error in `catalog_error`, so a
        caller reports it without reading the file again.
        """
        catalog = None
        error: CatalogSyntaxError | None = None
        path = catalog_path(content_dir, locale)
        if locale != source_locale and path.exists():  # a FIFO or device is read_catalog's error
            try:
                catalog = read_catalog(path, locale)
            except CatalogSyntaxError as exc:
                error = exc
        localizer = cls(locale, catalog, templates, describe, source_locale)
        localizer.catalog_error = error
        localizer.path = path if catalog is not None else None
        return localizer

    @property
    def is_source(self) -> bool:
        return self.locale == self.source_locale

    # --- Plain strings ------------------------------------------------------------------------

    def text(self, context: str, source: str, where: str = "") -> str:
        """The translation of source under msgctxt context, else source (recorded as a fallback).

        For a context the content defines as a message template, the content's English wins over
        the source passed in (code may carry a stale copy of a label).
        """
        template = self.templates.get(context)
        if template is not None and not template.plural:
            source = template.source
        if self.is_source:
            return source
        message = self._usable(context, source)
        if message is not None and isinstance(message.string, str) and message.string:
            # The last message to give this text: a face is built right after its texts, so two contexts translated
            # alike each name their own entry (`translated_at`).
            self._served[message.string] = message
            return message.string
        self._fell_back(context, source, where)
        return source

    def translated_at(self, text: str) -> tuple[str, int] | None:
        """Where a printed text was translated: the catalog (as findings name it) and the line of the msgstr that
        last gave exactly that text; None for English, a fallback, or a text put together from several messages."""
        message = self._served.get(text)
        if message is None or self.path is None:
            return None
        if self._po is None:
            try:
                self._po = PoFile.read(self.path)
            except UnreadableFile:  # read a moment ago: gone or unreadable now, so the finding stays at the content record
                return None
        return self._po.display, self._po.msgstr_line(message)

    def plural(self, context: str, singular: str, plural: str, n: int, where: str = "") -> str:
        """The form for the number n: from the catalog by the locale's CLDR rule, else English's."""
        if not self.is_source:
            message = self._usable(context, singular)
            found = message.string if message is not None else None
            if isinstance(found, (list, tuple)) and all(found):
                index = plural_index(self.locale, n)
                return found[min(index, len(found) - 1)]
            self._fell_back(context, singular, where)
        return singular if plural_index(self.source_locale, n) == 0 else plural

    def _usable(self, context: str, source: str) -> babel.Message | None:
        """The catalog's message for source under context, unless it is missing or fuzzy."""
        message = self.catalog.get(source, context=context) if self.catalog is not None else None
        return None if message is None or message.fuzzy else message

    def _fell_back(self, context: str, source: str, where: str) -> None:
        key = (context, where)
        if key not in self._seen:
            self._seen.add(key)
            self.fallbacks.append(Fallback(context, source, where))

    # --- Messages and effects -----------------------------------------------------------------

    def message(self, message: Message, where: str = "") -> str:
        """A message template of this locale with its placeholders filled (nested messages printed too)."""
        template = self.templates.get(message.context)
        if template is None:
            self._fell_back(message.context, "", where)
            return f"[{message.context}]"
        if template.plural:
            count = message.params.get(template.count, 0)
            n = count if isinstance(count, int) else 0
            text = self.plural(template.context, template.source, template.plural, n, where)
        else:
            text = self.text(template.context, template.source, where)
        return fill(text, lambda name: self._value(message.params.get(name), where))

    def _value(self, value: Param | None, where: str) -> str | None:
        if value is None:
            return None
        if isinstance(value, Message):
            return self.message(value, where)
        if isinstance(value, tuple):
            return SENTENCE_JOINER.join(self.message(m, where) for m in value)
        return str(value)

    def effect_text(self, effect: Any, context: str = "") -> str:
        """The printed rules text of one structured effect; context names the component (for fallbacks)."""
        if self.describe is None:
            raise TypeError("this Localizer was made without the game's effect descriptions")
        return self.message(self.describe(effect), context)

    def effects_text(self, effects: Sequence[Any], context: str = "") -> str:
        """The printed rules text of a list of effects: one sentence each, joined."""
        return SENTENCE_JOINER.join(self.effect_text(effect, context) for effect in effects)

    def fallback_contexts(self) -> list[str]:
        """The msgctxt of every string printed in English so far, without repeats, in order."""
        return list(dict.fromkeys(f.context for f in self.fallbacks))
