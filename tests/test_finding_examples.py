"""Each registered code's example (pipeline/finding_codes.yaml) triggers that code: its base tree is copied, its
edits made, its command run in this process, and the code must be reported with a severity the registry gives it.

A code with neither an example nor a reason why none can exist (`no_example:`) fails, unless it is still listed
in WAITING (codes whose example is not written yet; the list only shrinks). The whole set is the slow tier; the
default tier runs SAMPLE, one example of each kind of base and command.
"""

from __future__ import annotations

import re
import shlex
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.finding_codes import CodeInfo, Example, registry

REPO = Path(__file__).resolve().parent.parent
runner = CliRunner()

# Codes whose example is not written yet (each is reported by the suite's other tests); remove a code when its
# example lands. Nothing may be added here.
WAITING: frozenset[str] = frozenset()  # empty since 2026-12-08: every code has an example or a reason
SAMPLE = ("YAML-DUPLICATE-KEY", "LAYOUT-PARENT", "REF-UNKNOWN", "<DECK>-GAP", "OW-MAP-SELF")

Base = Callable[[str], Path]


@pytest.fixture(scope="session")
def base_tree(tmp_path_factory: pytest.TempPathFactory) -> Base:
    """The content root of a base, made once per session (a `pnp new` scaffold, a fixture tree, a shipped game)."""
    made: dict[str, Path] = {}

    def get(base: str) -> Path:
        if base not in made:
            kind, _, name = base.partition(":")
            root = tmp_path_factory.mktemp(f"base-{kind}-{name}") / "content"
            if kind == "new":
                result = runner.invoke(app, ["new", "demo", "--template", name, "--content", str(root), "--no-repository"])
                assert result.exit_code == 0, result.output
            else:
                source = {"fixture": REPO / "tests" / "fixtures", "shipped": REPO / "content"}[kind] / name
                shutil.copytree(source, root / name)
            made[base] = root
        return made[base]

    return get


def run_example(example: Example, expected: str, base: Path, work: Path) -> list[tuple[str, str]]:
    """The (severity, code) of each finding the example's command prints that carries the expected code."""
    root = work / "content"
    shutil.copytree(base, root)
    for edit in example.edits:
        path = root / edit["file"]
        encoding = edit.get("encoding", "utf-8")
        if "replace" in edit:
            text = path.read_text(encoding="utf-8")
            assert edit["replace"] in text, f"{edit['file']} has no {edit['replace']!r}"
            path.write_text(text.replace(edit["replace"], edit["with"], int(edit.get("count", 1))), encoding=encoding)
        elif "append" in edit:
            with path.open("a", encoding=encoding) as handle:
                handle.write(edit["append"] * int(edit.get("times", 1)))
        elif "link" in edit:
            path.symlink_to(edit["link"])
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(edit["write"] * int(edit.get("times", 1)), encoding=encoding)
    words = [word.replace("{root}", "content").replace("{tmp}", "out") for word in example.run]
    output = ""
    while words:  # `build ... && preflight ...`: each command in turn, their outputs together
        end = words.index("&&") if "&&" in words else len(words)
        result = runner.invoke(app, words[:end])
        assert result.exception is None or isinstance(result.exception, SystemExit), result.output
        output += result.output
        words = words[end + 1:]
    return re.findall(rf"\b(error|warning|info) ({re.escape(expected)}):", output)


def _expected(info: CodeInfo, example: Example) -> str:
    return example.expect or info.code


def _cases(sample: bool) -> list[CodeInfo]:
    infos = sorted(registry().codes.values(), key=lambda info: info.code)
    return [info for info in infos if (info.code in SAMPLE) == sample]


def _check(info: CodeInfo, base_tree: Base, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if info.example is None:
        assert info.no_example or info.code in WAITING, f"{info.code} has no example and no reason why"
        if info.no_example:
            assert info.code not in WAITING
        return
    assert info.code not in WAITING, f"{info.code} has its example now: remove it from WAITING"
    monkeypatch.chdir(tmp_path)  # what a command writes (output/, .pnp-cache/) lands here
    monkeypatch.delenv("PNP_ALLOW_PLUGINS", raising=False)
    for name, value in info.example.env:
        monkeypatch.setenv(name, value)
    expected = _expected(info, info.example)
    found = run_example(info.example, expected, base_tree(info.example.base), tmp_path)
    assert found, f"{expected} was not reported by `pnp {shlex.join(info.example.run)}`"
    assert {severity for severity, _ in found} <= set(info.severities), found


@pytest.mark.parametrize("info", _cases(sample=True), ids=lambda info: info.code)
def test_a_sample_of_examples_triggers_its_code(info: CodeInfo, base_tree: Base, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    _check(info, base_tree, tmp_path, monkeypatch)


@pytest.mark.slow
@pytest.mark.parametrize("info", _cases(sample=False), ids=lambda info: info.code)
def test_each_example_triggers_its_code(info: CodeInfo, base_tree: Base, tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    _check(info, base_tree, tmp_path, monkeypatch)


def test_the_sample_covers_codes_that_have_examples() -> None:
    assert all(registry().codes[code].example is not None for code in SAMPLE)
