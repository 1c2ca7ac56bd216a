"""Shared fixtures: the shipped content, and copies of it with one deliberate mistake; the fuzz profile."""

from __future__ import annotations

import os
import shutil
import signal
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from _pytest.nodeid import NodeId
from babel.messages.catalog import Catalog
from hypothesis import HealthCheck, settings
from hypothesis.internal.detection import is_hypothesis_test

from pipeline.content import kept_files
from pipeline.content.database import Database
from pipeline.findings import GUARD_ENV, Finding
from pipeline.games import find_game
from pipeline.i18n import kept_catalogs
from pipeline.i18n.status import LocaleStatus
from pipeline.rules.spec import GameSpec

if TYPE_CHECKING:
    from pipeline.render.fit import PrintCheck

# Every finding the suite makes (here, in workers and in `pnp` subprocesses) must carry a registered code.
os.environ[GUARD_ENV] = "1"

REPO = Path(__file__).resolve().parent.parent
CONTENT = REPO / "content"
# Small, complete content trees, one per game, that pass validate and check (tests/fixtures/README.md).
FIXTURES = REPO / "tests" / "fixtures"


def default_sigint() -> None:
    """In a child `pnp`, before it runs (Popen's preexec_fn): SIGINT back to its default. A background shell (CI's
    may be one) starts children with SIGINT ignored, and Python then installs no KeyboardInterrupt handler, so a
    test's Ctrl-C would not reach the command."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)

# Property-based tests are fuzzers: the default run tries a few examples of each to keep it fast,
# `HYPOTHESIS_PROFILE=ci python -m pytest -m "slow or fuzz"` runs them in full (CI's slow tier).
FUZZ_PROFILES = {"dev": 10, "ci": 200}
for _name, _examples in FUZZ_PROFILES.items():
    settings.register_profile(
        _name, max_examples=_examples, deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
    )
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture(autouse=True)
def _no_parsed_files_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """A check or build keeps parsed YAML (and a check parsed catalogs) in its cache folder for the rest of the
    process: each test starts without."""
    monkeypatch.setattr(kept_files, "_kept_in", [])
    monkeypatch.setattr(kept_files, "_pending", {})
    monkeypatch.setattr(kept_files, "_held", None)  # `pnp watch` holds parses in memory while it runs
    monkeypatch.setattr(kept_catalogs, "_kept_in", [])


# Tests that start process pools, forked checks or a cluster, or signal processes: pytest-xdist runs those of one group
# one after another on one worker (`--dist loadgroup`), so on a small machine two of them never starve each other.
PROCESSES = pytest.mark.xdist_group("processes")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "fuzz: a property-based test (hypothesis); its example count comes from HYPOTHESIS_PROFILE")
    config.addinivalue_line("markers", "slow: the slow tier, deselected by default (docs/development.md): a longer form of a "
                                       "promise the default tier also tests; `-m slow` runs it")


@pytest.hookimpl(trylast=True)  # after pytest-xdist's own hook
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On an xdist worker with `--dist loadgroup`: end each test's node id in `@<group>`, as pytest-xdist means to.

    Why: xdist 3.8 writes the suffix to `item._nodeid`, which pytest 9 no longer reads (a node keeps its `_id`), so
    without this every group was split over the workers. Once xdist writes it where pytest reads it, this does nothing.
    """
    if not getattr(config.option, "loadgroup", False):
        return
    for item in items:
        nodeid = item.nodeid
        if nodeid.rfind("@") > nodeid.rfind("]"):  # suffixed already (xdist's own test for a group)
            continue
        names = {str(m.args[0] if m.args else m.kwargs.get("name", "default")) for m in item.iter_markers("xdist_group")}
        if names:
            item._id = NodeId.parse(f"{nodeid}@{'_'.join(sorted(names))}")  # type: ignore[attr-defined]


def pytest_itemcollected(item: pytest.Item) -> None:
    """Mark every hypothesis test `fuzz`, so `-m fuzz` picks them all, new ones included; a test in no xdist group
    is in its module's (before pytest-xdist reads the groups), so a module's tests share one worker and its
    module-scoped fixtures are made once."""
    if isinstance(item, pytest.Function) and is_hypothesis_test(item.obj):
        item.add_marker(pytest.mark.fuzz)
    if item.get_closest_marker("xdist_group") is None:
        item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))


@pytest.fixture
def games_loaded(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The id of every game whose content is loaded (each call of `GameSpec.load`; a replayed check record or a kept
    verified game loads nothing)."""
    games: list[str] = []
    real = GameSpec.load

    def counted(self: GameSpec, root: Path, packs: tuple[str, ...] = (), models: object = None):  # type: ignore[no-untyped-def]
        games.append(self.id)
        return real(self, root, packs, models)  # type: ignore[arg-type]

    monkeypatch.setattr(GameSpec, "load", counted)
    return games


@pytest.fixture(scope="session")
def content_root() -> Path:
    return CONTENT


def copy_old_world(tmp_path: Path) -> Path:
    """A content root holding a copy of the shipped Old World, for tests that break it."""
    root = tmp_path / "content"
    shutil.copytree(CONTENT / "old-world", root / "old-world")
    return root


def edit(path: Path, old: str, new: str) -> None:
    """Replace the first `old` in a content file (which must hold it) with `new`."""
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def line_of(path: Path, text: str, occurrence: int = 1) -> int:
    """1-based line of the n-th occurrence of text in a file."""
    count = 0
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if text in line:
            count += 1
            if count == occurrence:
                return number
    raise AssertionError(f"{text!r} not found in {path}")


def print_check(game: GameSpec, db: Database, locale: str, layouts_dir: Path = REPO / "pipeline" / "layouts") -> PrintCheck:
    """What `pnp check` hands the fit checks of one game in one locale (layouts from layouts_dir)."""
    from pipeline.render.fit import PrintCheck
    from pipeline.render.layouts import load_layouts

    assert game.printing is not None
    return PrintCheck.of(game.printing, db, game.localizer(db, locale), load_layouts(layouts_dir)[0])


Mutate = Callable[..., tuple[Path, list[Finding]]]


def _mutator(source: Path, tmp_path: Path) -> Mutate:
    """Copy a game's tree from `source`, replace text in one file, load and check it.

    Each call returns (path of the changed file, findings of validate + check); calls in one test
    change the same copy, one after another.
    """

    def run(relative: str, old: str, new: str, count: int = 1, game: str = "old-world") -> tuple[Path, list[Finding]]:
        root = tmp_path / "content"
        if not (root / game).exists():
            shutil.copytree(source / game, root / game)
        path = root / game / relative
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} not in {relative}"
        path.write_text(text.replace(old, new, count), encoding="utf-8")
        ruleset = find_game(game, root)
        db, findings = ruleset.load(root)
        return path, findings + ruleset.checks(db)

    return run


@pytest.fixture
def mutated(tmp_path: Path) -> Mutate:
    """The shipped content of a game with one deliberate change (for rules about the shipped text itself)."""
    return _mutator(CONTENT, tmp_path)


@pytest.fixture
def mutated_example(tmp_path: Path) -> Mutate:
    """A game's small example tree (tests/fixtures/<game>/) with one deliberate change."""
    return _mutator(FIXTURES, tmp_path)


def codes(findings: list[Finding]) -> list[str]:
    return [f.code for f in findings]


def german_after_extract_and_update(root: Path) -> tuple[Catalog, LocaleStatus]:
    """Old World's German catalog and its status after `pnp i18n extract` and `update` on a copied content tree."""
    from pipeline.i18n.catalogs import catalog_path, read_catalog
    from pipeline.i18n.status import catalog_status
    from pipeline.i18n.workflow import extract, read_template, update

    game = find_game("old-world")
    game_dir = game.content_dir(root)
    db, findings = game.load(root)
    assert findings == []
    strings = game.strings(db)
    extract(strings, game_dir, "old-world", root.parent)
    template = read_template(game_dir)
    assert template is not None
    update(template, game_dir, "de", "old-world")
    catalog = read_catalog(catalog_path(game_dir, "de"), "de")
    return catalog, catalog_status(strings, catalog, "de")
