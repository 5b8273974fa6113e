"""The review's graph reads without help: with two seats the band between the line and the
middle is the colour of the seat that leads there, the edge that names a seat ("Black
ahead") is on that seat's side and shows its colour, and the selected move says who leads
by how much; with more seats each line is named in its colour."""

from __future__ import annotations

import pygame

from client import theme
from client.review import words
from client.review.graph import EvalGraph, GraphData, area_colour

BLACK, WHITE = (30, 30, 36), (244, 244, 240)


def drawn(data: GraphData, selected: int | None = None, size=(900, 300)) -> tuple[EvalGraph, pygame.Surface, list]:
    class Text:   # the app's text cache, recording each line it is asked for
        def __init__(self) -> None:
            self.lines: list[str] = []

        def render(self, line, size, colour, bold=False, display=False):
            self.lines.append(line)
            return pygame.Surface((max(1, len(line) * size // 2), size))

        def fitted(self, line, size, colour, width, bold=False):
            return self.render(line, size, colour)

    text = Text()
    graph = EvalGraph(data)
    graph.layout(pygame.Rect(0, 0, *size), 40, 30, 80)
    surface = pygame.Surface(size)
    graph.draw(surface, text, selected)  # type: ignore[arg-type]
    return graph, surface, text.lines


def test_the_leaders_colour_fills_its_own_side_of_the_middle():
    # Black leads by 10 over the first half, White by 10 over the second
    series = [10] * 20 + [-10] * 20
    graph, surface, _ = drawn(GraphData([series, [-v for v in series]], [BLACK, WHITE], ["Black", "White"]))
    zero = graph.y_of(0)
    black_x, white_x = graph.x_of(8), graph.x_of(30)
    assert tuple(surface.get_at((black_x, zero - 8)))[:3] == area_colour(BLACK)   # above: Black leads
    assert tuple(surface.get_at((white_x, zero + 8)))[:3] == area_colour(WHITE)   # below: White leads
    # nothing of either colour on the far side of the middle from its lead
    assert tuple(surface.get_at((black_x, zero + 8)))[:3] not in (area_colour(BLACK), area_colour(WHITE))
    assert tuple(surface.get_at((white_x, zero - 8)))[:3] not in (area_colour(BLACK), area_colour(WHITE))


def test_the_edges_name_each_side_with_its_seats_swatch():
    series = [5] * 10
    graph, surface, lines = drawn(GraphData([series, [-v for v in series]], [BLACK, WHITE], ["Black", "White"]))
    assert words.ahead("Black") in lines and words.ahead("White") in lines
    top, bottom = graph.plot.y + 4, graph.plot.bottom - 4
    swatch = max(11, int(max(11, int(graph.rect.h * 0.07)) * 0.95))
    assert tuple(surface.get_at((graph.plot.x + 6 + swatch // 2, top + swatch // 2)))[:3] == area_colour(BLACK)
    assert tuple(surface.get_at((graph.plot.x + 6 + swatch // 2, bottom - swatch // 2)))[:3] == area_colour(WHITE)


def test_the_selected_move_says_who_leads_and_by_how_much():
    series = [0, 4, -7]
    data = GraphData([series, [-v for v in series]], [BLACK, WHITE], ["Black", "White"])
    graph, _, lines = drawn(data, selected=2)
    assert words.ahead_by("White", "+7") in lines
    assert graph.selected_words(1) == words.ahead_by("Black", "+4") and graph.selected_words(0) == words.level()


def test_more_seats_name_each_line_and_say_what_up_means():
    series = [[1, 6], [0, -2], [-1, -6]]
    data = GraphData(series, [(214, 52, 52), (46, 158, 72), (44, 102, 214)], ["Red", "Green", "Blue"])
    graph, _, lines = drawn(data, selected=1)
    assert {"Red", "Green", "Blue"} <= set(lines)
    assert words.above_leads() in lines and words.below_behind() in lines
    assert words.ahead_by("Red", "+6") in lines
    assert EvalGraph(GraphData([[-1], [-2], [-3]], data.colours, data.labels)).selected_words(0) == words.level()


def test_the_corner_number_is_the_lines_value_there_and_says_it_is_a_round_average():
    """The selected move's number is what the line shows at that move (the dot on it) and
    says it is averaged over the round, so it is not read as the panel's one-move lead."""
    two = [0, 4, -7, 12, 3]
    graph, surface, _ = drawn(GraphData([two, [-v for v in two]], [BLACK, WHITE], ["Black", "White"]), selected=3)
    corner = graph.selected_words(3)
    assert "round average" in corner and words.signed(12, "points") in corner and "Black" in corner
    assert tuple(surface.get_at((graph.x_of(3), graph.y_of(12))))[:3] == theme.ACCENT   # the dot: the line's value
    assert "round average" in graph.selected_words(0)   # level there
    many = [[1, 6, 2], [0, -2, 0], [-1, -6, -3]]
    graph, surface, _ = drawn(GraphData(many, [(214, 52, 52), (46, 158, 72), (44, 102, 214)],
                                        ["Red", "Green", "Blue"]), selected=1)
    corner = graph.selected_words(1)
    assert "round average" in corner and words.signed(6, "points") in corner and "Red" in corner
    assert tuple(surface.get_at((graph.x_of(1), graph.y_of(6))))[:3] == (214, 52, 52)


def test_an_evaluations_axis_spans_its_whole_scale_and_a_points_axis_its_lines():
    """Sprawl's graph is an evaluation (about -100..+100): its axis shows that whole scale
    even when the lines stay nearer the middle, and never cuts a line that goes further
    (its title claims no range). A points graph fits its lines."""
    series = [0, 20, 45, 70, 30]
    evaluation = EvalGraph(GraphData([series, [-v for v in series]], [BLACK, WHITE], ["Red", "Blue"], unit="value"))
    points = EvalGraph(GraphData([series, [-v for v in series]], [BLACK, WHITE], ["Black", "White"]))
    assert evaluation.top == 100 and points.top == 75
    falling = [0, -40, -90, -130, -140]
    past = EvalGraph(GraphData([falling, [-v for v in falling], [0] * 5], [BLACK, WHITE, BLACK],
                               ["Red", "Blue", "Green"], unit="value", averaged=False))
    assert past.top >= 140 and past.y_of(-140) > past.y_of(-100)  # drawn where it is, not cut at -100
    assert "100" not in words.axis_words("value", averaged=False), "no range a line could leave"
