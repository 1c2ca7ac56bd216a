"""Suppressions in pyproject.toml: an accepted warning is not reported (JSON lists it under "suppressed"),
one that matches nothing is SUPPRESSION-UNUSED, and one without a reason is a usage error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.app.gate import Gate, Suppression, load_gate
from pipeline.app.project import UsageError
from pipeline.cli import app
from pipeline.findings import Report, error, warning

runner = CliRunner()

# The three warnings of the `warned_tree` fixture, each accepted in one of the ways an entry can match.
ACCEPT_ALL = '''
[project]
name = "my-game"

[[tool.pnp.suppress]]
code = "OW-CARD-EMPTY"
file = "old-world/cards/market.yaml:12"
reason = "Jab is a pure movement card in this prototype"

[[tool.pnp.suppress]]
code = "SIM-UNUSED"
id = "igni-inferno"
reason = "only a three-school combo reaches it"

[[tool.pnp.suppress]]
code = "I18N-POT-STALE"
file = "*.pot"
reason = "the template is made at release"
'''


def test_suppressed_warnings_are_not_reported_and_json_lists_them_with_reasons(warned_tree: Path) -> None:
    (warned_tree.parent / "pyproject.toml").write_text(ACCEPT_ALL, encoding="utf-8")
    result = runner.invoke(app, ["check", "--content", str(warned_tree), "--strict", "--format", "json"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.output)
    assert payload["ok"] is True and payload["findings"] == []
    suppressed = {f["code"]: f for f in payload["suppressed"]}
    assert set(suppressed) == {"OW-CARD-EMPTY", "SIM-UNUSED", "I18N-POT-STALE"}
    assert suppressed["OW-CARD-EMPTY"]["line"] == 12
    assert suppressed["SIM-UNUSED"]["reason"] == "only a three-school combo reaches it"


def test_text_summary_counts_the_suppressed(warned_tree: Path) -> None:
    (warned_tree.parent / "pyproject.toml").write_text(ACCEPT_ALL, encoding="utf-8")
    result = runner.invoke(app, ["check", "--content", str(warned_tree)])
    assert result.exit_code == 0
    assert result.output.splitlines() == [result.output.splitlines()[-1]]  # no finding line
    assert result.output.startswith("check: 0 error(s), 0 warning(s), 3 suppressed")


def test_a_suppression_that_matches_nothing_is_a_warning_naming_it(warned_tree: Path) -> None:
    stale = ACCEPT_ALL + '\n[[tool.pnp.suppress]]\ncode = "SIM-UNUSED"\nid = "aard-blast"\nreason = "was unreachable"\n'
    (warned_tree.parent / "pyproject.toml").write_text(stale, encoding="utf-8")
    result = runner.invoke(app, ["check", "--content", str(warned_tree), "--format", "json"])
    assert result.exit_code == 0, result.output
    [unused] = json.loads(result.output)["findings"]
    assert unused["code"] == "SUPPRESSION-UNUSED" and unused["severity"] == "warning"
    assert unused["message"] == "suppression SIM-UNUSED aard-blast matches no warning"
    assert (unused["file"], unused["line"]) == ("pyproject.toml", 20)  # its [[tool.pnp.suppress]] header
    assert runner.invoke(app, ["check", "--content", str(warned_tree), "--strict"]).exit_code == 1


def test_a_partial_run_does_not_judge_a_suppression_unused(warned_tree: Path) -> None:
    # Validate runs no simulation: the SIM-UNUSED suppression matches nothing there, and that is no fault.
    (warned_tree.parent / "pyproject.toml").write_text(ACCEPT_ALL, encoding="utf-8")
    result = runner.invoke(app, ["validate", "--content", str(warned_tree), "--strict", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["findings"] == []
    checked = runner.invoke(app, ["check", "--content", str(warned_tree), "--game", "old-world", "--format", "json"])
    assert checked.exit_code == 0 and json.loads(checked.output)["findings"] == []


@pytest.mark.parametrize(("entry", "says"), [
    ('code = "SIM-UNUSED"\nid = "igni-inferno"\n', "has no reason"),
    ('code = "SIM-UNUSED"\nid = "igni-inferno"\nreason = "  "\n', "reason must be a non-empty string"),
    ('id = "igni-inferno"\nreason = "r"\n', "has no code"),
    ('code = "SIM-UNUSED"\nreason = "r"\n', "names neither an id nor a file"),
    ('code = "SIM-UNUSED"\nid = "igni-inferno"\nreason = "r"\nseverity = "info"\n', "unknown key(s) severity"),
])
def test_a_malformed_suppression_is_a_usage_error(warned_tree: Path, entry: str, says: str) -> None:
    (warned_tree.parent / "pyproject.toml").write_text(f"[[tool.pnp.suppress]]\n{entry}", encoding="utf-8")
    for command in ("check", "validate"):
        result = runner.invoke(app, [command, "--content", str(warned_tree)])
        assert result.exit_code == 2, result.output
        assert "pyproject.toml:1: suppression #1" in result.output and says in result.output


def test_a_pyproject_that_is_not_toml_is_a_usage_error(warned_tree: Path) -> None:
    (warned_tree.parent / "pyproject.toml").write_text("[tool.pnp\n", encoding="utf-8")
    with pytest.raises(UsageError, match="pyproject.toml"):
        load_gate(warned_tree)


def test_errors_cannot_be_suppressed() -> None:
    accept = Suppression("OW-MARKET-ZERO", "known", None, "a.yaml", None, "pyproject.toml", 1)
    report = Report([error("OW-MARKET-ZERO", "broken", "content/a.yaml"), warning("OW-MARKET-ZERO", "odd", "content/a.yaml")])
    Gate((accept,)).apply(report, strict=True, judge_unused=True)
    assert [f.severity.value for f in report.findings] == ["error"]
    assert list(report.suppressed.values()) == ["known"]


def test_an_id_matches_whole_ids_only() -> None:
    accept = Suppression("SIM-UNUSED", "known", "parry", None, None, "pyproject.toml", 1)
    assert not accept.matches(warning("SIM-UNUSED", "action-cards 'master-parry' was never used", "m.yaml"))
    assert accept.matches(warning("SIM-UNUSED", "action-cards 'parry' was never used", "m.yaml"))


def test_a_suppression_of_an_unknown_code_is_a_warning_at_its_entry(warned_tree: Path) -> None:
    typo = ACCEPT_ALL + '\n[[tool.pnp.suppress]]\ncode = "SIM-UNUSD"\nid = "aard-blast"\nreason = "was unreachable"\n'
    (warned_tree.parent / "pyproject.toml").write_text(typo, encoding="utf-8")
    # A partial run too: an unknown code is wrong whatever runs.
    result = runner.invoke(app, ["validate", "--content", str(warned_tree), "--format", "json"])
    assert result.exit_code == 0, result.output
    [unknown] = json.loads(result.output)["findings"]
    assert (unknown["code"], unknown["severity"]) == ("SUPPRESSION-UNKNOWN-CODE", "warning")
    assert unknown["message"] == "suppression SIM-UNUSD aard-blast names no finding code"
    assert (unknown["file"], unknown["line"]) == ("pyproject.toml", 20)
    assert unknown["hint"].startswith("did you mean SIM-UNUSED")


def test_a_suppression_of_a_family_member_is_known() -> None:
    accept = Suppression("OW-EVENT-UNREACHABLE", "known", "event 7", None, None, "pyproject.toml", 1)
    report = Report([])
    Gate((accept,)).apply(report, strict=False, judge_unused=False)
    assert report.findings == []
