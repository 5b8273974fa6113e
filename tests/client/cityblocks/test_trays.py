"""What the trays and the fit hint show: each piece's name beside it (its letter is the key
that picks it), the engine's reason on hovering a dimmed piece, and the fit hint marked by
shape in a neutral colour, not in the ghost's colours."""

import pygame
import pytest

from client.games.cityblocks import marks, tray
from client.games.cityblocks.game import MatchScene
from shared.cityblocks import CITY_BLOCKS
from shared.cityblocks.geometry import PIECES

from ..conftest import key, motion, show
from ..i18n_harness import recording_texts
from .helpers import random_game, settle


def test_every_unplayed_piece_shows_its_name_in_its_tray(app):
    state = random_game(4, 3, stop_at=12)
    scene = MatchScene(app, state)
    show(app, scene)
    settle(app, scene)
    with recording_texts("en") as texts:
        scene.board._tray_cache.clear()
        app.step(1 / 60, events=[])
    for colour in range(4):
        for piece in state.pieces_left(colour):
            assert piece in texts, f"{piece} is named in its tray"


def test_hovering_a_dimmed_piece_says_why_it_fits_nowhere(app):
    state = CITY_BLOCKS.new_state({"players": 4}, 1)
    scene = MatchScene(app, state)
    show(app, scene)
    settle(app, scene)
    colour = state.colours_to_move[0]
    assert "X5" not in state.placeable_pieces(colour), "the X cannot cover a corner: dimmed"
    slot = scene.board.tray_of(colour).slots[PIECES.index("X5")]
    reason = state.why_no_place(colour, "X5").text
    with recording_texts("en") as texts:
        app.step(1 / 60, events=[motion(slot.center)])
    assert scene.control.dimmed_reason() == reason and reason in texts
    other = scene.board.tray_of(colour).slots[PIECES.index("I2")]
    with recording_texts("en") as texts:
        app.step(1 / 60, events=[motion(other.center)])
    assert scene.control.dimmed_reason() is None and reason not in texts, "a piece that fits has no such tip"


def test_the_fit_hint_is_neutral_not_the_ghosts_colours(app):
    """The first piece's fit squares are lit in greys only (hatch and ring), where the
    ghost is a piece in its seat's colour framed green."""
    state = CITY_BLOCKS.new_state({"players": 2}, 4)
    scene = MatchScene(app, state)
    show(app, scene)
    settle(app, scene)
    squares = scene.control.fit_squares()
    assert squares, "a colour's first piece shows where it fits"
    canvas = pygame.Surface(app.size)
    canvas.fill((0, 0, 0))
    marks.draw_fit(canvas, scene)
    lit = [canvas.get_at(scene.geo.square_rect(sq).move(dx, dy).topleft)[:3]
           for sq in squares for dx in range(4, scene.geo.cell - 4) for dy in range(4, scene.geo.cell - 4, 3)]
    lit = [c for c in lit if max(c) > 40]
    assert lit, "the fit squares are marked"
    assert all(max(c) - min(c) <= 12 for c in lit), "only greys: no hue to mistake for a ghost or a seat"


@pytest.mark.parametrize("size", [(1280, 800), (896, 560)])
def test_a_tray_pieces_name_stays_clear_of_the_piece(app, monkeypatch, size):
    """The name sits in the slot's corner and the piece is drawn beside or under it."""
    app.set_size(size)
    scene = MatchScene(app, CITY_BLOCKS.new_state({"players": 4}, 1))
    show(app, scene)
    settle(app, scene)
    names: list[pygame.Rect] = []
    pieces: list[pygame.Rect] = []
    real_render, real_cells = app.text.render, tray.look.draw_cells

    def render(text, size, *args, **kw):
        img = real_render(text, size, *args, **kw)
        if text in PIECES:
            names.append(img.get_rect())
        return img

    def draw_cells(surface, cells, pos, cell, *args, **kw):
        pieces.append(pygame.Rect(pos, tray.look.cells_size(cells, cell)))
        return real_cells(surface, cells, pos, cell, *args, **kw)

    monkeypatch.setattr(app.text, "render", render)
    monkeypatch.setattr(tray.look, "draw_cells", draw_cells)
    scene.board._tray_cache.clear()
    app.step(1 / 60, events=[])
    views = [t for panel in scene.board.panels for t in panel.trays]
    assert len(names) == len(pieces) == len(views) * len(PIECES)
    for i, (name, piece) in enumerate(zip(names, pieces)):
        view = views[i // len(PIECES)]
        slot = view.slots[i % len(PIECES)].move(-view.rect.x, -view.rect.y)
        label = name.move(slot.x + 2, slot.y + 1)
        assert not label.colliderect(piece), f"{PIECES[i % len(PIECES)]}'s name overlaps it at {size}"


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
@pytest.mark.parametrize("lang", ["en", "sk", "fr"])
def test_the_shared_blue_tray_is_named_shared_never_a_bare_star(app, lang, size):
    """3 players: the blue tray in the last seat's panel says it is shared (title and tally
    shrunk together, not cut to "BLUE*" with no legend) at the usual window sizes."""
    from client.app import App
    from client.config import Options
    from client.games.cityblocks import look
    from shared.cityblocks.geometry import BLUE

    app = App(Options(), size, persist=False)
    scene = MatchScene(app, random_game(3, 3, stop_at=6))
    show(app, scene)
    settle(app, scene)
    with recording_texts(lang) as texts:
        blue = look.name(BLUE).upper()
        scene.board._tray_cache.clear()
        app.step(1 / 60, events=[])
    titles = [t for t in texts if t.startswith(blue)]
    assert titles and not any(t.rstrip().endswith("*") for t in titles), titles
    assert any(len(t) > len(blue) + 2 for t in titles), f"the shared tray's title says more than {blue}: {titles}"


def tray_drawings(app, monkeypatch, scene) -> list[tuple[tray.TrayView, list, list, list]]:
    """Each tray drawn with all twenty pieces: (view, piece names' rects, pieces' rects,
    other texts' rects: title and tally), in the tray's own coordinates."""
    real_render, real_cells = app.text.render, tray.look.draw_cells
    out: list[tuple[tray.TrayView, list, list, list]] = []

    def render(text, size, *args, **kw):
        img = real_render(text, size, *args, **kw)
        if out:
            out[-1][1 if text in PIECES else 3].append((text, img.get_rect()))
        return img

    def draw_cells(surface, cells, pos, cell, *args, **kw):
        out[-1][2].append(pygame.Rect(pos, tray.look.cells_size(cells, cell)))
        return real_cells(surface, cells, pos, cell, *args, **kw)

    monkeypatch.setattr(app.text, "render", render)
    monkeypatch.setattr(tray.look, "draw_cells", draw_cells)
    for panel in scene.board.panels:
        for view in panel.trays:
            out.append((view, [], [], []))
            view.surface(app.text, played=set(), fits=None, chosen=None, hover=None, active=False, score=(18, 155),
                         cb=False, shared=view.shared)
    monkeypatch.undo()
    return out


@pytest.mark.parametrize("size", [(1280, 800), (896, 560)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_replay_trays_keep_every_piece_clear_of_its_name_with_the_list_open_or_shut(app, monkeypatch, players, size):
    """The replay's panels are narrowed by the list of moves: every piece still sits in its
    own slot beside or under its name, the slots under the title and tally, which stay on
    their own row(s) (the shared blue's title says it is shared)."""
    from client.games.cityblocks.replay import ReplayScene

    app.set_size(size)
    state = random_game(players, 5)
    scene = ReplayScene.from_text(app, CITY_BLOCKS.write_record(state, {}), "game")
    show(app, scene)
    for shown in (True, False):
        if scene.listing.moves_shown != shown:
            app.step(1 / 60, events=[key(pygame.K_l)])
        assert scene.listing.moves_shown == shown
        for view, names, pieces, titles in tray_drawings(app, monkeypatch, scene):
            where = f"{players} players, {size}, list {'open' if shown else 'shut'}, tray {view.colour}"
            assert len(names) == len(pieces) == len(PIECES)
            slots = [s.move(-view.rect.x, -view.rect.y) for s in view.slots]
            for (piece, name), drawn, slot in zip(names, pieces, slots):
                label = name.move(slot.x + 2, slot.y + 1)
                assert not label.colliderect(drawn), f"{piece}'s name overlaps it: {where}"
                assert slot.contains(drawn) and slot.contains(label), f"{piece} leaves its slot: {where}"
            top = min(s.y for s in slots)
            assert all(r.h <= view.title_h for _t, r in titles), f"the title row holds its texts: {where}"
            assert top >= view.title_h, f"the pieces start under the title: {where}"
            if view.shared:
                assert any("(" in t for t, _r in titles) and not any(t.endswith("*") for t, _r in titles), where
