"""What the CLI offers as choices and defaults, known without importing the modules that use them."""

from pipeline.i18n import PSEUDO_LOCALE
from pipeline.production import TARGET_NAMES
from pipeline.shipped import DEFAULT_PAPER

__all__ = ["DEFAULT_PAPER", "PSEUDO_LOCALE", "TARGET_NAMES"]
