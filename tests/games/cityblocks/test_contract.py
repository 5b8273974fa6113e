"""The platform's conformance checks (tests/games/test_conformance.py) run over City Blocks
before it is registered: the same functions, our spec passed in."""

from __future__ import annotations

import pytest

from shared.cityblocks.spec import CITY_BLOCKS

conformance = pytest.importorskip("tests.games.test_conformance")

OPTIONS = [CITY_BLOCKS.options({"players": n}) for n in (2, 3, 4)]
IDS = ["2p", "3p", "4p"]


@pytest.mark.parametrize("options", OPTIONS, ids=IDS)
def test_spec_describes_itself(options):
    conformance.test_spec_describes_itself(CITY_BLOCKS, options)


def test_bad_options_and_move_text():
    conformance.test_bad_options_and_move_text_are_refused_with_a_reason(CITY_BLOCKS)


@pytest.mark.parametrize("options", OPTIONS, ids=IDS)
def test_random_playouts_keep_every_invariant(options):
    conformance.test_random_playouts_keep_every_invariant(CITY_BLOCKS, options)


@pytest.mark.parametrize("options", OPTIONS, ids=IDS)
def test_records_replay_to_the_same_state(options):
    conformance.test_records_replay_to_the_same_state(CITY_BLOCKS, options)


@pytest.mark.parametrize("options", OPTIONS, ids=IDS)
def test_resigning_ends_or_shrinks_the_game(options):
    conformance.test_resigning_ends_or_shrinks_the_game(CITY_BLOCKS, options)
