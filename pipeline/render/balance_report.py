"""The files of `pnp balance`: `balance.json` (the figures as added up), CSV tables, `report.html` (tables and
plots as embedded PNG) and `report.pdf` (the same plots and a table of verdicts, fonts embedded). A cooperative
game's report leads with the team's win rate per variant and player count, and whether each variant (a difficulty
level) steps below the one before.

Plots are drawn with matplotlib's Agg backend (no display needed); the PDF embeds its fonts as TrueType
(`pdf.fonttype` 42) so a print shop's preflight finds no font missing.
"""

from __future__ import annotations

import base64
import csv
import html
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (the backend is chosen before pyplot is imported)
from matplotlib.backends.backend_pdf import PdfPages  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.typing import RcKeyType  # noqa: E402

from pipeline.atomic import WriteError, write_atomic  # noqa: E402
from pipeline.rules.balance import played_packs  # noqa: E402

RC: dict[RcKeyType, Any] = {"pdf.fonttype": 42, "font.size": 8}
VERDICT_COLOURS = {"within noise": "#4c72b0", "above fair": "#c44e52", "below fair": "#dd8452", "not played": "#999999"}


def write_report(figures: dict[str, Any], out: Path) -> list[Path]:
    """Write every file of the report into `out` (created if needed); the paths written. A folder or file
    that cannot be written raises WriteError."""
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise WriteError(out, exc) from None
    files = {"balance.json": (json.dumps(figures, indent=2, ensure_ascii=False) + "\n").encode()}
    for name, header, rows in _tables(figures):
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)
        files[f"{name}.csv"] = buffer.getvalue().encode()
    with plt.rc_context(RC):
        try:
            plots = list(_plots(figures))
            files["report.html"] = _html(figures, plots).encode()
            pdf_bytes = io.BytesIO()
            with PdfPages(pdf_bytes, metadata={"Title": f"Balance report: {figures['game']}", "CreationDate": None}) as pdf:
                for _, figure in plots:
                    pdf.savefig(figure)
                for page in _verdict_pages(figures):
                    pdf.savefig(page)
            files["report.pdf"] = pdf_bytes.getvalue()
        finally:
            plt.close("all")
    for name, data in files.items():
        write_atomic(out / name, data)
    return [out / name for name in files]


# --- Tables -------------------------------------------------------------------------------------------


def _cells(figures: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(variant label, bot, run) for every run of the report."""
    for variant in figures["variants"]:
        for run in variant["runs"]:
            yield variant["label"], run["bot"], run


def _rate_columns(row: dict[str, Any]) -> list[Any]:
    return [row["wins"], row["plays"], row["rate"], row["fair"], *row["ci95"], *row["ci_adjusted"], row["verdict"]]


RATE_HEADER = ["wins", "plays", "rate", "fair", "ci95_low", "ci95_high", "ci_adjusted_low", "ci_adjusted_high", "verdict"]


def _tables(figures: dict[str, Any]) -> Iterator[tuple[str, list[str], list[list[Any]]]]:
    factions, seats, lengths, cards = [], [], [], []
    for variant, bot, run in _cells(figures):
        for count in run["counts"]:
            key = [variant, bot, count["players"]]
            factions += [[*key, row["label"], *_rate_columns(row)] for row in count["factions"]]
            seats += [[*key, row["label"], *_rate_columns(row)] for row in count["seats"]]
            r, m = count["rounds"], count["margins"]
            tiers = "; ".join(f"{k} {v}" for k, v in count["tiers"].items())
            lengths.append([*key, count["games"], count["completed"], len(count["capped"]), len(count["errors"]),
                            r["mean"], r["median"], r["min"], r["max"], m["mean"], m["median"], m["max"], tiers])
        for row in run["cards"]:
            cards.append([variant, bot, row["card"], row.get("cost"), row["bought"], row["played"], *_rate_columns(row["owned"]),
                          row["never_used"], row.get("where", "")])
    yield "factions", ["variant", "bot", "players", "faction", *RATE_HEADER], factions
    yield "seats", ["variant", "bot", "players", "seat", *RATE_HEADER], seats
    yield "games", ["variant", "bot", "players", "games", "completed", "turn_cap", "errors", "rounds_mean", "rounds_median",
                    "rounds_min", "rounds_max", "margin_mean", "margin_median", "margin_max", "solo_tiers"], lengths
    owned = [f"owned_{h}" for h in RATE_HEADER]
    yield "cards", ["variant", "bot", "card", "cost", "bought", "played", *owned, "never_used", "where"], cards
    team = [[c["variant"], row["bot"], row["players"], c["wins"], c["plays"], c["rate"], *c["ci95"], c["step"]]
            for row in team_steps(figures) for c in row["cells"]]
    if team:
        yield "team", ["variant", "bot", "players", "wins", "plays", "rate", "ci95_low", "ci95_high", "step"], team


# --- The team of a cooperative game -------------------------------------------------------------------

STEPS_BELOW, LOWER_IN_NOISE, NOT_LOWER = "steps below", "lower within noise", "not lower"


def team_steps(figures: dict[str, Any]) -> list[dict[str, Any]]:
    """A cooperative game's table win rate, per bot and player count, in each variant in the order played (a
    difficulty sweep: easiest first), with whether it steps below the variant before: "steps below" (its 95 %
    interval wholly under the one before), "lower within noise" (a lower rate, the intervals overlap) or "not lower".
    Empty for a game without team results."""
    rows = []
    for bot in figures["bots"]:
        for n in figures["players"]:
            cells: list[dict[str, Any]] = []
            for variant in figures["variants"]:
                run = next(r for r in variant["runs"] if r["bot"] == bot)
                count = next(c for c in run["counts"] if c["players"] == n)
                team = count.get("team")
                if team is None:
                    continue
                step = ""
                if cells:
                    before = cells[-1]
                    step = (STEPS_BELOW if team["ci95"][1] < before["ci95"][0]
                            else LOWER_IN_NOISE if team["rate"] < before["rate"] else NOT_LOWER)
                cells.append({"variant": variant["label"], **team, "step": step})
            if cells:
                rows.append({"bot": bot, "players": n, "cells": cells})
    return rows


def _team_table(rows: list[dict[str, Any]]) -> str:
    columns = "".join(f"<th>{html.escape(c['variant'])}</th>" for c in rows[0]["cells"])
    body = "".join(
        f"<tr><td>{html.escape(row['bot'])}</td><td>{row['players']}</td>"
        + "".join(f"<td class='{c['step'].replace(' ', '-')}'>{c['rate']:.1%} [{c['ci95'][0]:.1%}–{c['ci95'][1]:.1%}]"
                  f"{' ' + c['step'] if c['step'] else ''}</td>" for c in row["cells"])
        + "</tr>"
        for row in rows
    )
    return f"<table><tr><th>bot</th><th>players</th>{columns}</tr>{body}</table>"


def _team_lines(rows: list[dict[str, Any]]) -> list[str]:
    lines = ["Team win rate by variant (95 % interval), and whether each steps below the one before:"]
    for row in rows:
        shown = "; ".join(f"{c['rate']:.1%} [{c['ci95'][0]:.1%}-{c['ci95'][1]:.1%}]{' ' + c['step'] if c['step'] else ''}"
                          for c in row["cells"])
        lines.append(f"  bot {row['bot']}, {row['players']} player(s): {shown}")
    return [*lines, ""]


# --- Plots --------------------------------------------------------------------------------------------


def _rate_panel(ax: Any, rows: list[dict[str, Any]], title: str) -> None:
    """Each row's rate with its 95 % interval (thin) and adjusted interval (thick), and its fair share."""
    for i, row in enumerate(rows):
        colour = VERDICT_COLOURS[row["verdict"]]
        ax.plot([i, i], row["ci_adjusted"], color=colour, linewidth=4, alpha=0.35)
        ax.plot([i, i], row["ci95"], color=colour, linewidth=1.5)
        ax.plot(i, row["rate"], "o", color=colour)
        ax.plot([i - 0.35, i + 0.35], [row["fair"]] * 2, color="black", linewidth=1, linestyle="--")
    ax.set_xticks(range(len(rows)), [row["label"] for row in rows], rotation=45, ha="right")
    ax.set_ylim(0, 1)
    ax.set_title(title)
    ax.set_ylabel("win rate")


def _plots(figures: dict[str, Any]) -> Iterator[tuple[str, Figure]]:
    for variant, bot, run in _cells(figures):
        counts = run["counts"]
        name = f"{variant}, bot {bot}"
        fig, axes = plt.subplots(3, len(counts), figsize=(max(6.0, 2.6 * len(counts)), 8.5), squeeze=False)
        for column, count in enumerate(counts):
            n = count["players"]
            _rate_panel(axes[0][column], count["factions"], f"{n} player(s): factions")
            _rate_panel(axes[1][column], count["seats"], f"{n} player(s): seats")
            lengths = {int(k): v for k, v in count["rounds"]["histogram"].items()}
            axes[2][column].bar(list(lengths), list(lengths.values()), color="#55a868")
            axes[2][column].set_title(f"{n} player(s): rounds per game")
            axes[2][column].set_xlabel("rounds")
        fig.suptitle(f"{figures['game']}: {name} ({figures['games']} games per player count)")
        fig.tight_layout()
        yield f"Win rates and game length: {name}", fig
        margins = _margins_figure(counts, name)
        if margins is not None:
            yield f"Victory margins: {name}", margins
        yield f"Cards: {name}", _cards_figure(run["cards"], name)
    if len(figures["variants"]) > 1:
        yield "Variants side by side", _comparison_figure(figures)


def _margins_figure(counts: list[dict[str, Any]], name: str) -> Figure | None:
    shown = [c for c in counts if c["margins"]["count"]]
    if not shown:
        return None
    fig, axes = plt.subplots(1, len(shown), figsize=(max(6.0, 2.6 * len(shown)), 2.8), squeeze=False)
    for ax, count in zip(axes[0], shown, strict=True):
        margins = {int(k): v for k, v in count["margins"]["histogram"].items()}
        ax.bar(list(margins), list(margins.values()), color="#8172b2")
        ax.set_title(f"{count['players']} player(s)")
        ax.set_xlabel("winner's lead in score")
    fig.suptitle(f"Victory margins: {name}")
    fig.tight_layout()
    return fig


def _cards_figure(cards: list[dict[str, Any]], name: str) -> Figure:
    fig, ax = plt.subplots(figsize=(8.0, max(3.0, 0.16 * len(cards) + 1)))
    labels = [row["card"] for row in cards]
    ax.barh(range(len(cards)), [row["bought"] for row in cards], height=0.4, label="bought", color="#4c72b0")
    ax.barh([i + 0.4 for i in range(len(cards))], [row["played"] for row in cards], height=0.4, label="played", color="#dd8452")
    ax.set_yticks([i + 0.2 for i in range(len(cards))], labels)
    ax.invert_yaxis()
    ax.legend()
    ax.set_title(f"Cards bought and played: {name}")
    fig.tight_layout()
    return fig


def _comparison_figure(figures: dict[str, Any]) -> Figure:
    """Per player count, every faction's win rate in each variant (first bot), side by side."""
    bot = figures["bots"][0]
    variants = figures["variants"]
    players = figures["players"]
    fig, axes = plt.subplots(1, len(players), figsize=(max(6.0, 3.2 * len(players)), 3.6), squeeze=False)
    width = 0.8 / len(variants)
    for ax, n in zip(axes[0], players, strict=True):
        for v_index, variant in enumerate(variants):
            run = next(r for r in variant["runs"] if r["bot"] == bot)
            count = next(c for c in run["counts"] if c["players"] == n)
            rows = count["factions"]
            xs = [i + v_index * width for i in range(len(rows))]
            ax.bar(xs, [r["rate"] for r in rows], width=width, label=variant["label"])
            if rows:
                ax.axhline(rows[0]["fair"], color="black", linestyle="--", linewidth=1)
            ax.set_xticks([i + 0.4 - width / 2 for i in range(len(rows))], [r["label"] for r in rows], rotation=45, ha="right")
        ax.set_title(f"{n} player(s)")
        ax.set_ylim(0, 1)
    axes[0][0].legend(fontsize=6)
    fig.suptitle(f"Faction win rates by variant (bot {bot})")
    fig.tight_layout()
    return fig


LINES_PER_PAGE = 90


def _verdict_pages(figures: dict[str, Any]) -> Iterator[Figure]:
    """Text pages: every row that left its fair share's adjusted interval, the cards never used, and the method."""
    lines = [f"Balance report: {figures['game']} ({played_packs(figures)}), {figures['games']} games per player count, "
             f"seeds from {figures['seed']}", ""]
    team = team_steps(figures)
    if team:
        lines += _team_lines(team)
    for variant, bot, run in _cells(figures):
        lines.append(f"{variant}, bot {bot}: {run['comparisons']['seats_and_factions']} comparisons (Bonferroni)")
        rows = [(c["players"], row) for c in run["counts"] for row in (*c["factions"], *c["seats"])]
        off = [(players, row) for players, row in rows if row["verdict"] in ("above fair", "below fair")]
        for players, row in off:
            lines.append(f"  {players} player(s), {row['label']}: {row['rate']:.1%} vs fair {row['fair']:.1%} — {row['verdict']}")
        if not off:
            lines.append("  every faction and seat is within noise of its fair share")
        never = [row["card"] for row in run["cards"] if row["never_used"]]
        lines.append("  cards never used: " + (", ".join(never) if never else "none"))
    lines += ["", *(f"{k}: {v}" for k, v in figures["method"].items())]
    for start in range(0, len(lines), LINES_PER_PAGE):
        fig = plt.figure(figsize=(8.27, 11.69))  # A4
        fig.text(0.05, 0.97, "\n".join(lines[start:start + LINES_PER_PAGE]), va="top", fontsize=7, wrap=True)
        yield fig


# --- HTML ---------------------------------------------------------------------------------------------


def _png(figure: Figure) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=90, metadata={"Software": None})
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def _rate_table(rows: list[dict[str, Any]], first: str) -> str:
    head = (f"<tr><th>{first}</th><th>wins / plays</th><th>rate</th><th>fair</th><th>95 % interval</th>"
            "<th>adjusted interval</th><th>verdict</th></tr>")
    body = "".join(
        f"<tr class='{r['verdict'].replace(' ', '-')}'><td>{html.escape(r['label'])}</td><td>{r['wins']} / {r['plays']}</td>"
        f"<td>{r['rate']:.1%}</td><td>{r['fair']:.1%}</td><td>{r['ci95'][0]:.1%}–{r['ci95'][1]:.1%}</td>"
        f"<td>{r['ci_adjusted'][0]:.1%}–{r['ci_adjusted'][1]:.1%}</td><td>{r['verdict']}{_step(r)}</td></tr>"
        for r in rows
    )
    return f"<table>{head}{body}</table>"


def _step(row: dict[str, Any]) -> str:
    """An ordered level's step against the one before (harder should win less)."""
    return f"; {row['step']} than the level before" if "step" in row else ""


def look_at(figures: dict[str, Any]) -> list[str]:
    """The report's "what to look at": per variant and bot, the rows outside their interval, the ordered levels that
    do not step down, and the cards never bought or played."""
    lines = []
    for variant, bot, run in _cells(figures):
        rows = [(c["players"], row) for c in run["counts"] for row in (*c["factions"], *c["seats"])]
        off = [f"{n}p {row['label']} {row['rate']:.1%} against {row['fair']:.1%} ({row['verdict']})"
               for n, row in rows if row["verdict"] in ("above fair", "below fair")]
        flat = [f"{n}p {row['label']} {row['rate']:.1%} (not lower than the level before)"
                for n, row in rows if row.get("step") == "not lower"]
        never = [row["card"] for row in run["cards"] if row["never_used"]]
        found = [*off, *flat] + ([f"never bought or played: {', '.join(never)}"] if never else [])
        lines.append(f"{variant}, bot {bot}: " + ("; ".join(found) if found else "nothing outside its interval"))
    return lines


def _comparison_table(figures: dict[str, Any]) -> str:
    """Faction and seat rates of every variant in columns, one row per player count and faction or seat."""
    variants = figures["variants"]
    columns = "".join(f"<th>{html.escape(v['label'])}</th>" for v in variants)
    head = f"<tr><th>bot</th><th>players</th><th>row</th>{columns}</tr>"
    body = []
    for bot in figures["bots"]:
        for n in figures["players"]:
            per_variant = []
            for variant in variants:
                run = next(r for r in variant["runs"] if r["bot"] == bot)
                count = next(c for c in run["counts"] if c["players"] == n)
                per_variant.append({row["label"]: row for row in (*count["factions"], *count["seats"])})
            for label in dict.fromkeys(k for rows in per_variant for k in rows):
                cells = "".join(_comparison_cell(rows.get(label)) for rows in per_variant)
                body.append(f"<tr><td>{bot}</td><td>{n}</td><td>{html.escape(label)}</td>{cells}</tr>")
    return f"<table>{head}{''.join(body)}</table>"


def _card_row(r: dict[str, Any]) -> str:
    owned = r["owned"]
    cost = "" if r.get("cost") is None else r["cost"]
    return (f"<tr class='{owned['verdict'].replace(' ', '-')}'><td>{html.escape(r['card'])}</td><td>{cost}</td>"
            f"<td>{r['bought']}</td>"
            f"<td>{r['played']}</td><td>{owned['plays']}</td><td>{owned['rate']:.1%}</td><td>{owned['fair']:.1%}</td>"
            f"<td>{owned['verdict']}</td></tr>")


def _comparison_cell(row: dict[str, Any] | None) -> str:
    if row is None:
        return "<td>—</td>"
    return f"<td class='{row['verdict'].replace(' ', '-')}'>{row['rate']:.1%} ({row['verdict']})</td>"


STYLE = """body{font-family:sans-serif;max-width:70em;margin:1em auto;font-size:14px}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}
td:first-child,th:first-child{text-align:left}.above-fair{background:#f8d7d7}.below-fair{background:#fbe3cf}
.not-lower{background:#f8d7d7}.lower-within-noise{background:#fbe3cf}img{max-width:100%}"""


def _html(figures: dict[str, Any], plots: list[tuple[str, Figure]]) -> str:
    game = html.escape(figures["game"])
    parts = [f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>Balance report: {game}</title>"
             f"<style>{STYLE}</style></head><body><h1>Balance report: {game}</h1>",
             f"<p>{figures['games']} seeded games per player count, variant and bot (game <i>i</i> uses seed "
             f"{figures['seed']} + <i>i</i>); packs played: {html.escape(played_packs(figures))}; "
             f"players {', '.join(map(str, figures['players']))}; "
             f"bots {', '.join(figures['bots'])}.</p>",
             "<h2>What to look at</h2><ul>" + "".join(f"<li>{html.escape(line)}</li>" for line in look_at(figures))
             + "</ul>",
             "<h2>How to read it</h2><ul>"
             + "".join(f"<li><b>{html.escape(k)}</b>: {html.escape(v)}</li>" for k, v in figures["method"].items()) + "</ul>"]
    team = team_steps(figures)
    if team:
        parts.append("<h2>The team</h2><p>The table's win rate in each variant (95 % interval), and whether it steps "
                     "below the variant before: its interval wholly under the one before, a lower rate within noise, "
                     "or not lower.</p>" + _team_table(team))
    if len(figures["variants"]) > 1:
        parts.append("<h2>Variants side by side</h2>" + _comparison_table(figures))
    for variant, bot, run in _cells(figures):
        parts.append(f"<h2>{html.escape(variant)}, bot {html.escape(bot)}</h2>")
        parts.append(f"<p>{run['comparisons']['seats_and_factions']} faction and seat comparisons; "
                     f"{run['comparisons']['cards_owned']} card comparisons.</p>")
        for count in run["counts"]:
            r, m = count["rounds"], count["margins"]
            parts.append(f"<h3>{count['players']} player(s)</h3><p>{count['completed']}/{count['games']} games completed, "
                         f"{len(count['capped'])} stopped at the turn cap, {len(count['errors'])} failed. "
                         f"Rounds: mean {r['mean']}, median {r['median']}, {r['min']}–{r['max']}. "
                         f"Victory margin: mean {m['mean']}, median {m['median']}.</p>")
            if count["tiers"]:
                tiers = ", ".join(f"{html.escape(k)} {v}" for k, v in count["tiers"].items())
                parts.append(f"<p>Solo score tiers reached: {tiers}</p>")
            parts.append(_rate_table(count["factions"], "faction") + _rate_table(count["seats"], "seat"))
        never = [row for row in run["cards"] if row["never_used"]]
        listed = ", ".join(f"{html.escape(r['card'])} ({html.escape(r.get('where', ''))})" for r in never)
        parts.append(f"<h3>Cards</h3><p>Never bought or played: {listed or 'none'}</p>")
        card_rows = "".join(_card_row(r) for r in run["cards"])
        parts.append("<table><tr><th>card</th><th>cost</th><th>bought</th><th>played</th><th>seats owning it</th>"
                     "<th>win rate when owned</th>"
                     f"<th>fair</th><th>verdict</th></tr>{card_rows}</table>")
    for title, figure in plots:
        parts.append(f"<h2>{html.escape(title)}</h2><img alt='{html.escape(title)}' src='data:image/png;base64,{_png(figure)}'>")
    parts.append("</body></html>\n")
    return "\n".join(parts)
