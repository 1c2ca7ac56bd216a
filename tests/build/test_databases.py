"""A build's Databases: what is derived from a game's content is made once, and dropped with that content."""

from __future__ import annotations

from pipeline.build.targets import Databases
from pipeline.games import find_game

from .conftest import REPO

FIXTURES = REPO / "tests" / "fixtures"


def test_the_plan_and_the_job_share_one_localizer_and_faces_per_locale() -> None:
    game = find_game("old-world", FIXTURES)
    databases = Databases()
    db, _ = databases.load(game, FIXTURES, "first")
    localizer = databases.localizer(game, db, "en")
    assert databases.localizer(game, db, "en") is localizer
    assert databases.components(game, db, localizer) is databases.components(game, db, localizer)
    assert databases.localizer(game, db, "de") is not localizer


def test_loading_a_games_new_content_drops_what_came_from_the_old() -> None:
    game = find_game("old-world", FIXTURES)
    databases = Databases()
    old, _ = databases.load(game, FIXTURES, "first")
    localizer = databases.localizer(game, old, "en")
    databases.components(game, old, localizer)
    databases.strings(game, old)
    new, _ = databases.load(game, FIXTURES, "second")  # the files changed (a watch's next round)
    assert new is not old
    assert databases.load(game, FIXTURES, "second")[0] is new, "the new content is kept"
    assert databases._localizers == {} and databases._components == {} and databases._strings == {}, \
        "nothing derived from the old content is held"
    assert databases.load(game, FIXTURES, "first")[0] is not old, "the old content is loaded again if asked"


def test_layouts_are_parsed_again_when_their_files_change() -> None:
    game = find_game("old-world", FIXTURES)
    databases = Databases()
    first, _ = databases.layouts(REPO / "layouts", game, "one")
    assert databases.layouts(REPO / "layouts", game, "one")[0] is first
    second, _ = databases.layouts(REPO / "layouts", game, "two")
    assert second is not first and len(databases._layouts) == 1, "one parse per folder is kept"
