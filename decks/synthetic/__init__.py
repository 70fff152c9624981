"""A synthetic community of players and decks, for measuring the site at the size of a real one
(manage.py make_community; bench/community_bench.py measures the pages on it)."""
