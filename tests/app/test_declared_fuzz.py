"""No declared game ends in a traceback: random declarations (every field type, shared and inline enums, colours),
random records and random layouts (every box type, each colour mode, `when:`) give findings or files, from
`check` and from `build` alike; and a game `check` passes prints."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from pipeline.app.check import check
from pipeline.cli import app
from pipeline.games import find_game

runner = CliRunner()
KINDS = ("text", "translatable", "integer", "boolean", "enum", "shared-enum", "ref", "icon", "image", "color", "list",
         "object", "map")
LIST_OF = ("text", "integer", "enum", "ref", "icon", "object", "translatable")
IDS = ("c0", "c1")
COLORS = ("#a3202a", "palette.light", "palette.frame", "crimson", "palette.nope", "nocolour", "#fff")
BOX_TYPES = ("rect", "text", "icon", "icons", "art", "rows")


@st.composite
def field(draw: st.DrawFn, kind: str) -> tuple[dict[str, Any], st.SearchStrategy[Any]]:
    """A field declaration of kind, and the values a record may hold in it (now and then a wrong one)."""
    if kind == "text":
        return {"type": "text"}, st.sampled_from(["Scout", "Go {icon:shield}", "**Bold** move", "{icon:nope}"])
    if kind == "translatable":
        return {"type": "translatable"}, st.sampled_from(["Look at the top card.", "Gain 2 {icon:life}.", "x" * 300])
    if kind == "integer":
        return {"type": "integer", "min": 0, "max": 9}, st.sampled_from([0, 3, 9, 12])
    if kind == "boolean":
        label = draw(st.sampled_from([{}, {"label": "Wild"}]))
        return {"type": "boolean", "default": False, **label}, st.booleans()
    if kind == "enum":
        colors = draw(st.sampled_from([{}, {"colors": {"a": draw(st.sampled_from(COLORS)), "b": draw(st.sampled_from(COLORS))}},
                                       {"colors": {"a": "#a3202a"}}]))
        return {"type": "enum", "values": {"a": "Ay", "b": "Bee"}, **colors}, st.sampled_from(["a", "b", "c"])
    if kind == "shared-enum":
        return {"type": "enum", "enum": draw(st.sampled_from(["faction", "fraction"]))}, st.sampled_from(["red", "blue"])
    if kind == "ref":
        shows = draw(st.sampled_from([{}, {"shows": "title"}, {"shows": "nope"}, {"shows": "f0"}]))
        return {"type": "ref", "to": "card", **shows}, st.sampled_from([*IDS, "c9"])
    if kind == "icon":
        return {"type": "icon"}, st.sampled_from(["shield", "exploration", "nope"])
    if kind == "image":
        return {"type": "image", "required": False}, st.sampled_from(["art/missing.png", None])
    if kind == "color":
        return {"type": "color", "required": False}, st.sampled_from([*COLORS, None])
    if kind == "map":
        return {"type": "map", "keys": ["shield", "life"], "required": False}, st.sampled_from([{"shield": 2}, {"life": 1, "shield": 0}])
    if kind == "object":
        return ({"type": "object", "fields": {"id": {"type": "text"}, "text": {"type": "translatable"}, "icon": {"type": "icon"}}},
                st.sampled_from([{"id": "x", "text": "Do it.", "icon": "shield"}, {"id": "y", "text": "Rest.", "icon": "life"}]))
    of = draw(st.sampled_from(LIST_OF))
    if of == "translatable":
        return {"type": "list", "of": "translatable", "required": False}, st.just([{"id": "a", "text": "One."}, {"id": "b", "text": "Two."}])
    item, values = draw(field(of))  # of no list: a list of lists is no declared type
    item.pop("type")
    item.pop("default", None)
    item.pop("required", None)
    return {"type": "list", "of": of, **item, "required": False}, st.lists(values, max_size=3)


@st.composite
def box(draw: st.DrawFn, names: list[str], y: float) -> dict[str, Any]:
    """A layout box of any type bound to any field, in any colour mode, maybe drawn only `when:` a field is set."""
    kind = draw(st.sampled_from(BOX_TYPES))
    spec: dict[str, Any] = {"type": kind, "x": "4mm", "y": f"{y}mm", "width": "55mm", "height": "9mm"}
    bound = draw(st.sampled_from([None, *names]))
    if bound is not None:
        spec["field"] = bound
    elif kind == "text":
        spec["text"] = "Fixed"
    elif kind in ("icon", "icons"):
        spec["icon"] = "shield"
    for key in ("when", "fill_field", "stroke_field", "color_field"):
        if draw(st.booleans()):
            spec[key] = draw(st.sampled_from(names))
    if kind == "rect" and draw(st.booleans()):
        spec["fill"] = draw(st.sampled_from(["frame", "light", "panel"]))
    if kind == "text":
        spec["color"] = draw(st.sampled_from(["auto", "palette.ink", "light"]))
    return spec


@st.composite
def declared_game(draw: st.DrawFn) -> dict[str, str]:
    """The files of a small declared game: manifest, one file of two cards (printed as cards or tokens), the layout."""
    kinds = draw(st.lists(st.sampled_from(KINDS), min_size=1, max_size=5))
    fields, values = {}, {}
    for i, kind in enumerate(kinds):
        fields[f"f{i}"], values[f"f{i}"] = draw(field(kind))
    if draw(st.booleans()):
        fields["title"], values["title"] = {"type": "translatable"}, st.just("Scout")
    manifest = {"kind": "game", "game": {
        "id": "fuzz", "name": "Fuzz", "locales": ["en"],
        "enums": {"faction": {"values": {"red": "Reds", "blue": "Blues"},
                              **draw(st.sampled_from([{}, {"colors": {"red": "#a3202a", "blue": draw(st.sampled_from(COLORS))}}]))}},
        "kinds": {"card": {"print": draw(st.sampled_from(["cards", "tokens"])), "fields": fields}}}}
    records = []
    for card_id in IDS:
        record: dict[str, Any] = {"id": card_id}
        for name in fields:
            value = draw(values[name])
            if value is not None:
                record[name] = value
        records.append(record)
    names = [*fields, "nope"]
    boxes = {f"b{i}": draw(box(names, 4 + 12 * i)) for i in range(draw(st.integers(1, 6)))}
    layout = {"kind": "templates", "templates": {"card": {"extends": "card", "size": "poker", "boxes": {
        "background": {"width": "2.5in", "height": "3.5in"}, **boxes}}}}
    return {"game.yaml": json.dumps(manifest), "cards.yaml": json.dumps({"kind": "card", "items": records}),
            "layouts/cards.yaml": json.dumps(layout)}


@given(declared_game())
def test_any_declared_game_checks_and_builds_to_findings_or_files_never_a_traceback(files: dict[str, str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "content"
        for name, text in files.items():
            (root / "fuzz" / name).parent.mkdir(parents=True, exist_ok=True)
            (root / "fuzz" / name).write_text(text, encoding="utf-8")
        report = check([find_game("fuzz", root)], root, ["en"], cache_dir=Path(tmp) / "cache")
        for f in report.findings:
            assert f.file and f.line >= 1 and f.code and f.message
        built = runner.invoke(app, ["build", "--content", str(root), "--out", str(Path(tmp) / "out"), "--cache-dir",
                                    str(Path(tmp) / "cache"), "--jobs", "1", "--format", "json"])
        assert built.exception is None or isinstance(built.exception, SystemExit), built.exception
        assert built.exit_code in (0, 1), built.output
        if report.ok:  # the promise: a game check passes prints
            assert built.exit_code == 0, built.output
            assert list((Path(tmp) / "out" / "fuzz" / "en").glob("*.pdf"))
