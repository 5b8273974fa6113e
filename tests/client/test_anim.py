"""Easing curves are pure; the timeline is exact in seconds and can be finished at once."""

import math

import pytest

from client.anim import EASINGS, Callback, Delay, Parallel, Sequence, Timeline, Tween, ease


@pytest.mark.parametrize("name", sorted(EASINGS))
def test_easing_starts_at_zero_ends_at_one(name):
    """Every curve maps 0 -> 0 and 1 -> 1."""
    f = EASINGS[name]
    assert math.isclose(f(0.0), 0.0, abs_tol=1e-9)
    assert math.isclose(f(1.0), 1.0, abs_tol=1e-9)


@pytest.mark.parametrize("name", sorted(EASINGS))
def test_easing_is_pure(name):
    """Same input, same output, whatever was asked before (no hidden state)."""
    f = EASINGS[name]
    points = [i / 37 for i in range(38)]
    first = [f(t) for t in points]
    shuffled = [f(t) for t in reversed(points)]
    assert first == list(reversed(shuffled))
    assert first == [f(t) for t in points]


def test_ease_clamps_progress():
    """Progress outside [0, 1] is clamped, so an overshooting dt never extrapolates."""
    assert ease("out_cubic", -2) == 0.0
    assert ease("out_cubic", 5) == 1.0


def test_registry_is_read_only():
    """The registry cannot be changed at run time (no module-level mutable state)."""
    with pytest.raises(TypeError):
        EASINGS["mine"] = lambda t: t  # type: ignore[index]


def test_sequence_hands_leftover_time_to_the_next_step():
    """A 0.3 s tween then a 0.2 s tween finish together after 0.5 s in any frame size."""
    values = []
    seq = Sequence(Tween(0.3, lambda p: values.append(("a", p)), "linear"),
                   Tween(0.2, lambda p: values.append(("b", p)), "linear"))
    assert seq.update(0.4) is None
    assert values[-1] == ("b", pytest.approx(0.5))
    left = seq.update(0.15)
    assert left == pytest.approx(0.05)
    assert values[-1] == ("b", 1.0)


def test_parallel_waits_for_the_longest():
    """Parallel steps end together when the longest ends."""
    done = []
    par = Parallel(Delay(0.1), Sequence(Delay(0.3), Callback(lambda: done.append(1))))
    assert par.update(0.2) is None and not done
    assert par.update(0.2) == pytest.approx(0.1)
    assert done == [1]


def test_finish_all_runs_callbacks_and_tracks_they_add():
    """finish_all skips every animation to its end, including tracks added by callbacks."""
    tl = Timeline()
    log = []
    tl.sequence(Tween(5, lambda p: log.append(p)), Callback(lambda: tl.delay(3, lambda: log.append("late"))))
    assert tl.busy
    tl.finish_all()
    assert log[-1] == "late" and 1.0 in log
    assert not tl.busy and len(tl) == 0


def test_non_blocking_steps_do_not_lock_input():
    """Only blocking steps make the timeline busy."""
    tl = Timeline()
    tl.tween(1.0, lambda p: None, blocking=False)
    assert not tl.busy
    tl.delay(1.0)
    assert tl.busy
    tl.update(1.5)
    assert not tl.busy and len(tl) == 0
