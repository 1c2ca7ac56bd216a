"""Compare two `pnp build` output trees file by file: every PDF and PNG must be byte-identical.

Used to prove a refactor changes no printed byte (build both trees with `--force`, then compare).
`build-report.json` is left out: it records seconds per target. With `--pixels`, a PDF whose bytes differ is
rendered page by page (pypdfium2, 100 dpi) and counts as the same when every page has the same pixels
(a change of how the file is written, such as its font subsets, not of what it prints), and a PNG whose bytes
differ counts as the same when its pixels are (the TTS sheets' deflate stream has been seen to differ).
Usage: python tools/compare_outputs.py [--pixels] BEFORE_DIR AFTER_DIR   (exit 0 identical, 1 different)
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

COMPARED = (".pdf", ".png", ".json")
SKIPPED = ("build-report.json",)


def digests(root: Path) -> dict[str, str]:
    """sha256 of every compared file below root, by its path relative to root."""
    return {
        path.relative_to(root).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(root.rglob("*"))
        if path.is_file() and path.suffix in COMPARED and path.name not in SKIPPED
    }


def compare(before: Path, after: Path, pixels: bool = False) -> tuple[list[str], list[str]]:
    """One line per difference (missing, added or changed files), and the PDFs whose bytes differ but whose
    pages render alike (only with `pixels`)."""
    old, new = digests(before), digests(after)
    lines = [f"missing  {name}" for name in sorted(old.keys() - new.keys())]
    lines += [f"added    {name}" for name in sorted(new.keys() - old.keys())]
    alike = []
    for name in sorted(old.keys() & new.keys()):
        if old[name] == new[name]:
            continue
        if pixels and name.endswith(".pdf") and _renders_alike(before / name, after / name):
            alike.append(f"same pixels  {name}")
        elif pixels and name.endswith(".png") and _same_image(before / name, after / name):
            alike.append(f"same pixels  {name}")
        else:
            lines.append(f"changed  {name}")
    return lines, alike


def _same_image(before: Path, after: Path) -> bool:
    """Whether two images have the same size, mode and pixels (a TTS sheet's deflate stream may differ)."""
    from PIL import Image

    with Image.open(before) as old, Image.open(after) as new:
        return old.size == new.size and old.mode == new.mode and old.tobytes() == new.tobytes()


def _renders_alike(before: Path, after: Path) -> bool:
    """Whether two PDFs have as many pages and every page renders to the same pixels."""
    import pypdfium2 as pdfium

    old, new = pdfium.PdfDocument(before), pdfium.PdfDocument(after)
    if len(old) != len(new):
        return False
    scale = 100 / 72
    return all(old[index].render(scale=scale).to_pil().tobytes() == new[index].render(scale=scale).to_pil().tobytes()
               for index in range(len(old)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--pixels", action="store_true", help="compare PDFs and PNGs whose bytes differ by their pixels")
    args = parser.parse_args()
    for folder in (args.before, args.after):
        if not folder.is_dir():
            parser.error(f"{folder} is not a folder")
    differences, alike = compare(args.before, args.after, args.pixels)
    print("\n".join(alike + differences) if differences or alike else f"identical: {len(digests(args.before))} file(s)")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
