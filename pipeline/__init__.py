"""pnp-pipeline: check tabletop content against its rules engine and render print-ready PDF."""
__version__ = "0.1.0"
