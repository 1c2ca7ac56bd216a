"""`pnp explain` and the generated findings reference: the committed docs/reference/findings.md is the page the
registry makes (regenerate with `pnp explain --markdown > docs/reference/findings.md`)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from pipeline.app.finding_reference import REFERENCE, render_findings_markdown
from pipeline.cli import app
from pipeline.finding_codes import registry

REPO = Path(__file__).resolve().parents[2]
runner = CliRunner()


def test_the_committed_reference_is_the_generated_one() -> None:
    committed = (REPO / REFERENCE).read_text(encoding="utf-8")
    assert committed == render_findings_markdown(), (
        f"{REFERENCE} is stale: run `pnp explain --markdown > {REFERENCE}` and commit it")


def test_the_reference_has_a_section_and_an_anchor_per_code() -> None:
    page = render_findings_markdown()
    for info in registry().codes.values():
        assert f'<a id="{info.anchor}"></a>\n\n### `{info.code}`' in page, info.code


def test_explain_prints_a_codes_page_in_any_case() -> None:
    result = runner.invoke(app, ["explain", "layout-parent"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "LAYOUT-PARENT (error)"
    assert "A template extends a template that does not exist." in lines
    assert any(line.startswith("Fix: Correct the name in `extends:`") for line in lines)


def test_explain_gives_a_family_members_page_and_why_it_has_two_severities() -> None:
    result = runner.invoke(app, ["explain", "POD-STORY-UNREACHABLE"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("<DECK>-UNREACHABLE (warning/error)")
    assert "Severity: A warning for Old World events" in result.output


def test_an_unknown_code_exits_2_with_the_closest_codes() -> None:
    result = runner.invoke(app, ["explain", "LAYOUT-PARNET"])
    assert result.exit_code == 2
    assert "no finding code 'LAYOUT-PARNET'; did you mean LAYOUT-PARENT" in result.output


def test_explain_alone_lists_every_code_once() -> None:
    result = runner.invoke(app, ["explain"])
    assert result.exit_code == 0
    listed = [line.split()[0] for line in result.output.splitlines()]
    assert sorted(listed) == sorted(registry().codes)
    assert "LAYOUT-CYCLE                 error         A template extends itself" in result.output
