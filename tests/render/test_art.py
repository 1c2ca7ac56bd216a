"""Art: images cropped to the box at 300 dpi and cached by content hash; paths stay in the content folder."""

import os
from pathlib import Path

import pytest
from PIL import Image

from pipeline.render import art
from pipeline.render.art import prepared_art, resolve_art
from pipeline.render.units import Box


def image(path: Path, size: tuple[int, int], color: str = "red") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", size, color).save(path)
    return path


def test_image_is_cropped_to_the_box_at_300_dpi(tmp_path: Path) -> None:
    source = image(tmp_path / "content" / "art" / "wolf.png", (2000, 500))
    found, problem = resolve_art(tmp_path / "content", "art/wolf.png")
    assert problem is None and found == source.resolve()
    out = prepared_art(source, Box(0, 0, 55, 27), tmp_path / "cache")
    with Image.open(out) as prepared:
        assert prepared.size == (650, 319)  # 55 x 27 mm at 300 dpi
    assert prepared_art(source, Box(0, 0, 55, 27), tmp_path / "cache") == out  # cached by content hash
    image(source, (2000, 500), "blue")
    assert prepared_art(source, Box(0, 0, 55, 27), tmp_path / "cache") != out


@pytest.mark.parametrize("path", ["../outside.png", "/etc/passwd", "art/../../outside.png"])
def test_paths_may_not_leave_the_content_folder(tmp_path: Path, path: str) -> None:
    image(tmp_path / "outside.png", (10, 10))
    (tmp_path / "content").mkdir()
    found, problem = resolve_art(tmp_path / "content", path, "cards.yaml", 3)
    assert found is None and problem is not None
    assert (problem.code, problem.file, problem.line) == ("ART-PATH", "cards.yaml", 3)


def test_oversized_images_are_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    image(tmp_path / "big.png", (300, 300))
    monkeypatch.setattr(art, "MAX_ART_PIXELS", 50_000)
    found, problem = resolve_art(tmp_path, "big.png")
    assert found is None and problem is not None and problem.code == "ART-TOO-LARGE"


def test_missing_and_unreadable_images(tmp_path: Path) -> None:
    (tmp_path / "notes.png").write_text("not an image")
    assert resolve_art(tmp_path, "gone.png")[1].code == "ART-MISSING"  # type: ignore[union-attr]
    assert resolve_art(tmp_path, "notes.png")[1].code == "ART-UNREADABLE"  # type: ignore[union-attr]


def test_an_image_is_decoded_in_full_and_only_from_a_regular_file(tmp_path: Path) -> None:
    source = tmp_path / "noise.png"
    Image.effect_noise((300, 200), 64).convert("RGB").save(source)
    (tmp_path / "cut.png").write_bytes(source.read_bytes()[:-500])  # the header and most of the pixels
    os.mkfifo(tmp_path / "pipe.png")
    with (tmp_path / "huge.png").open("wb") as sparse:
        sparse.truncate(art.IMAGE_LIMIT + 1)
    assert resolve_art(tmp_path, "noise.png")[1] is None
    problems = {name: resolve_art(tmp_path, name)[1] for name in ("cut.png", "pipe.png", "huge.png")}
    assert {name: problem.code for name, problem in problems.items() if problem} == {
        "cut.png": "ART-UNREADABLE", "pipe.png": "ART-UNREADABLE", "huge.png": "ART-TOO-LARGE"}
    assert "truncated" in str(problems["cut.png"]) and "named pipe" in str(problems["pipe.png"])
