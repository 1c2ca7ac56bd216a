"""What `pnp validate` proves of the reference guide: its references, links, related topics and item packs resolve."""

from __future__ import annotations

from pipeline.findings import Finding

from ..content import OldWorldContent
from .guide import references


def check(content: OldWorldContent) -> list[Finding]:
    return references(content)
