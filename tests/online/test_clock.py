"""Clocks (shared/online/clock.py): increments, flags, the lag quota, a restore after a
crash and a week of correspondence, all on times the test passes in."""

import pytest

from shared.online.clock import (
    DAY_S,
    HOUR_S,
    Clock,
    ClockError,
    Correspondence,
    LagQuota,
    TimeControl,
    format_clock,
    format_days_hours,
)

FIVE_THREE = TimeControl.parse("5+3")
T0 = 1000.0  # an arbitrary monotonic reading: only differences count


def two_seats() -> Clock:
    return Clock.new(FIVE_THREE, 2).start(T0, 0)


def test_parse_and_text():
    assert FIVE_THREE == TimeControl(300_000, 3000) and FIVE_THREE.text() == "5+3"
    assert TimeControl.parse(" 0.5 + 0 ").text() == "0.5+0"
    for bad in ("5", "5+", "+3", "-1+2", "five+3", "0+3"):
        with pytest.raises(ClockError):
            TimeControl.parse(bad)


def test_a_move_is_charged_and_gets_the_increment():
    clock, step = two_seats().move(T0 + 12.5, 1)
    assert (step.seat, step.elapsed_ms, step.used_ms, step.flagged) == (0, 12_500, 12_500, False)
    assert clock.remaining_ms == (300_000 - 12_500 + 3000, 300_000)
    assert clock.turn == 1 and clock.since == T0 + 12.5
    assert clock.time_left(1, T0 + 20.5) == 292_000
    assert clock.time_left(0, T0 + 20.5) == 290_500  # not running: no change


def test_the_increment_comes_after_the_charge_every_move():
    clock = Clock.new(TimeControl.parse("1+2"), 2).start(T0, 0)
    now = T0
    for _ in range(10):  # each side thinks 5 s a move: loses 3 s net a move
        now += 5
        clock, _step = clock.move(now, 1 - clock.turn)
    assert clock.remaining_ms == (60_000 - 5 * 3000, 60_000 - 5 * 3000)


def test_flag_by_the_servers_timer_waits_for_the_grace():
    clock = two_seats()
    # 300 s plus the most its next move could be compensated: min(quota 2 s, 3 s)
    assert clock.deadline() == T0 + 302.0
    assert clock.flagged(T0 + 301.9) is None
    assert clock.flagged(T0 + 302.0) == 0
    flagged, seat = clock.flag(T0 + 302.0)
    assert seat == 0 and flagged.out == {0} and flagged.remaining_ms[0] == 0
    assert flagged.turn is None and flagged.deadline() is None
    with pytest.raises(ClockError, match="no seat is out of time"):
        clock.flag(T0 + 100)


def test_a_move_after_the_time_is_gone_flags():
    clock, step = two_seats().move(T0 + 303.0, 1, lag_ms=2000)
    assert step.flagged and step.compensation_ms == 2000 and step.used_ms == 301_000
    assert clock.out == {0} and clock.turn is None


def test_lag_is_forgiven_within_the_quota():
    clock, step = two_seats().move(T0 + 10.0, 1, lag_ms=300)
    assert (step.compensation_ms, step.used_ms) == (300, 9700)
    assert clock.quota_ms == (2000 + 1000 - 300, 2000)


def test_impossible_lag_gains_nothing_beyond_the_quota():
    clock = two_seats()
    # claims a minute of lag on a 10 s move: only the 2 s quota is forgiven
    clock, step = clock.move(T0 + 10.0, 1, lag_ms=60_000)
    assert (step.compensation_ms, step.used_ms) == (2000, 8000)
    assert clock.quota_ms[0] == 1000  # 2000 + 1000 gained - 2000 spent
    # claims more lag than the move took: nothing beyond the elapsed time, never a gain
    clock = clock.start(T0 + 20.0, 0)
    before = clock.remaining_ms[0]
    clock, step = clock.move(T0 + 20.5, 1, lag_ms=10_000)
    assert step.compensation_ms == 500 and step.used_ms == 0
    assert clock.remaining_ms[0] == before + 3000  # the increment only
    # a cheat claiming lag on every move drains the quota: 1 s a move at most
    for k in range(5):
        clock = clock.start(T0 + 30.0 + 10 * k, 0)
        clock, step = clock.move(T0 + 35.0 + 10 * k, 1, lag_ms=5000)
        assert step.compensation_ms <= 1500
    assert step.compensation_ms == 1000


@pytest.mark.parametrize("claim", [-500, float("nan"), float("inf"), "300", None])
def test_nonsense_lag_claims_count_as_none(claim):
    _clock, step = two_seats().move(T0 + 4.0, 1, lag_ms=claim)
    assert step.compensation_ms == 0 and step.used_ms == 4000


def test_the_quota_is_capped():
    clock = Clock.new(FIVE_THREE, 2, LagQuota()).start(T0, 0)
    for k in range(10):
        clock, _ = clock.move(T0 + k + 1, 1 - clock.turn)
    assert max(clock.quota_ms) == 5000


def test_three_seats_a_flagged_seat_is_out_and_the_others_play_on():
    clock = Clock.new(TimeControl.parse("1+0"), 3).start(T0, 0)
    clock, _ = clock.move(T0 + 10, 1)
    clock, seat = clock.flag(T0 + 10 + 62)  # seat 1 sat on its minute (+2 s grace)
    assert seat == 1 and clock.out == {1}
    clock = clock.start(T0 + 72, 2)  # the caller resigned seat 1 and hands on
    clock, step = clock.move(T0 + 80, 0)
    assert not step.flagged and clock.turn == 0
    with pytest.raises(ClockError, match="out of time"):
        clock.move(T0 + 81, 1)


def test_restore_after_a_crash_gives_back_the_time_of_the_last_step():
    clock, _ = two_seats().move(T0 + 20, 1)  # seat 0: 283 s; seat 1 to move, 300 s
    saved = clock.to_dict()  # stored with the move
    # seat 1 thinks 40 s, then the server dies; it is back 10 minutes later, in a new
    # process whose monotonic clock reads something else entirely
    restored = Clock.from_dict(saved)
    assert restored.turn == 1 and restored.since is None
    assert restored.time_left(1, 5.0) == 300_000  # paused: not ticking
    assert restored.deadline() is None
    resumed = restored.resume(5.0)
    assert resumed.time_left(1, 5.0) == 300_000  # the downtime is nobody's
    assert resumed.time_left(0, 5.0) == 283_000
    assert resumed.time_left(1, 15.0) == 290_000  # and the clock runs on from there
    after, step = resumed.move(15.0, 0)
    assert step.used_ms == 10_000 and after.remaining_ms == (283_000, 293_000)
    assert Clock.from_dict(after.to_dict()).remaining_ms == after.remaining_ms


def test_a_move_on_a_paused_clock_is_refused():
    with pytest.raises(ClockError, match="no seat's time is running"):
        Clock.from_dict(two_seats().to_dict()).move(T0, 1)


@pytest.mark.parametrize("change, words", [
    ({"kind": "correspondence"}, "not a live clock"),
    ({"remaining_ms": [1, 2, 3]}, "does not add up"),
    ({"turn": 5}, "no seat 5"),
    ({"remaining_ms": ["1", 2]}, "whole numbers"),
    ({"out": "0"}, "lists"),
])
def test_damaged_stored_clocks_are_refused(change, words):
    data = two_seats().to_dict() | change
    with pytest.raises(ClockError, match=words):
        Clock.from_dict(data)
    data = two_seats().to_dict()
    del data["quota_ms"]
    with pytest.raises(ClockError, match="lacks 'quota_ms'"):
        Clock.from_dict(data)


def test_stop_charges_without_increment():
    clock = two_seats().stop(T0 + 7)
    assert clock.remaining_ms == (293_000, 300_000) and clock.turn is None


def test_format_clock():
    assert format_clock(300_000) == "5:00"
    assert format_clock(3_723_000) == "1:02:03"
    assert format_clock(9_450) == "9.4"
    assert format_clock(-5) == "0.0"


# --- correspondence ---------------------------------------------------------------------

WALL = 1_800_000_000.0  # a wall-clock reading (time.time())


def test_a_week_of_correspondence():
    clock = Correspondence(days=3, seats=2).start(WALL, 0)
    assert clock.away_rule is False and Clock.away_rule is True
    now = WALL
    # seat 0 answers after 2.5 days, seat 1 after 1 day, seat 0 after 2 days 23 hours
    for wait in (2.5 * DAY_S, 1 * DAY_S, 2 * DAY_S + 23 * HOUR_S):
        now += wait
        assert clock.expired(now) is None
        clock = clock.move(now, 1 - clock.turn)
    assert now - WALL == pytest.approx(6.4583 * DAY_S, abs=60)
    assert clock.turn == 1 and clock.time_left(now) == 3 * DAY_S  # the full 3 days again
    assert format_days_hours(clock.time_left(now + 5 * HOUR_S)) == "2 days 19 hours"
    # seat 1 does not answer: three days later it is out
    assert clock.expired(now + 3 * DAY_S - 1) is None
    assert clock.expired(now + 3 * DAY_S) == 1
    with pytest.raises(ClockError, match="ran out"):
        clock.move(now + 3 * DAY_S + 1, 0)
    flagged, seat = clock.flag(now + 3 * DAY_S)
    assert seat == 1 and flagged.out == {1} and flagged.turn is None


def test_correspondence_survives_a_restart_and_excuses_the_downtime():
    clock = Correspondence(days=1, seats=3).start(WALL, 2)
    saved = clock.to_dict()
    # the server was down for 5 hours: the seat to move gets them back
    restored = Correspondence.from_dict(saved).excuse(5 * HOUR_S)
    assert restored.turn == 2
    assert restored.time_left(WALL + 20 * HOUR_S) == 9 * HOUR_S
    assert restored.expired(WALL + 26 * HOUR_S) is None
    assert restored.expired(WALL + 29 * HOUR_S) == 2


@pytest.mark.parametrize("seconds, text", [
    (0, "less than an hour"), (59 * 60, "less than an hour"), (HOUR_S, "1 hour"),
    (5 * HOUR_S + 59 * 60, "5 hours"), (DAY_S, "1 day"), (2 * DAY_S + HOUR_S, "2 days 1 hour"),
    (-10, "less than an hour")])
def test_days_and_hours(seconds, text):
    assert format_days_hours(seconds) == text


def test_days_and_hours_in_slovak_and_french():
    from shared.i18n import set_language
    try:
        set_language("sk")
        assert format_days_hours(2 * DAY_S + 5 * HOUR_S) == "2 dni 5 hodín"
        set_language("fr")
        assert format_days_hours(DAY_S + 2 * HOUR_S) == "1 jour 2 heures"
    finally:
        set_language("en")


@pytest.mark.parametrize("make, words", [
    (lambda: Correspondence(days=0, seats=2), "1 to 14 days"),
    (lambda: Correspondence(days=3, seats=9), "2 to 8 seats"),
    (lambda: Correspondence(days=3, seats=2).start(WALL, 2), "seat 2"),
    (lambda: Correspondence(days=3, seats=2).move(WALL, 1), "nobody is to move"),
    (lambda: Correspondence.from_dict({"kind": "correspondence", "days": 3, "seats": 2,
                                       "turn": 0, "deadline": None, "out": []}),
     "does not add up"),
    (lambda: Clock.new(FIVE_THREE, 1), "2 to 8 seats"),
])
def test_bad_correspondence_and_clocks_are_refused(make, words):
    with pytest.raises(ClockError, match=words):
        make()
