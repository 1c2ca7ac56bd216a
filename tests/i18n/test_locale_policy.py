"""One policy for translations in check and build: a release locale is complete, a draft may not be."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli import app

CONTENT = Path(__file__).resolve().parents[2] / "content"
runner = CliRunner()


def _game_with_one_untranslated_string(tmp_path: Path, draft: bool) -> Path:
    root = tmp_path / "content"
    shutil.copytree(CONTENT / "adventure-game", root / "adventure-game")
    po = root / "adventure-game" / "locales" / "de.po"
    text = po.read_text(encoding="utf-8")
    entry = 'msgctxt "guide:glossary:dice:title"\nmsgid "Dice"\nmsgstr "'
    start = text.index(entry) + len(entry)
    po.write_text(text[:start] + text[text.index('"', start):], encoding="utf-8")
    if draft:
        manifest = root / "adventure-game" / "game.yaml"
        manifest.write_text(manifest.read_text().replace("  locales: [en, de]\n", "  locales: [en, de]\n  draft_locales: [de]\n"))
    return root


@pytest.mark.parametrize(("draft", "severity", "exit_code"), [(False, "error", 1), (True, "warning", 0)])
def test_check_holds_a_release_locale_to_completeness_and_warns_for_a_draft(
        tmp_path: Path, draft: bool, severity: str, exit_code: int) -> None:
    root = _game_with_one_untranslated_string(tmp_path, draft)
    result = runner.invoke(app, ["check", "--game", "adventure-game", "--content", str(root), "-f", "json"])
    missing = [f for f in json.loads(result.output)["findings"] if f["code"] == "I18N-MISSING"]
    assert [(f["severity"], "guide:glossary:dice:title" in f["message"]) for f in missing] == [(severity, True)]
    assert result.exit_code == exit_code


@pytest.mark.parametrize(("drafts", "exit_code"), [("[de]", 0), ("[en]", 1), ("[fr]", 1)])
def test_a_draft_locale_must_be_a_translated_locale_of_the_game(tmp_path: Path, drafts: str, exit_code: int) -> None:
    root = tmp_path / "content"
    shutil.copytree(CONTENT / "adventure-game", root / "adventure-game")
    manifest = root / "adventure-game" / "game.yaml"
    manifest.write_text(manifest.read_text().replace("  locales: [en, de]\n", f"  locales: [en, de]\n  draft_locales: {drafts}\n"))
    result = runner.invoke(app, ["validate", "--game", "adventure-game", "--content", str(root)])
    assert result.exit_code == exit_code, result.output
    if exit_code:
        assert "must be translated locales" in result.output and "game.yaml" in result.output


def test_status_lists_each_untranslated_entry_at_its_line(tmp_path: Path) -> None:
    root = _game_with_one_untranslated_string(tmp_path, draft=True)
    po = root / "adventure-game" / "locales" / "de.po"
    line = po.read_text(encoding="utf-8").splitlines().index('msgctxt "guide:glossary:dice:title"') + 1
    text = runner.invoke(app, ["i18n", "status", "--game", "adventure-game", "--content", str(root)])
    assert text.exit_code == 0
    assert f"{po}:{line + 2}:1: warning I18N-MISSING: guide:glossary:dice:title has no de translation" in text.output
    assert text.output.rstrip().splitlines()[-1].startswith("de: ")
    github = runner.invoke(app, ["i18n", "status", "--game", "adventure-game", "--content", str(root), "-f", "github"])
    assert f"::warning file={po},line={line + 2}" in github.output and "I18N-MISSING" in github.output
    data = json.loads(runner.invoke(app, ["i18n", "status", "--game", "adventure-game", "--content", str(root),
                                          "-f", "json"]).output)
    assert data["locales"][0]["missing"] == 1 and [f["code"] for f in data["findings"]] == ["I18N-MISSING"]


def test_a_refused_locale_marks_its_earlier_outputs_stale(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(CONTENT / "adventure-game", root / "adventure-game")
    out = tmp_path / "out"
    args = ["build", "--game", "adventure-game", "--locale", "de", "--content", str(root), "--out", str(out),
            "--cache-dir", str(tmp_path / "cache")]
    assert runner.invoke(app, args).exit_code == 0
    guide = out / "adventure-game" / "de" / "reference-guide.pdf"
    assert guide.is_file()
    po = root / "adventure-game" / "locales" / "de.po"
    text = po.read_text(encoding="utf-8")
    entry = 'msgctxt "guide:glossary:dice:title"\nmsgid "Dice"\nmsgstr "'
    start = text.index(entry) + len(entry)
    po.write_text(text[:start] + text[text.index('"', start):], encoding="utf-8")
    refused = runner.invoke(app, args)
    assert refused.exit_code == 1 and "BUILD-LOCALE-INCOMPLETE" in refused.output
    assert "warning BUILD-STALE: adventure-game [de] was not built" in refused.output
    report = json.loads((out / "adventure-game" / "build-report.json").read_text())
    assert report["stale"] == ["de"] and guide.is_file()  # kept, but the report says it is not current


def test_the_build_summary_counts_a_refused_locale_as_refused_not_built(tmp_path: Path) -> None:
    root = _game_with_one_untranslated_string(tmp_path, draft=False)
    result = runner.invoke(app, ["build", "--game", "adventure-game", "--locale", "de", "--content", str(root),
                                 "--out", str(tmp_path / "out"), "--cache-dir", str(tmp_path / "cache")])
    assert result.exit_code == 1 and "BUILD-LOCALE-INCOMPLETE" in result.output
    lines = result.output.rstrip().splitlines()
    assert "adventure-game de guides: not built (see the findings above)" in lines
    assert lines[-1].startswith("build: 1 error(s), 0 warning(s); 0 target(s) built, 1 refused, 0 up to date, ")


def test_a_draft_locales_missing_strings_are_one_text_line_and_each_listed_with_verbose_json_and_sarif(
        tmp_path: Path) -> None:
    root = tmp_path / "content"
    assert runner.invoke(app, ["new", "my-game", "--content", str(root)]).exit_code == 0
    manifest = root / "my-game" / "game.yaml"
    manifest.write_text(manifest.read_text().replace("  locales: [en, de]\n", "  locales: [en, de, fr]\n"
                                                                              "  draft_locales: [fr]\n"))
    assert runner.invoke(app, ["i18n", "update", "--game", "my-game", "--locale", "fr", "--content", str(root)]).exit_code == 0
    check = ["check", "--content", str(root), "--cache-dir", str(tmp_path / "cache")]

    def missing_lines(*options: str) -> list[str]:
        result = runner.invoke(app, [*check, *options])
        assert result.exit_code == 0, result.output
        return [line for line in result.output.splitlines() if "I18N-MISSING" in line]

    each = missing_lines("--verbose")
    assert len(each) > 2 and all(line.endswith("has no fr translation") for line in each)
    po = root / "my-game" / "locales" / "fr.po"
    assert missing_lines() == [f"{each[0].split(': warning')[0]}: warning I18N-MISSING: {len(each)} strings have no fr "
                               "translation yet (fr is a draft locale) (hint: --verbose lists each; so does "
                               "`pnp i18n status`)"]
    assert each[0].startswith(f"{po}:")
    assert len(missing_lines("-f", "github")) == 1
    findings = json.loads(runner.invoke(app, [*check, "-f", "json"]).output)["findings"]
    assert sum(f["code"] == "I18N-MISSING" for f in findings) == len(each)
    results = json.loads(runner.invoke(app, [*check, "-f", "sarif"]).output)["runs"][0]["results"]
    assert sum(r["ruleId"] == "I18N-MISSING" for r in results) == len(each)
