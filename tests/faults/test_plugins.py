"""A game's plug-in (its Python) runs only when the repository owner allows it (PNP_ALLOW_PLUGINS): a pull request
that adds `plugin: rules.py` gets a finding naming the plug-in and how to allow it, and its code never runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.app.check import check
from pipeline.games import find_game
from tests.conftest import line_of


def with_plugin(root: Path, marker: Path) -> Path:
    folder = root / "my-game"
    (folder / "rules.py").write_text(f"from pathlib import Path\nPath({str(marker)!r}).touch()\n\n"
                                     "def extend(spec):\n    return spec\n", encoding="utf-8")
    manifest = folder / "game.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "  plugin: rules.py\n", encoding="utf-8")
    return manifest


@pytest.mark.parametrize("allowed", [None, "", "other-game"])
def test_a_plug_in_not_allowed_never_runs_and_is_a_finding(root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          allowed: str | None) -> None:
    if allowed is None:
        monkeypatch.delenv("PNP_ALLOW_PLUGINS", raising=False)
    else:
        monkeypatch.setenv("PNP_ALLOW_PLUGINS", allowed)
    marker = tmp_path / "plugin-ran"
    manifest = with_plugin(root, marker)
    report = check([find_game("my-game", root)], root, cache_dir=tmp_path / "cache")
    blocked = [f for f in report.findings if f.code == "DECLARED-PLUGIN-BLOCKED"]
    assert [(f.file, f.line) for f in blocked] == [(manifest.as_posix(), line_of(manifest, "plugin:"))]
    assert "'rules.py'" in blocked[0].message and "PNP_ALLOW_PLUGINS=my-game" in blocked[0].hint
    assert not marker.exists()


def test_an_allowed_plug_in_runs_and_the_check_record_tells_the_two_apart(root: Path, tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    marker = tmp_path / "plugin-ran"
    with_plugin(root, marker)
    monkeypatch.delenv("PNP_ALLOW_PLUGINS", raising=False)
    first = check([find_game("my-game", root)], root, cache_dir=tmp_path / "cache", reuse=True)
    assert "DECLARED-PLUGIN-BLOCKED" in {f.code for f in first.findings}
    monkeypatch.setenv("PNP_ALLOW_PLUGINS", "my-game")
    second = check([find_game("my-game", root)], root, cache_dir=tmp_path / "cache", reuse=True)
    assert "DECLARED-PLUGIN-BLOCKED" not in {f.code for f in second.findings}
    assert marker.exists()
