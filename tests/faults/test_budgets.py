"""Work bounded by budgets, not luck: alias expansion in characters, one text's length (a content field, a catalog
entry), copies of a component; each a finding with the number, found in seconds whatever the input's size."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.content.models import MAX_COPIES
from pipeline.content.yaml_loader import MAX_EXPANDED_CHARS, load_yaml_text
from pipeline.reading import TEXT_LIMIT
from tests.conftest import line_of

runner = CliRunner()


def test_aliases_of_a_long_text_are_counted_in_characters() -> None:
    """Under the node limit (a few hundred values) but gigabytes once expanded: refused at the alias that crosses it."""
    text = "x" * (TEXT_LIMIT - 10)
    aliases = MAX_EXPANDED_CHARS // len(text) + 1
    source = f"base: &t {text}\nitems:\n" + "".join("  - *t\n" for _ in range(aliases))
    started = time.monotonic()
    loaded, findings = load_yaml_text(source.encode(), "cards.yaml")
    assert loaded is None and [(f.code, f.line) for f in findings] == [("YAML-ALIAS", 1 + aliases)]  # the text counts once
    assert f"more than {MAX_EXPANDED_CHARS} characters" in findings[0].message
    assert time.monotonic() - started < 5


def test_a_text_over_the_limit_is_a_finding_at_its_line(root: Path) -> None:
    cards = root / "my-game" / "cards.yaml"
    long_text = "word " * (2 * 1024 * 1024 // 5 - 200)  # ~2 MB, under the 2 MiB file limit: 207 s of fit work before
    cards.write_text(cards.read_text(encoding="utf-8").replace("Gain 2 life.", long_text.strip()), encoding="utf-8")
    started = time.monotonic()
    result = runner.invoke(app, ["check", "--content", str(root), "--cache-dir", str(root.parent / "cache"), "-j", "1"])
    assert result.exit_code == 1
    assert f"cards.yaml:{line_of(cards, 'word word')}" in result.output and "YAML-TEXT-TOO-LONG" in result.output
    assert f"the limit is {TEXT_LIMIT}" in result.output
    assert time.monotonic() - started < 60


def test_a_catalog_entry_over_the_limit_is_an_error_check_and_build_agree_on(root: Path) -> None:
    po = root / "my-game" / "locales" / "de.po"
    huge = "Wort " * (TEXT_LIMIT // 5 + 100)
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "Erhalte 2 Leben."', f'msgstr "{huge}"'),
                  encoding="utf-8")
    assert f'msgstr "{huge}"' in po.read_text(encoding="utf-8")
    common = ["--content", str(root), "--cache-dir", str(root.parent / "cache")]
    checked = runner.invoke(app, ["check", *common, "-j", "1"])
    assert checked.exit_code == 1 and "I18N-PO-SYNTAX" in checked.output and f"the limit is {TEXT_LIMIT}" in checked.output
    built = runner.invoke(app, ["build", *common, "--out", str(root.parent / "out"), "--target", "cards", "--locale", "de"])
    assert built.exit_code == 1 and f"the limit is {TEXT_LIMIT}" in built.output


def test_copies_over_the_limit_are_a_finding(root: Path) -> None:
    cards = root / "my-game" / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("copies: 2", "copies: 100000000"), encoding="utf-8")
    result = runner.invoke(app, ["validate", "--content", str(root)])
    assert result.exit_code == 1 and f"cards.yaml:{line_of(cards, 'copies: 100000000')}" in result.output
    assert str(MAX_COPIES) in result.output


@pytest.mark.parametrize("nplurals", ["0", "1", "3"])
def test_a_plural_forms_header_check_calls_an_error_is_refused_by_build_and_status(root: Path, nplurals: str) -> None:
    po = root / "my-game" / "locales" / "de.po"
    po.write_text(po.read_text(encoding="utf-8").replace("nplurals=2", f"nplurals={nplurals}"), encoding="utf-8")
    common = ["--content", str(root), "--cache-dir", str(root.parent / "cache")]
    checked = runner.invoke(app, ["check", *common, "-j", "1"])
    assert checked.exit_code == 1 and f"de.po:{line_of(po, 'Plural-Forms')}" in checked.output
    assert "I18N-PLURAL-FORMS" in checked.output
    built = runner.invoke(app, ["build", *common, "--out", str(root.parent / "out"), "--target", "cards", "--locale", "de"])
    assert built.exit_code == 1 and "I18N-PLURAL-FORMS" in built.output
    assert not (root.parent / "out" / "my-game" / "de").exists() or not list((root.parent / "out" / "my-game" / "de").rglob("*.pdf"))
    status = runner.invoke(app, ["i18n", "status", "--content", str(root), "--locale", "de"])
    assert status.exit_code != 0 and "100" not in status.output and f"declares {nplurals} plural forms" in status.output
