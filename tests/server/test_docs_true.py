"""What an outside client found the docs and the server disagreeing on (issue 25), each
now the same in both: a seat name the game lacks, a quick match filled at once, characters
that are not printable, the Alien City computer levels, ``serve --abandon-after``."""

from __future__ import annotations

import argparse

import pytest

from server.app import add_arguments, limits_from
from server.connection import Limits
from shared.aliencity.spec import ALIEN_CITY

from .helpers import Client, run, running


def test_a_seat_the_game_does_not_have_is_seat_unavailable_for_create_and_join():
    async def body() -> None:
        async with running() as server:
            ann = await Client.open(server.url, "Ann")
            refused = await ann.request({"type": "create", "seat": "purple"}, "joined")
            assert refused["type"] == "error" and refused["code"] == "seat_unavailable", refused
            assert "black, white" in refused["text"], refused
            code = (await ann.request({"type": "create", "seat": "black"}, "joined"))["match"]
            bob = await Client.open(server.url, "Bob")
            also = await bob.request({"type": "join", "match": code, "seat": "purple"}, "joined")
            assert also["code"] == "seat_unavailable" and "not a seat" in also["text"], also
            taken = await bob.request({"type": "join", "match": code, "seat": "black"}, "joined")
            assert taken["code"] == "seat_unavailable" and "not free" in taken["text"], taken
    run(body)


def test_a_quick_that_fills_a_match_at_once_is_answered_joined_with_its_rid():
    async def body() -> None:
        async with running() as server:
            ann, bob = Client.open(server.url, "Ann"), Client.open(server.url, "Bob")
            ann, bob = await ann, await bob
            queued = await ann.request({"type": "quick"}, "queued")
            assert queued["type"] == "queued"
            filled = await bob.request({"type": "quick"}, "joined")
            assert filled["type"] == "joined" and filled["seat_token"], filled
            await bob.expect("sync")
            assert not [m for m in bob.inbox + bob.seen if m["type"] == "queued"]
    run(body)


@pytest.mark.parametrize("name, char", [("Ann\u200b", "U+200B"), ("A\u00a0B", "U+00A0"),
                                        ("Ann\x07", "U+0007")])
def test_characters_that_are_not_printable_are_refused_naming_them(name, char):
    async def body() -> None:
        async with running() as server:
            client = await Client.open(server.url, None)
            refused = await client.request({"type": "hello", "v": 2, "name": name})
            assert refused["code"] == "bad_message" and char in refused["text"], refused
    run(body)


def test_alien_city_offers_the_expert_level_the_docs_name():
    assert ALIEN_CITY.computer_levels == ("random", "easy", "medium", "hard", "expert")


def serve_args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="alien-city serve")
    add_arguments(parser, "serve")
    return parser.parse_args(argv)


def test_serve_sets_abandon_after_and_waiting_expiry_in_seconds_zero_for_never():
    assert limits_from(serve_args()) == Limits()
    limits = limits_from(serve_args("--abandon-after", "90", "--waiting-expiry", "0"))
    assert limits.abandon_after == 90.0 and limits.waiting_expiry is None
    assert limits_from(serve_args("--abandon-after", "0")).abandon_after is None


@pytest.mark.parametrize("value", ["-1", "nan", "inf", "soon"])
def test_serve_refuses_seconds_that_are_not_seconds(value, capsys):
    with pytest.raises(SystemExit) as exit_:
        serve_args("--abandon-after", value)
    assert exit_.value.code == 2
    error = capsys.readouterr().err
    assert "--abandon-after" in error and repr(value) in error, error
