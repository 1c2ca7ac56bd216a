"""`pnp build --target guides` on the shipped games: the German glossaries in DIN 5007-2 order, every
index and contents page number pointing at a page that has the term, and the German build refused
while a string is untranslated unless --allow-incomplete."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.games import find_game
from pipeline.i18n.collation import sort_key
from tests.conftest import CONTENT

runner = CliRunner()
INDEX_LINE = re.compile(r"(?m)^(\S.*?)[ .]+ (\d+(?:, \d+)*)$")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("out")
    args = ["build", "--target", "guides", "--out", str(out), "--cache-dir", str(out / "cache"), "--content", str(CONTENT)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return out


def pages(path: Path) -> list[str]:
    return [page.extract_text() or "" for page in PdfReader(path).pages]


def has_term(term: str, page: str) -> bool:
    """The term on the page, also where hyphenation split it over two lines ("at-\ntack")."""
    text = page.casefold()
    return term.casefold() in text or term.casefold() in re.sub(r"(\w)-\n(\w)", r"\1\2", text)


@pytest.mark.parametrize("game", ["old-world", "adventure-game"])
@pytest.mark.parametrize("locale", ["en", "de"])
def test_each_game_and_locale_has_its_guide(built: Path, game: str, locale: str) -> None:
    reader = PdfReader(built / game / locale / "reference-guide.pdf")
    assert len(reader.pages) > 5
    fonts = {str(f.get_object().get("/BaseFont")) for p in reader.pages for f in (p["/Resources"].get("/Font") or {}).values()}
    assert fonts and all("Vera" in f for f in fonts)


@pytest.mark.parametrize("game", ["old-world", "adventure-game"])
def test_german_glossary_is_in_din_5007_2_order(built: Path, game: str) -> None:
    ruleset = find_game(game, CONTENT)
    db, _ = ruleset.load(CONTENT)
    document = ruleset.guide.reference(db, ruleset.localizer(db, "de"))
    glossary = next(s for s in document.sections if s.sort_entries)
    titles = [e.title for e in glossary.entries]
    text = "\n".join(pages(built / game / "de" / "reference-guide.pdf"))
    start = text.index(f"\n{glossary.title}\n")
    headings = [line for line in text[start:].splitlines() if line in titles]
    printed = list(dict.fromkeys(headings))
    assert set(printed) == set(titles)
    assert printed == sorted(titles, key=lambda t: sort_key(t, "de", "expand"))


def test_adventure_game_german_puts_wuerfel_before_wunden(built: Path) -> None:
    text = "\n".join(pages(built / "adventure-game" / "de" / "reference-guide.pdf"))
    glossary = text[text.index("\nGlossar\n") :]
    assert glossary.index("\nWürfel\n") < glossary.index("\nWunden\n")


@pytest.mark.parametrize("game", ["old-world", "adventure-game"])
@pytest.mark.parametrize("locale", ["en", "de"])
def test_every_index_page_number_points_at_a_page_with_the_term(built: Path, game: str, locale: str) -> None:
    texts = pages(built / game / locale / "reference-guide.pdf")
    heading = "Index" if locale == "en" else next(t.splitlines()[0] for t in texts if t.startswith(("Index", "Stichwort")))
    first = next(i for i, t in enumerate(texts) if t.startswith(heading) and INDEX_LINE.search(t))
    entries = [m.groups() for t in texts[first:] for m in INDEX_LINE.finditer(t)]
    assert len(entries) > 20
    for term, numbers in entries:
        for number in numbers.split(", "):
            assert has_term(term, texts[int(number) - 1]), f"{term!r} not on page {number}"


def test_an_incomplete_locale_fails_the_build_unless_it_is_a_draft_and_allowed(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(CONTENT / "adventure-game", root / "adventure-game")
    po = root / "adventure-game" / "locales" / "de.po"
    text = po.read_text(encoding="utf-8")
    title = re.search(r'msgctxt "guide:glossary:dice:title"\nmsgid "Dice"\nmsgstr "([^"]+)"', text)
    assert title is not None
    po.write_text(text.replace(title.group(0), title.group(0).replace(title.group(1), "")), encoding="utf-8")
    args = ["build", "--game", "adventure-game", "--locale", "de", "--content", str(root), "--out", str(tmp_path / "out"),
            "--cache-dir", str(tmp_path / "cache")]
    for extra in ([], ["--allow-incomplete"]):  # a release locale must be complete, allowed or not
        refused = runner.invoke(app, [*args, *extra])
        assert refused.exit_code == 1
        assert "BUILD-LOCALE-INCOMPLETE" in refused.output and "guide:glossary:dice:title" in refused.output
        assert not (tmp_path / "out" / "adventure-game" / "de" / "reference-guide.pdf").exists()
    assert "draft_locales" in refused.output
    manifest = root / "adventure-game" / "game.yaml"
    manifest.write_text(manifest.read_text().replace("  locales: [en, de]\n", "  locales: [en, de]\n  draft_locales: [de]\n"))
    held = runner.invoke(app, args)  # a draft in progress is a warning, as in check: its files wait
    assert held.exit_code == 0 and "warning BUILD-LOCALE-DRAFT" in held.output and "de is a draft" in held.output
    assert "adventure-game de guides: not built" in held.output
    assert not (tmp_path / "out" / "adventure-game" / "de" / "reference-guide.pdf").exists()
    assert runner.invoke(app, [*args, "--strict"]).exit_code == 1
    allowed = runner.invoke(app, [*args, "--allow-incomplete"])
    assert allowed.exit_code == 0, allowed.output
    assert "BUILD-LOCALE-FALLBACK" in allowed.output and "guide:glossary:dice:title" in allowed.output
    text = "\n".join(pages(tmp_path / "out" / "adventure-game" / "de" / "reference-guide.pdf"))
    assert "\nDice\n" in text  # the untranslated title fell back to English


def test_a_games_guide_style_override_reaches_its_built_guide(tmp_path: Path) -> None:
    layouts = tmp_path / "layouts"
    shutil.copytree(Path(__file__).resolve().parents[2] / "pipeline" / "layouts", layouts)
    (layouts / "old-world" / "guide-style.yaml").write_text('kind: templates\nguides:\n  palette: {accent: "#1f3f7a"}\n')
    out = tmp_path / "out"
    args = ["build", "--game", "old-world", "--locale", "en", "--target", "guides", "--content", str(CONTENT),
            "--layouts", str(layouts), "--out", str(out), "--cache-dir", str(tmp_path / "cache"), "--jobs", "1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    drawn = b"".join(page.get_contents().get_data() for page in PdfReader(out / "old-world" / "en" / "reference-guide.pdf").pages)
    assert b".121569 .247059 .478431 rg" in drawn  # the headings in the game's accent
    assert b".478431 .121569 .121569 rg" not in drawn  # not the shared #7a1f1f
