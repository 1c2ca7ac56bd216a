"""What the package ships beside its code, found in one place.

The shared layouts (print profiles, base templates, fonts, icons, and the shipped games' templates) live
inside the package, so an installed wheel has them exactly as a checkout does. The example games' content
(`content/` at the repository's top) is not in the wheel: it serves only in a checkout, where it is the
repository's own content root.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
LAYOUTS = PACKAGE_DIR / "layouts"
FONTS = LAYOUTS / "fonts"
# The print profile of the shipped layouts (layouts/profiles.yaml) a build, a guide and the preflight use unless a
# `--paper` names another (render/profiles.py).
DEFAULT_PAPER = "a4"
# The repository's top when the package runs from a checkout (an editable install or the source tree).
CHECKOUT = PACKAGE_DIR.parent


def checkout_content() -> Path | None:
    """The example games of the repository when pnp runs from a checkout of it; None for an installed wheel."""
    content = CHECKOUT / "content"
    return content if (CHECKOUT / "pyproject.toml").is_file() and content.is_dir() else None
