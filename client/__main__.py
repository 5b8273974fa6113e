"""``python -m client`` opens the game, like ``alien-city`` with no subcommand."""

import sys

from .app import main

sys.exit(main())
