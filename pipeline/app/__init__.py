"""The application layer: each command as a Python function that returns a report.

`pipeline.cli` only parses options, calls these functions and prints their reports; tests and
other programs call them directly. A `UsageError` is bad usage (the CLI exits 2).
"""
