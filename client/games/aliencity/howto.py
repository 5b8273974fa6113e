"""How to play: a short illustrated summary of the rules, in our own words. The
illustrations are real positions from the engine (seeded bot play), drawn by the same
board code as the game, so they can never disagree with the rules."""

from __future__ import annotations

import pygame

from shared.aliencity import PIECES, Build, Colour, GameState, Phase, Player, Ruleset, lot_name, new_game

from client import theme
from client.scenes.pages import PagesScene
from client.view.widgets import draw_panel

from . import look
from .match import RandomBot
from .view.board_view import BoardGeometry, boards

PAGES = [
    ("The city", [
        "Twenty tiles make a city of 8 × 10 lots. Each tile belongs to a guild: Energy (red sun), "
        "Synthesis (blue fountain), Control (green crown) or the Builders (black tool).",
        "The corner that shows the guild's symbol is the tile's icon lot; the small mark is its rank: "
        "A is the ace (1), 2 to 5 as printed, and – the null (blank) rank. Ranks only count in the "
        "location variant (Options): a claimed tower adds its tile's rank, unless another claimed "
        "tower stands on a tile of the same rank.",
        "Every empty lot is road. The road is what the game is about: it must always stay in one "
        "piece, and all distances are walked along it.",
    ]),
    ("A turn", [
        "Who starts: in the 2004 rules Black; in the 2002 rules both roll four dice and the higher "
        "sum starts (ties roll again). Options choose the edition.",
        "Build one structure from your stock: a tower (a pyramid) or a dome (a disc). You must build "
        "if you can.",
        "Then you may claim any unclaimed tower on the board, yours or not, by capping it in your "
        "colour. Each player has three claims. There is no claim after the very last build.",
        "A player who cannot build is skipped and the other builds again; when nobody can build, "
        "the game is scored.",
    ]),
    ("Where you may build", [
        "The road must stay connected, and every structure must keep a road lot beside it.",
        "A tile's icon lot is built last. The first two structures on a tile are of the tile's colour "
        "(towers of any colour may always go on black tiles). A dome must go on a tile of its own "
        "colour; only when no lot of its colour is open to it may it go on any lot the other rules allow.",
        "Choose a piece and the lots where it may go light up. Point at any other lot and the game "
        "tells you which rule forbids it.",
    ]),
    ("Scoring", [
        "Each claimed tower scores customers × distance. Customers are structures of other colours "
        "within 1 or 2 steps of road. Distance is the road walk to the nearest other tower of the "
        "same colour (0 if there is none).",
        "Each unclaimed green tower pays 10 - 2 × d to the owner of the nearest red tower and of the "
        "nearest blue tower, if it is at most 4 steps away.",
        "The panels and the badges on claimed towers show each score as if the game ended now; with a "
        "piece chosen, pointing at a lot shows how that build would change them. Most points wins.",
    ]),
    ("Controls", [
        "Mouse: click a piece in your panel, then a lit lot. Right-click: next piece.",
        "Keys: 1-7 choose a piece, Tab the next one, arrows move a cursor over the lots, Enter builds. "
        "S skips a claim. H asks the computer for a hint (shown, not played). U (or Ctrl+Z) undoes the "
        "last turn, Ctrl+S saves the record.",
        "R shows the road network (marks: building there splits the road, or cuts a structure off). "
        "Point at a structure for its road distances; click it, then point at another for the path between.",
        "Space hurries an animation, Esc pauses, F11 switches full screen. In a replay: Left/Right step, "
        "Home/End jump, Space plays. In the final count: Space steps, S skips to the end.",
    ]),
]


def _sample(seed: int, plies: int) -> GameState:
    """A position after ``plies`` seeded bot builds (claims included)."""
    state = new_game(Ruleset(), seed)
    bot = RandomBot(seed, claim_chance=0.5)
    builds = 0
    while state.phase is not Phase.OVER and builds < plies:
        move = bot.choose(state)
        builds += isinstance(move, Build)
        state = state.apply(move)
    if state.phase is Phase.CLAIM:
        state = state.apply(bot.choose(state))
    return state


class HowToScene(PagesScene):
    """Alien City's rules in our words, illustrated with real positions."""

    def __init__(self, app) -> None:
        self.empty = new_game(Ruleset(), 11)
        self.middle = _sample(5, 18)
        self.late = _sample(8, 60)
        super().__init__(app, PAGES)

    def illustrate(self, surface: pygame.Surface, box: pygame.Rect) -> tuple[str, tuple] | None:
        """Draw the page's picture; returns a caption for it, if any."""
        app, cb = self.app, self.app.options.colour_blind
        kit = boards(app)
        if self.page == 1:
            self._pieces(surface, box)
            return None
        if self.page == 4:
            self._keys(surface, box)
            return None
        state = {0: self.empty, 2: self.middle, 3: self.late}[self.page]
        geo = BoardGeometry.fit(box)
        surface.blit(kit.board(geo, state.city, state.board, state.caps, cb), (geo.x, geo.y))
        if self.page == 2:
            piece = next(p for p in PIECES if state.legal_lots(p, Player.BLACK))
            lots = state.legal_lots(piece, Player.BLACK)
            surface.blit(kit.spotlight(geo, tuple(lots)), (geo.x, geo.y))
            for lot in lots:
                surface.blit(kit.mark("legal", geo.lot), geo.lot_rect(lot))
            bad = next(lot for lot in range(80) if not state.board[lot] and lot not in lots)
            surface.blit(kit.mark("bad", geo.lot, theme.BAD), geo.lot_rect(bad))
            reason = state.why_not(Build(piece, bad), state.to_move)
            if reason:
                return (f"Lit: the lots where Black may build a {piece.name()}. "
                        f"Crossed out, {lot_name(bad)}: {reason.text}", theme.BAD)
        elif self.page == 3:
            score = state.score()
            if score.towers:
                ts = max(score.towers, key=lambda x: x.points)
                for c in ts.customers:
                    surface.blit(kit.mark("claim", geo.lot, theme.GOOD), geo.lot_rect(c.lot))
                if ts.path:
                    pts = [geo.lot_center(ts.lot)] + [geo.lot_center(x) for x in ts.path]
                    if ts.competitor is not None:
                        pts.append(geo.lot_center(ts.competitor))
                    pygame.draw.lines(surface, theme.ACCENT, False, pts, max(3, geo.lot // 10))
                    for p in pts[1:-1]:
                        pygame.draw.circle(surface, theme.ACCENT, p, max(3, geo.lot // 8))
                surface.blit(kit.mark("last", geo.lot, theme.ACCENT), geo.lot_rect(ts.lot))
                return (f"The claimed tower on {lot_name(ts.lot)} (marked): {len(ts.customers)} customers "
                        f"(ringed) × {ts.competition} steps of road to the nearest "
                        f"{ts.colour.text()} tower (the line) = {ts.points} points.", theme.ACCENT)
        return None

    def _pieces(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        app, t = self.app, self.app.text
        cb = app.options.colour_blind
        draw_panel(surface, box)
        cell = int(min(box.w / 3.4, box.h / 3))
        items = [(PIECES[0], None, "a red tower"), (PIECES[5], None, "a green dome"),
                 (PIECES[1], Player.BLACK, "a tower claimed by Black")]
        for i, (piece, owner, label) in enumerate(items):
            x = box.x + int(box.w * (0.17 + i * 0.33)) - cell // 2
            sprite = boards(app).sprites.get(piece, owner, cell, cb)
            surface.blit(sprite, (x, box.y + int(box.h * 0.12)))
            img = t.render(label, max(13, cell // 8), theme.TEXT)
            surface.blit(img, img.get_rect(center=(x + cell // 2, box.y + int(box.h * 0.12) + cell + 16)))
        size = max(13, int(box.h * 0.04))
        y = box.y + int(box.h * 0.62)
        for player in Player:
            line = f"{look.PLAYER_NAME[player]}'s stock: {_stock_words(player)}"
            for part in t.wrap(line, size, box.w - 40):
                surface.blit(t.render(part, size, theme.TEXT_DIM), (box.x + 20, y))
                y += int(size * 1.3)
            y += size // 2

    def _keys(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        t = self.app.text
        draw_panel(surface, box)
        rows = [("1 - 7", "choose a piece"), ("Tab / right-click", "next piece"), ("Arrows", "move the lot cursor"),
                ("Enter / click", "build or claim"), ("S", "skip the claim"), ("H", "a hint"),
                ("U, Ctrl+Z", "undo the last turn"),
                ("Ctrl+S", "save the record"), ("R", "road overlay"), ("Click a structure", "pin its road"),
                ("Space", "hurry / next step"), ("Esc", "pause menu"), ("F11", "full screen")]
        size = max(13, int(box.h / (len(rows) * 2.1)))
        y = box.y + size
        for key, what in rows:
            k = t.render(key, size, theme.ACCENT, bold=True)
            surface.blit(k, (box.x + 24, y))
            surface.blit(t.render(what, size, theme.TEXT), (box.x + int(box.w * 0.45), y))
            y += int(size * 1.9)


def _stock_words(player: Player) -> str:
    stock = new_game(Ruleset(), 1).stocks[player]
    towers = ", ".join(f"{stock[c]} {Colour(c).text()}" for c in range(3))
    return f"towers {towers}; three domes of each colour; three caps."
