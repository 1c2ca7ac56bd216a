"""Parsed YAML files kept between runs (`pipeline/content/kept_files.py`): read back only for the same bytes,
and the same LoadedFile as a parse."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pipeline.content import kept_files, yaml_loader
from pipeline.content.yaml_loader import LoadedFile, load_yaml_file

TEXT = "kind: cards\n# a comment\ncards:\n  - id: aard\n    cost: 2\n    tags: [sign, {school: bear}]\n"


def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The displays of the files parsed from now on."""
    parsed: list[str] = []
    real = yaml_loader.load_yaml_text

    def counted(data: bytes, display: str, *args: Any, **kwargs: Any) -> Any:
        parsed.append(display)
        return real(data, display, *args, **kwargs)

    monkeypatch.setattr(yaml_loader, "load_yaml_text", counted)
    return parsed


def same(a: LoadedFile | None, b: LoadedFile | None) -> bool:
    assert a is not None and b is not None
    return (a.path, a.display, a.data, a.positions, a.key_positions) == (b.path, b.display, b.data, b.positions,
                                                                        b.key_positions)


def test_a_file_kept_is_read_back_as_it_parsed_without_parsing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(TEXT, encoding="utf-8")
    parsed_alone = load_yaml_file(path, "cards.yaml")[0]
    kept_files.keep_loaded_in(tmp_path / "cache")
    parsed = parses(monkeypatch)
    first, second = load_yaml_file(path, "cards.yaml"), load_yaml_file(path, "cards.yaml")
    assert parsed == ["cards.yaml"]
    assert first[1] == second[1] == []
    assert same(first[0], parsed_alone) and same(second[0], parsed_alone)


def test_changed_bytes_are_parsed_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(TEXT, encoding="utf-8")
    kept_files.keep_loaded_in(tmp_path / "cache")
    load_yaml_file(path)
    path.write_text(TEXT.replace("# a comment\n", ""), encoding="utf-8")
    parsed = parses(monkeypatch)
    loaded = load_yaml_file(path)[0]
    assert parsed == [path.as_posix()]
    assert loaded is not None and loaded.position(["cards", 0, "cost"]).line == 4


def test_a_record_that_cannot_be_read_is_parsed_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(TEXT, encoding="utf-8")
    kept_files.keep_loaded_in(tmp_path / "cache")
    expected = load_yaml_file(path)[0]
    kept_files.save_kept()
    [record] = (tmp_path / "cache" / "parsed").iterdir()
    record.write_bytes(record.read_bytes()[:20])
    parsed = parses(monkeypatch)
    assert same(load_yaml_file(path)[0], expected)
    assert parsed == [path.as_posix()]


def test_a_file_with_findings_is_never_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text("kind: cards\ncards: [aard\n", encoding="utf-8")
    kept_files.keep_loaded_in(tmp_path / "cache")
    parsed = parses(monkeypatch)
    first, second = load_yaml_file(path), load_yaml_file(path)
    kept_files.save_kept()
    assert first[1] == second[1] != []
    assert len(parsed) == 2
    assert not (tmp_path / "cache" / "parsed").exists()


def test_records_are_written_when_the_run_saves_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(TEXT, encoding="utf-8")
    kept_files.keep_loaded_in(tmp_path / "cache")
    load_yaml_file(path)
    assert not (tmp_path / "cache").exists()  # a run stopped by a usage error leaves nothing behind
    kept_files.save_kept()
    kept_files._pending.clear()  # what a later process finds: the record on disk alone
    parsed = parses(monkeypatch)
    load_yaml_file(path)
    assert parsed == []


def test_nothing_is_kept_unless_a_command_asks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(TEXT, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    parsed = parses(monkeypatch)
    load_yaml_file(path)
    load_yaml_file(path)
    assert len(parsed) == 2
    assert [p.name for p in tmp_path.iterdir()] == ["cards.yaml"]


def test_a_watch_holds_each_files_last_parse_for_the_same_bytes_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # pnp watch loads a game for its build and for its check every round: unchanged files are neither parsed nor
    # read back from their records; an edited file is parsed again, and nothing is held once the watch ends.
    path = tmp_path / "cards.yaml"
    path.write_text(TEXT, encoding="utf-8")
    kept_files.keep_loaded_in(tmp_path / "cache")
    read_back: list[Path] = []
    real_recall = kept_files.recall
    monkeypatch.setattr(kept_files, "recall", lambda p, *args: read_back.append(p) or real_recall(p, *args))
    with kept_files.held_in_memory():
        first = load_yaml_file(path, "cards.yaml")[0]
        assert load_yaml_file(path, "cards.yaml")[0] is first
        assert len(read_back) == 1
        assert load_yaml_file(path, "shown elsewhere.yaml")[0] is not first  # the display is part of a parse
        path.write_text(TEXT.replace("cost: 2", "cost: 3"), encoding="utf-8")
        edited = load_yaml_file(path, "cards.yaml")[0]
        assert edited is not first and edited is not None and edited.data["cards"][0]["cost"] == 3
    path.write_text(TEXT, encoding="utf-8")
    read_back.clear()
    assert load_yaml_file(path, "cards.yaml")[0] is not first
    assert read_back == [path]
