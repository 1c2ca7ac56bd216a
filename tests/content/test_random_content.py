"""Random YAML and random mutations of real content files never crash the whole pipeline: every
problem comes back as findings with a file and a line. The files are those of the small Old World
example tree (tests/fixtures/old-world/): the same kinds as the shipped game, fast to load."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from pipeline.content.database import content_files
from pipeline.findings import Finding
from pipeline.games import find_game
from tests.conftest import FIXTURES

GAME = find_game("old-world")
TREE = FIXTURES / "old-world"
FILES = [p.relative_to(TREE) for p in content_files(TREE)]
SMALL_FILES = [p for p in FILES if (TREE / p).stat().st_size < 12_000]


def run_pipeline(files: dict[Path, bytes]) -> list[Finding]:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "content"
        shutil.copytree(TREE, root / "old-world")
        for relative, data in files.items():
            (root / "old-world" / relative).write_bytes(data)
        db, findings = GAME.load(root)
        return findings + GAME.checks(db)


def assert_findings_are_well_formed(findings: list[Finding]) -> None:
    for f in findings:
        assert f.file and f.line >= 1 and f.column >= 1 and f.code and f.message


@st.composite
def mutation(draw: st.DrawFn) -> tuple[Path, bytes]:
    relative = draw(st.sampled_from(SMALL_FILES))
    data = bytearray((TREE / relative).read_bytes())
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, max(len(data) - 1, 0)))
        op = draw(st.sampled_from(["delete", "insert", "replace", "duplicate-line", "swap-digit"]))
        if op == "delete":
            del data[at : at + draw(st.integers(1, 8))]
        elif op == "insert":
            data[at:at] = draw(
                st.sampled_from([b" ", b"\t", b":", b"-", b"\n", b"'", b"&a", b"*a", b"{", b"0", b"\xff", b"\x00"])
            )
        elif op == "replace":
            data[at : at + 1] = bytes([draw(st.integers(0, 255))])
        elif op == "duplicate-line":
            start = data.rfind(b"\n", 0, at) + 1
            end = data.find(b"\n", at)
            end = len(data) if end < 0 else end + 1
            data[end:end] = data[start:end]
        else:
            digits = [i for i, b in enumerate(data) if 48 <= b <= 57]
            if digits:
                data[draw(st.sampled_from(digits))] = draw(st.integers(48, 57))
    return relative, bytes(data)


@given(mutation())
def test_mutated_real_files_give_findings_never_a_traceback(change: tuple[Path, bytes]) -> None:
    relative, data = change
    assert_findings_are_well_formed(run_pipeline({relative: data}))


yaml_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 99) | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20,
)


@given(st.sampled_from(FILES), st.sampled_from(["action-cards", "events", "map", "game", "exploration", "nonsense"]), yaml_values)
def test_random_yaml_of_any_kind_gives_findings_never_a_traceback(relative: Path, kind: str, body: object) -> None:
    import json

    text = f"kind: {kind}\nitems: {json.dumps(body)}\n".encode()
    findings = run_pipeline({relative: text})
    assert findings, "a random file cannot be valid content"
    assert_findings_are_well_formed(findings)
