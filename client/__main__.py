"""``python -m client`` is the ``alien-city`` command: no arguments open the game; the
same options and subcommands work (``--help``, ``--lang sk``, ``join LINK``)."""

import sys

from alien_city.cli import main

sys.exit(main())
