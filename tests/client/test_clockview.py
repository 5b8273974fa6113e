"""The match clocks as shown (``client.clockview``), from the server's *clock* and plain
times: the running seat counts down locally, the others stand, low time is marked, an
ended match freezes, correspondence reads in days and hours."""

from __future__ import annotations

from client.clockview import ClockView
from shared import i18n

SEATS = ["black", "white"]


def test_the_running_seat_counts_down_between_updates():
    clock = ClockView()
    assert clock.shown(SEATS, 0.0) == [] and not clock.timed  # untimed: nothing drawn
    clock.update({"control": "5+3", "left_ms": [300_000, 125_000], "running": "black", "out": []}, 100.0)
    first = clock.shown(SEATS, 100.0)
    assert [(s.text, s.running, s.low) for s in first] == [("5:00", True, False), ("2:05", False, False)]
    later = clock.shown(SEATS, 100.0 + 291.5)  # 4:51.5 later, no word from the server
    assert [(s.text, s.low) for s in later] == [("8.5", True), ("2:05", False)]
    assert clock.shown(SEATS, 1000.0)[0].text == "0.0"  # never below zero
    clock.stop(SEATS, 110.0)  # the match ended 10 s after the update: frozen there
    assert [s.text for s in clock.shown(SEATS, 500.0)] == ["4:50", "2:05"]
    assert not any(s.running for s in clock.shown(SEATS, 500.0))


def test_a_seat_out_of_time_and_bad_clocks():
    clock = ClockView()
    clock.update("nonsense", 0.0)
    clock.update({"control": "1+0", "left_ms": "x"}, 0.0)
    assert not clock.timed
    clock.update({"control": "1+0", "left_ms": [0, 60_000], "running": None, "out": ["black"]}, 0.0)
    assert [s.out for s in clock.shown(SEATS, 5.0)] == [True, False]


def test_correspondence_in_days_and_hours_in_every_language():
    clock = ClockView()
    clock.update({"control": "corr:3", "left_ms": [None, (2 * 24 + 5) * 3600_000 + 59_000],
                  "running": "white", "out": []}, 0.0)
    assert clock.correspondence
    shown = clock.shown(SEATS, 0.0)
    assert shown[0].text == "" and shown[1].text == "2 days 5 hours" and not shown[1].low
    assert clock.shown(SEATS, 2 * 86400.0)[1].low  # 5 hours left: marked
    try:
        i18n.set_language("sk")
        assert clock.shown(SEATS, 0.0)[1].text == "2 dni 5 hodín"
        i18n.set_language("fr")
        assert clock.shown(SEATS, 0.0)[1].text == "2 jours 5 heures"
    finally:
        i18n.set_language("en")
