"""The finding codes for readers: `pnp explain`'s page of one code and list of all, and the generated reference page
docs/reference/findings.md (checked stale by tests/app/test_finding_reference.py)."""

from __future__ import annotations

from collections.abc import Iterator

from pipeline.finding_codes import PLACEHOLDERS, CodeInfo, Example, registry

REFERENCE = "docs/reference/findings.md"
_BASES = {"new": "a game made by `pnp new --template {}`", "fixture": "the small `{}` example tree (tests/fixtures/)",
          "shipped": "the shipped `{}` content"}


def explain_lines() -> list[str]:
    """Every code with its severity and meaning, one line each, in the reference's order."""
    return [f"{info.code:<28} {'/'.join(info.severities):<13} {info.meaning}" for info in _ordered()]


def explain_page(code: str) -> str | None:
    """The page of one code as plain text (None: no such code); a family's member shows its family's page."""
    info = registry().lookup(code)
    if info is None:
        return None
    lines = [f"{info.code} ({'/'.join(info.severities)})", "", info.meaning]
    if info.severity_note:
        lines += ["", f"Severity: {info.severity_note}"]
    lines += _placeholders(info)
    lines += ["", f"Fix: {info.fix}", ""]
    lines += list(_example_lines(info, markdown=False))
    return "\n".join(lines).rstrip() + "\n"


def unknown_code_message(code: str) -> str:
    close = registry().closest(code)
    suggestion = f"; did you mean {', '.join(close)}?" if close else ""
    return (f"no finding code {code.strip().upper()!r}{suggestion} (`pnp explain` lists every code; a code a game's "
            f"game.yaml gives one of its rules is explained there)")


def render_findings_markdown() -> str:
    """docs/reference/findings.md: one section per code, grouped by area, each with an anchor `#CODE`."""
    reg = registry()
    ordered = _ordered()
    with_example = sum(1 for info in ordered if info.example is not None)
    lines = ["# Finding codes", "",
             "<!-- Generated from pipeline/finding_codes.yaml by pipeline/app/finding_reference.py; do not edit. -->", "",
             f"Every code a finding can carry: {len(ordered)} codes, {with_example} with an example that the test "
             "suite triggers (tests/test_finding_examples.py). `pnp explain CODE` prints a code's section.",
             "A code written `<GAME>-...` or `<DECK>-...` is a family: the part in angle brackets is filled in at run "
             "time. An error makes an output wrong or a game unplayable; a warning is advice a project may accept "
             "(see suppressions in the README).", ""]
    for area, title in reg.areas.items():
        members = [info for info in ordered if info.area == area]
        if members:
            lines += [f"- [{title}](#area-{area.lower()})"]
    for area, title in reg.areas.items():
        members = [info for info in ordered if info.area == area]
        if not members:
            continue
        lines += ["", f'<a id="area-{area.lower()}"></a>', "", f"## {title}", ""]
        for info in members:
            lines += _section(info)
    return "\n".join(lines).rstrip() + "\n"


def _section(info: CodeInfo) -> list[str]:
    lines = [f'<a id="{info.anchor}"></a>', "", f"### `{info.code}`", "",
             f"**{' or '.join(info.severities)}** — {info.meaning}", ""]
    if info.severity_note:
        lines += [f"Severity: {info.severity_note}", ""]
    lines += [line for line in _placeholders(info) if line] + ([""] if info.is_family else [])
    lines += [f"**Fix:** {info.fix}", ""]
    lines += list(_example_lines(info, markdown=True))
    return lines


def _placeholders(info: CodeInfo) -> list[str]:
    return ["", *(f"{name}: {what}." for name, (what, _) in PLACEHOLDERS.items() if name in info.code)] \
        if info.is_family else []


def _example_lines(info: CodeInfo, markdown: bool) -> Iterator[str]:
    example = info.example
    if example is None:
        yield f"Example: none — {info.no_example}" if info.no_example else "Example: none yet."
        yield ""
        return
    kind, _, name = example.base.partition(":")
    yield f"Example: in {_BASES[kind].format(name)}, {_edits_intro(example)}"
    yield ""
    for edit in example.edits:
        yield from _edit_lines(edit, markdown)
    command = " ".join(example.run).replace("{root}", "content").replace("{tmp}", "out").replace(" && ", " && pnp ")
    yield f"then `pnp {command}` reports `{example.expect or info.code}`." + (f" {example.note}" if example.note else "")
    yield ""


def _edits_intro(example: Example) -> str:
    return "change the content so:" if example.edits else "with no change:"


def _edit_lines(edit: dict[str, str], markdown: bool) -> Iterator[str]:
    file = f"`{edit['file']}`"
    how = "".join([f" {edit['times']} times" if "times" in edit else "",
                   " (every occurrence)" if str(edit.get("count")) == "-1" else "",
                   f" (saved as {edit['encoding'].upper()})" if "encoding" in edit else ""])
    if "replace" in edit:
        yield f"in {file}, replace"
        yield from _block(edit["replace"], markdown)
        yield f"with{how}"
        yield from _block(edit["with"], markdown)
    elif "append" in edit:
        yield f"append to {file}{how}"
        yield from _block(edit["append"], markdown)
    elif "link" in edit:
        yield f"make {file} a symbolic link to `{edit['link']}`"
        yield ""
    else:
        yield f"write {file}{how}"
        yield from _block(edit["write"], markdown)


def _block(text: str, markdown: bool) -> Iterator[str]:
    body = text.rstrip("\n").split("\n")
    if markdown:
        yield "```"
        yield from body
        yield "```"
    else:
        yield from (f"    {line}" for line in body)
    yield ""


def _ordered() -> list[CodeInfo]:
    """The codes by area (the registry's order of areas), then by code."""
    reg = registry()
    rank = {area: i for i, area in enumerate(reg.areas)}
    return sorted(reg.codes.values(), key=lambda info: (rank[info.area], info.code))
