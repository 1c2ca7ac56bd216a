"""`pnp i18n` and `pnp check --locale` on a copy of the shipped content."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from pipeline.app.i18n import i18n_findings
from pipeline.cli import app
from pipeline.games import find_game
from tests.conftest import CONTENT, line_of

runner = CliRunner()


def copy_content(tmp_path: Path) -> Path:
    root = tmp_path / "content"
    shutil.copytree(CONTENT / "old-world", root / "old-world")
    return root


def test_extract_twice_changes_no_bytes(tmp_path: Path) -> None:
    root = copy_content(tmp_path)
    pot = root / "old-world" / "locales" / "messages.pot"
    before = pot.read_bytes()
    result = runner.invoke(app, ["i18n", "extract", "--game", "old-world", "--content", str(root)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("unchanged") and pot.read_bytes() == before


def test_edit_english_then_extract_update_makes_german_fuzzy(tmp_path: Path) -> None:
    root = copy_content(tmp_path)
    help_cards = root / "old-world" / "help-cards.yaml"
    help_cards.write_text(help_cards.read_text(encoding="utf-8").replace("Hand limit: {hand_limit}.", "Hand limit is {hand_limit}."))
    for command in ("extract", "update"):
        result = runner.invoke(app, ["i18n", command, "--game", "old-world", "--content", str(root)])
        assert result.exit_code == 0, result.output
    de = (root / "old-world" / "locales" / "de.po").read_text(encoding="utf-8")
    assert '#, fuzzy, python-brace-format\n#| msgid "Hand limit: {hand_limit}."\nmsgctxt "help-card:action-help:sections:draw-and-gain:lines:hand-limit:text"' in de
    status = runner.invoke(app, ["i18n", "status", "--game", "old-world", "--content", str(root), "--format", "json"])
    [german] = json.loads(status.output)["locales"]
    assert german["fuzzy"] == 1 and german["total"] == german["translated"] + german["fuzzy"] + german["missing"]
    game = find_game("old-world")
    found = i18n_findings(game, game.load(root)[0], root, ["de"])
    assert [f.code for f in found if f.severity.value == "error"] == ["I18N-FUZZY"]  # German is a release locale
    assert [f.line for f in found if f.code == "I18N-FUZZY"] == [line_of(root / "old-world" / "locales" / "de.po", "Hand limit is")]


def test_check_with_locale_reports_translations(tmp_path: Path) -> None:
    root = copy_content(tmp_path)
    po = root / "old-world" / "locales" / "de.po"
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "Wyzima"', 'msgstr ""'), encoding="utf-8")
    german = runner.invoke(app, ["check", "--game", "old-world", "--content", str(root), "--locale", "de", "-f", "json"])
    found = json.loads(german.output)["findings"]
    assert "I18N-MISSING" in {f["code"] for f in found}
    errors = {f["code"] for f in found if f["code"].startswith("I18N-") and f["severity"] == "error"}
    assert errors == {"I18N-MISSING"} and german.exit_code == 1  # German is a release locale: incomplete is an error
    game = find_game("old-world")
    assert i18n_findings(game, game.load(CONTENT)[0], CONTENT, []) == []  # no locale asked: no translation findings


def test_update_without_template_is_a_usage_error(tmp_path: Path) -> None:
    root = copy_content(tmp_path)
    (root / "old-world" / "locales" / "messages.pot").unlink()
    result = runner.invoke(app, ["i18n", "update", "--game", "old-world", "--content", str(root)])
    assert result.exit_code == 2


def test_pseudo_writes_a_complete_catalog(tmp_path: Path) -> None:
    root = copy_content(tmp_path)
    result = runner.invoke(app, ["i18n", "pseudo", "--game", "old-world", "--content", str(root)])
    assert result.exit_code == 0, result.output
    status = runner.invoke(app, ["i18n", "status", "--game", "old-world", "--content", str(root), "-l", "en-XA"])
    assert "100.0%" in status.output


def test_pseudo_never_overwrites_a_real_translation(tmp_path: Path) -> None:
    root = copy_content(tmp_path)
    before = (root / "old-world" / "locales" / "de.po").read_bytes()
    result = runner.invoke(app, ["i18n", "pseudo", "--game", "old-world", "--locale", "de", "--content", str(root)])
    assert result.exit_code == 2 and "real locale" in result.output
    assert (root / "old-world" / "locales" / "de.po").read_bytes() == before


def test_a_broken_catalog_is_an_error_not_an_empty_one(tmp_path: Path) -> None:
    root = copy_content(tmp_path)
    po = root / "old-world" / "locales" / "de.po"
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "Wyzima"', 'msgstr "Wyzima', 1), encoding="utf-8")
    status = runner.invoke(app, ["i18n", "status", "--game", "old-world", "--content", str(root)])
    assert status.exit_code == 1 and "malformed line" in status.output
    check = runner.invoke(app, ["check", "--game", "old-world", "--locale", "de", "--content", str(root)])
    assert check.exit_code == 1 and "I18N-PO-SYNTAX" in check.output
    build = runner.invoke(app, ["build", "--game", "old-world", "--locale", "de", "--target", "help", "--allow-incomplete",
                                "--content", str(root), "--out", str(tmp_path / "out"), "--cache-dir", str(tmp_path / "cache")])
    assert build.exit_code == 1 and "I18N-PO-SYNTAX" in build.output
    po.write_bytes(po.read_text(encoding="utf-8").replace('msgstr "Wyzima', 'msgstr "Wyzimä"', 1).encode("latin-1", "replace"))
    check = runner.invoke(app, ["check", "--game", "old-world", "--locale", "de", "--content", str(root)])
    assert check.exit_code == 1 and "not UTF-8" in check.output


def test_every_command_names_a_malformed_catalog_entry_at_its_1_based_line(tmp_path: Path) -> None:
    root = copy_content(tmp_path)
    po = root / "old-world" / "locales" / "de.po"
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "Wyzima"\n', 'msgstr "Wyzima"\nmsgstr "Vizima"\n', 1),
                  encoding="utf-8")
    line = line_of(po, 'msgstr "Vizima"')
    where = f"{po}:{line}: a second msgstr in one entry (the first would win)"
    for command in ("status", "update"):
        result = runner.invoke(app, ["i18n", command, "--game", "old-world", "--content", str(root)])
        assert result.exit_code == 1 and where in result.output, result.output
    check = runner.invoke(app, ["check", "--game", "old-world", "--locale", "de", "--content", str(root), "-f", "json"])
    [syntax] = [f for f in json.loads(check.output)["findings"] if f["code"] == "I18N-PO-SYNTAX"]
    assert (syntax["file"], syntax["line"]) == (str(po), line) and "a second msgstr" in syntax["message"]
    build = runner.invoke(app, ["build", "--game", "old-world", "--locale", "de", "--target", "help", "--allow-incomplete",
                                "--content", str(root), "--out", str(tmp_path / "out"), "--cache-dir", str(tmp_path / "cache")])
    assert build.exit_code == 1 and f"{po}:{line}:1: error I18N-PO-SYNTAX" in build.output, build.output
