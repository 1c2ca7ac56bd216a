"""The finding-code registry (pipeline/finding_codes.yaml) holds every code the pipeline can emit: the code
literals of pipeline/ are scanned, and a finding made with an unregistered code raises in the test suite."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest

from pipeline.finding_codes import PLACEHOLDERS, DeclaredCode, registry
from pipeline.findings import GUARD_ENV, UnregisteredCode, error, warning

PIPELINE = Path(__file__).resolve().parent.parent / "pipeline"
CODE = re.compile(r"^[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+$")
TAIL = re.compile(r"^(?:-[A-Z0-9]+)+$")
WORD = re.compile(r"^[A-Z][A-Z0-9]*$")  # a code of one word (SCHEMA, MODEL), found where a finding is made
MAKERS = {"error", "warning", "finding", "finding_at", "fail", "_at", "at", "at_po", "flag", "_warn", "_Problem",
          "GridProblem", "GameError"}
PRINTED = re.compile(r"\b(?:error|warning|info) ([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+):")  # a code the CLI prints itself
# Functions that build a family's code from its last part: `_finding(deck, "GAP", ...)` is `<DECK>-GAP`.
FAMILY_BUILDERS = {"_finding": "<DECK>", "_code": "<GAME>"}
DECKS = {"OW-EVENT", "OW-SK-EVENT", "POD-STORY"}  # the decks' own codes (NumberedDeck.code), the `<DECK>` of a family
# Code-shaped strings that are no finding codes.
NOT_CODES = {"games/path_of_destiny/effects.py": "the glossary keys of the effect texts (C-HAVE-SYM, E-XP3...)"}


def _unregistered_literals(source: str, shown: str) -> list[str]:
    """`file:line: code` for each code a module's source writes that the registry does not hold."""
    reg = registry()
    tree = ast.parse(source)
    built: set[int] = set()  # the ids of the string nodes a family builder takes
    problems = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FAMILY_BUILDERS:
            for arg in node.args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value.isupper():
                    built.add(id(arg))
                    if f"{FAMILY_BUILDERS[node.func.id]}-{arg.value}" not in reg.codes:
                        problems.append(f"{shown}:{arg.lineno}: {FAMILY_BUILDERS[node.func.id]}-{arg.value}")
        elif isinstance(node, ast.Call) and _name(node.func) in MAKERS:
            problems += [f"{shown}:{arg.lineno}: {arg.value}" for arg in node.args if isinstance(arg, ast.Constant)
                         and isinstance(arg.value, str) and WORD.match(arg.value) and not reg.is_registered(arg.value)]
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in built:
            if CODE.match(node.value) and not reg.is_registered(node.value) and node.value not in DECKS:
                problems.append(f"{shown}:{node.lineno}: {node.value}")
        elif isinstance(node, ast.JoinedStr):
            parts = node.values
            # f"{prefix}-GUIDE-LINK": the family <X>-GUIDE-LINK for some placeholder X
            if (len(parts) == 2 and isinstance(parts[0], ast.FormattedValue) and isinstance(parts[1], ast.Constant)
                    and TAIL.match(str(parts[1].value))):
                if not any(f"{placeholder}{parts[1].value}" in reg.codes for placeholder in PLACEHOLDERS):
                    problems.append(f"{shown}:{node.lineno}: <?>{parts[1].value}")
            for part in parts:
                if isinstance(part, ast.Constant):
                    problems += [f"{shown}:{node.lineno}: {code}" for code in PRINTED.findall(str(part.value))
                                 if not reg.is_registered(code)]
    return problems


def _name(func: ast.expr) -> str | None:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def test_every_code_the_pipeline_writes_is_registered() -> None:
    problems = [problem for path in sorted(PIPELINE.rglob("*.py")) if path.relative_to(PIPELINE).as_posix() not in NOT_CODES
                for problem in _unregistered_literals(path.read_text(encoding="utf-8"), path.relative_to(PIPELINE.parent).as_posix())]
    assert not problems, "unregistered finding codes (add them to pipeline/finding_codes.yaml):\n" + "\n".join(problems)


def test_the_scan_finds_an_unregistered_literal_a_family_and_a_printed_code() -> None:
    source = ('x = error("LAYOUT-NOPE", "m", "f")\ny = f"{prefix}-GUIDE-NOPE"\n'
              'z = f"{path}: error NOT-PRINTABLE: {message}"\nw = _finding(deck, "NOPE", "m", at)\n'
              'v = error("NOPE", "m", "f")\nok = (error("SCHEMA", "m", "f"), "LAYOUT-CYCLE", f"{p}-GUIDE-LINK", _finding(deck, "GAP", "m", at))\n')
    assert sorted(_unregistered_literals(source, "pipeline/_scan_probe.py")) == ["pipeline/_scan_probe.py:1: LAYOUT-NOPE", "pipeline/_scan_probe.py:2: <?>-GUIDE-NOPE",
                     "pipeline/_scan_probe.py:3: NOT-PRINTABLE", "pipeline/_scan_probe.py:4: <DECK>-NOPE",
                     "pipeline/_scan_probe.py:5: NOPE"]


def _made_in(module: str, maker: Any, code: str) -> Any:
    """The finding `maker(code, ...)` returns when called from code of `module`."""
    scope: dict[str, Any] = {"__name__": module, "maker": maker, "code": code}
    exec("found = maker(code, 'message', 'file.yaml')", scope)
    return scope["found"]


def test_a_finding_with_an_unregistered_code_raises_in_the_suite(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(GUARD_ENV, "1")
    with pytest.raises(UnregisteredCode, match="LAYOUT-NOPE"):
        _made_in("pipeline.render.layouts", error, "LAYOUT-NOPE")
    with pytest.raises(UnregisteredCode):
        _made_in("pipeline.content.numbered", warning, "OW-EVENT-NOPE")
    assert _made_in("pipeline.render.layouts", error, "LAYOUT-CYCLE").code == "LAYOUT-CYCLE"
    assert _made_in("pipeline.content.numbered", error, "OW-EVENT-GAP").code == "OW-EVENT-GAP"  # <DECK>-GAP
    assert _made_in("pipeline.rules.guide_checks", error, "AG-GUIDE-LINK").code == "AG-GUIDE-LINK"  # <GAME>-GUIDE-LINK
    assert _made_in("pipeline.content.database", error, DeclaredCode("AG-MAP")).code == "AG-MAP"  # a game.yaml's own code
    assert _made_in("rules", warning, "MY-COST").code == "MY-COST"  # a game's rules plug-in makes its own codes
    monkeypatch.delenv(GUARD_ENV)
    assert _made_in("pipeline.render.layouts", error, "LAYOUT-NOPE").code == "LAYOUT-NOPE"  # outside tests: made as asked


def test_a_code_is_found_case_insensitively_and_a_family_by_its_members() -> None:
    reg = registry()
    assert reg.lookup("layout-cycle") is reg.codes["LAYOUT-CYCLE"]
    assert reg.lookup("POD-STORY-UNREACHABLE") is reg.codes["<DECK>-UNREACHABLE"]
    assert reg.lookup("OW-GUIDE-REF") is reg.codes["<GAME>-GUIDE-REF"]
    assert reg.lookup("OW-PACK-REF") is reg.codes["OW-PACK-REF"]  # a code of its own is not read as a family's
    assert reg.lookup("LAYOUT-CYCEL") is None
    assert reg.closest("LAYOUT-CYCEL")[0] == "LAYOUT-CYCLE"


def test_every_entry_says_what_it_means_how_to_fix_it_and_why_it_has_two_severities() -> None:
    for info in registry().codes.values():
        assert info.meaning.strip() and info.fix.strip(), info.code
        assert (len(info.severities) > 1) == bool(info.severity_note), info.code
