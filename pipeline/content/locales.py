"""Locale codes: BCP 47 tags (language, optional script, region, variant) whose language Babel knows.

A locale code becomes part of catalog and output paths (`locales/<code>.po`, `output/<game>/<code>/`),
so it is checked where it enters, an option (`app/project.py: locale_code`) or a game's manifest
(`LocaleTag`), and `../x`, `de/..`, an empty or overlong code never gets further.
"""

from __future__ import annotations

from typing import Annotated

from babel.core import Locale, UnknownLocaleError, parse_locale
from pydantic import AfterValidator, BaseModel, Field, model_validator

MAX_LENGTH = 35  # language-Script-REGION-variant comes to 3+1+4+1+3+1+8 = 21 characters


def locale_tag(code: str) -> str:
    """The canonical form (de, pt-BR, sr-Latn-RS) of a well-formed ASCII tag whose language Babel (CLDR)
    knows; else ValueError saying why in one line. A region need not exist (en-XA is a pseudo-locale)."""
    shown = repr(code) if len(code) <= MAX_LENGTH else f"{code[:MAX_LENGTH]!r}... ({len(code)} characters)"
    if len(code) > MAX_LENGTH or not code.isascii():
        raise ValueError(f"{shown} is not a locale code (e.g. de, pt-BR)")
    try:
        parts: tuple[str | None, ...] = parse_locale(code, sep="-")
    except ValueError:
        parts = ()
    if len(parts) != 4 or not parts[0]:  # unparsable, or a POSIX @modifier
        raise ValueError(f"{shown} is not a locale code (e.g. de, pt-BR)")
    language, region, script, variant = parts
    try:
        Locale.parse(language)
    except UnknownLocaleError:
        raise ValueError(f"{shown} is not a locale code: {language!r} is no language Babel knows") from None
    return "-".join(part for part in (language, script, region, variant and variant.lower()) if part)


# A manifest's locale: checked and made canonical when the manifest loads (the JSON schema stays a string).
LocaleTag = Annotated[str, AfterValidator(locale_tag)]


class DeclaredLocales(BaseModel):
    """A game manifest's locales, mixed into each game's manifest model.

    A locale is a release locale unless listed in `draft_locales`: a release locale's missing, fuzzy
    and stale strings are errors in `pnp check` and `pnp build` alike; a draft's are warnings in both: build holds
    its files back unless `--allow-incomplete` (English for what is missing).
    """

    source_locale: LocaleTag = Field("en", description="the locale the content is written in (one of `locales`)")
    locales: list[LocaleTag] = Field(min_length=1, description="every locale the game prints in, e.g. [en, de]")
    draft_locales: list[LocaleTag] = Field([], description="locales still being translated: their gaps are warnings, "
                                           "and build holds their files back unless --allow-incomplete")

    @model_validator(mode="after")
    def _declared(self) -> DeclaredLocales:
        if self.source_locale not in self.locales:
            raise ValueError(f"source_locale {self.source_locale!r} must be one of locales {self.locales}")
        stray = [code for code in self.draft_locales if code not in self.locales or code == self.source_locale]
        if stray:
            raise ValueError(f"draft_locales {stray} must be translated locales of {self.locales}")
        return self
