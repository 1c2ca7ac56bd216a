"""How a finding prints in each format."""

from __future__ import annotations

from pipeline.findings import error


def test_github_annotation_escapes_properties_and_carries_title_and_hint() -> None:
    finding = error("OW-REF", "50% done,\nnext: here", "content/a,b:c.yaml", 3, 7, hint="use kaer-morhen")
    assert finding.as_github() == (
        "::error file=content/a%2Cb%3Ac.yaml,line=3,col=7,title=OW-REF::"
        "OW-REF: 50%25 done,%0Anext: here (hint: use kaer-morhen)"
    )
