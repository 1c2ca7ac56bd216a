"""The layer table of docs/explanation/architecture.md says what import-linter enforces (pyproject.toml)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
ARCHITECTURE = REPO / "docs" / "explanation" / "architecture.md"


def contract_layers() -> list[set[str]]:
    """The modules of each layer of the `layers` contract, top layer first."""
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    (contract,) = [c for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "layers"]
    return [{module.strip() for module in layer.split("|")} for layer in contract["layers"]]


def table_rows(text: str) -> list[tuple[set[str], str]]:
    """The modules each row of the package table names (first column), with the row's text, top row first."""
    section = text.split("## Packages\n", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        if line.startswith("| `pipeline/"):
            first = line.split(" | ", 1)[0]
            names = re.findall(r"`pipeline/([a-z0-9_]+)(?:\.py|/[^`]*)`", first)
            rows.append(({f"pipeline.{name}" for name in names}, line))
    return rows


def test_the_layer_table_lists_the_contracts_layers_bottom_up() -> None:
    layers = contract_layers()
    layer_of = {module: index for index, layer in enumerate(layers) for module in layer}
    rows = table_rows(ARCHITECTURE.read_text(encoding="utf-8"))
    named = set().union(*(modules for modules, _ in rows))
    assert set(layer_of) <= named, f"layers the table leaves out: {set(layer_of) - named}"
    indices: list[int] = []
    for modules, line in rows:
        outside = {module for module in modules if module not in layer_of}
        assert not outside or "in no contract" in line, f"{outside}: in no layer, and the table does not say so"
        found = {layer_of[module] for module in modules if module in layer_of}
        assert len(found) == 1, f"one row, one layer: {sorted(modules)}"
        indices.extend(found)
    assert indices == sorted(indices, reverse=True), "the rows go up the layers, the bottom layer first"


def test_the_table_reads_every_row() -> None:
    rows = table_rows(ARCHITECTURE.read_text(encoding="utf-8"))
    assert {"pipeline.cli", "pipeline.findings", "pipeline.progress", "pipeline.games"} <= set().union(*(m for m, _ in rows))
