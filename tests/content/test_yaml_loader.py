"""Tests for pipeline.content.yaml_loader: plain data, positions, and one finding code per bad input."""

from __future__ import annotations

import io
import math
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from ruamel.yaml import YAML

from pipeline.content.yaml_loader import (
    MAX_DEPTH,
    MAX_FILE_BYTES,
    MAX_NODES,
    LoadedFile,
    MissingPosition,
    Position,
    load_yaml_file,
    load_yaml_text,
)
from pipeline.findings import Finding, Severity

SHOWN = "content/old-world/events.yaml"


def load(
    text: str | bytes, max_bytes: int = MAX_FILE_BYTES, max_nodes: int = MAX_NODES
) -> tuple[LoadedFile | None, list[Finding]]:
    data = text.encode("utf-8") if isinstance(text, str) else text
    return load_yaml_text(data, SHOWN, max_bytes=max_bytes, max_nodes=max_nodes)


def ok(text: str | bytes) -> LoadedFile:
    loaded, findings = load(text)
    assert findings == []
    assert loaded is not None
    return loaded


def only_finding(text: str | bytes, max_bytes: int = MAX_FILE_BYTES, max_nodes: int = MAX_NODES) -> Finding:
    loaded, findings = load(text, max_bytes, max_nodes)
    assert loaded is None
    assert len(findings) == 1, findings
    finding = findings[0]
    assert finding.severity is Severity.ERROR
    assert finding.file == SHOWN
    return finding


def where(finding: Finding) -> tuple[str, int, int]:
    return finding.code, finding.line, finding.column


# --- good files -----------------------------------------------------------------------------------

GOOD = """\
# an event deck
deck: old-world
events:
  - id: storm
    cost: 3
    weight: 0.5
    tags: [sea, weather]
    effect:
      gold: -2
      text: "lose 2 gold"
  - id: fair
    cost: 0
"""


def test_good_file_data() -> None:
    loaded = ok(GOOD)
    assert loaded.data == {
        "deck": "old-world",
        "events": [
            {
                "id": "storm",
                "cost": 3,
                "weight": 0.5,
                "tags": ["sea", "weather"],
                "effect": {"gold": -2, "text": "lose 2 gold"},
            },
            {"id": "fair", "cost": 0},
        ],
    }
    assert loaded.display == SHOWN
    assert loaded.path == Path(SHOWN)


def test_positions_of_nested_values_and_keys() -> None:
    loaded = ok(GOOD)
    assert loaded.positions[()] == Position(2, 1)
    assert loaded.positions[("deck",)] == Position(2, 7)
    assert loaded.key_positions[("deck",)] == Position(2, 1)
    assert loaded.positions[("events", 0, "tags", 1)] == Position(7, 17)
    assert loaded.positions[("events", 0, "effect", "gold")] == Position(9, 13)
    assert loaded.key_positions[("events", 0, "effect", "gold")] == Position(9, 7)
    assert loaded.positions[("events", 0, "effect", "text")] == Position(10, 13)
    assert loaded.key_position(["events", 0, "effect"]) == Position(8, 5)


def test_list_of_mappings_keeps_per_item_positions() -> None:
    loaded = ok(GOOD)
    assert loaded.positions[("events", 0)] == Position(4, 5)
    assert loaded.positions[("events", 1)] == Position(11, 5)
    assert loaded.key_positions[("events", 0, "cost")] == Position(5, 5)
    assert loaded.key_positions[("events", 1, "cost")] == Position(12, 5)
    assert loaded.positions[("events", 1, "id")] == Position(11, 9)


def test_position_of_a_path_the_file_lacks_fails_loudly() -> None:
    loaded = ok(GOOD)
    with pytest.raises(MissingPosition, match=r"content/old-world/events.yaml: no node at events\[1\]\.missing\[3\]"):
        loaded.position(("events", 1, "missing", 3))
    with pytest.raises(MissingPosition):
        loaded.key_position(("nowhere",))
    assert loaded.key_position(("events", 1)) == Position(11, 5)  # list items have no key node


def test_nearest_position_falls_back_to_nearest_ancestor_then_root() -> None:
    loaded = ok(GOOD)
    assert loaded.nearest_position(("events", 1, "missing", 3)) == Position(11, 5)
    assert loaded.nearest_position(("nowhere",)) == Position(2, 1)
    empty = LoadedFile(Path("x.yaml"), "x.yaml", {}, {}, {})
    assert empty.nearest_position(("a", "b")) == Position(1, 1)


def test_scalars_follow_yaml_1_2() -> None:
    loaded = ok(
        "a: 12\nb: -0x1F\nc: 1_000\nd: 2.5e3\ne: .inf\nf: true\ng: yes\nh: ~\ni:\n"
        "j: '12'\nk: \"true\"\nl: !!str 3\nm: !!int '7'\nn: 0o17\no: _\np: <<\n"
    )
    assert loaded.data == {
        "a": 12,
        "b": -31,
        "c": 1000,
        "d": 2500.0,
        "e": math.inf,
        "f": True,
        "g": "yes",
        "h": None,
        "i": None,
        "j": "12",
        "k": "true",
        "l": "3",
        "m": 7,
        "n": 15,
        "o": "_",
        "p": "<<",
    }


def test_timestamp_stays_a_string() -> None:
    loaded = ok("date: 2024-05-01\nwhen: 2001-12-14t21:59:43.10-05:00\ntagged: !!timestamp 2024-05-01\n")
    assert loaded.data == {
        "date": "2024-05-01",
        "when": "2001-12-14t21:59:43.10-05:00",
        "tagged": "2024-05-01",
    }


def test_integer_keys_become_strings() -> None:
    assert ok("1: one\n0x10: sixteen\n").data == {"1": "one", "16": "sixteen"}


def test_utf8_bom_is_accepted_and_does_not_shift_columns() -> None:
    loaded = ok(b"\xef\xbb\xbfname: caf\xc3\xa9\n")
    assert loaded.data == {"name": "café"}
    assert loaded.positions[("name",)] == Position(1, 7)


def test_tabs_inside_strings_and_block_scalars_are_fine() -> None:
    loaded = ok('a: "x\ty"\nb: |\n  line\n  \tindented by a tab inside the text\nc: 1\t# comment\n')
    assert loaded.data == {"a": "x\ty", "b": "line\n\tindented by a tab inside the text\n", "c": 1}


def test_merge_keys_explicit_keys_win() -> None:
    loaded = ok(
        "base: &base {cost: 1, art: ship.png}\n"
        "extra: &extra {cost: 9, rare: true}\n"
        "card:\n"
        "  <<: [*base, *extra]\n"
        "  art: storm.png\n"
    )
    assert loaded.data["card"] == {"cost": 1, "rare": True, "art": "storm.png"}
    assert loaded.positions[("card", "cost")] == Position(1, 20)  # where the merged value is written
    assert loaded.key_positions[("card", "art")] == Position(5, 3)


def test_alias_values_are_copies_positioned_at_the_anchor() -> None:
    loaded = ok("a: &x {n: [1, 2]}\nb: *x\n")
    assert loaded.data["a"] == loaded.data["b"]
    assert loaded.data["a"] is not loaded.data["b"]
    assert loaded.positions[("b", "n", 1)] == Position(1, 15)


def test_load_yaml_file(tmp_path: Path) -> None:
    path = tmp_path / "events.yaml"
    path.write_text(GOOD, encoding="utf-8")
    loaded, findings = load_yaml_file(path)
    assert findings == []
    assert loaded is not None
    assert loaded.path == path
    assert loaded.display == path.as_posix()
    assert load_yaml_file(path, "shown.yaml")[0].display == "shown.yaml"  # type: ignore[union-attr]


# --- one finding code per kind of bad input -------------------------------------------------------


def test_too_large_text() -> None:
    finding = only_finding("a: 1\n" * 100, max_bytes=100)
    assert where(finding) == ("YAML-TOO-LARGE", 1, 1)


def test_too_large_file_is_rejected_from_its_size(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_bytes(b"a: 1\n" * 100)
    loaded, findings = load_yaml_file(path, SHOWN, max_bytes=100)
    assert loaded is None
    assert [where(f) for f in findings] == [("YAML-TOO-LARGE", 1, 1)]
    assert "500 bytes" in findings[0].message


def test_too_many_values() -> None:
    finding = only_finding("[" + ", ".join(["1"] * 50) + "]\n", max_nodes=20)
    assert finding.code == "YAML-TOO-LARGE"


def test_unreadable_file(tmp_path: Path) -> None:
    loaded, findings = load_yaml_file(tmp_path / "missing.yaml", SHOWN)
    assert loaded is None
    assert [where(f) for f in findings] == [("YAML-READ", 1, 1)]
    assert load_yaml_file(tmp_path, SHOWN)[1][0].code == "YAML-READ"  # a directory


def test_binary_nul_byte() -> None:
    assert where(only_finding(b"a: 1\nbb: x\x00y\n")) == ("YAML-BINARY", 2, 6)


def test_binary_other_control_character() -> None:
    assert where(only_finding(b"a: 1\n\nb: \x1b[31m\n")) == ("YAML-BINARY", 3, 4)
    assert where(only_finding("a: 1\nb: x\x7f\n")) == ("YAML-BINARY", 2, 5)


def test_encoding_bad_utf8() -> None:
    finding = only_finding(b"a: 1\nname: caf\xc3\xa9 \xe9t\xe9\n")
    assert where(finding) == ("YAML-ENCODING", 2, 12)
    assert "0xE9" in finding.message


def test_encoding_utf16() -> None:
    assert where(only_finding("a: 1\n".encode("utf-16"))) == ("YAML-ENCODING", 1, 1)


def test_tab_used_for_indentation() -> None:
    finding = only_finding("events:\n  storm:\n    cost: 1\n\t  gold: 2\n")
    assert where(finding) == ("YAML-TAB", 4, 1)
    assert "tab used for indentation" in finding.message


def test_tab_after_spaces_in_indentation() -> None:
    assert where(only_finding("a:\n  - x\n  \t- y\n")) == ("YAML-TAB", 3, 3)


@pytest.mark.parametrize("text", ["", "\n\n  \n", "# only a comment\n# and another\n"])
def test_empty_file(text: str) -> None:
    assert where(only_finding(text)) == ("YAML-EMPTY", 1, 1)


def test_null_document_is_empty() -> None:
    assert where(only_finding("# header\n~\n")) == ("YAML-EMPTY", 2, 1)
    assert only_finding("---\n").code == "YAML-EMPTY"


def test_syntax_error() -> None:
    finding = only_finding("a: 1\nb: [1, 2\nc: 3\n")
    assert finding.code == "YAML-SYNTAX"
    assert finding.line == 3
    assert "Traceback" not in finding.message


def test_syntax_error_bad_indentation() -> None:
    assert where(only_finding("a:\n  b: 1\n c: 2\n")) == ("YAML-SYNTAX", 3, 2)


def test_two_documents() -> None:
    finding = only_finding("a: 1\n---\nb: 2\n")
    assert where(finding) == ("YAML-SYNTAX", 2, 1)
    assert "only one document per file" in finding.message


def test_duplicate_key() -> None:
    finding = only_finding("id: storm\ncost: 1\ntext: x\ncost: 2\n")
    assert where(finding) == ("YAML-DUPLICATE-KEY", 4, 1)
    assert "'cost'" in finding.message
    assert "line 2" in finding.message


def test_duplicate_key_nested_and_all_reported() -> None:
    loaded, findings = load("a:\n  x: 1\n  x: 2\nb: {y: 1, y: 2}\n")
    assert loaded is None
    assert [where(f) for f in findings] == [("YAML-DUPLICATE-KEY", 3, 3), ("YAML-DUPLICATE-KEY", 4, 11)]


def test_same_key_in_different_mappings_is_fine() -> None:
    assert ok("- {id: 1}\n- {id: 2}\n").data == [{"id": 1}, {"id": 2}]


def test_billion_laughs_is_stopped_quickly() -> None:
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 9):
        prev, name = chr(96 + i), chr(97 + i)
        lines.append(f"{name}: &{name} [{', '.join([f'*{prev}'] * 9)}]")
    started = time.perf_counter()
    finding = only_finding("\n".join(lines) + "\n")
    assert time.perf_counter() - started < 0.5
    assert finding.code == "YAML-ALIAS"
    assert finding.line == 6  # f's second *e pushes the expansion past MAX_NODES


def test_recursive_alias() -> None:
    assert where(only_finding("x: 1\nloop: &a [1, *a]\n")) == ("YAML-ALIAS", 2, 14)
    assert only_finding("m: &m {self: *m}\n").code == "YAML-ALIAS"


def test_undefined_alias() -> None:
    assert where(only_finding("a: *nowhere\n")) == ("YAML-ALIAS", 1, 4)


def test_too_deep() -> None:
    depth = MAX_DEPTH + 1
    finding = only_finding("[" * depth + "]" * depth)
    assert where(finding) == ("YAML-DEPTH", 1, depth)
    assert ok("[" * MAX_DEPTH + "]" * MAX_DEPTH).data is not None


def test_very_deep_nesting_does_not_crash() -> None:
    # ruamel's C compose() segfaults on this; the loader must stop early instead
    assert only_finding("[" * 400_000 + "]" * 400_000).code == "YAML-DEPTH"
    assert only_finding("- " * 100_000 + "x\n").code == "YAML-DEPTH"


def test_too_deep_through_an_alias() -> None:
    half = MAX_DEPTH // 2 + 1
    text = "a: &deep " + "[" * half + "]" * half + "\nb: " + "[" * half + "*deep" + "]" * half + "\n"
    assert where(only_finding(text)) == ("YAML-DEPTH", 2, 4 + half)


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        ("a: 1\n? [x, y]\n: 2\n", 2, 3),
        ("a: 1\n{b: 1}: 2\n", 2, 1),
        ("a: 1\n~: 2\n", 2, 1),
        ("a: 1\ntrue: 2\n", 2, 1),
        ("a: 1\n1.5: 2\n", 2, 1),
    ],
)
def test_bad_mapping_key(text: str, line: int, column: int) -> None:
    assert where(only_finding(text)) == ("YAML-KEY", line, column)


@pytest.mark.parametrize(
    "tagged",
    [
        "!foo bar",
        "!!binary aGVsbG8=",
        "!!set {a, b}",
        "!!omap [a: 1]",
        "!!python/name:os.system",
        "!!int abc",
    ],
)
def test_other_tags_are_rejected(tagged: str) -> None:
    assert where(only_finding(f"a: 1\nb: {tagged}\n")) == ("YAML-TAG", 2, 4)


def test_python_object_tag_runs_nothing(tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    finding = only_finding(f"a: 1\nb: !!python/object/apply:os.system ['touch {marker}']\n")
    assert where(finding) == ("YAML-TAG", 2, 4)
    assert "python/object/apply:os.system" in finding.message
    assert not marker.exists()


def test_bad_merge_value() -> None:
    assert where(only_finding("a:\n  <<: [1, 2]\n")) == ("YAML-MERGE", 2, 7)


# --- property tests: any input gives (LoadedFile | None, findings), never an exception ------------


def check_contract(data: bytes) -> LoadedFile | None:
    loaded, findings = load_yaml_text(data, SHOWN)
    assert isinstance(findings, list)
    for finding in findings:
        assert isinstance(finding, Finding)
        assert finding.severity is Severity.ERROR
        assert finding.file == SHOWN
        assert finding.line >= 1 and finding.column >= 1
    if loaded is None:
        assert findings
    else:
        assert findings == []
        assert isinstance(loaded, LoadedFile)
        assert () in loaded.positions
    return loaded


@given(st.binary(max_size=300))
def test_random_bytes_never_raise(data: bytes) -> None:
    check_contract(data)


@given(st.text(st.characters(codec="utf-8"), max_size=300))
def test_random_text_never_raises(text: str) -> None:
    check_contract(text.encode("utf-8"))


YAML_CHARS = st.characters(codec="utf-8")  # any character but lone surrogates
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(YAML_CHARS, max_size=12)
    | st.sampled_from(["2024-01-01", "<<", "*x", "&y", "- a", "a: b", "\t", "0o17", "yes", "~"])
)
DOCUMENTS = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(YAML_CHARS, max_size=8), inner, max_size=4),
    max_leaves=20,
)


def dump(document: Any, flow: bool) -> str:
    yaml = YAML(typ="safe", pure=False)  # libyaml's emitter, so its parser agrees on the text
    yaml.default_flow_style = flow
    out = io.StringIO()
    yaml.dump(document, out)
    return out.getvalue()


def mutate(text: str, op: str, at: int, char: str) -> str:
    if not text:
        return char
    at %= len(text)
    if op == "delete":
        return text[:at] + text[at + 1 :]
    if op == "insert":
        return text[:at] + char + text[at:]
    if op == "swap" and at + 1 < len(text):
        return text[:at] + text[at + 1] + text[at] + text[at + 2 :]
    if op == "tab":
        start = text.rfind("\n", 0, at) + 1  # a tab at the start of the line, in the indentation
        return text[:start] + "\t" + text[start:]
    if op == "dupline":
        lines = text.splitlines(keepends=True)
        row = at % len(lines)
        return "".join(lines[: row + 1] + [lines[row]] + lines[row + 1 :])
    return text


@given(DOCUMENTS, st.booleans())
def test_dumped_yaml_loads_back(document: Any, flow: bool) -> None:
    loaded = check_contract(dump(document, flow).encode("utf-8"))
    if document is None:
        assert loaded is None
    else:
        assert loaded is not None
        assert loaded.data == document


@given(
    DOCUMENTS,
    st.booleans(),
    st.lists(
        st.tuples(
            st.sampled_from(["delete", "insert", "swap", "tab", "dupline"]),
            st.integers(min_value=0, max_value=10_000),
            st.sampled_from(list(":-[]{}&*!?|>'\"#,%@` \t\n") + ["\x00", "é", "<<", "---\n"]),
        ),
        min_size=1,
        max_size=3,
    ),
)
def test_mutated_yaml_never_raises(document: Any, flow: bool, edits: list[tuple[str, int, str]]) -> None:
    text = dump(document, flow)
    for op, at, char in edits:
        text = mutate(text, op, at, char)
    check_contract(text.encode("utf-8"))
