"""`pnp check`'s record of a game's translation findings, replayed while nothing the translation checks read changed.

The translation checks (`i18n/checks.py: locale_findings`) read the game's source strings (msgctxt, English,
plural, note, file and line), its terminology table, the locales asked with the source locale and the
release ones, the files of its `locales/` folder (the template and every catalog) and the font family in
effect (glyphs). The record (`<cache_dir>/check/translation/<game>.json`) is keyed by all of them, under the
check's inputs (`check_cache.py: CheckCache.layouts_key`: the pipeline's code, the libraries that decide a
finding, the package version, the layouts, the content root and working directory). So an edit of a card's
number or a comment replays the findings, and an edit of any English text or catalog checks again.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path

from pipeline.atomic import write_atomic
from pipeline.cache_keys import digest_of, read_record, tree_digest
from pipeline.findings import Finding, Severity
from pipeline.font_files import current_family
from pipeline.i18n.catalogs import locales_dir
from pipeline.i18n.messages import SourceString
from pipeline.i18n.models import Term


def recorded_translation_findings(cache_dir: Path, game: str, content_dir: Path, inputs: str, strings: Sequence[SourceString],
                                  terms: Sequence[Term], asked: Sequence[str], source_locale: str, release: Sequence[str],
                                  check: Callable[[], list[Finding]], replay: bool) -> list[Finding]:
    """check()'s findings, recorded; with `replay`, from the game's record when its key still holds."""
    family = current_family()
    parts = [inputs, game, str(content_dir.resolve()), tree_digest(locales_dir(content_dir)), repr(list(strings)),
             repr(list(terms)), repr(list(asked)), source_locale, repr(list(release)), family.name,
             *(f"{style}={path.resolve()}" for style, path in family.files)]
    key = digest_of(parts)
    path = cache_dir / "check" / "translation" / f"{game}.json"
    try:
        stored = (read_record(path) if replay else None) or {}
        if stored.get("key") == key:
            return [Finding(**{**found, "severity": Severity(found["severity"])}) for found in stored["findings"]]
    except (OSError, ValueError, KeyError, TypeError):
        pass  # no record, or one this version cannot read: check again
    findings = check()
    write_atomic(path, json.dumps({"key": key, "findings": [f.as_dict() for f in findings]}, indent=1).encode())
    return findings
