"""What `pnp validate` proves of the reference guide: its references, links and related topics resolve."""

from __future__ import annotations

from pipeline.findings import Finding

from ..content import PathOfDestinyContent
from .guide import references


def check(content: PathOfDestinyContent) -> list[Finding]:
    return references(content)
