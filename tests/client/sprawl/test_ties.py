"""Every tie on pips in the final table says, in the row of the seat placed lower, whom it
tied with and the tie-break count it has less of: second and third places too, not only
the winner's tie, and inside the table (not under it, over the board)."""

from client.games.sprawl.score_draw import tie_words
from client.games.sprawl.score_plan import TableBeat, plan
from shared.sprawl.scoring import TIE_BREAKS

from .helpers import random_game


def test_every_tie_in_the_table_names_the_figure_that_split_it():
    lower_ties = 0
    for seed in range(1, 120):
        state = random_game(3 + seed % 4, seed)
        score = state.score()
        by_seat = {s["seat"]: s for s in score["seats"]}
        table = plan(state, score)[-1]
        assert isinstance(table, TableBeat)
        for above, row in zip(table.rows, table.rows[1:]):
            a, s = by_seat[above.seat], by_seat[row.seat]
            if a["stash"] != s["stash"] or a["left"] or s["left"]:
                assert tie_words(row) is None
                continue
            assert row.tied_with == above.seat
            figure = next((n for n in TIE_BREAKS if a["tie_breaks"][n] != s["tie_breaks"][n]), None)
            assert row.behind_on == figure
            if figure is not None:
                assert a["tie_breaks"][figure] > s["tie_breaks"][figure], "the lower seat has less"
            words = tie_words(row)
            assert words is not None and ("Red Yellow Green Blue Black White".split()[above.seat] in words)
            lower_ties += row.place > 1 and above.place > 1
    assert lower_ties >= 1, "a tie below first place was checked"
