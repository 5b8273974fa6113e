"""``python -m server`` is ``alien-city serve``."""

import argparse
import sys

from .app import add_arguments, run

parser = argparse.ArgumentParser(prog="python -m server", description="the Alien City match server")
add_arguments(parser, "serve")
sys.exit(run(parser.parse_args()))
