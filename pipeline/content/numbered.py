"""Numbered decks checked as graphs, once for every game.

Old World's events ("enter event N") and Path of Destiny's story decks are the same structure:
numbered entries that refer to other numbers, entered from outside through entry references.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pipeline.findings import Finding, Severity

from .database import Source


@dataclass(frozen=True)
class Ref:
    """A reference to entry `target`, written at `where` (`via` names what refers, for messages)."""

    target: int
    where: Source
    via: str = ""


@dataclass(frozen=True)
class NumberedEntry:
    number: int
    where: Source
    refs: tuple[Ref, ...] = ()


@dataclass(frozen=True)
class NumberedDeck:
    """What a game expects of one numbered deck."""

    name: str  # "event", "story card" (for messages)
    code: str  # finding code prefix, e.g. "OW-EVENT"
    first: int
    last: int
    allow_cycles: bool = False
    unreachable: Severity = Severity.WARNING
    # Entries at which a path may end (None: any entry may end a path).
    terminals: frozenset[int] | None = None
    # Every path from an entry point must end within this many steps (None: no limit).
    max_path_length: int | None = None


def check_numbered_deck(deck: NumberedDeck, entries: Sequence[NumberedEntry], entry_refs: Sequence[Ref]) -> list[Finding]:
    """Unique, contiguous numbers; references resolve; all reachable; no cycles; paths end."""
    findings: list[Finding] = []
    by_number: dict[int, NumberedEntry] = {}
    for entry in entries:
        if entry.number in by_number:
            first = by_number[entry.number].where
            findings.append(
                _finding(
                    deck,
                    "DUPLICATE",
                    f"{deck.name} {entry.number} is numbered twice (first at {first.file}:{first.line})",
                    entry.where,
                )
            )
            continue
        by_number[entry.number] = entry
        if not deck.first <= entry.number <= deck.last:
            findings.append(
                _finding(deck, "RANGE", f"{deck.name} {entry.number} is outside {deck.first}–{deck.last}", entry.where)
            )
    missing = [n for n in range(deck.first, deck.last + 1) if n not in by_number]
    if missing:
        where = min((e.where for e in entries), key=lambda s: (s.file, s.line), default=Source("?", 1, 1))
        findings.append(
            _finding(
                deck,
                "GAP",
                f"{deck.name} numbers {_ranges(missing)} are missing; the deck must run {deck.first}–{deck.last} without gaps",
                where,
            )
        )

    for ref in [*entry_refs, *(r for e in by_number.values() for r in e.refs)]:
        if ref.target not in by_number:
            via = f"{ref.via} enters" if ref.via else "enters"
            findings.append(_finding(deck, "REF", f"{via} {deck.name} {ref.target}, which does not exist", ref.where))

    reachable = _reachable(by_number, entry_refs)
    for number, entry in sorted(by_number.items()):
        if number not in reachable:
            findings.append(
                Finding(
                    entry.where.file,
                    entry.where.line,
                    entry.where.column,
                    deck.unreachable,
                    f"{deck.code}-UNREACHABLE",
                    f"{deck.name} {number} is never entered: nothing leads to it",
                )
            )
    if not deck.allow_cycles:
        findings.extend(_cycles(deck, by_number))
    findings.extend(_dead_ends(deck, by_number, entry_refs))
    return findings


def _finding(deck: NumberedDeck, suffix: str, message: str, where: Source) -> Finding:
    return Finding(where.file, where.line, where.column, Severity.ERROR, f"{deck.code}-{suffix}", message)


def _reachable(by_number: dict[int, NumberedEntry], entry_refs: Sequence[Ref]) -> set[int]:
    seen: set[int] = set()
    stack = [r.target for r in entry_refs if r.target in by_number]
    while stack:
        number = stack.pop()
        if number in seen:
            continue
        seen.add(number)
        stack.extend(r.target for r in by_number[number].refs if r.target in by_number)
    return seen


def _cycles(deck: NumberedDeck, by_number: dict[int, NumberedEntry]) -> list[Finding]:
    """Each cycle once, reported at the reference that closes it (iterative DFS, no recursion limit)."""
    findings = []
    state: dict[int, int] = {}  # 1 = on the stack, 2 = done
    for start in sorted(by_number):
        if state.get(start):
            continue
        stack: list[tuple[int, int]] = [(start, 0)]
        path: list[int] = [start]
        state[start] = 1
        while stack:
            number, i = stack[-1]
            refs = [r for r in by_number[number].refs if r.target in by_number]
            if i >= len(refs):
                stack.pop()
                path.pop()
                state[number] = 2
                continue
            stack[-1] = (number, i + 1)
            ref = refs[i]
            if state.get(ref.target) == 1:
                loop = path[path.index(ref.target) :] + [ref.target]
                findings.append(_finding(deck, "CYCLE", f"{deck.name}s form a cycle: {' → '.join(map(str, loop))}", ref.where))
            elif not state.get(ref.target):
                state[ref.target] = 1
                stack.append((ref.target, 0))
                path.append(ref.target)
    return findings


def _dead_ends(deck: NumberedDeck, by_number: dict[int, NumberedEntry], entry_refs: Sequence[Ref]) -> list[Finding]:
    """With terminals declared: every reachable entry without exits must be a terminal, within the length."""
    if deck.terminals is None and deck.max_path_length is None:
        return []
    findings = []
    depth: dict[int, int] = {}
    frontier = [(r.target, 1) for r in entry_refs if r.target in by_number]
    while frontier:
        number, length = frontier.pop()
        # A longer path than there are entries has looped: cycles are reported elsewhere.
        if depth.get(number, 0) >= length or length > len(by_number) + 1:
            continue
        depth[number] = length
        exits = [r.target for r in by_number[number].refs if r.target in by_number]
        if deck.max_path_length is not None and length > deck.max_path_length:
            findings.append(
                _finding(
                    deck,
                    "TOO-LONG",
                    f"a path reaches {deck.name} {number} after {length} steps; at most {deck.max_path_length} allowed",
                    by_number[number].where,
                )
            )
            continue
        if not exits and deck.terminals is not None and number not in deck.terminals:
            findings.append(
                _finding(deck, "DEAD-END", f"{deck.name} {number} leads nowhere and is not an ending", by_number[number].where)
            )
        frontier.extend((t, length + 1) for t in exits)
    return sorted(set(findings))


def _ranges(numbers: list[int]) -> str:
    """[3, 4, 5, 9] -> '3–5, 9'."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs)
