"""Measure how far the Old World core knows its packs: import edges from core modules into pack modules
(every import statement, function-level and TYPE_CHECKING ones included) and Python lines of each side.

Usage: python tools/pack_edges.py [ROOT]   (ROOT defaults to pipeline/games/old_world)
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

# The rules packs' modules, by their path below the game package (engine rules, checks and print parts).
PACK_MODULES = {
    "engine/lost_mount.py", "engine/legendary_hunt.py", "engine/wild_hunt.py", "engine/skellige.py",
    "engine/mages.py", "engine/advanced_actions.py", "engine/mutagens.py", "engine/bombs.py", "engine/weakness.py",
    "checks/lost_mount.py", "checks/legendary_hunt.py", "checks/wild_hunt.py", "checks/skellige.py",
    "checks/skellige_events.py", "checks/mages.py", "checks/advanced_actions.py", "checks/monster_trail.py",
    "checks/weakness.py", "checks/special_monsters.py",
    "legendary_print.py", "weakness_print.py", "wild_hunt_print.py",
    "models/lost_mount.py", "models/adventure_pack.py", "models/legendary_hunt.py", "models/monster_trail.py",
    "models/skellige.py", "models/wild_hunt.py",
}
# Modules whose only job is to name the packs: the rules packs' registry and the list of every file kind.
WIRING = {"engine/registry.py", "models/__init__.py"}


def module_path(root: Path, importer: Path, node: ast.ImportFrom | ast.Import) -> list[str]:
    """The package-relative paths an import statement names (only those inside ROOT)."""
    names: list[str] = []
    if isinstance(node, ast.ImportFrom):
        base = importer.parent
        if node.level:
            for _ in range(node.level - 1):
                base = base.parent
        else:
            return []  # absolute imports of the game package are not used inside it
        stem = base / Path(*node.module.split(".")) if node.module else base
        for alias in node.names:
            for candidate in (stem / alias.name, stem):
                for path in (candidate.with_suffix(".py"), candidate / "__init__.py"):
                    if path.is_file():
                        names.append(path.relative_to(root).as_posix())
                        break
                else:
                    continue
                break
    return names


def is_pack(rel: str) -> bool:
    return rel in PACK_MODULES


def measure(root: Path) -> dict[str, object]:
    edges: list[tuple[str, int, str]] = []
    lines = {"core": 0, "packs": 0, "wiring": 0}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        text = path.read_text(encoding="utf-8")
        side = "wiring" if rel in WIRING else "packs" if is_pack(rel) else "core"
        lines[side] += len(text.splitlines())
        if side != "core":
            continue
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                edges.extend((rel, node.lineno, target) for target in set(module_path(root, path, node)) if is_pack(target))
    return {"edges": edges, "lines": lines}


def main() -> int:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else "pipeline/games/old_world")
    result = measure(root)
    edges = result["edges"]
    assert isinstance(edges, list)
    for importer, line, target in edges:
        print(f"{importer}:{line} -> {target}")
    engine_edges = [e for e in edges if e[0].startswith("engine/")]
    print(f"core->pack import edges: {len(edges)} (engine core: {len(engine_edges)})")
    print("python lines:", ", ".join(f"{side} {count}" for side, count in result["lines"].items()))  # type: ignore[union-attr]
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
