"""The record's Termination line: who resigned in order, and the seat whose time ending
the match ran out."""

from shared.gamekit.termination import termination


def test_nobody_left():
    assert termination([], "finished") is None


def test_resignations_in_order():
    assert termination(["Blue", "Red"], "resigned") == "Blue resigned, Red resigned"
    assert termination(["Blue"], None) == "Blue resigned"  # a match still played


def test_the_clock_ends_the_match():
    assert termination(["White"], "time") == "White lost on time"
    assert termination(["Blue", "Red"], "time") == "Blue resigned, Red lost on time"
