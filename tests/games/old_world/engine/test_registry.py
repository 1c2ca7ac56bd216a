"""The rules packs as plug-ins (engine/pack.py, engine/registry.py): the core calls the active packs' hooks and
imports no pack; the registry keeps the packs the selected content switches on."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

from pipeline.games.old_world.content import OldWorldContent
from pipeline.games.old_world.engine import Tables, lost_mount, new_game, registry
from pipeline.games.old_world.engine.pack import Pack
from pipeline.games.old_world.engine.state import Flow, GameState, PlayerState
from pipeline.games.old_world.spec import SPEC

ROOT = Path(__file__).resolve().parents[4]
ENGINE = ROOT / "pipeline" / "games" / "old_world" / "engine"
PACK_MODULES = {Path(pack.__module__.rsplit(".", 1)[1] + ".py").stem for pack in (type(p) for p in registry.PACKS)}


def runtime_imports(path: Path) -> list[str]:
    """The sibling modules a module imports when it runs (function-level ones too; not those for type checkers)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(node) for block in ast.walk(tree) if isinstance(block, ast.If)
                   and isinstance(block.test, ast.Name) and block.test.id == "TYPE_CHECKING"
                   for node in ast.walk(block)}
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1 and id(node) not in typing_only:
            found += [node.module] if node.module else [alias.name for alias in node.names]
    return found


def test_the_core_imports_no_pack() -> None:
    edges: dict[tuple[str, str], int] = {}
    for path in sorted(ENGINE.glob("*.py")):
        if path.stem in PACK_MODULES or path.stem in ("registry", "__init__"):
            continue
        for module in runtime_imports(path):
            if module in PACK_MODULES:
                edges[path.stem, module] = edges.get((path.stem, module), 0) + 1
    assert edges == {}


def load(*packs: str) -> Tables:
    db, _ = SPEC.load(ROOT / "content", packs)
    return Tables.from_content(OldWorldContent(db))


def test_the_registry_keeps_the_packs_the_content_switches_on() -> None:
    assert registry.active_packs(load()) == ()
    assert registry.active_packs(load("lost-mount")) == (lost_mount.PACK,)
    assert [p.id for p in registry.active_packs(load("monster-trail"))] == ["mutagens", "bombs", "advanced-actions",
                                                                           "weakness"]
    # Content-only packs switch on no rules of their own.
    assert registry.active_packs(load("monster-pack", "ciri", "adventure-pack")) == ()


class Counting(Pack):
    """A pack that only counts the turns and rounds it is told of."""

    id = "counting"

    def __init__(self) -> None:
        self.turns = 0
        self.rounds = 0

    def new_turn(self, s: GameState, p: PlayerState) -> None:
        self.turns += 1

    def end_of_round(self, s: GameState) -> Flow:
        self.rounds += 1
        yield from ()


def test_the_core_calls_each_active_packs_hooks(monkeypatch: Any) -> None:
    tables = load()
    plain = new_game(tables, 2, 3)
    counting = Counting()
    monkeypatch.setattr(registry, "PACKS", (*registry.PACKS, counting))
    monkeypatch.setattr(Counting, "is_on", lambda self, tables: True)
    state = new_game(tables, 2, 3)
    assert state.packs == (counting,)
    while not state.is_terminal():  # the same game: a pack's no-op hooks change nothing
        action = state.legal_actions()[0]
        assert action == plain.legal_actions()[0]
        state.apply(action)
        plain.apply(action)
    assert counting.turns == state.turn > 0
    assert counting.rounds == state.turn // 2


def strings_in_code(path: Path) -> set[str]:
    """The string constants of a module (its docstrings and comments left out)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body
                  and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return {node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings}


def test_a_content_only_pack_needs_no_python() -> None:
    """Ciri and the Monster Pack are data: no module names them but the rulebook's partner table (rule 31)."""
    game = ENGINE.parent
    naming = {pack: sorted(path.relative_to(game).as_posix() for path in game.rglob("*.py")
                           if pack in strings_in_code(path))
              for pack in ("ciri", "monster-pack")}
    assert naming == {"ciri": [], "monster-pack": ["checks/packs.py"]}
