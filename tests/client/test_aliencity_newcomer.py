"""What a newcomer to Alien City reads while playing: the status line never invites a click
the rules refuse, and the final count's words say each unpaid bonus once, in good grammar."""

import pygame

from client import theme
from client.games.aliencity.game import GameScene
from shared.aliencity import Build, Ruleset, new_game

from .conftest import key, motion, show


def game_on(app, seed: int = 5) -> GameScene:
    """A two-person local game shown, animations done."""
    game = GameScene(app, new_game(Ruleset(2004), seed))
    show(app, game)
    game.timeline.finish_all()
    app.step(1 / 60, events=[], draw=False)
    return game


def test_the_status_line_does_not_invite_a_click_on_a_refused_lot(app):
    """Pointing at a lot the rules refuse: the tooltip says why, and the status line does
    not say "Click to build on ..." in the good colour under it (it says where to build)."""
    game = game_on(app)
    state = game.match.state
    piece = next(p for p in state.stock(state.to_move) if state.legal_lots(p))
    game.select(piece)
    lot = next(x for x in range(80) if x not in set(state.legal_lots(piece)))
    game.handle_event(motion(game.geo.lot_center(lot)))
    assert state.why_not(Build(piece, lot)) is not None and game.hover_reason()
    text, colour = game.status_text()
    assert "Click" not in text and colour != theme.GOOD
    assert "lit lot" in text  # where the piece may go instead
    legal = state.legal_lots(piece)[0]
    game.handle_event(motion(game.geo.lot_center(legal)))
    text, colour = game.status_text()
    assert text.startswith("Click to build") and colour == theme.GOOD


def test_the_keyboard_cursor_is_told_enter_not_click(app):
    """Aiming with the arrow keys, the status line names the key that builds there."""
    game = game_on(app)
    state = game.match.state
    piece = next(p for p in state.stock(state.to_move) if state.legal_lots(p))
    game.select(piece)
    game.handle_event(key(pygame.K_LEFT))
    assert game.cursor is not None
    game.cursor = game.hover_lot = state.legal_lots(piece)[0]  # where the arrows have led it
    text, colour = game.status_text()
    assert text.startswith("Enter builds on") and colour == theme.GOOD


def chip_for(bonus, lang: str = "en") -> str:
    """The final board's one line for an unpaid ``bonus``, in ``lang``."""
    from client.games.aliencity.view.score_show import unpaid_chips
    from shared import i18n
    from shared.aliencity.scoring import ScoreBreakdown

    i18n.set_language(lang)
    try:
        [chip] = unpaid_chips(ScoreBreakdown((), (bonus,), (0, 0), True))
    finally:
        i18n.set_language("en")
    return chip


def test_several_nearest_towers_too_far_are_listed_and_agree_in_number():
    """Three red towers equally near but too far: "f3, a4 and a6 are 6 away", not
    "f3 and a4 and a6 is 6 away"; one tower keeps "is"."""
    from shared.aliencity import Colour
    from shared.aliencity.scoring import Bonus

    e3, f3, a4, a6 = 2 * 8 + 4, 2 * 8 + 5, 3 * 8, 5 * 8
    many = Bonus(e3, Colour.RED, (f3, a4, a6), 6, 0, None, "too_far", "")
    assert chip_for(many) == "e3: red bonus not paid, f3, a4 and a6 are 6 away, more than 4"
    assert chip_for(many, "fr").startswith("e3 : bonus rouge non payé, f3, a4 et a6 sont à 6")
    assert "f3, a4 a a6 sú vo vzdialenosti 6" in chip_for(many, "sk")
    one = Bonus(e3, Colour.BLUE, (f3,), 5, 0, None, "too_far", "")
    assert chip_for(one) == "e3: blue bonus not paid, f3 is 5 away, more than 4"
    unclaimed = Bonus(e3, Colour.BLUE, (f3, a4), 2, 0, None, "unclaimed", "")
    assert chip_for(unclaimed) == "e3: blue bonus not paid, f3 and a4 at 2 are unclaimed"


def test_the_final_count_says_an_unpaid_bonus_once():
    """The live line under the board: while the walk counts, "nearest blue tower: b6 at 3";
    once the verdict is stamped, the engine's note alone ("the nearest blue tower (b6) is
    6 away; bonuses reach 4"), not both sentences naming the same tower and distance."""
    from client.games.aliencity.score_beats import BeatView, describe
    from client.games.aliencity.score_plan import BonusBeat
    from shared.aliencity import Colour
    from shared.aliencity.scoring import Bonus

    c2, b6 = 1 * 8 + 2, 5 * 8 + 1
    note = "the nearest blue tower (b6) is 6 away; bonuses reach 4"
    view = BeatView(beat=BonusBeat(Bonus(c2, Colour.BLUE, (b6,), 6, 0, None, "too_far", note)), counter=3)
    assert describe(view) == "nearest blue tower: b6 at 3"
    view.counter, view.verdict = 6, 1.0
    assert describe(view) == note


def test_a_narrow_panel_keeps_the_turn_tag_clear_of_the_seat_name(app):
    """Beside the list of moves a panel is narrow: "TO BUILD" has no room beside WHITE and
    goes under the header, on the line of "Computer (Easy)"; the two must not touch (the
    name is fitted to what the tag leaves)."""
    import pygame

    from client.games.aliencity.view.board_view import boards
    from client.games.aliencity.view.panel import PanelView
    from shared.aliencity import Pass, Player

    state = new_game(Ruleset(2004), 5)
    state = state.apply(state.legal_builds()[0]).apply(Pass())  # White to build
    assert state.to_move is Player.WHITE
    panel = PanelView(Player.WHITE, app.text, boards(app).sprites)
    panel.who = lambda: "Computer (Easy)"
    for width in (195, 170, 150):
        panel.layout(pygame.Rect(0, 0, width, 560))
        panel.surface(state, selected=None, hover=None, can_place=(True,) * 7, cb=False, label="TO BUILD")
        drawn = panel.header_rects
        assert drawn["tag"].top >= panel.header_h, "no room beside the colour: the tag goes under it"
        assert not drawn["tag"].colliderect(drawn["who"]), (width, drawn)
        assert drawn["who"].width > 0


def test_a_tower_pointed_at_to_claim_keeps_its_colour(app):
    """Claiming, the pointer on a blue tower frames it with a cap bobbing over it; the tower
    stays blue (the hover's yellow fill over the claim ring and the road's ring turned it
    khaki, a green tower to the eye)."""
    from shared.aliencity import PIECES

    state = new_game(Ruleset(2004), 5)
    build = next(m for m in state.legal_builds() if m.piece == PIECES[1])  # a blue tower
    game = GameScene(app, state.apply(build))
    show(app, game)
    game.timeline.finish_all()
    r = game.geo.lot_rect(build.lot)
    face = (r.x + int(r.w * 0.38), r.y + int(r.h * 0.6))  # the tower's lit face

    def seen() -> tuple[int, int, int]:
        app.step(1 / 60, events=[])
        red, green, blue, *_ = app.window.get_at(face)
        return red, green, blue

    red, green, blue = seen()
    assert blue > max(red, green) + 30, "a blue tower, not pointed at"
    game.handle_event(motion(r.center))
    assert game.hover_lot == build.lot and build.lot in game.match.state.legal_claims()
    red, green, blue = seen()
    assert blue > max(red, green) + 30, (red, green, blue)


def test_a_long_title_in_the_top_bar_stays_clear_of_the_logo_and_the_rules_line():
    """A replay's title names the game, the players and the date; at 896x560 in French it
    ran over "règles 2004 · coup 4" (it was measured in one font and drawn in another). It
    now stays between the logo and the rules line, cut at its end when it must be."""
    import pygame

    from client.app import App
    from client.config import Options
    from shared import i18n

    i18n.set_language("fr")
    try:
        app = App(Options(), (896, 560), persist=False)  # the window on a 1024x640 screen
        game = game_on(app)
        surface = pygame.Surface(app.size)
        long = "RELECTURE : Alien City : Ordinateur (Facile) contre Biely · 2026-11-28"
        for title, room in ((long, 0), (long, 200), (long + " · " + long, 200), ("NOIR CONSTRUIT", 200)):
            game.board.draw_top(surface, (title, theme.ACCENT_2), room)
            drawn = game.board.top_rects
            assert drawn["logo"].right < drawn["turn"].left and drawn["turn"].right < drawn["info"].left, \
                (title, room, drawn)
        assert drawn["turn"].centerx == game.board.top_rect.centerx  # a short one stays centred
        app.stack.scenes.clear()
    finally:
        i18n.set_language("en")
