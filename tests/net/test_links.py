"""Join links: every accepted form reads to the right server and room, and writes back."""

from __future__ import annotations

import pytest

from shared.netkit.links import JoinLink, LinkError, parse_link


@pytest.mark.parametrize("text,server,room", [
    ("alien-city://127.0.0.20:8765/K7QXAD", "ws://127.0.0.20:8765", "K7QXAD"),
    ("alien-city://example.org/k7qxad", "ws://example.org:8765", "K7QXAD"),
    ("  alien-city://localhost:9000/AB12  ", "ws://localhost:9000", "AB12"),
    ("wss://games.example.org/city#K7QXAD", "wss://games.example.org:443/city", "K7QXAD"),
    ("wss://games.example.org:8443/#K7QXAD", "wss://games.example.org:8443", "K7QXAD"),
    ("ws://127.0.0.1:8765", "ws://127.0.0.1:8765", None),
    ("127.0.0.1:9999", "ws://127.0.0.1:9999", None),
    ("alien-city://[::1]:8765/ROOM", "ws://[::1]:8765", "ROOM"),
])
def test_links_read_to_server_and_room(text, server, room):
    """Each form gives the websocket URL to connect to and the upper-case room."""
    link = parse_link(text)
    assert link == JoinLink(server, room)
    assert parse_link(link.text()) == link


@pytest.mark.parametrize("text,words", [
    ("", "empty"),
    ("http://example.org/#ROOM", "http"),
    ("alien-city://host:8765/no-such room", "not a room code"),
    ("alien-city://:8765/ROOM", "no server"),
    ("ws://host:99999/#A", "out of range"),
    ("ws://ho st/#A", "no server"),
    ("x" * 400, "too long"),
])
def test_bad_links_say_what_is_wrong(text, words):
    """A bad link raises LinkError whose message names the problem."""
    with pytest.raises(LinkError) as err:
        parse_link(text)
    assert words in str(err.value)


def test_the_short_form_is_written_for_plain_servers():
    """Sharing a plain server writes alien-city://; TLS servers keep their URL."""
    assert JoinLink("ws://127.0.0.5:8765", "K7QXAD").text() == "alien-city://127.0.0.5:8765/K7QXAD"
    assert JoinLink("wss://g.example:443/x", "K7").text() == "wss://g.example:443/x/#K7"
