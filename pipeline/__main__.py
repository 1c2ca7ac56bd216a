"""`python -m pipeline`: the same command line as `pnp` (for a venv whose scripts folder is not on PATH)."""

from pipeline.cli import main

main()
