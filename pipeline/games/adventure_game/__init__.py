"""The Witcher Adventure Game: a rules reference guide in English and German, checked against its rule data."""
