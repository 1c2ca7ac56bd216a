"""How a finding prints in each format."""

from __future__ import annotations

from pipeline.findings import Finding, Report, Severity, error


def test_github_annotation_escapes_properties_and_carries_title_and_hint() -> None:
    finding = error("OW-PACK-REF", "50% done,\nnext: here", "content/a,b:c.yaml", 3, 7, hint="use kaer-morhen")
    assert finding.as_github() == (
        "::error file=content/a%2Cb%3Ac.yaml,line=3,col=7,title=OW-PACK-REF::"
        "OW-PACK-REF: 50%25 done,%0Anext: here (hint: use kaer-morhen)"
    )


def test_a_skipped_check_group_prints_after_the_errors_it_refers_to() -> None:
    """CHECK-SKIPPED is at the game's folder, which sorts before its files: it still comes last, in every format."""
    skipped = Finding("content/tale", 1, 1, Severity.INFO, "CHECK-SKIPPED", "tale: print skipped: the content has errors")
    errors = [error("SCHEMA", "power must be an integer", "content/tale/items.yaml", 4, 12),
              error("NUMBERED-REF", "scene 2 enters scene 7", "content/tale/scenes.yaml", 16, 12)]
    report = Report([skipped, *errors])
    assert report.sorted() == [*errors, skipped]
    assert report.to_text().splitlines()[-2].startswith("content/tale:1:1: info CHECK-SKIPPED")
