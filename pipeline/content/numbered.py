"""Numbered decks checked as graphs, once for every game.

Old World's events ("enter event N") and Path of Destiny's story decks are the same structure:
numbered entries that refer to other numbers, entered from outside through entry references.
Optional, for decks that need them: entries of one `group` are entered together (a path goes on from
any of them); `stage` numbers every path must pass in order (1, 2, ... `deck.stages`) before it ends;
a reference may declare what it `expects` its target to `show` (a preview printed on a card).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pipeline.findings import Finding, Severity, finding

from .database import Source


@dataclass(frozen=True)
class Ref:
    """A reference to entry `target`, written at `where` (`via` names what refers, for messages)."""

    target: int
    where: Source
    via: str = ""
    # What the referring entry says the target shows (e.g. a printed preview); None: nothing declared.
    expects: tuple[str, ...] | None = None


@dataclass(frozen=True)
class NumberedEntry:
    number: int
    where: Source
    refs: tuple[Ref, ...] = ()
    # Entries of one group are entered together, and a path goes on from any of them.
    group: str | None = None
    # The stage this entry belongs to (1, 2, ...), for decks that declare `stages`.
    stage: int | None = None
    # What the entry shows, compared with the `expects` of the references that lead to it.
    shows: tuple[str, ...] | None = None


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
    # Every path from an entry point must pass stages 1..stages in order, each once, then end.
    stages: int | None = None
    stage_name: str = "stage"
    # Where the deck is declared: what is wrong with the whole deck points here when it has no entries.
    declared: Source | None = None


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
        where = min((e.where for e in entries), key=lambda s: (s.file, s.line), default=deck.declared or Source("?", 1, 1))
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

    graph = _Graph.of(by_number)
    reachable = graph.reachable(entry_refs)
    for number, entry in sorted(by_number.items()):
        if number not in reachable:
            findings.append(
                finding(deck.unreachable, f"{deck.code}-UNREACHABLE",
                        f"{deck.name} {number} is never entered: nothing leads to it",
                        entry.where.file, entry.where.line, entry.where.column)
            )
    if not deck.allow_cycles:
        findings.extend(_cycles(deck, graph))
    findings.extend(_dead_ends(deck, graph, by_number, entry_refs))
    findings.extend(_stages(deck, graph, by_number, entry_refs))
    findings.extend(_previews(deck, by_number, entry_refs))
    return findings


def _finding(deck: NumberedDeck, suffix: str, message: str, where: Source) -> Finding:
    return finding(Severity.ERROR, f"{deck.code}-{suffix}", message, where.file, where.line, where.column)


@dataclass(frozen=True)
class _Graph:
    """The deck as nodes: an entry, or a group of entries entered together (named by its lowest number)."""

    node_of: dict[int, int]
    members: dict[int, list[int]]
    exits: dict[int, list[int]]  # node -> target nodes
    exit_refs: dict[int, list[Ref]]

    @classmethod
    def of(cls, by_number: dict[int, NumberedEntry]) -> _Graph:
        node_of: dict[int, int] = {}
        first: dict[str, int] = {}
        for number in sorted(by_number):
            group = by_number[number].group
            node_of[number] = number if group is None else first.setdefault(group, number)
        members: dict[int, list[int]] = {}
        exit_refs: dict[int, list[Ref]] = {}
        for number in sorted(by_number):
            members.setdefault(node_of[number], []).append(number)
            refs = exit_refs.setdefault(node_of[number], [])
            refs.extend(r for r in by_number[number].refs if r.target in by_number)
        exits = {node: [node_of[r.target] for r in refs] for node, refs in exit_refs.items()}
        return cls(node_of, members, exits, exit_refs)

    def starts(self, entry_refs: Sequence[Ref]) -> list[int]:
        return [self.node_of[r.target] for r in entry_refs if r.target in self.node_of]

    def reachable(self, entry_refs: Sequence[Ref]) -> set[int]:
        """The numbers of every entry some path enters (a group's members with it)."""
        seen: set[int] = set()
        stack = self.starts(entry_refs)
        while stack:
            node = stack.pop()
            if node in seen:
                continue
            seen.add(node)
            stack.extend(self.exits[node])
        return {number for node in seen for number in self.members[node]}


def _cycles(deck: NumberedDeck, graph: _Graph) -> list[Finding]:
    """Each cycle once, reported at the reference that closes it (iterative DFS, no recursion limit)."""
    findings = []
    state: dict[int, int] = {}  # 1 = on the stack, 2 = done
    for start in sorted(graph.members):
        if state.get(start):
            continue
        stack: list[tuple[int, int]] = [(start, 0)]
        path: list[int] = [start]
        state[start] = 1
        while stack:
            node, i = stack[-1]
            refs = graph.exit_refs[node]
            if i >= len(refs):
                stack.pop()
                path.pop()
                state[node] = 2
                continue
            stack[-1] = (node, i + 1)
            ref = refs[i]
            target = graph.node_of[ref.target]
            if state.get(target) == 1:
                loop = path[path.index(target) :] + [target]
                findings.append(_finding(deck, "CYCLE", f"{deck.name}s form a cycle: {' → '.join(map(str, loop))}", ref.where))
            elif not state.get(target):
                state[target] = 1
                stack.append((target, 0))
                path.append(target)
    return findings


def _dead_ends(
    deck: NumberedDeck, graph: _Graph, by_number: dict[int, NumberedEntry], entry_refs: Sequence[Ref]
) -> list[Finding]:
    """With terminals declared: every reachable entry without exits must be a terminal, within the length."""
    if deck.terminals is None and deck.max_path_length is None:
        return []
    findings = []
    depth: dict[int, int] = {}
    frontier = [(node, 1) for node in graph.starts(entry_refs)]
    while frontier:
        node, length = frontier.pop()
        # A longer path than there are entries has looped: cycles are reported elsewhere.
        if depth.get(node, 0) >= length or length > len(by_number) + 1:
            continue
        depth[node] = length
        exits = graph.exits[node]
        if deck.max_path_length is not None and length > deck.max_path_length:
            findings.append(
                _finding(
                    deck,
                    "TOO-LONG",
                    f"a path reaches {deck.name} {node} after {length} steps; at most {deck.max_path_length} allowed",
                    by_number[node].where,
                )
            )
            continue
        terminal = deck.terminals is None or any(n in deck.terminals for n in graph.members[node])
        if not exits and not terminal:
            message = f"{deck.name} {node} leads nowhere and is not an ending"
            findings.append(_finding(deck, "DEAD-END", message, by_number[node].where))
        frontier.extend((t, length + 1) for t in exits)
    return sorted(set(findings))


def _stages(deck: NumberedDeck, graph: _Graph, by_number: dict[int, NumberedEntry], entry_refs: Sequence[Ref]) -> list[Finding]:
    """With `stages` declared: every path passes stages 1, 2, ... in order, each once, and ends after the last."""
    if deck.stages is None:
        return []
    stage = deck.stage_name
    findings = []
    seen: set[tuple[int, int]] = set()
    frontier = [(node, 0) for node in graph.starts(entry_refs)]
    while frontier:
        node, passed = frontier.pop()
        if (node, passed) in seen:
            continue
        seen.add((node, passed))
        here = by_number[node].stage
        after = f"after {stage} {passed}" if passed else "before any " + stage
        if here is not None and here != passed + 1:
            expected = f"{stage} {passed + 1}" if passed < deck.stages else "an ending"
            message = f"a path enters {deck.name} {node} ({stage} {here}) {after}; expected {expected}"
            findings.append(_finding(deck, "STAGES", message, by_number[node].where))
            continue
        passed = here if here is not None else passed
        exits = graph.exits[node]
        if not exits and passed != deck.stages:
            at = after if here is None else f"in {stage} {here}"
            message = f"a path ends at {deck.name} {node} {at}; every path must pass {stage}s 1–{deck.stages}"
            findings.append(_finding(deck, "STAGES", message, by_number[node].where))
        frontier.extend((t, passed) for t in exits)
    return sorted(set(findings))


def _previews(deck: NumberedDeck, by_number: dict[int, NumberedEntry], entry_refs: Sequence[Ref]) -> list[Finding]:
    """A reference that declares what its target shows must be right."""
    findings = []
    for ref in [*entry_refs, *(r for e in by_number.values() for r in e.refs)]:
        target = by_number.get(ref.target)
        if ref.expects is None or target is None or target.shows == ref.expects:
            continue
        shown = ", ".join(target.shows) if target.shows else "nothing"
        via = ref.via or "a reference"
        message = f"{via} previews {', '.join(ref.expects)}, but {deck.name} {ref.target} shows {shown}"
        findings.append(_finding(deck, "PREVIEW", message, ref.where))
    return findings


def _ranges(numbers: list[int]) -> str:
    """[3, 4, 5, 9] -> '3–5, 9'."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs)
