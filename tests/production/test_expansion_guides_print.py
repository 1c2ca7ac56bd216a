"""The rules text of Wild Hunt, Skellige and Monster Trail in print: `--pack P --pack-only` prints each pack's
guide sections, in English and German, in the reference guide and (summaries) in the player aid."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.production.conftest import Build, run_build

# pack: {locale: (a section title with the pack's mark, an entry title the guide prints, one the aid prints)}
EXPECTED = {
    "wild-hunt": {
        "en": ("Wild Hunt [WH]", "Hounds of the Wild Hunt", "The Final Fight"),
        "de": ("Wilde Jagd [WH]", "Die Hunde der Wilden Jagd", "Der Endkampf"),
    },
    "skellige": {
        "en": ("Skellige [SK]", "Ships and Sea Travel", "The Danger Track and Dagon"),
        "de": ("Skellige [SK]", "Schiffe und Seereisen", "Die Gefahrenleiste und Dagon"),
    },
    "monster-trail": {
        "en": ("Bomb Cards [MT]", "Large Monster Cards and Special Attacks", "Weakness Tokens"),
        "de": ("Bombenkarten [MT]", "Große Monsterkarten und Spezialangriffe", "Schwächeplättchen"),
    },
}


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


@pytest.fixture(scope="module")
def pack_guides(tmp_path_factory: pytest.TempPathFactory, input_cache: Path) -> Callable[[str], Path]:
    """The output folder of `--pack P --pack-only --target guides` in both locales, built once per pack in this module."""
    built: dict[str, Path] = {}

    def of(pack: str) -> Path:
        if pack not in built:
            base = tmp_path_factory.mktemp(pack)
            shutil.copytree(input_cache, base / "cache")
            code, _, out = run_build(base / "out", base / "cache", "--locale", "en", "--locale", "de", "--pack", pack,
                                     "--pack-only", "--target", "guides")
            assert code == 0
            built[pack] = out / "old-world"
        return built[pack]

    return of


@pytest.mark.parametrize("pack", sorted(EXPECTED))
@pytest.mark.parametrize("locale", ["en", "de"])
def test_pack_only_prints_the_packs_guide_sections(pack_guides: Callable[[str], Path], pack: str, locale: str) -> None:
    section, entry, aid_entry = EXPECTED[pack][locale]
    folder = pack_guides(pack) / locale
    guide = pdf_text(folder / "reference-guide.pdf")
    assert section in guide and entry in guide and aid_entry in guide
    aid = pdf_text(folder / "player-aid.pdf")
    assert section in aid and aid_entry in aid


def test_a_mode_prints_only_its_own_section(build: Build) -> None:
    """A guide file in a Monster Trail mode's folder prints with that mode alone, not with the others."""
    code, _, out = build("--locale", "en", "--pack", "monster-trail", "--mode", "bombs", "--pack-only", "--target", "guides")
    assert code == 0
    guide = pdf_text(out / "old-world" / "en" / "reference-guide.pdf")
    assert "Bomb Cards [MT]" in guide
    assert "Mutagen Cards" not in guide and "Weakness Tokens" not in guide and "The Troll" not in guide
