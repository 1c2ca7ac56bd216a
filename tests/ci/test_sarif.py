"""`--format sarif`: a SARIF 2.1.0 log that validates against the OASIS schema (tests/data/sarif-schema-2.1.0.json,
from github.com/oasis-tcs/sarif-spec), rule ids = finding codes, 1-based regions, levels error/warning/note."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.findings import Report, error, warning
from pipeline.sarif import sarif_log
from tests.conftest import CONTENT, REPO

runner = CliRunner()
SCHEMA = json.loads((REPO / "tests" / "data" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))


def assert_valid_sarif(log: dict[str, Any]) -> None:
    validator = jsonschema.Draft4Validator(SCHEMA, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER)
    errors = sorted(validator.iter_errors(log), key=str)
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors)


def test_check_sarif_validates_and_carries_codes_levels_regions_and_suppressions(warned_tree: Path) -> None:
    accept = '[[tool.pnp.suppress]]\ncode = "SIM-UNUSED"\nid = "igni-inferno"\nreason = "bots skip it"\n'
    (warned_tree.parent / "pyproject.toml").write_text(accept, encoding="utf-8")
    result = runner.invoke(app, ["check", "--content", str(warned_tree), "--format", "sarif"])
    assert result.exit_code == 0, result.output
    log = json.loads(result.output)  # only the log on stdout: no summary line
    assert_valid_sarif(log)
    [run] = log["runs"]
    rules = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
    assert rules == ["I18N-POT-STALE", "OW-CARD-EMPTY", "SIM-UNUSED"]
    by_code = {r["ruleId"]: r for r in run["results"]}
    empty = by_code["OW-CARD-EMPTY"]
    assert empty["level"] == "warning" and rules[empty["ruleIndex"]] == "OW-CARD-EMPTY"
    location = empty["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "content/old-world/cards/market.yaml"
    assert location["region"] == {"startLine": 12, "startColumn": 5}
    assert by_code["SIM-UNUSED"]["suppressions"] == [{"kind": "external", "justification": "bots skip it"}]
    assert "suppressions" not in empty


def test_validate_sarif_of_an_error_validates() -> None:
    report = Report([error("OW-EVENT-REF", "quest city-07 enters event 61", "/abs/content dir/city.yaml", 42, 22, "see events"),
                     warning("SIM-UNUSED", "line 0 is clamped", "a.yaml", 0, 0)])
    log = sarif_log(report)
    assert_valid_sarif(log)
    results = log["runs"][0]["results"]
    assert results[0]["level"] == "error" and results[0]["message"]["text"] == "quest city-07 enters event 61 (hint: see events)"
    assert results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "file:///abs/content%20dir/city.yaml"
    assert results[1]["locations"][0]["physicalLocation"]["region"] == {"startLine": 1, "startColumn": 1}


def test_sarif_is_a_format_of_validate_and_build_not_of_other_commands(tmp_path: Path) -> None:
    validated = runner.invoke(app, ["validate", "--content", str(CONTENT), "--format", "sarif"])
    assert validated.exit_code == 0 and json.loads(validated.output)["runs"][0]["results"] == []
    built = runner.invoke(app, ["build", "--content", str(CONTENT), "--game", "adventure-game", "--target", "tokens",
                                "--out", str(tmp_path / "o"), "--cache-dir", str(tmp_path / "c"), "--format", "sarif"])
    assert built.exit_code == 0, built.output
    log = json.loads(built.output)
    assert_valid_sarif(log)
    assert [r["ruleId"] for r in log["runs"][0]["results"]] == ["BUILD-UNSUPPORTED"]
    assert runner.invoke(app, ["games", "--content", str(CONTENT), "--format", "sarif"]).exit_code == 2
