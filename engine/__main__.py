"""`python -m engine`: see engine/cli.py."""
from __future__ import annotations

import sys

from engine.cli import main

sys.exit(main())
