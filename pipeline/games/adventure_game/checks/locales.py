"""Every text exists in every locale, and each translation keeps its source's numbers, tokens and names."""

from __future__ import annotations

from pipeline.content.database import finding_at
from pipeline.findings import Finding, error, warning

from .. import markup
from ..content import AdventureContent
from ..locales import LocaleCatalog, load_locale
from ..strings import TextUnit, text_units


def target_locales(content: AdventureContent) -> list[str]:
    manifest = content.manifest
    return [loc for loc in manifest.locales if loc != manifest.source_locale] if manifest else []


def catalogs(content: AdventureContent) -> list[LocaleCatalog]:
    """The catalog of every locale the manifest declares besides the source."""
    return [load_locale(content.db.root, locale) for locale in target_locales(content)]


def check(content: AdventureContent) -> list[Finding]:
    units = text_units(content)
    findings: list[Finding] = []
    for catalog in catalogs(content):
        if catalog.problem:
            message = f"the {catalog.locale} catalog is {catalog.problem}"
            hint = "run `pnp i18n update --game adventure-game` to create it" if catalog.problem == "missing" else ""
            findings.append(error("AG-LOCALE-CATALOG", message, catalog.display, hint=hint))
            continue
        findings.extend(coverage(content, catalog, units))
        findings.extend(drift(content, catalog, units))
    return findings


def coverage(content: AdventureContent, catalog: LocaleCatalog, units: list[TextUnit]) -> list[Finding]:
    """Missing and stale translations point at the English in the YAML; obsolete ones at the catalog."""
    findings = []
    for unit in units:
        found = catalog.messages.get(unit.context)
        if found is None or not found.text:
            message = f"{unit.context} has no {catalog.locale} translation"
            hint = f"translate msgctxt {unit.context!r} in {catalog.display}"
            findings.append(finding_at(unit.where, "AG-LOCALE-MISSING", message, hint))
        elif found.fuzzy:
            message = f"{unit.context}: the {catalog.locale} translation is fuzzy (its English changed)"
            hint = f"review it at {catalog.display}:{found.line} and remove the fuzzy flag"
            findings.append(finding_at(unit.where, "AG-LOCALE-FUZZY", message, hint))
    known = {unit.context for unit in units}
    for context, line in catalog.obsolete.items():
        if context not in known:
            message = f"obsolete {catalog.locale} translation of {context!r} (no longer in the content)"
            findings.append(warning("AG-LOCALE-OBSOLETE", message, catalog.display, line))
    return findings


def drift(content: AdventureContent, catalog: LocaleCatalog, units: list[TextUnit]) -> list[Finding]:
    """A translation states the same numbers and tokens, and names the same entries and terms, as its source."""
    findings = []
    for unit in units:
        found = catalog.messages.get(unit.context)
        if found is None or not found.text:
            continue
        differs = markup.drift(unit.text, found.text, content.source_locale, catalog.locale)
        if differs is not None:
            message = f"{unit.context}: the {catalog.locale} text drifts from the English: {differs.describe()}"
            hint = f"English at {unit.where.file}:{unit.where.line}"
            findings.append(error("AG-DRIFT", message, catalog.display, found.line, 1, hint))
    return findings
