"""Players: whatever chooses the moves of one seat of a game (OpenSpiel's bots).

Every decision of every simulated game goes to a Player (engine/players/base.py): the goldfish
runner and matchups never choose a move themselves. Behind the one interface sit each game's
heuristic player (engine/games/<slug>/players.py), the goldfish opponents, a uniformly random
player (uniform.py) and a search player that plays out determinized copies of the game
(search.py).
"""
