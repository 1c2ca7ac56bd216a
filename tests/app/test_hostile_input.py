"""Input as a hostile user writes it: path tricks in every option that becomes a path, special and
oversized files in the content, a truncated image, a read-only catalog folder. Each is a usage error
(exit 2) or a finding naming the file; never a traceback, a hang, or a file outside the output folder."""

from __future__ import annotations

import errno
import json
import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from pipeline.app.check import check
from pipeline.cli import app
from pipeline.content.database import display_path
from pipeline.games import find_game
from pipeline.i18n import workflow
from tests.conftest import CONTENT, FIXTURES, PROCESSES, line_of

runner = CliRunner()

# Locale codes that must never reach a path (or Babel's parser unguarded).
HOSTILE_LOCALES = ["", "../../escaped", "de/../..", "xx-!!", "a" * 300]
# The commands that take a locale; every one loads the game first (the code is checked at select_locales).
LOCALE_COMMANDS = [
    ["build", "--game", "path-of-destiny", "--target", "tokens", "--allow-incomplete"],
    ["check", "--game", "path-of-destiny"],
    ["i18n", "update", "--game", "adventure-game"],
    ["i18n", "status", "--game", "adventure-game"],
    ["i18n", "pseudo", "--game", "adventure-game"],
]
# Option values that name a folder, a game or a target through a trick: each is a usage error.
HOSTILE_PATH_OPTIONS = [
    ["build", "--game", "../path-of-destiny"],
    ["build", "--game", "path-of-destiny/.."],
    ["build", "--game", ""],
    ["build", "--game", "path-of-destiny", "--target", "../tokens"],
    ["build", "--game", "path-of-destiny", "--content", "/dev/zero"],
    ["build", "--game", "path-of-destiny", "--content", "nowhere/../../.."],
    ["check", "--game", "path-of-destiny", "--content", "/dev/zero"],
    ["i18n", "extract", "--game", "../adventure-game"],
    ["i18n", "update", "--game", "adventure-game", "--content", "missing/../../content"],
]


def content_tree(tmp_path: Path) -> Path:
    """A content root with a small game to build (path-of-destiny) and one with catalogs (adventure-game)."""
    root = tmp_path / "work" / "content"
    shutil.copytree(FIXTURES / "path-of-destiny", root / "path-of-destiny")
    shutil.copytree(CONTENT / "adventure-game", root / "adventure-game")
    return root


def files_under(folder: Path) -> dict[Path, tuple[int, int]]:
    """Every file and link under folder, with its size and modification time (a rewrite shows)."""
    return {path: (path.lstat().st_size, path.lstat().st_mtime_ns) for path in folder.rglob("*")}


def invoke(argv: list[str], root: Path) -> tuple[int, str]:
    """Run pnp in root's parent folder (so relative tricks climb out of it); no exception may escape."""
    result = runner.invoke(app, [*argv, "--content", str(root)] if "--content" not in argv else argv)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def build_argv(*extra: str) -> list[str]:
    return ["build", "--game", "path-of-destiny", "--target", "tokens", "--locale", "en", "--jobs", "1", *extra]


@pytest.mark.parametrize("code", HOSTILE_LOCALES, ids=["empty", "climbs-out", "climbs-back", "punctuation", "300-chars"])
@pytest.mark.parametrize("command", LOCALE_COMMANDS, ids=lambda argv: " ".join(argv[:2]))
def test_a_locale_that_is_no_locale_code_is_a_usage_error_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str], code: str
) -> None:
    root = content_tree(tmp_path)
    monkeypatch.chdir(root.parent)
    before = files_under(tmp_path.parent)
    exit_code, output = invoke([*command, "--locale", code], root)
    assert exit_code == 2, output
    assert output.startswith("pnp: error: ") and "is not a locale code" in output and output.count("\n") == 1
    assert files_under(tmp_path.parent) == before


@pytest.mark.parametrize("argv", HOSTILE_PATH_OPTIONS, ids=lambda argv: " ".join(argv[1:]))
def test_a_path_trick_in_an_option_is_a_usage_error_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    root = content_tree(tmp_path)
    monkeypatch.chdir(root.parent)
    before = files_under(tmp_path.parent)
    exit_code, output = invoke(argv, root)
    assert exit_code == 2, output
    assert files_under(tmp_path.parent) == before


def test_a_layouts_folder_that_is_a_device_is_a_finding_and_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = content_tree(tmp_path)
    monkeypatch.chdir(root.parent)
    exit_code, output = invoke(build_argv("--layouts", "/dev/zero", "--out", "out", "--cache-dir", "cache"), root)
    assert exit_code == 1 and "error LAYOUT-" in output, output
    assert list((root.parent / "out").rglob("*.pdf")) == []


def test_out_and_cache_dir_with_climbing_parts_write_only_into_the_folders_they_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = content_tree(tmp_path)
    monkeypatch.chdir(root.parent)
    before = files_under(tmp_path.parent)
    exit_code, output = invoke(build_argv("--out", "a/../../printed", "--cache-dir", "./b/../cache"), root)
    assert exit_code == 0, output
    written = {path.resolve() for path in set(files_under(tmp_path.parent)) - set(before) if path.is_file()}
    out, cache = (tmp_path / "printed").resolve(), (tmp_path / "work" / "cache").resolve()
    assert out / "path-of-destiny" / "en" / "tokens.pdf" in written
    assert [path for path in written if not (path.is_relative_to(out) or path.is_relative_to(cache))] == []


# --- files that are not what their names say -------------------------------------------------------


def pnp(*argv: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """pnp in a child process with 2 GiB of address space: a hang is a timeout, unbounded reading a MemoryError."""

    def limit_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2 * 1024**3, 2 * 1024**3))

    command = [sys.executable, "-c", "from pipeline.cli import main; main()", *argv]
    result = subprocess.run(command, capture_output=True, text=True, timeout=timeout, preexec_fn=limit_memory, check=False)
    assert "Traceback" not in result.stderr, result.stderr
    return result


@PROCESSES
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this platform")
def test_a_named_pipe_among_the_content_files_is_a_finding_not_a_hang(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(FIXTURES / "path-of-destiny", root / "path-of-destiny")
    fifo = root / "path-of-destiny" / "stories" / "extra.yaml"
    os.mkfifo(fifo)
    result = pnp("validate", "--game", "path-of-destiny", "--content", str(root), "--format", "json", timeout=60)
    assert result.returncode == 1, result.stderr
    found = [(f["code"], f["file"], f["message"]) for f in json.loads(result.stdout)["findings"]]
    assert found == [("YAML-READ", display_path(fifo), "not a regular file (a named pipe)")]


@PROCESSES
@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero on this platform")
def test_a_catalog_linked_to_dev_zero_is_a_finding_and_is_never_read(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(CONTENT / "adventure-game", root / "adventure-game")
    po = root / "adventure-game" / "locales" / "de.po"
    po.unlink()
    po.symlink_to("/dev/zero")
    game = ["--game", "adventure-game", "--content", str(root), "--locale", "de"]

    status = pnp("i18n", "status", *game)
    # A link leading out of the game's folder is refused before its target is looked at (tests/faults/test_escapes.py);
    # reading.py's own tests hold a device to "not a regular file".
    refused = "a link leading outside the folder adventure-game/"
    assert status.returncode == 1 and f"cannot read de.po: {refused}" in status.stderr, status.stderr
    update = pnp("i18n", "update", *game)
    assert update.returncode == 1 and refused in update.stderr, update.stderr
    assert po.is_symlink()  # nothing replaced what the user put there

    report = check([find_game("adventure-game", root)], root, ["de"])
    found = [(f.code, f.file, f.message) for f in report.findings if f.file == display_path(po)]
    assert [(code, file) for code, file, _ in found] == [("I18N-CATALOG", display_path(po))]
    assert refused in found[0][2]


def test_an_oversized_catalog_is_a_finding_from_its_size(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(CONTENT / "adventure-game", root / "adventure-game")
    po = root / "adventure-game" / "locales" / "de.po"
    with po.open("r+b") as sparse:
        sparse.truncate(64 * 1024 * 1024)  # the catalog followed by 64 MiB of holes
    report = check([find_game("adventure-game", root)], root, ["de"])
    found = [(f.code, f.message) for f in report.findings if f.file == display_path(po)]
    assert found == [("I18N-CATALOG", "cannot read the de catalog: file is 67108864 bytes; the limit is 16777216")]


def test_a_png_with_a_sound_header_and_a_truncated_body_is_a_finding_in_check(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(FIXTURES / "old-world", root / "old-world")
    market = root / "old-world" / "cards" / "market.yaml"
    market.write_text(market.read_text(encoding="utf-8").replace("  - id: jab\n", "  - id: jab\n    art: art/jab.png\n", 1),
                      encoding="utf-8")
    picture = root / "old-world" / "art" / "jab.png"
    picture.parent.mkdir()
    Image.effect_noise((600, 400), 64).convert("RGB").save(picture)  # noise: the body does not compress away
    picture.write_bytes(picture.read_bytes()[: picture.stat().st_size // 2])
    with Image.open(picture) as header_only:
        assert header_only.size == (600, 400)  # what reading the header alone accepted

    report = check([find_game("old-world")], root, ["en"])
    found = [(f.code, f.file, f.line) for f in report.findings if f.code.startswith("ART-")]
    assert found == [("ART-UNREADABLE", display_path(market), line_of(market, "- id: jab"))]  # the card that names it
    assert "image file is truncated" in next(f.message for f in report.findings if f.code == "ART-UNREADABLE")


# --- catalogs that cannot be written ---------------------------------------------------------------


@pytest.mark.parametrize("command", ["extract", "update"])
def test_writing_into_a_read_only_catalog_folder_is_a_usage_error_naming_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    root = tmp_path / "content"
    shutil.copytree(CONTENT / "adventure-game", root / "adventure-game")
    locales = root / "adventure-game" / "locales"
    # Give each command something to write: a stale template, a catalog to create.
    target = locales / ("messages.pot" if command == "extract" else "de.po")
    if command == "extract":
        target.write_bytes(b"")
    else:
        target.unlink()
    if os.geteuid() == 0:  # root writes through any mode bits: the write fails as it would for a user
        def refuse(path: Path, *_: object) -> bool:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))

        monkeypatch.setattr(workflow, "write_catalog", refuse)
    else:
        locales.chmod(0o555)
    try:
        result = runner.invoke(app, ["i18n", command, "--game", "adventure-game", "--content", str(root)])
    finally:
        locales.chmod(0o755)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code == 2
    assert result.output == f"pnp: error: cannot write {target}: Permission denied\n"
