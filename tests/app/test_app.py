"""The application layer: each command is a function that returns a report (no CLI in between)."""

from __future__ import annotations

import shutil
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from pipeline.app.check import check, validate
from pipeline.app.project import UsageError, select_games
from pipeline.app.simulate import simulate
from pipeline.content.database import Database
from pipeline.findings import Severity
from pipeline.games import find_game
from pipeline.i18n.localizer import Localizer
from pipeline.rules.boards import Boards
from pipeline.rules.spec import GameSpec
from tests.conftest import CONTENT, line_of

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def test_validate_returns_a_report_with_the_counts() -> None:
    report = validate([find_game("old-world")], FIXTURES)
    assert report.ok and report.findings == []
    assert report.extra["stats"]["old-world"]["market_cards"] > 0


def test_unknown_games_and_missing_folders_are_usage_errors(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="unknown game 'old-wrld'"):
        select_games(["old-wrld"], CONTENT)
    with pytest.raises(UsageError, match="does not exist"):
        select_games(None, tmp_path / "nowhere")
    with pytest.raises(UsageError, match="has no rules engine"):
        simulate(find_game("adventure-game", CONTENT), CONTENT, 2, 1, 1, "greedy")


def test_simulate_returns_its_figures() -> None:
    report, sim = simulate(find_game("old-world"), FIXTURES, 2, 3, 1, "greedy")
    assert report.ok and sim is not None and sim.completed == 3
    assert report.extra["simulation"]["games"] == 3


def test_check_reports_each_problem_once(tmp_path: Path) -> None:
    """A German catalog with an emptied entry and an entry no English asks for any more: one finding each."""
    root = tmp_path / "content"
    shutil.copytree(CONTENT / "old-world", root / "old-world")
    po = root / "old-world" / "locales" / "de.po"
    text = po.read_text(encoding="utf-8")
    text = text.replace('msgid "Closed"\nmsgstr "Geschlossen"\n', 'msgid "Closed"\nmsgstr ""\n', 1)
    text += '\nmsgctxt "label:gone"\nmsgid "Gone"\nmsgstr "Weg"\n'
    po.write_text(text, encoding="utf-8")

    report = check([find_game("old-world")], root, ["de"])

    places = Counter((f.file, f.line, f.code) for f in report.findings)
    assert [place for place, count in places.items() if count > 1] == []
    translation = sorted((f.code, f.line) for f in report.findings if f.file.endswith("de.po"))
    assert translation == [
        ("I18N-MISSING", line_of(po, 'msgid "Closed"') + 1),
        ("I18N-OBSOLETE", line_of(po, 'msgid "Gone"')),
    ]


@pytest.mark.parametrize(("game", "german", "drifted"), [
    ("old-world", 'msgstr "Loc Muinne: Erhalte 1 Gold."', 'msgstr "Loc Muinne: Erhalte 2 Gold."'),
    ("path-of-destiny", "eines Kapitels erhält der Automa 1 Kampf.", "eines Kapitels erhält der Automa 2 Kampf."),
])
def test_a_changed_number_in_a_german_text_is_an_error_in_every_game(tmp_path: Path, game: str, german: str,
                                                                       drifted: str) -> None:
    from pipeline.app.i18n import i18n_findings

    shutil.copytree(CONTENT / game, tmp_path / game)
    po = tmp_path / game / "locales" / "de.po"
    po.write_text(po.read_text(encoding="utf-8").replace(german, drifted, 1), encoding="utf-8")
    spec = find_game(game, tmp_path)
    db, _ = spec.load(tmp_path)

    [drift] = [f for f in i18n_findings(spec, db, tmp_path, ["de"]) if f.code == "I18N-DRIFT"]
    assert drift.severity is Severity.ERROR and (drift.file, drift.line) == (str(po), line_of(po, drifted))


def test_check_loads_the_layouts_once_and_builds_the_boards_once_per_locale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two printing games in two locales: one layout load for the run, one board build per game and locale
    (the face contract and the board fit share it)."""
    from pipeline.render import layouts

    games = ["old-world", "path-of-destiny"]
    root = tmp_path / "content"
    for game in games:
        shutil.copytree(FIXTURES / game, root / game)
        manifest = root / game / "game.yaml"
        manifest.write_text(manifest.read_text(encoding="utf-8").replace("  locales:\n    - en\n", "  locales:\n    - en\n    - de\n"),
                            encoding="utf-8")
    monkeypatch.setattr("pipeline.app.smoke.start_smoke", lambda *args, **kwargs: list)  # not what this counts
    loads: list[Path] = []
    load_layouts = layouts.load_layouts
    monkeypatch.setattr(layouts, "load_layouts", lambda folder, games=None: (loads.append(folder), load_layouts(folder, games))[1])
    built: Counter[tuple[str, str]] = Counter()

    def counting_boards(spec: GameSpec) -> GameSpec:
        printing = spec.printing
        assert printing is not None and printing.boards is not None
        draw = printing.boards

        def boards(db: Database, localizer: Localizer) -> Boards:
            built[spec.id, localizer.locale] += 1
            return draw(db, localizer)

        return replace(spec, printing=replace(printing, boards=boards))

    report = check([counting_boards(find_game(game)) for game in games], root)

    assert len(loads) == 1
    assert built == {(game, locale): 1 for game in games for locale in ("en", "de")}
    assert {f.code for f in report.errors} == {"I18N-CATALOG"}  # the trees have no German catalog


@pytest.mark.parametrize("code", ["../../escaped", "de/../..", "", "d e"])
def test_a_locale_that_is_no_locale_code_never_becomes_a_path(tmp_path: Path, code: str) -> None:
    from pipeline.app.build import build
    from pipeline.production.targets import BuildOptions

    out = tmp_path / "out"
    options = BuildOptions(out, CONTENT, CONTENT.parent / "pipeline" / "layouts", tmp_path / "cache", allow_incomplete=True)
    with pytest.raises(UsageError, match="is not a locale code"):
        build([find_game("adventure-game", CONTENT)], options, [code], ["guides"])
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_a_locale_the_game_does_not_have_is_a_usage_error_naming_its_locales() -> None:
    with pytest.raises(UsageError, match=r"fr is not a locale of old-world \(its locales: en, de"):
        check([find_game("old-world")], CONTENT, ["fr"])


def test_an_unknown_bot_is_a_usage_error_naming_the_games_bots() -> None:
    with pytest.raises(UsageError, match="old-world has no bot 'smart'; its bots: greedy, random"):
        simulate(find_game("old-world"), FIXTURES, 2, 1, 1, "smart")
