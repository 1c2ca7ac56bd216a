"""`pnp check` keeps running the check groups whose data is sound after an error elsewhere (app/check.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

from pipeline.app.check import check
from pipeline.findings import Finding, Severity
from pipeline.games import find_game
from tests.conftest import CONTENT, line_of

PLACEHOLDER = ("Der erste Hexer mit {win_trophies}", "Der erste Hexer mit {siege}")


def broken_copy(tmp_path: Path, relative: str, old: str, new: str) -> Path:
    """The shipped old-world content with one content mistake and, unrelated, a German entry whose placeholder is wrong."""
    root = tmp_path / "content"
    shutil.copytree(CONTENT / "old-world", root / "old-world")
    for path, (before, after) in ((root / "old-world" / relative, (old, new)), (root / "old-world/locales/de.po", PLACEHOLDER)):
        text = path.read_text(encoding="utf-8")
        assert before in text
        path.write_text(text.replace(before, after, 1), encoding="utf-8")
    return root


def placeholder_lines(findings: list[Finding]) -> list[int]:
    return [f.line for f in findings if f.code == "I18N-PLACEHOLDER" and f.file.endswith("locales/de.po")]


def test_a_rule_error_skips_simulation_and_print_but_not_the_translation_checks(tmp_path: Path) -> None:
    root = broken_copy(tmp_path, "cards/market.yaml", "    name: Push\n", "    name: Jab\n")
    report = check([find_game("old-world")], root, cache_dir=tmp_path / "cache", reuse=True)
    assert "OW-NAME-DUPLICATE" in {f.code for f in report.errors}
    # at the entry's msgstr line: its text starts on the line below
    assert placeholder_lines(report.findings) == [line_of(root / "old-world/locales/de.po", "{siege}") - 1]
    assert report.extra["skipped"] == [
        {"game": "old-world", "group": "simulation", "reason": "the content has errors: the engine plays the whole content"},
        {"game": "old-world", "group": "print",
         "reason": "the content has errors: faces, boards and guides are built from the whole content"},
    ]
    notes = [f for f in report.findings if f.code == "CHECK-SKIPPED"]
    assert [(f.severity, f.file) for f in notes] == [(Severity.INFO, (root / "old-world").as_posix())] * 2
    assert not any(f.code.startswith(("SIM-", "FIT-")) for f in report.findings)
    replayed = check([find_game("old-world")], root, cache_dir=tmp_path / "cache", reuse=True)  # nothing changed
    assert (replayed.extra["skipped"], replayed.sorted()) == (report.extra["skipped"], report.sorted())


def test_a_file_that_does_not_load_keeps_the_entry_checks_and_skips_the_whole_catalog_ones(tmp_path: Path) -> None:
    root = broken_copy(tmp_path, "potions.yaml", "    name: Swallow\n    copies: 2\n", "    name: Swallow\n    copies: two\n")
    report = check([find_game("old-world")], root, cache_dir=tmp_path / "cache")
    assert any(f.file.endswith("potions.yaml") for f in report.errors)
    assert len(placeholder_lines(report.findings)) == 1
    # the potions' catalog entries are not obsolete, the template not stale: the file did not load
    assert not {"I18N-OBSOLETE", "I18N-POT-STALE"} & {f.code for f in report.findings}
    assert [entry["group"] for entry in report.extra["skipped"]] == ["simulation", "print", "translation completeness"]
