"""Seeing the road: the R overlay and its narrowing, the pathing wave and paths, the tower
projections and the build preview all show the engine's road queries and breakdowns."""

import random

import pygame

from client.games.aliencity.game import GameScene
from client.games.aliencity.insight import Insight
from client.games.aliencity.replay import ReplayScene
from client.games.aliencity.view.road_overlay import NARROW_TIME, ROAD_EDGE
from shared.aliencity import Build, Claim, Kind, Pass, Phase, Ruleset, new_game
from shared.aliencity.geometry import bits
from shared.aliencity.ppn import read_ppn, write_ppn

from .conftest import click, key, motion, show


def mid_game(seed: int, builds: int, claim_chance: float = 0.8):
    rng = random.Random(seed)
    state = new_game(Ruleset(2004), seed)
    while state.ply < builds or state.phase is not Phase.BUILD:
        if state.phase is Phase.CLAIM:
            claims = state.legal_claims()
            state = state.apply(Claim(rng.choice(claims)) if claims and rng.random() < claim_chance else Pass())
        else:
            builds_now = state.legal_builds()
            state = state.apply(builds_now[rng.randrange(len(builds_now))])
    return state


def ready(app, state) -> GameScene:
    game = GameScene(app, state)
    show(app, game)
    game.timeline.finish_all()
    game.insight.finish()
    return game


def test_r_toggles_the_overlay_which_draws_the_engine_road(app):
    """R shows the road overlay (the engine's empty lots, splitting and lifeline marks); R hides it."""
    state = mid_game(3, 20)
    game = ready(app, state)
    overlay = game.insight.overlay
    assert not overlay.on
    game.handle_event(key(pygame.K_r))
    assert overlay.on
    for _ in range(30):
        app.step(1 / 60, events=[])
    assert overlay.visible and overlay.drawn == state.road.empty
    assert overlay.splitting == state.road.splitting and overlay.lifelines == state.road.lifelines
    edges = {frozenset(e) for e in overlay.edges}
    for lot in bits(state.road.empty):
        for other in (lot + 1, lot + 8):
            if other < 80 and (other % 8 or other == lot + 8) and state.road.empty >> other & 1:
                assert frozenset((lot, other)) in edges
    game.handle_event(key(pygame.K_r))
    for _ in range(30):
        app.step(1 / 60, events=[])
    assert not overlay.visible


def test_a_wide_road_is_one_open_field_not_a_lattice(app):
    """Early on nearly every lot is road: a lot whose eight neighbours are road too is drawn
    as a faint open field, with no lane rims and no traffic, so only the narrow parts of the
    road stand out; late in the game (no wide parts) every lot is a lane as before."""
    early = ready(app, mid_game(3, 4))
    overlay = early.insight.overlay
    road = early.state.road.empty
    wide = {lot for lot in bits(road)
            if all(road >> (r * 8 + c) & 1 for r in range(max(0, lot // 8 - 1), min(10, lot // 8 + 2))
                   for c in range(max(0, lot % 8 - 1), min(8, lot % 8 + 2)))}
    assert wide and set(bits(overlay.open)) == wide
    bed = overlay._bed_surface(early.geo)
    deep = [lot for lot in wide if all(n in wide for n in (lot - 1, lot + 1, lot - 8, lot + 8)
                                       if 0 <= n < 80 and (n // 8 == lot // 8 or n % 8 == lot % 8))]
    assert deep
    for lot in deep:   # inside the field (no lane leads in there): no rim at all
        r = early.geo.lot_rect(lot, local=True)
        inner = {tuple(bed.get_at((x, y))) for x in range(r.x + 2, r.right - 2, 3)
                 for y in range(r.y + 2, r.bottom - 2, 3)}
        assert ROAD_EDGE not in inner, f"no lane rim drawn inside the open field ({lot})"
    overlay._draw_flow(pygame.Surface(app.size), early.geo, 255)
    runs = overlay._runs[0] + overlay._runs[1]
    assert len(runs) < len(overlay.edges) - len([e for e in overlay.edges if set(e) <= wide]) + 1
    late = ready(app, mid_game(3, 30))
    assert late.insight.overlay.open == 0


def test_a_build_narrows_the_road_and_flashes_the_overlay(app):
    """After a build the overlay shows briefly and the closed lot pinches off smoothly."""
    state = mid_game(5, 14)
    game = ready(app, state)
    overlay = game.insight.overlay
    build = state.legal_builds()[0]
    game.play(build)
    assert overlay.flash > 0
    assert overlay.drawn >> build.lot & 1  # still drawn while it narrows
    widths = []
    for _ in range(int((NARROW_TIME + 1.0) * 60)):
        app.step(1 / 60, events=[])
        widths.append(overlay.width(build.lot))
    assert widths[0] == 1.0 and widths[-1] == 1.0  # lot gone: no change left
    assert any(0.1 < w < 0.9 for w in widths)  # it narrowed in between, not at once
    assert overlay.drawn == game.state.road.empty
    for _ in range(200):
        app.step(1 / 60, events=[], draw=False)
    assert not overlay.visible  # the after-build showing ends by itself


def test_hovering_a_structure_spreads_a_wave_of_engine_distances(app):
    """Road distances, nearby structures, customers and the nearest same-colour tower
    (path and length) all come from the engine."""
    state = mid_game(6, 26)
    game = ready(app, state)
    towers = [lot for lot, p in state.structures() if p.kind is Kind.TOWER]
    for lot in towers[:6] + [lot for lot, p in state.structures() if p.kind is Kind.DOME][:3]:
        game.handle_event(motion(game.geo.lot_center(lot)))
        wave = game.insight.pathing.wave
        assert wave is not None and wave.reach.source == lot
        reach = wave.reach
        assert reach.distances == state.road.distances_from(lot)
        rings = state.road.structure_rings(lot)
        assert {s for s, _ in reach.near} == set(bits(rings[0] | (rings[1] if len(rings) > 1 else 0)))
        piece = state.piece_at(lot)
        if piece.kind is Kind.TOWER:
            ts = Insight().tower(state, lot)
            assert reach.counting == {c.lot for c in ts.customers}
            assert reach.target == ts.competitor and reach.path == ts.path
            if ts.competitor is not None:
                assert reach.length == state.road.distance(lot, ts.competitor) == len(ts.path)
        for _ in range(40):
            app.step(1 / 60, events=[])
    game.handle_event(motion((2, 2)))
    assert game.insight.pathing.wave is None


def test_pin_one_structure_and_hover_another_for_the_path_between(app):
    """Click pins a structure; hovering a second traces the engine's path and distance."""
    state = mid_game(7, 24)
    game = ready(app, state)
    lots = [lot for lot, _ in state.structures()]
    a, b = lots[0], lots[-1]
    game.handle_event(click(game.geo.lot_center(a)))
    assert game.insight.pinned == a
    assert game.match.state is state  # pinning is not a move
    game.handle_event(motion(game.geo.lot_center(b)))
    pair = game.insight.pathing.pair
    assert pair is not None and (pair.a, pair.b) == (a, b)
    assert pair.length == state.road.distance(a, b)
    assert list(pair.path) == (state.road.path(a, b) or [])
    for _ in range(60):
        app.step(1 / 60, events=[])
    game.handle_event(key(pygame.K_ESCAPE))  # Esc unpins first, the pause menu waits
    assert game.insight.pinned is None and app.stack.top is game


def test_claimed_towers_project_the_engine_score_and_hover_explains_it(app):
    """Badges read the live breakdown; the card shows customers × distance = points."""
    state = mid_game(8, 30, claim_chance=1.0)
    game = ready(app, state)
    claimed = game.insight.claimed(game.board.shown_caps)
    assert claimed == {t.lot: t for t in state.score().towers} and claimed
    lot, ts = next(iter(claimed.items()))
    game.handle_event(motion(game.geo.lot_center(lot)))
    from client.games.aliencity.view import board_insight
    cards = []  # the cards the frame draws (title, rows): what is on screen, not a helper's answer
    real = board_insight.draw_card
    board_insight.draw_card = lambda surface, text, title, rows, *a, **k: (
        cards.append((title, rows)), real(surface, text, title, rows, *a, **k))[1]
    try:
        app.step(1 / 60, events=[])
    finally:
        board_insight.draw_card = real
    assert len(cards) == 1, cards
    assert any(f"{len(ts.customers)} × {ts.competition} = {ts.points}" in text for text, _ in cards[0][1])


def test_hovering_a_lot_with_a_piece_previews_the_engine_score_after_the_build(app):
    """The preview is the engine's breakdown of the state after that build."""
    state = mid_game(9, 28, claim_chance=1.0)
    game = ready(app, state)
    piece = next(p for p in state.stock(state.to_move) if state.legal_lots(p))
    game.select(piece)
    for lot in state.legal_lots(piece)[:5]:
        game.handle_event(motion(game.geo.lot_center(lot)))
        after = state.apply(Build(piece, lot)).score()
        assert game.preview_after() == {t.lot: t for t in after.towers}
        app.step(1 / 60, events=[])
    bad = next(x for x in range(80) if not state.board[x] and x not in state.legal_lots(piece))
    game.handle_event(motion(game.geo.lot_center(bad)))
    assert game.preview_after() is None


def test_replay_has_the_road_tools_too(app):
    """In a replay R toggles the overlay and hovering a structure spreads its wave."""
    state = mid_game(10, 30)
    record = read_ppn(write_ppn(state), lenient=True)
    replay = ReplayScene(app, record)
    show(app, replay)
    replay.controls.go(replay.controls.count)
    replay.handle_event(key(pygame.K_r))
    assert replay.insight.overlay.on
    lot = next(lot for lot, _ in replay.state.structures())
    replay.handle_event(motion(replay.geo.lot_center(lot)))
    assert replay.insight.pathing.wave.reach.source == lot
    app.step(1 / 60, events=[])
