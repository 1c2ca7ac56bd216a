"""A declared game whose print is its rules reference guide (`pnp new --template guide`): the shared guide files,
numbers from the manifest, its declared kinds named by the guide, its findings under the game's code."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pipeline.app.check import check
from pipeline.app.new import new_game
from pipeline.cli import app
from pipeline.findings import Finding
from pipeline.games import find_game
from pipeline.i18n.localizer import Localizer
from tests.conftest import line_of

runner = CliRunner()


@pytest.fixture
def game(tmp_path: Path) -> Path:
    new_game("tavern", "guide", tmp_path / "content")
    return tmp_path / "content" / "tavern"


def findings_of(game: Path) -> list[Finding]:
    root = game.parent
    return check([find_game("tavern", root)], root, cache_dir=root.parent / "cache").findings


def guide_findings(game: Path) -> list[Finding]:
    """The findings but the catalogs' (an edited text leaves them stale)."""
    return [f for f in findings_of(game) if not f.code.startswith("I18N")]


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_guide_template_checks_clean_and_prints_its_guide_in_both_languages(game: Path, tmp_path: Path) -> None:
    content, out = game.parent, tmp_path / "out"
    checked = runner.invoke(app, ["check", "--content", str(content)])
    assert checked.exit_code == 0 and "0 error(s), 0 warning(s)" in checked.output, checked.output
    built = runner.invoke(app, ["build", "--content", str(content), "--out", str(out), "--cache-dir", str(tmp_path / "c"),
                                "--jobs", "1"])
    assert built.exit_code == 0, built.output
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*.pdf")) == [
        "tavern/de/reference-guide.pdf", "tavern/en/reference-guide.pdf"]
    english = "".join(page.extract_text() for page in PdfReader(out / "tavern/en/reference-guide.pdf").pages)
    german = "".join(page.extract_text() for page in PdfReader(out / "tavern/de/reference-guide.pdf").pages)
    assert "take 2 actions" in english and "lasts 8 rounds" in english  # numbers from the manifest's rules
    assert "Falconer" in english and "Sends the falcon ahead" in english  # the `source: hero` list
    assert "Falkner" in german and "Waldläufer" in german and "Regelübersicht" in german


def test_a_changed_rule_number_changes_the_guide_text(game: Path) -> None:
    edit(game / "game.yaml", "actions_per_turn: 2", "actions_per_turn: 3")
    db, _ = find_game("tavern", game.parent).load(game.parent)
    spec = find_game("tavern", game.parent)
    assert spec.guide is not None
    document = spec.guide.reference(db, Localizer.load("en", game, source_locale="en"))
    assert "take 3 actions" in str(document)


@pytest.mark.parametrize(("file", "old", "new", "code"), [
    ("glossary/basics.yaml", "{hero:falconer}", "{hero:falconr}", "DECLARED-GUIDE-REF"),
    ("glossary/basics.yaml", "{actions_per_turn} actions, in", "{actions_per_trun} actions, in", "DECLARED-GUIDE-PLACEHOLDER"),
    ("glossary/basics.yaml", "See [[actions]]", "See [[action]]", "DECLARED-GUIDE-LINK"),
    ("glossary/basics.yaml", "{actions_per_turn} actions, in", "2 actions, in", "DECLARED-GUIDE-LITERAL"),
    ("game.yaml", "{long_game_rounds: short_game_rounds}", "{long_game_rounds: short_rounds}", "DECLARED-RULE-REF"),
    ("game.yaml", "    hand_size: 5", "    hand_size: 5\n    heroes: 2", "DECLARED-DUPLICATE-ID"),
])
def test_each_broken_guide_is_a_finding_at_its_line(game: Path, file: str, old: str, new: str, code: str) -> None:
    edit(game / file, old, new)
    found = [f for f in findings_of(game) if f.code == code]
    assert len(found) == 1, findings_of(game)
    assert found[0].file.endswith(f"tavern/{file}")
    written = new.splitlines()[-1].strip()
    assert found[0].line == line_of(game / file, written, (game / file).read_text(encoding="utf-8").count(written))


def test_a_guide_names_a_kind_s_number_field_and_the_game_s_code_prefixes_its_findings(game: Path) -> None:
    edit(game / "game.yaml", "    every_number: true", "    every_number: true\n    code: TAV")
    edit(game / "glossary/basics.yaml", "{hero:falconer} flies", "{hero:falconer} (speed {hero_speed:falconer}) flies")
    assert guide_findings(game) == []
    edit(game / "glossary/basics.yaml", "{hero_speed:falconer}", "{hero_wings:falconer}")
    [found] = [f for f in guide_findings(game) if f.code.startswith("TAV")]
    assert found.code == "TAV-GUIDE-REF" and "no number field 'wings'" in found.message


def test_guide_options_that_name_missing_fields_are_a_finding_at_the_kind(game: Path) -> None:
    edit(game / "game.yaml", "guide: {listed: true}", "guide: {listed: true, owner: master}")
    found = [f for f in findings_of(game) if f.code == "DECLARED-GUIDE"]
    assert [f.line for f in found] == [line_of(game / "game.yaml", "owner: master")]
    assert "master (an id marked Ref)" in found[0].message


def test_a_listed_kind_may_print_a_map_as_icons(game: Path, tmp_path: Path) -> None:
    edit(game / "game.yaml", "guide: {listed: true}", "guide: {listed: true, item: gear}")
    edit(game / "game.yaml", "        flies: {type: boolean, default: false}\n",
         "        flies: {type: boolean, default: false}\n        gear: {type: map, keys: [sword, shield], required: false}\n")
    edit(game / "heroes.yaml", "    speed: 2\n", "    speed: 2\n    gear: {sword: 2, shield: 1}\n")
    spec = find_game("tavern", game.parent)
    db, _ = spec.load(game.parent)
    assert spec.guide is not None
    document = str(spec.guide.reference(db, Localizer.load("en", game, source_locale="en")))
    assert "2 {icon:sword} + 1 {icon:shield}" in document


CARD_KIND = "  kinds:\n    card:\n      print: cards\n      fields:\n        text: {type: translatable}\n"


def rule_findings(game: Path) -> list[Finding]:
    """What the game's rules find (the guide checks among them), without printing its cards."""
    spec = find_game("tavern", game.parent)
    db, loaded = spec.load(game.parent)
    assert loaded == []
    return spec.checks(db, False)


def test_the_guides_number_checks_judge_a_card_text_only_where_the_manifest_scopes_them(game: Path) -> None:
    """"Gain 2 credits." on a card is the card's own number, not the rule constant actions_per_turn written out; a
    manifest that names the kind in `numbers_in:` has it judged; a name there that is no kind is DECLARED-GUIDE."""
    manifest, cards = game / "game.yaml", game / "cards.yaml"
    edit(manifest, "  kinds:\n", CARD_KIND)
    cards.write_text("kind: card\nitems:\n  - id: coin\n    text: Gain 2 credits.\n", encoding="utf-8")
    assert [f for f in rule_findings(game) if "LITERAL" in f.code] == []
    edit(manifest, "    every_number: true", "    numbers_in: [card, hero]\n    every_number: true")
    literal = [(f.code, f.file, f.line) for f in rule_findings(game) if f.file == cards.as_posix()]
    assert literal == [("DECLARED-GUIDE-LITERAL", cards.as_posix(), line_of(cards, "Gain 2 credits."))]
    edit(manifest, "numbers_in: [card, hero]", "numbers_in: [card, heroes]")
    assert ("DECLARED-GUIDE", line_of(manifest, "numbers_in:")) in {(f.code, f.line) for f in rule_findings(game)}
