"""The verified game kept (rules/verified.py): read back while every input is the same, loaded again when any
changes (file by file for an edit), and never trusted when the entry is damaged or foreign."""

from __future__ import annotations

import os
import pickle
import shutil
from pathlib import Path

import pytest

from pipeline.content import database
from pipeline.findings import Report
from pipeline.games import find_game
from pipeline.processes import wait_detached
from pipeline.rules import verified
from pipeline.rules.spec import GameSpec
from pipeline.rules.verified import KeptGames, layouts_digest
from tests.conftest import FIXTURES, REPO

LAYOUTS = "layouts-digest"


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    shutil.copytree(FIXTURES / "path-of-destiny", tmp_path / "content" / "path-of-destiny")
    return tmp_path / "content"


@pytest.fixture
def loads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The content files parsed (each a call of the YAML loader)."""
    parsed: list[str] = []
    real = database.load_yaml_file

    def counted(path: Path, display: str | None = None, **options):  # type: ignore[no-untyped-def]
        parsed.append(path.name)
        return real(path, display, **options)

    monkeypatch.setattr(database, "load_yaml_file", counted)
    return parsed


@pytest.fixture
def misses(games_loaded: list[str]) -> list[str]:
    """The games loaded again (a kept entry under the same inputs serves without loading)."""
    return games_loaded


def spec(root: Path) -> GameSpec:
    return find_game("path-of-destiny", root)


def verify(root: Path, structure_only: bool = True, layouts: str = LAYOUTS, packs: tuple[str, ...] = ()):  # type: ignore[no-untyped-def]
    """A fresh process's view: a new KeptGames on the cache, its entry written before returning."""
    found = KeptGames(root.parent / "cache").verified(spec(root), root, packs, layouts, structure_only)
    wait_detached()
    return found


def entry(root: Path) -> Path:
    return root.parent / "cache" / "verified" / "path-of-destiny.pickle"


def test_an_unchanged_game_is_read_back_without_parsing_a_file(root: Path, loads: list[str]) -> None:
    db, load_findings, rules = verify(root)
    assert loads and entry(root).is_file()
    loads.clear()
    again, again_load, again_rules = verify(root)
    assert loads == []
    assert (again_load, again_rules) == (load_findings, rules)
    assert {name: list(records) for name, records in again.collections.items()} == \
        {name: list(records) for name, records in db.collections.items()}


def test_the_other_level_of_rules_runs_on_the_kept_database(root: Path, loads: list[str]) -> None:
    verify(root, structure_only=True)  # a build's
    loads.clear()
    db, _, full = verify(root, structure_only=False)  # then a check's: the database is kept, the rules run
    assert loads == []
    assert full == spec(root).checks(db, False)


def change_card(root: Path, old: str, new: str) -> None:
    path = root / "path-of-destiny" / "cards" / "main.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")


def test_an_edited_file_is_the_only_one_parsed_and_the_result_is_a_fresh_load(root: Path, loads: list[str]) -> None:
    verify(root)
    loads.clear()
    change_card(root, '"Steel for Men"', '"Steel for Women"')
    db, load_findings, rules = verify(root)
    assert loads == ["main.yaml"]
    fresh, fresh_findings = spec(root).load(root)
    assert (load_findings, rules) == (fresh_findings, spec(root).checks(fresh, True))
    assert db.collections["action-cards"]["steel-for-men"].entity.name == "Steel for Women"


def test_an_edit_that_breaks_the_content_is_found_though_the_other_files_are_reused(root: Path) -> None:
    """The promise: what the edit breaks across files (a duplicate id) is found as a fresh load finds it."""
    assert Report([*verify(root)[1], *verify(root)[2]]).ok
    change_card(root, "id: steel-for-men", "id: silver-for-monsters")
    _, load_findings, rules = verify(root)
    assert "CONTENT-DUPLICATE-ID" in {f.code for f in Report(load_findings + rules).errors}


@pytest.mark.parametrize("kind", ["content file", "catalog", "art", "layouts", "code", "library version", "packs"])
def test_a_change_to_any_input_loads_the_game_again(root: Path, misses: list[str], monkeypatch: pytest.MonkeyPatch,
                                                     kind: str) -> None:
    verify(root)
    misses.clear()
    game = root / "path-of-destiny"
    layouts, packs = LAYOUTS, ()
    if kind == "content file":
        change_card(root, '"Moonlit Hunt"', '"Moonlit Hunts"')
    elif kind == "catalog":
        (game / "locales").mkdir(exist_ok=True)
        (game / "locales" / "de.po").write_text('msgid ""\nmsgstr ""\n', encoding="utf-8")
    elif kind == "art":
        (game / "art").mkdir(exist_ok=True)
        (game / "art" / "hunt.png").write_bytes(b"\x89PNG not really")
    elif kind == "layouts":
        layouts = "other-layouts"
    elif kind == "code":
        monkeypatch.setattr(verified, "code_digest", lambda: "another pipeline")
    elif kind == "library version":
        from pipeline import cache_keys

        real = cache_keys.library_versions()
        monkeypatch.setattr(cache_keys, "library_versions", lambda: real.replace("pydantic=", "pydantic=0.0.0+"))
        cache_keys.code_digest.cache_clear()
        monkeypatch.setattr(verified, "code_digest", cache_keys.code_digest.__wrapped__)
    else:
        packs = ("no-such-pack",)
    verify(root, layouts=layouts, packs=packs)
    from pipeline import cache_keys

    cache_keys.code_digest.cache_clear()
    assert misses == ["path-of-destiny"], f"a change of {kind} served the kept game"


def test_the_layouts_digest_covers_the_icons(tmp_path: Path, root: Path) -> None:
    layouts = tmp_path / "layouts"
    shutil.copytree(REPO / "pipeline" / "layouts", layouts)
    before = layouts_digest(layouts, spec(root))
    icon = next((layouts / "icons").rglob("*.svg"))
    icon.write_bytes(icon.read_bytes() + b"\n")
    assert layouts_digest(layouts, spec(root)) != before


def damage(path: Path, how: str) -> None:
    data = path.read_bytes()
    header = data.partition(b"\n")[0]
    if how == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif how == "wrong shape":
        path.write_bytes(header + b"\n" + pickle.dumps({"db": "not a database"}))
    elif how == "foreign code":  # a pickle that would call a function: refused by the reader, never run
        path.write_bytes(header + b"\n" + b"cos\nsystem\n(S'touch pwned'\ntR.")
    elif how == "another version":
        path.write_bytes(data.replace(verified.FORMAT.encode(), b"pnp-verified-0", 1))
    elif how == "not JSON":
        path.write_bytes(b"\x00" + data)
    elif how == "a folder":
        path.unlink()
        path.mkdir()
    elif how == "a FIFO":
        path.unlink()
        os.mkfifo(path)


@pytest.mark.parametrize("how", ["truncated", "wrong shape", "foreign code", "another version", "not JSON", "a folder",
                                 "a FIFO"])
def test_a_damaged_or_foreign_entry_is_never_trusted(root: Path, loads: list[str], how: str) -> None:
    _, load_findings, rules = verify(root)
    damage(entry(root), how)
    loads.clear()
    again = KeptGames(root.parent / "cache").verified(spec(root), root, (), LAYOUTS, True)
    assert len(loads) > 1  # every file parsed again: nothing was lent either
    assert (again[1], again[2]) == (load_findings, rules)
    assert not (root.parent / "pwned").exists()
    wait_detached()
    if how not in ("a folder", "a FIFO"):
        assert KeptGames(root.parent / "cache").verified(spec(root), root, (), LAYOUTS, True)[1:] == (load_findings, rules)


def test_the_reader_builds_no_function(root: Path) -> None:
    import io

    with pytest.raises(pickle.UnpicklingError):
        verified._Reader(io.BytesIO(b"cos\nsystem\n(S'true'\ntR.")).load()
    with pytest.raises(pickle.UnpicklingError):
        verified._Reader(io.BytesIO(pickle.dumps(verified.layouts_digest))).load()
    with pytest.raises(pickle.UnpicklingError):  # a class a pipeline module imports, not one it defines
        verified._Reader(io.BytesIO(b"cpipeline.rules.verified\nPath\n.")).load()


def test_a_build_after_a_check_starts_from_the_game_the_check_verified(root: Path, misses: list[str]) -> None:
    """`pnp check` keeps the game; the build's plan takes it (its structure verdict run on the kept database), and
    loads the game again once a file changes."""
    from pipeline.app.build import build
    from pipeline.app.check import check
    from pipeline.production.targets import BuildOptions

    layouts = REPO / "pipeline" / "layouts"
    checked = check([spec(root)], root, ["en"], root.parent / "cache", reuse=True, layouts_dir=layouts)
    assert checked.ok and misses == ["path-of-destiny"]
    wait_detached()
    options = BuildOptions(root.parent / "out", root, layouts, root.parent / "cache")
    built = build([spec(root)], options, locales=["en"], targets=["tokens"], show_progress=False)
    assert built.report.ok and built.built == 1
    assert misses == ["path-of-destiny"]  # not loaded again
    change_card(root, "id: steel-for-men", "id: silver-for-monsters")
    refused = build([spec(root)], options, locales=["en"], targets=["tokens"], show_progress=False)
    assert misses == ["path-of-destiny", "path-of-destiny"]
    assert "CONTENT-DUPLICATE-ID" in {f.code for f in refused.report.errors}
