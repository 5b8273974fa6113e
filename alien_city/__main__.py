"""``python -m alien_city`` is the ``alien-city`` command."""

import sys

from .cli import main

sys.exit(main())
