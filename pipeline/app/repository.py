"""The files a designer's repository needs around its games, written by `pnp new` where they are missing:
`.gitignore` (what pnp writes and keeps), a CI workflow (strict check with annotations, SARIF for code
scanning, the cache kept between runs, the PDFs as an artifact), a pre-commit config, and a README.

Nothing a designer wrote is overwritten: an existing `.gitignore` only gains the lines it lacks, and every
other file is written only where none is.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path
from string import Template

from pipeline import __version__

from .project import writing

SOURCE = files("pipeline") / "templates" / "repository"
# template file -> where it goes in the repository
WRITTEN = {
    "pnp-workflow.yml": Path(".github/workflows/pnp.yml"),
    "pre-commit-config.yaml": Path(".pre-commit-config.yaml"),
    "README.md": Path("README.md"),
}
IGNORED = "gitignore"


def write_repository_files(top: Path, game_id: str, name: str) -> list[Path]:
    """The repository files missing under top (the folder holding the content root); the paths written."""
    values = {"game": game_id, "name": name, "version": __version__}
    written = []
    with writing(top):
        for source, relative in WRITTEN.items():
            target = top / relative
            if target.exists() or target.is_symlink():
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(Template((SOURCE / source).read_text(encoding="utf-8")).safe_substitute(values), encoding="utf-8")
            written.append(target)
        if _add_ignored(top / ".gitignore"):
            written.append(top / ".gitignore")
    return written


def _add_ignored(path: Path) -> bool:
    """Append the lines of the shipped .gitignore that path lacks (all of them to a new file)."""
    wanted = (SOURCE / IGNORED).read_text(encoding="utf-8").splitlines()
    have = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    missing = [line for line in wanted if line and not line.startswith("#") and line not in have]
    if not missing:
        return False
    lead = "\n" if have and have[-1].strip() else ""
    block = wanted if not have else ["# pnp", *missing]
    with path.open("a", encoding="utf-8") as out:
        out.write(lead + "\n".join(block) + "\n")
    return True
