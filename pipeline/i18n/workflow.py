"""The catalog workflow behind `pnp i18n`: extract the template, merge it into locale catalogs, write a pseudo-locale."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog

from .catalogs import (
    build_template,
    catalog_path,
    merge,
    new_catalog,
    read_catalog,
    template_path,
    write_catalog,
)
from .messages import SourceString
from .pseudo import PSEUDO_LOCALE, pseudo_catalog


@dataclass(frozen=True)
class Written:
    """One catalog file a command produced, and whether its bytes changed."""

    path: Path
    changed: bool
    messages: int


def extract(strings: Sequence[SourceString], content_dir: Path, project: str, base: Path) -> Written:
    """Write `<content_dir>/locales/messages.pot` from the source strings (locations relative to base, the
    game's folder: the template does not depend on what the content root is called)."""
    template = build_template(strings, project, base)
    path = template_path(content_dir)
    return Written(path, write_catalog(path, template), _count(template))


def read_template(content_dir: Path) -> Catalog | None:
    path = template_path(content_dir)
    return read_catalog(path) if path.exists() else None


def update(template: Catalog, content_dir: Path, locale: str, project: str) -> Written:
    """Merge the template into `<locale>.po` (created when absent): changed English becomes fuzzy."""
    path = catalog_path(content_dir, locale)
    catalog = read_catalog(path, locale) if path.exists() else new_catalog(project, locale)
    merged = merge(catalog, template)
    return Written(path, write_catalog(path, merged), _count(merged))


def pseudo(template: Catalog, content_dir: Path, project: str, locale: str = PSEUDO_LOCALE) -> Written:
    """Write `<locale>.po` with a pseudo-translation of every template message."""
    catalog = pseudo_catalog(template, project, locale)
    path = catalog_path(content_dir, locale)
    return Written(path, write_catalog(path, catalog), _count(catalog))


def _count(catalog: Catalog) -> int:
    return sum(1 for message in catalog if message.id)
