"""Playing games: the one loop that asks each seat's Player for its moves (match.py)."""
