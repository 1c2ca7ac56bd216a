"""Translation: gettext catalogs (Babel), localizers, and the translation checks."""

# The pseudo-locale's code; here (not in pseudo.py, which loads Babel) so the CLI can show it as a default.
PSEUDO_LOCALE = "en-XA"
