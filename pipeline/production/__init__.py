"""Build: targets rendered per game and locale, keyed and cached by what they are made from."""

# The targets a build knows, in build order; listed here (not in targets.py) so the CLI offers them
# as `--target` choices without importing the build.
TARGET_NAMES = ("cards", "tokens", "tts", "boards", "help", "guides")
