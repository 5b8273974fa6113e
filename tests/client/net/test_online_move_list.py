"""An online match lists its moves as a local one does, for a player and a spectator who
joined halfway: L (or the tab) opens the list, a click looks back at that position, the
server's next move brings the board back to the present, and with the chat open a typed
L is a letter, not the list."""

from __future__ import annotations

import random

import pygame
import pytest

from client.app import FIXED_DT
from client.online import OnlineSession
from client.scenes.chrome import open_match

from ..conftest import click, key, show
from .feed import CODE, Feed

GAMES = [("alien-city", None, 24), ("city-blocks", {"players": 4}, 14), ("sprawl", {"players": 4}, 10)]


def played(spec, options, plies: int, seed: int = 3):
    """A real position after ``plies`` random moves, and the moves."""
    rng = random.Random(seed)
    state, moves = spec.new_state(options, seed), []
    for _ in range(plies):
        move = state.legal_moves().random(rng)
        moves.append(move)
        state, _events = state.play(move)
    return state, moves


def joined(app, spec, options, state, seat: str | None):
    """The match screen of a session that joined match CODE at ``state``."""
    version = 40
    seats = spec.seats(options)
    feed = Feed()
    session = OnlineSession(feed, "Ann", app.games.specs())
    info = {"code": CODE, "game": spec.id, "options": options, "status": "playing", "version": version,
            "seats": [s.to_dict() for s in seats],
            "players": [{"seat": s.name, "name": n, "online": True} for s, n in zip(seats, ("Ann", "Bo", "Cy", "Di"))]}
    feed.inbox += [{"type": "joined", "match": CODE, "role": "player" if seat else "spectator", "seat": seat,
                    "version": version},
                   {"type": "sync", "match": CODE, "version": version, "mode": "snapshot",
                    "state": state.to_dict(), "info": info}]
    session.pump()
    scene = open_match(app, session, CODE)
    show(app, scene)
    frames(app, 90)
    return scene, feed, version


def frames(app, n: int) -> None:
    for _ in range(n):
        app.step(FIXED_DT, [], draw=True)


@pytest.mark.parametrize("spectator", [False, True], ids=["player", "spectator"])
@pytest.mark.parametrize("game_id, raw, plies", GAMES)
def test_an_online_match_lists_its_moves_and_looks_back(app, game_id, raw, plies, spectator):
    spec = app.games.specs().get(game_id)
    options = spec.options(raw)
    state, moves = played(spec, options, plies)
    seat = None if spectator else spec.seats(options)[(state.to_move + 1) % state.seat_count].name
    scene, feed, version = joined(app, spec, options, state, seat)
    listing = scene.listing
    assert not listing.moves_shown and listing.room(app.size) == 0
    scene.handle_event(key(pygame.K_l))
    frames(app, 5)
    assert listing.moves_shown and listing.room(app.size) > 0
    assert listing.move_list.rect.w > 0 and not listing.move_list.rect.colliderect(scene.geo.outer)
    entries = listing.move_entries()
    # every move from the start, though the session only ever saw the last position
    assert len(listing.move_positions()) == len(entries) + 1 and listing.move_current() == len(entries)
    assert len(listing.held_moves()) == plies and listing.held_moves() == moves
    assert all(e.text for e in entries)
    # a click on an earlier row looks back at that position, read-only
    box = listing.move_list.rect
    pos, row = next(((box.centerx, y), listing.move_list.row_at((box.centerx, y))) for y in range(box.y, box.bottom)
                    if (listing.move_list.row_at((box.centerx, y)) or 0) not in (0, len(entries)))
    scene.handle_event(click(pos))
    frames(app, 5)
    assert listing.looking_back == row and listing.move_current() == row
    scene.handle_event(key(pygame.K_SPACE))   # the board takes no key while looking back
    assert listing.looking_back == row
    # the server's next move brings the board back to the present
    mover = state.to_move
    move = state.legal_moves().random(random.Random(9))
    after, events = state.play(move)
    names = [s.name for s in spec.seats(options)]
    feed.inbox.append({"type": "moved", "match": CODE, "version": version + 1, "seat": names[mover], "mid": "x",
                       "move": spec.move_text(move), "kind": "move", "events": events, "turn": after.turn(),
                       "to_move": None if after.is_over() else names[after.to_move]})
    frames(app, 120)
    assert listing.looking_back is None
    assert listing.held_moves() == [*moves, move] and listing.move_current() == len(listing.move_entries())


def test_with_the_chat_open_a_typed_l_is_a_letter(app):
    spec = app.games.specs().get("city-blocks")
    options = spec.options({"players": 4})
    state, _moves = played(spec, options, 6)
    scene, _feed, _version = joined(app, spec, options, state, spec.seats(options)[0].name)
    scene.handle_event(key(pygame.K_t, unicode="t"))
    frames(app, 3)
    assert scene.chrome.chatting
    scene.handle_event(key(pygame.K_l, unicode="l"))
    scene.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="l"))
    frames(app, 3)
    assert not scene.listing.moves_shown
    assert "l" in scene.chrome.pane.field.value


def test_the_moves_tab_opens_the_list_online(app):
    spec = app.games.specs().get("alien-city")
    options = spec.options(None)
    state, _moves = played(spec, options, 10)
    scene, _feed, _version = joined(app, spec, options, state, None)
    tab = scene.listing.moves_tab
    assert tab.rect.w > 0
    scene.handle_event(click(tab.rect.center))
    frames(app, 3)
    assert scene.listing.moves_shown


@pytest.mark.parametrize("game_id, raw, plies", GAMES[1:])
def test_the_closed_chat_bar_sits_under_the_first_panel_not_on_it(app, game_id, raw, plies):
    """City Blocks' and Sprawl's panels are full of pieces: online, the first one leaves
    the chat bar its room, where a local match's panel keeps the whole height."""
    spec = app.games.specs().get(game_id)
    options = spec.options(raw)
    state, _moves = played(spec, options, plies)
    scene, _feed, _version = joined(app, spec, options, state, spec.seats(options)[0].name)
    first, second = scene.seat_panels()[0][0], scene.seat_panels()[1][0]
    pane = scene.chrome.pane
    assert pane.rect.h > 0 and not pane.rect.colliderect(first), (pane.rect, first)
    assert not any(pane.rect.colliderect(rect) for rect, _h, _pad in scene.seat_panels()), pane.rect
    assert second.h > 0
    assert scene.chat_foot(app.size) >= pane.rect.h
    local = type(scene)(app, state)
    assert local.chat_foot(app.size) == 0
    assert local.seat_panels()[0][0].h > first.h
