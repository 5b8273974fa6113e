"""Work the server does once instead of per move or per recipient: each move text of a
game is read once (server.game.MoveReader), a broadcast is framed once (ws_frame), a
stored step is one B-tree write."""

from __future__ import annotations

import pytest

from server import game as server_game
from server.game import MoveReader, move_reader
from shared.gamekit import GameError, builtin_games


def test_a_text_is_read_once_and_shared_by_every_match_of_the_game():
    spec = builtin_games().get("alien-city")
    reader = move_reader(spec)
    assert move_reader(spec) is reader
    move, text = reader.read(" tr@E6 ")
    assert text == "Tr@e6" and move == spec.parse_move("Tr@e6")
    assert reader.read(" tr@E6 ")[0] is move  # the same value, not parsed again
    with pytest.raises(GameError):  # a refused text is refused every time
        reader.read("Tr@z99")
    with pytest.raises(GameError):
        reader.read("Tr@z99")


def test_junk_texts_never_grow_the_reader_past_its_bound(monkeypatch):
    monkeypatch.setattr(server_game, "MOVES_KEPT", 3)
    reader = MoveReader(builtin_games().get("alien-city"))
    for lot in ("a1", "a2", "a3", "a4", "a5"):
        assert reader.read(f"Tr@{lot}")[1] == f"Tr@{lot}"
    assert len(reader._known) <= 3


def test_a_broadcast_frame_is_the_frame_websockets_would_send():
    """server.connection.ws_frame frames once what every recipient is sent."""
    from websockets.frames import Frame, Opcode

    from server.connection import ws_frame
    for size in (0, 125, 126, 65535, 65536):
        payload = bytes(range(256)) * (size // 256) + bytes(size % 256)
        assert ws_frame(payload) == Frame(Opcode.BINARY, payload).serialize(mask=False)


def test_a_new_store_writes_each_step_to_one_b_tree(tmp_path):
    """The moves table of a new store has no rowid: its (match, version) key is the table."""
    import asyncio
    import sqlite3

    from server.store import Store
    asyncio.run(Store(tmp_path / "s.sqlite3").close())
    db = sqlite3.connect(tmp_path / "s.sqlite3")
    with pytest.raises(sqlite3.OperationalError, match="rowid"):
        db.execute("SELECT rowid FROM moves")
    db.close()
