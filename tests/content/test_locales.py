"""Locale codes: well-formed BCP 47 tags whose language Babel knows, in canonical form; nothing else."""

import shutil
from pathlib import Path

import pytest

from pipeline.content.locales import locale_tag
from pipeline.games import find_game
from tests.conftest import FIXTURES, line_of


@pytest.mark.parametrize(
    ("code", "canonical"),
    [("de", "de"), ("DE", "de"), ("pt-br", "pt-BR"), ("sr-latn-rs", "sr-Latn-RS"), ("en-XA", "en-XA"), ("de-CH-1996", "de-CH-1996")],
)
def test_a_locale_code_comes_back_canonical(code: str, canonical: str) -> None:
    assert locale_tag(code) == canonical


@pytest.mark.parametrize(
    "code", ["", "../../escaped", "de/../..", "xx-!!", "de_DE", "de@euro", "de-ÄÖ", "en ", "de\x00", "a" * 300, "de-" + "x" * 40]
)
def test_anything_but_a_tag_is_refused_in_one_line(code: str) -> None:
    with pytest.raises(ValueError, match=r"is not a locale code \(e\.g\. de, pt-BR\)$") as refused:
        locale_tag(code)
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 120


def test_a_language_babel_does_not_know_is_refused() -> None:
    with pytest.raises(ValueError, match="'zz' is no language Babel knows"):
        locale_tag("zz-DE")


def test_a_manifest_locale_that_is_no_code_is_a_finding_at_its_line(tmp_path: Path) -> None:
    shutil.copytree(FIXTURES / "path-of-destiny", tmp_path / "path-of-destiny")
    manifest = tmp_path / "path-of-destiny" / "game.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("    - en\n", "    - en\n    - ../../escaped\n", 1), encoding="utf-8")
    _, findings = find_game("path-of-destiny").load(tmp_path)
    assert [(f.code, f.line, f.message) for f in findings] == [
        ("MODEL", line_of(manifest, "../../escaped"), "game.locales[1]: '../../escaped' is not a locale code (e.g. de, pt-BR)")
    ]
