"""The end-of-game score show: for many finished random games every beat shows exactly the
engine's numbers, the totals it counts up are the engine's totals, and Space, S, the
replay button and the animation-speed option do what they say."""

import random

import pygame
import pytest

from client.games.aliencity.score import ScoreScene
from client.games.aliencity.score_beats import describe
from client.games.aliencity.score_plan import BonusBeat, LocationBeat, TotalsBeat, TowerBeat, plan
from shared.aliencity import Claim, Pass, Phase, Player, Ruleset, new_game
from shared.aliencity.geometry import bits
from tests.games.aliencity.helpers import oracle_score

from .conftest import click, key, show


def finished(seed: int, edition: int = 2004, location: bool = False, claim_chance: float = 0.7):
    """A random finished game where players claim eagerly (so there is plenty to count)."""
    rng = random.Random(seed)
    state = new_game(Ruleset(edition, location_bonus=location), seed)
    while state.phase is not Phase.OVER:
        if state.phase is Phase.CLAIM:
            claims = state.legal_claims()
            state = state.apply(Claim(rng.choice(claims)) if claims and rng.random() < claim_chance else Pass())
        else:
            builds = state.legal_builds()
            state = state.apply(builds[rng.randrange(len(builds))])
    return state


def games(n: int):
    for seed in range(n):
        yield finished(1000 + seed, 2002 if seed % 2 else 2004, location=seed % 3 == 0,
                       claim_chance=(0.3, 0.7, 1.0)[seed % 3])


def test_plan_covers_the_breakdown_once_in_the_issue_order():
    """Towers first (each claimed tower once), then every bonus in the engine's order,
    then location beats with the variant, then the totals."""
    for state in games(30):
        score = state.score()
        beats = plan(state)
        kinds = [type(b) for b in beats]
        towers = [b.tower for b in beats if isinstance(b, TowerBeat)]
        assert sorted(t.lot for t in towers) == sorted(t.lot for t in score.towers)
        assert [b.bonus for b in beats if isinstance(b, BonusBeat)] == list(score.bonuses)
        locations = [b for b in beats if isinstance(b, LocationBeat)]
        assert len(locations) == (len(score.towers) if state.ruleset.location_bonus else 0)
        order = {TowerBeat: 0, BonusBeat: 1, LocationBeat: 2, TotalsBeat: 3}
        assert [order[k] for k in kinds] == sorted(order[k] for k in kinds)
        assert isinstance(beats[-1], TotalsBeat)


def check_beat(view, score, state) -> None:
    """A finished beat shows the engine's numbers."""
    beat = view.beat
    if isinstance(beat, TowerBeat):
        t = next(x for x in score.towers if x.lot == beat.tower.lot)
        assert view.lit == len(t.customers)
        assert view.counter == t.competition
        assert beat.equation == f"{len(t.customers)} × {t.competition} = {t.points}"
        assert beat.equation in view.shown and beat.equation in describe(view)
        rings = state.road.structure_rings(t.lot)
        near = set(bits(rings[0] | rings[1])) if len(rings) > 1 else set(bits(rings[0])) if rings else set()
        customers = {c.lot for c in t.customers}
        assert set(beat.excluded) | customers == near and not set(beat.excluded) & customers
    elif isinstance(beat, BonusBeat):
        b = beat.bonus
        assert b in score.bonuses
        assert view.counter == (b.distance or 0)
        if b.paid_to is not None:
            assert beat.equation == f"10 − 2×{b.distance} = {b.points}" and b.points == 10 - 2 * b.distance
        else:
            assert b.note in view.shown
        assert beat.equation in view.shown
    elif isinstance(beat, LocationBeat):
        t = next(x for x in score.towers if x.lot == beat.tower.lot)
        assert beat.award == (t.owner, t.location)
        assert beat.equation in view.shown
    elif isinstance(beat, TotalsBeat):
        assert view.roll == 1.0
        assert f"{score.totals[Player.BLACK]} : {score.totals[Player.WHITE]}" in view.shown


def test_every_step_of_the_show_equals_the_engine_breakdown(app):
    """Space through the show of 36 random games: each beat's counters, equation and the
    running totals are the engine's; the end shows the engine's totals and winner."""
    for n, state in enumerate(games(36)):
        score = state.score()
        scene = ScoreScene(app, state)
        app.stack.scenes.clear()
        show(app, scene)
        expected = [0, 0]
        while scene.stage == "show":
            view = scene.view
            scene.handle_event(key(pygame.K_SPACE))
            if view.beat is None:
                continue  # the intro
            assert view.done
            check_beat(view, score, state)
            who, points = view.beat.award
            if who is not None:
                expected[who] += points
            assert scene.awarded == expected
            assert [round(v) for v in scene.totals] == expected
            if n % 6 == 0:
                app.step(1 / 60, events=[])  # draw mid-show now and then
        assert scene.awarded == [score.totals[Player.BLACK], score.totals[Player.WHITE]]
        oracle = oracle_score(state)["totals"]  # the rules counted from scratch, not the engine again
        assert scene.awarded == [oracle[Player.BLACK], oracle[Player.WHITE]]
        tables = {p: sum(row[4] for row in scene.rows[p]) for p in Player}
        assert tables == score.totals  # the final table adds up to the totals


def test_s_skips_to_the_end_and_replay_runs_it_again(app):
    """S jumps to the final board; the Replay scoring button starts again from zero."""
    state = finished(8)
    scene = ScoreScene(app, state)
    show(app, scene)
    app.step(1 / 60, events=[])
    scene.handle_event(key(pygame.K_s))
    assert scene.stage == "final"
    totals = [state.score().totals[p] for p in Player]
    assert scene.awarded == totals
    replay = next(b for b in scene.buttons if b.label == "Replay scoring")
    scene.handle_event(click(replay.rect.center))
    assert scene.stage == "show" and scene.awarded == [0, 0] and scene.totals == [0.0, 0.0]
    scene.skip()
    assert scene.awarded == totals


def test_final_board_buttons_work_from_the_keyboard(app):
    """On the final board Enter presses nothing until Left/Right ring a button (the Space
    that stepped the show never starts a new game); then they move the ring and Enter
    presses the ringed one."""
    pressed = []
    scene = ScoreScene(app, finished(12), on_new_game=lambda: pressed.append("new"),
                       on_replay=lambda: pressed.append("replay"))
    show(app, scene)
    scene.handle_event(key(pygame.K_s))
    scene.handle_event(key(pygame.K_RETURN))
    assert pressed == [] and "choose a button" in scene.toast
    scene.handle_event(key(pygame.K_RIGHT))  # rings the first choice
    assert scene.buttons[scene.column.focus].label == "New game"
    scene.handle_event(key(pygame.K_RETURN))
    assert pressed == ["new"]
    scene.handle_event(key(pygame.K_LEFT))
    assert scene.buttons[scene.column.focus].label == "Watch replay"
    scene.handle_event(key(pygame.K_RETURN))
    assert pressed == ["new", "replay"]


def test_animation_speed_option_shortens_the_show(app):
    """At double speed the show takes about half the frames."""
    state = finished(9)

    def frames(speed: float) -> int:
        app.options.anim_speed = speed
        scene = ScoreScene(app, state)
        app.stack.scenes.clear()
        show(app, scene)
        for n in range(60 * 200):
            scene.update(1 / 60)
            if scene.stage == "final":
                return n
        raise AssertionError("the show never ended")

    slow, fast = frames(1.0), frames(2.0)
    app.options.anim_speed = 1.0
    assert fast < slow * 0.6


@pytest.mark.parametrize("colour_blind", [False, True])
def test_final_board_hover_shows_a_tower_card_without_error(app, colour_blind):
    """On the final board a structure under the pointer gets its wave and card."""
    app.options.colour_blind = colour_blind
    state = finished(11, location=True)
    scene = ScoreScene(app, state)
    show(app, scene)
    scene.skip()
    tower = state.score().towers[0].lot
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.geo.lot_center(tower), rel=(0, 0),
                                          buttons=(0, 0, 0)))
    assert scene.insight.pathing.wave is not None and scene.insight.pathing.wave.reach.source == tower
    for _ in range(5):
        app.step(1 / 60, events=[])
    app.options.colour_blind = False


def test_the_final_counts_caption_says_the_final_totals_while_the_counter_runs(app):
    """The caption under the board gives the totals as they end; only the card counts up."""
    from .i18n_harness import recording_texts
    state = finished(7)
    totals = state.score().totals
    scene = ScoreScene(app, state)
    show(app, scene)
    for _ in range(60 * 120):
        app.step(1 / 60, events=[], draw=False)
        if isinstance(scene.view.beat, TotalsBeat) and 0.1 < scene.view.roll < 0.9:
            break
    assert isinstance(scene.view.beat, TotalsBeat) and scene.view.roll < 0.9, "caught mid-roll"
    with recording_texts("en") as texts:
        app.step(1 / 60, events=[])
    caption = next(t for t in texts if t.startswith(scene.view.beat.title))
    assert caption.endswith(f"Black {totals[Player.BLACK]}  :  White {totals[Player.WHITE]}"), caption
