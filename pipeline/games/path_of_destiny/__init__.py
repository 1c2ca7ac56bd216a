"""The Witcher: Path of Destiny: numbered, branching story decks and a tableau of action cards."""
