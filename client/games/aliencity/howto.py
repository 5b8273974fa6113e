"""How to play: a short illustrated summary of the rules, in our own words. The
illustrations are real positions from the engine (seeded bot play), drawn by the same
board code as the game, so they can never disagree with the rules."""

from __future__ import annotations

import pygame

from client import theme
from client.scenes.pages import PagesScene
from client.view.widgets import draw_panel
from shared.aliencity import PIECES, Build, Colour, GameState, Kind, Phase, Piece, Player, Ruleset, lot_name, new_game
from shared.i18n import domain

from . import terms
from .match import RandomBot
from .view.board_view import BoardGeometry, boards

_, N_, ngettext, pgettext = domain("aliencity")

MIN_SIZE = 14  # the smallest paragraph size a long page shrinks to (the pages' own floor)

# The pages: a heading and paragraphs each (marked here, translated where shown).
PAGES = [
    (N_("The city"), [
        N_("Twenty tiles make a city of 8 × 10 lots. Each tile belongs to a guild: Energy (red sun), "
           "Synthesis (blue fountain), Control (green crown) or the Builders (black tool)."),
        N_("The corner that shows the guild's symbol is the tile's icon lot; the small mark is its rank: "
           "A is the ace (1), 2 to 5 as printed, and – the null (blank) rank. Ranks only count in the "
           "location variant (Options): a claimed tower adds its tile's rank, unless another claimed "
           "tower stands on a tile of the same rank."),
        N_("Every empty lot is road. The road is what the game is about: it must always stay in one "
           "piece, and all distances are walked along it."),
    ]),
    (N_("A turn"), [
        N_("Who starts: in the 2004 rules Black; in the 2002 rules both roll four dice and the higher "
           "sum starts (ties roll again). Options choose the edition."),
        N_("Build one structure from your stock: a tower (a pyramid) or a dome (a disc). You must build "
           "if you can."),
        N_("Then you may claim any unclaimed tower on the board, yours or not, by capping it in your "
           "colour. Each player has three claims. There is no claim after the very last build."),
        N_("A player who cannot build is skipped and the other builds again; when nobody can build, "
           "the game is scored."),
    ]),
    (N_("Where you may build"), [
        N_("The road must stay connected, and every structure must keep a road lot beside it."),
        N_("A tile's icon lot is built last. The first two structures on a tile are of the tile's colour "
           "(towers of any colour may always go on black tiles). A dome must go on a tile of its own "
           "colour; only when no lot of its colour is open to it may it go on any lot the other rules allow."),
        N_("Choose a piece and the lots where it may go light up. Point at any other lot and the game "
           "tells you which rule forbids it."),
    ]),
    (N_("Scoring"), [
        N_("Each claimed tower scores customers × distance. Customers are structures of other colours "
           "within 1 or 2 steps of road. Distance is the road walk to the nearest other tower of the "
           "same colour (0 if there is none)."),
        N_("Each unclaimed green tower pays 10 - 2 × d to the owner of the nearest red tower and of the "
           "nearest blue tower, if it is at most 4 steps away."),
        N_("The panels and the badges on claimed towers show each score as if the game ended now; with a "
           "piece chosen, pointing at a lot shows how that build would change them. Most points wins."),
    ]),
    (N_("Controls"), [
        N_("Mouse: click a piece in your panel, then a lit lot. Right-click: next piece."),
        N_("Keys: 1-7 choose a piece, Tab the next one, arrows move a cursor over the lots, Enter builds. "
           "S skips a claim. H asks the computer for a hint (shown on the board; Enter plays it). "
           "U (or Ctrl+Z) undoes the last turn, Ctrl+S saves the record."),
        N_("R shows the road network (marks: building there splits the road, or cuts a structure off). "
           "Point at a structure for its road distances; click it, then point at another for the path between."),
        N_("Space hurries an animation, Esc pauses, F11 switches full screen. In a replay: Left/Right step, "
           "Home/End jump, Space plays. In the final count: Space steps, S skips to the end."),
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
        self.base_scale = self.text_scale
        super().__init__(app, PAGES)

    def page_text(self, page: int) -> tuple[str, list[str]]:
        """A page in the language in use (looked up each frame)."""
        return pages()[page]

    def draw(self, surface: pygame.Surface) -> None:
        self.text_scale = self.fitting_scale()
        super().draw(surface)

    def fitting_scale(self) -> float:
        """The paragraphs' size (a share of the window's height) at which the page on show
        fits its box: the default size, or smaller for a longer page or translation."""
        h = self.size[1]
        scale = self.base_scale
        while True:
            size = max(MIN_SIZE, int(h * scale))
            if self.text_height(size) <= self.text_box.h - 6 or size <= MIN_SIZE:
                return scale
            scale = (size - 1) / h

    def text_height(self, size: int) -> int:
        """How tall the page on show's paragraphs stand at ``size`` (as the pages lay them out)."""
        t = self.app.text
        step = max(int(size * 1.25), t.font(size).get_linesize())
        return 18 + sum(len(t.wrap(p, size, self.text_box.w - 48)) * step + int(size * 0.8)
                        for p in self.page_text(self.page)[1])

    def illustrate(self, surface: pygame.Surface, box: pygame.Rect) -> tuple[str, tuple] | None:
        """Draw the page's picture, with its caption under it."""
        app, cb = self.app, self.app.options.colour_blind
        kit = boards(app)
        if self.page == 1:
            self._pieces(surface, box)
            return None
        if self.page == 4:
            self._keys(surface, box)
            return None
        state = {0: self.empty, 2: self.middle, 3: self.late}[self.page]
        caption = self.caption(state)
        picture = box
        if caption is not None:  # the caption takes the foot of the box, the board the rest
            picture = pygame.Rect(box.x, box.y, box.w, int(box.h * 0.74))
        geo = BoardGeometry.fit(picture)
        surface.blit(kit.board(geo, state.city, state.board, state.caps, cb), (geo.x, geo.y))
        if self.page == 2:
            piece, lots, bad, _reason = self._refused(state)
            surface.blit(kit.spotlight(geo, tuple(lots)), (geo.x, geo.y))
            for lot in lots:
                surface.blit(kit.mark("legal", geo.lot), geo.lot_rect(lot))
            surface.blit(kit.mark("bad", geo.lot, theme.BAD), geo.lot_rect(bad))
        elif self.page == 3:
            ts = _best(state)
            if ts is not None:
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
        if caption is not None:
            area = pygame.Rect(box.x, geo.rect.bottom + 8, box.w, box.bottom - geo.rect.bottom - 8)
            self._caption(surface, area, *caption)
        return None

    def _refused(self, state: GameState):
        """Page 3's example: a piece, its legal lots, a refused lot and the engine's reason."""
        piece = next(p for p in PIECES if state.legal_lots(p, Player.BLACK))
        lots = state.legal_lots(piece, Player.BLACK)
        bad = next(lot for lot in range(80) if not state.board[lot] and lot not in lots)
        return piece, lots, bad, state.why_not(Build(piece, bad), state.to_move)

    def caption(self, state: GameState) -> tuple[str, tuple] | None:
        """The words under the picture (None: no caption on this page)."""
        if self.page == 2:
            piece, _lots, bad, reason = self._refused(state)
            if reason:
                return (_("Lit: the lots where {player} may build ({piece}). Crossed out, {lot}: {reason}").format(
                    player=terms.player(Player.BLACK), piece=terms.piece(piece), lot=lot_name(bad),
                    reason=terms.reason(reason)), theme.BAD)
        elif self.page == 3:
            ts = _best(state)
            if ts is not None:
                return (_("The claimed tower on {lot} (marked): {customers} customers (ringed) × {distance} "
                          "steps of road to the nearest {tower} (the line) = {points} points.").format(
                    lot=lot_name(ts.lot), customers=len(ts.customers), distance=ts.competition,
                    tower=terms.piece(Piece(Kind.TOWER, ts.colour)), points=ts.points), theme.ACCENT)
        return None

    def _caption(self, surface: pygame.Surface, area: pygame.Rect, text: str, colour) -> None:
        """A framed caption filling ``area``, its text shrunk until every line fits."""
        t = self.app.text
        size = max(MIN_SIZE, int(self.size[1] * self.base_scale))
        while True:
            step = max(int(size * 1.2), t.font(size).get_linesize())
            lines = t.wrap(text, size, area.w - 28)
            if len(lines) * step + 20 <= area.h or size <= 9:
                break
            size -= 1
        box = pygame.Rect(area.x, area.y, area.w, min(area.h, len(lines) * step + 20))
        pygame.draw.rect(surface, (12, 12, 28), box, border_radius=10)
        pygame.draw.rect(surface, colour, box, 2, border_radius=10)
        y = box.y + 10
        for line in lines[:max(1, (box.h - 20) // step)]:
            surface.blit(t.fitted(line, size, theme.TEXT, area.w - 28), (box.x + 14, y))
            y += step

    def _pieces(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        app, t = self.app, self.app.text
        cb = app.options.colour_blind
        draw_panel(surface, box)
        cell = int(min(box.w / 3.4, box.h / 3))
        items = [(PIECES[0], None, terms.a_piece(PIECES[0])), (PIECES[5], None, terms.a_piece(PIECES[5])),
                 (PIECES[1], Player.BLACK, _("a tower claimed by {player}").format(player=terms.player(Player.BLACK)))]
        label_size = max(13, cell // 8)
        for i, (piece, owner, label) in enumerate(items):
            x = box.x + int(box.w * (0.17 + i * 0.33)) - cell // 2
            sprite = boards(app).sprites.get(piece, owner, cell, cb)
            surface.blit(sprite, (x, box.y + int(box.h * 0.12)))
            y = box.y + int(box.h * 0.12) + cell + 6
            for part in t.wrap(label, label_size, int(box.w * 0.31)):  # a long name takes two lines
                img = t.fitted(part, label_size, theme.TEXT, int(box.w * 0.32))
                surface.blit(img, img.get_rect(midtop=(x + cell // 2, y)))
                y += t.font(label_size).get_linesize()
        size = max(13, int(box.h * 0.04))
        step = max(int(size * 1.3), t.font(size).get_linesize())
        y = box.y + int(box.h * 0.62)
        for player in Player:
            for part in t.wrap(_stock_words(player), size, box.w - 40):
                surface.blit(t.render(part, size, theme.TEXT_DIM), (box.x + 20, y))
                y += step
            y += size // 2

    def _keys(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        t = self.app.text
        draw_panel(surface, box)
        rows = [("1 - 7", _("choose a piece")), (_("Tab / right-click"), _("next piece")),
                (_("Arrows"), _("move the lot cursor")), (_("Enter / click"), _("build or claim")),
                ("S", _("skip the claim")), ("H", _("a hint (Enter plays it)")),
                (_("U, Ctrl+Z"), _("undo the last turn")),
                (_("Ctrl+S"), _("save the record")), ("R", _("road overlay")),
                (_("Click a structure"), _("pin its road")), (_("Space"), _("hurry / next step")),
                (_("Esc"), _("pause menu")), ("F11", _("full screen"))]
        size = max(13, int(box.h / (len(rows) * 2.1)))
        y = box.y + size
        split = box.x + int(box.w * 0.45)
        for key, what in rows:
            surface.blit(t.fitted(key, size, theme.ACCENT, split - box.x - 32, bold=True), (box.x + 24, y))
            surface.blit(t.fitted(what, size, theme.TEXT, box.right - split - 16), (split, y))
            y += int(size * 1.9)


def pages() -> list[tuple[str, list[str]]]:
    """The how-to pages in the language in use."""
    return [(_(title), [_(para) for para in paras]) for title, paras in PAGES]


def _best(state: GameState):
    """The claimed tower scoring most (page 4's example), or None."""
    score = state.score()
    return max(score.towers, key=lambda x: x.points) if score.towers else None


def _stock_words(player: Player) -> str:
    stock = new_game(Ruleset(), 1).stocks[player]
    return _("{player}'s stock: towers {red} red, {blue} blue, {green} green; three domes of each colour; "
             "three caps.").format(player=terms.player(player), red=stock[Colour.RED], blue=stock[Colour.BLUE],
                                   green=stock[Colour.GREEN])
