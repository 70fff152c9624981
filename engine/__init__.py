"""The rules of the three games, in pure Python (no Django): card schemas, deck lists,
deck validation and, later, the game engines. The web side calls into this package."""
from engine import native as _native

# The compiled engine modules, if built and not older than their sources; else the sources (engine/native.py).
_native.install()
