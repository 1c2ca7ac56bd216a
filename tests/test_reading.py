"""Reading input files: regular files only, within the limit of their kind, never blocking."""

import os
from pathlib import Path

import pytest

from pipeline.reading import FileTooLarge, UnreadableFile, read_input


def test_a_regular_file_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "cards.yaml"
    path.write_bytes(b"kind: cards\n")
    assert read_input(path, 100) == b"kind: cards\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this platform")
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "cards.yaml"
    os.mkfifo(fifo)
    with pytest.raises(UnreadableFile, match="not a regular file \\(a named pipe\\)") as refused:
        read_input(fifo, 100)
    assert refused.value.path == fifo


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero on this platform")
def test_a_link_to_a_device_is_refused_before_a_byte_is_read(tmp_path: Path) -> None:
    link = tmp_path / "de.po"
    link.symlink_to("/dev/zero")
    with pytest.raises(UnreadableFile, match="a device"):
        read_input(link, 100)


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(UnreadableFile, match="a folder"):
        read_input(tmp_path, 100)


def test_a_missing_file_is_refused_with_the_reason(tmp_path: Path) -> None:
    with pytest.raises(UnreadableFile, match="No such file"):
        read_input(tmp_path / "gone.po", 100)


def test_a_file_over_the_limit_is_refused_from_its_size(tmp_path: Path) -> None:
    path = tmp_path / "big.po"
    with path.open("wb") as sparse:
        sparse.truncate(10**9)  # a gigabyte that takes no disk space: reading it would take the memory
    with pytest.raises(FileTooLarge) as refused:
        read_input(path, 100)
    assert (refused.value.size, refused.value.limit) == (10**9, 100)
    assert str(refused.value) == "file is 1000000000 bytes; the limit is 100"
