"""The client's saved online tokens: private, durable, and never a crash."""

from __future__ import annotations

import os
import stat

from client.tokens import TokenStore


def test_tokens_survive_a_restart_in_a_private_file(tmp_path):
    """Session and seat tokens written by one store are read by the next, mode 0600."""
    store = TokenStore(tmp_path)
    store.set_session("ws://127.0.0.1:8765", "sess-1")
    store.remember_seat("ws://127.0.0.1:8765", "K7QXAD", "black", "seat-tok", opponents=("Bob",))
    mode = stat.S_IMODE(os.stat(store.path).st_mode)
    assert mode == 0o600
    again = TokenStore(tmp_path)
    assert again.session("ws://127.0.0.1:8765") == "sess-1"
    [seat] = again.seats()
    assert (seat.match, seat.seat, seat.seat_token, seat.opponents) == ("K7QXAD", "black", "seat-tok", ("Bob",))
    assert seat.label() == "match K7QXAD vs Bob"
    again.forget_match("ws://127.0.0.1:8765", "K7QXAD")
    assert TokenStore(tmp_path).seats() == []


def test_a_damaged_file_is_set_aside_not_fatal(tmp_path):
    """Garbage in the file: the store starts empty, says so, and keeps the bad copy."""
    (tmp_path / "online-tokens.json").write_text("{not json", encoding="utf-8")
    store = TokenStore(tmp_path)
    assert store.seats() == [] and store.session("ws://x:1") is None
    assert store.problem and "damaged" in store.problem
    assert (tmp_path / "online-tokens.bad").exists()
    store.set_session("ws://x:1", "t")
    assert TokenStore(tmp_path).session("ws://x:1") == "t"


def test_bad_entries_are_skipped_and_newest_comes_first(tmp_path):
    """One malformed seat does not hide the others; the newest seat is listed first."""
    store = TokenStore(tmp_path)
    store.remember_seat("ws://a:1", "AAAA", "white", "t1")
    store.remember_seat("ws://b:1", "BBBB", "black", "t2")
    store._data["ws://a:1"]["matches"]["BAD"] = {"seat": "x"}
    store._save()
    codes = [s.match for s in TokenStore(tmp_path).seats()]
    assert codes == ["BBBB", "AAAA"]


def test_a_computer_opponent_is_named_in_the_language_of_the_day(tmp_path):
    """The Continue button names a computer opponent in the client's language, not in the
    server's English: the file keeps the level, not the words."""
    from shared import i18n
    store = TokenStore(tmp_path)
    store.remember_seat("ws://127.0.0.1:8765", "K7QXAD", "black", "seat-tok", opponents=("computer:hard",))
    [seat] = TokenStore(tmp_path).seats()
    assert seat.label() == "match K7QXAD vs Computer (Hard)"
    try:
        i18n.set_language("sk")
        assert "Počítač (Ťažký)" in seat.label()
    finally:
        i18n.set_language("en")
