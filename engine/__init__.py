"""The rules of the three games, in pure Python (no Django): card schemas, deck lists,
deck validation and, later, the game engines. The web side calls into this package."""
