"""Property: whatever numbers the options and the layouts hold, `pnp check` and `pnp build` answer with findings
or a usage error (exit 2), never a traceback. A small example tree and its cheapest targets (help cards;
boards where the profile changes) keep each example to about a second or two."""

from __future__ import annotations

import contextlib
import math
import shutil
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from pipeline.app.check import print_findings
from pipeline.cli import app
from pipeline.findings import Report
from pipeline.games import find_game
from pipeline.render.layouts import load_layouts

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures"
GAME = "path-of-destiny"


def yaml_float(value: float) -> str:
    if math.isnan(value):
        return ".nan"
    if math.isinf(value):
        return ".inf" if value > 0 else "-.inf"
    return repr(value)


# What a layout author (or a hostile one) might write where a number goes.
NUMBERS = st.one_of(
    st.floats().map(yaml_float),
    st.integers(min_value=-(10**40), max_value=10**40).map(str),
    st.from_regex(r"-?\d{1,22}(\.\d{1,4})?(mm|cm|in|pt)?", fullmatch=True),
    st.sampled_from(["0", "0pt", "-0", "1e300", "-1e-300", "'12'", "null", "[]", "{}", "true", "8 pt", "NaN"]),
)
# The title box of Path of Destiny's help card, key by key as cards.yaml writes it.
TITLE = {"type": "text", "field": "title", "x": "5mm", "y": "2.5mm", "width": "78mm", "height": "7mm", "font": "bold",
         "size": "{min: 8pt, max: 12pt}", "align": "center", "valign": "middle", "color": "palette.light"}
BOX_KEYS = ("x", "y", "width", "height", "size", "min", "max", "leading", "paragraph_gap", "stroke_width", "radius", "gap")
PROFILE_KEYS = ("margin", "bleed", "crop_offset", "crop_length", "crop_width", "gutter", "tile_overlap", "width", "height")


def run(*argv: str) -> tuple[int, str]:
    """Run the CLI in this process; a traceback (any exception but the exit) fails the property."""
    result = CliRunner().invoke(app, list(argv))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stderr


def build(layouts: Path, work: Path, *options: str) -> tuple[int, str]:
    return run("build", "--game", GAME, "--content", str(FIXTURES), "--layouts", str(layouts), "--out", str(work / "out"),
               "--cache-dir", str(work / "cache"), "--format", "json", *options)


@given(
    back_offset=st.one_of(st.floats().map(str), st.sampled_from(["inf", "-inf", "nan", "1e300", "-0", "ten", ""])),
    paper=st.sampled_from(["a4", "letter", "A4", "a3", "", "letter "]),
    backs=st.sampled_from(["duplex", "gutter", "none", "both"]),
    jobs=st.one_of(st.integers(min_value=-3, max_value=10**6).map(str), st.sampled_from(["", "two", "1.5"])),
    target=st.sampled_from(["help", "help", "help", "", "cards,tokens"]),
)
def test_random_build_options_give_findings_or_a_usage_error(back_offset: str, paper: str, backs: str, jobs: str,
                                                              target: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        code, stderr = build(REPO / "pipeline" / "layouts", Path(folder), f"--back-offset={back_offset}", "--paper", paper,
                             "--backs", backs, "--jobs", jobs, "--target", target)
    assert code in (0, 1, 2)
    if code == 2:
        assert "Traceback" not in stderr and stderr.strip()


def title_line(key: str = "", value: str = "") -> str:
    keys = dict(TITLE)
    if key in ("min", "max"):
        size = {"min": "8pt", "max": "12pt", key: value}
        keys["size"] = f"{{min: {size['min']}, max: {size['max']}}}"
    elif key:
        keys[key] = value
    return "title: {" + ", ".join(f"{k}: {v}" for k, v in keys.items()) + "}"


def with_box_number(layouts: Path, key: str, value: str) -> None:
    path = layouts / GAME / "cards.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count(title_line()) == 1
    path.write_text(text.replace(title_line(), title_line(key, value)), encoding="utf-8")


def with_profile_number(layouts: Path, key: str, value: str) -> None:
    """The a4 profile with one number replaced (the letter profile below it stays as shipped)."""
    path = layouts / "profiles.yaml"
    a4, letter = path.read_text(encoding="utf-8").split("  letter:\n")
    if key in ("width", "height"):
        changed = a4.replace("210mm" if key == "width" else "297mm", value, 1)
    else:
        lines = a4.splitlines(keepends=True)
        changed = "".join(f"    {key}: {value}\n" if line.startswith(f"    {key}: ") else line for line in lines)
    assert changed != a4
    path.write_text(changed + "  letter:\n" + letter, encoding="utf-8")


@given(where=st.one_of(st.sampled_from(BOX_KEYS).map(lambda k: ("box", k)),
                       st.sampled_from(PROFILE_KEYS).map(lambda k: ("profile", k))),
       value=NUMBERS)
def test_random_layout_numbers_give_findings_in_check_and_build(where: tuple[str, str], value: str) -> None:
    kind, key = where
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        layouts = work / "layouts"
        shutil.copytree(REPO / "pipeline" / "layouts", layouts)
        (with_box_number if kind == "box" else with_profile_number)(layouts, key, value)
        loaded, load = load_layouts(layouts)  # the layouts alone: never an exception
        with contextlib.chdir(work):  # `pnp check` reads ./layouts
            spec = find_game(GAME)
            db, _ = spec.load(FIXTURES)
            checked = load + print_findings(spec, db, spec.localizer(db, "en"), loaded)
        targets = ["--target", "help"] + (["--target", "boards"] if kind == "profile" else [])
        code, _ = build(layouts, work, *targets, "--jobs", "1")
    assert code in (0, 1)
    if not Report(load).ok:  # what the layouts get wrong, check and build both refuse
        assert not Report(checked).ok and code == 1
