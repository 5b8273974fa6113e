"""The registry picks the game of a record by its header, and hands a text no game
claims to its fallback (whose reader then says what the text lacks)."""

from __future__ import annotations

from shared.gamekit import Registry, builtin_games


def test_a_record_goes_to_its_game_and_anything_else_to_the_fallback():
    games = builtin_games()
    blocks, sprawl = games["city-blocks"], games["sprawl"]
    assert games.reader_for("Game: City Blocks\nPlayers: 4\n\n") is blocks
    assert games.reader_for("Shopping list:\n- eggs\n") is games.fallback is not None
    alone = Registry([blocks, sprawl])
    assert alone.fallback is None and alone.reader_for("Shopping list:\n") is None
    assert Registry([blocks], fallback=sprawl).reader_for("") is sprawl
