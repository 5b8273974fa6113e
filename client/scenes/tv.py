"""TV (from the lobby): one game's best live match on the server, then the next.

:class:`TvScene` asks the server's TV (``tv {game}``, docs/protocol.md *TV*) for the
match to watch, opens it as a spectator's match screen with :class:`TvChrome`, and says
plainly when no match is being played (the server tells us when one starts; we also ask
again now and then). :class:`TvChrome` is the online chrome of a watched match that, once
the match has ended, lets its end show play to the final board, leaves that board up for
``TV_LINGER`` seconds and then goes back to the TV scene, which asks for the next match.
Why the client decides when to move on: only it knows when its end show is over (a
viewer may step or skip it, or open the review, which holds TV until closed).
"""

from __future__ import annotations

import math

import pygame

from shared.i18n import domain

from .. import theme
from ..matchview import player_label
from ..online import OnlineSession
from ..view.form import draw_backdrop
from ..view.widgets import Button, draw_panel
from .base import Scene
from .chrome import OnlineChrome, open_match

_, N_, ngettext, pgettext = domain("online")

TV_LINGER = 6.0  # seconds the final board stays up before TV moves on
ASK_AGAIN_S = 30.0  # while no match is live: ask again this often (the server also tells us)


def lineup(players: object, rated: bool = False) -> str:
    """The players of a TV match with their ratings: "Ann (1900) vs Bob (1532?)"."""
    if not isinstance(players, list):
        return ""
    names = []
    for p in players:
        if not isinstance(p, dict):
            continue
        name = player_label(p) or _("(free)")
        label = p.get("label")
        names.append(_("{name} ({rating})").format(name=name, rating=label) if label else name)
    text = _(" vs ").join(names)
    return _("{players}, rated").format(players=text) if rated and text else text


class TvChrome(OnlineChrome):
    """A watched match that hands back to its :class:`TvScene` after its end show."""

    def __init__(self, session: OnlineSession, code: str, channel: TvScene) -> None:
        super().__init__(session, code)
        self.channel = channel
        info = session.tv_info if (session.tv_info or {}).get("match") == code else {}
        self.lineup = lineup((info or {}).get("players"), bool((info or {}).get("rated")))
        self.linger: float | None = None  # seconds left on the final board
        self.moving_on = False

    def leave(self) -> None:
        """Leave the match and TV: back to the lobby."""
        self.channel.closing = True
        super().leave()

    def update(self, dt: float) -> None:
        super().update(dt)
        above = self._above()
        if self.moving_on or above is None or not self._show_over(above):
            self.linger = None
            return
        self.linger = TV_LINGER if self.linger is None else self.linger - dt
        words = _("NEXT ON TV IN {n} S").format(n=max(1, math.ceil(self.linger)))
        for scene in above:
            scene.headline = words
        if self.linger <= 0:
            self.moving_on = True
            for _scene in range(len(above) + 1):  # the score show(s), then the match screen
                self.host.app.stack.pop()

    def _above(self) -> list | None:
        """The scenes over our match screen once the match has ended (None before)."""
        host = self.host
        if host is None or self.view.ended is None:
            return None
        scenes = host.app.stack.scenes
        return scenes[scenes.index(host) + 1:] if host in scenes else None

    def _show_over(self, above: list) -> bool:
        """The end show has played to its final board (or was closed); a screen the
        viewer opened over it (the review) holds TV until it is closed."""
        if not above:
            return self.host is not None and self.host.over_shown
        return all(scene.scoring is not None and scene.scoring.stage == "final" for scene in above)

    def turn_text(self, text: str, colour) -> tuple[str, tuple[int, int, int]]:
        if self.player:
            return super().turn_text(text, colour)
        return _("TV {code}: {text}").format(code=self.code, text=text), theme.ACCENT_2

    def status_text(self) -> tuple[str, tuple[int, int, int]] | None:
        said = super().status_text()
        if said is None and self.lineup:
            return _("On TV: {players}").format(players=self.lineup), theme.TEXT_DIM
        return said


class TvScene(Scene):
    """One game's TV: waiting, tuning in, or under the match it shows."""

    def __init__(self, app, session: OnlineSession, game: str) -> None:
        super().__init__(app)
        self.session = session
        self.specs = session.server_games() or list(session.games)
        self.game = next((i for i, spec in enumerate(self.specs) if spec.id == game), 0)
        self.state = "asking"  # asking, tuning (its sync awaited), waiting, showing
        self.tuning: str | None = None
        self.ask_left = ASK_AGAIN_S
        self.closing = False  # the match screen's Leave: back to the lobby
        self.message = ""
        self.game_button = Button("", self.cycle_game)
        self.back = Button(N_("Back"), self.app.stack.pop, key=pygame.K_ESCAPE, tr=_)
        self.buttons = (self.game_button, self.back)
        self.resize(app.size)

    @property
    def game_id(self) -> str:
        return self.specs[self.game % len(self.specs)].id

    @property
    def title(self) -> str:
        return self.specs[self.game % len(self.specs)].title

    def enter(self) -> None:
        self.ask()

    def resume(self) -> None:
        if self.closing:
            self.app.stack.pop()
            return
        self.ask()  # back from a match's end: the next one

    def exit(self) -> None:
        shown = (self.session.tv_info or {}).get("match")
        if isinstance(shown, str) and shown in self.session.matches:
            self.session.leave(shown)
        self.session.tv(self.game_id, on=False)

    def ask(self) -> None:
        self.game_button.label = f"Game: {self.title}"
        title = self.title
        self.game_button.tr = lambda _key: _("Game: {title}").format(title=title)
        self.state, self.tuning, self.ask_left = "asking", None, ASK_AGAIN_S
        if self.session.net_state != "closed":
            self.session.tv(self.game_id)

    def cycle_game(self) -> None:
        self.game += 1
        self.ask()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        bh = max(34, int(h * 0.052))
        self.box = pygame.Rect(int(w * 0.15), int(h * 0.3), int(w * 0.7), int(h * 0.4))
        self.game_button.rect = pygame.Rect(self.box.x, self.box.y - bh - 14, int(w * 0.3), bh)
        self.back.rect = pygame.Rect(self.box.x, self.box.bottom + 14, max(160, int(w * 0.12)), bh)

    def update(self, dt: float) -> None:
        super().update(dt)
        for note in self.session.pump():
            data = note.data
            if note.kind == "tv" and data.get("game") == self.game_id:
                if note.text == "answer":
                    self.tuning = data.get("match") if isinstance(data.get("match"), str) else None
                    self.state = "tuning" if self.tuning else "waiting"
                    self.message = ""
                elif data.get("match") and self.state == "waiting":
                    self.ask()  # a match started: tune in
            elif note.kind == "synced" and self.state == "tuning" and note.match == self.tuning:
                self.state = "showing"
                self.app.push(open_match(self.app, self.session, note.match,
                                         TvChrome(self.session, note.match, self)))
            elif note.kind == "welcome" and note.text == "resumed":
                self.ask()  # the server forgot what we followed
            elif note.kind == "error" and not note.match:
                self.message = note.text
            elif note.kind == "net" and self.session.net_state == "closed":
                self.message = self.session.net_note
        if self.state == "waiting":
            self.ask_left -= dt
            if self.ask_left <= 0:
                self.ask()

    def handle_event(self, event: pygame.event.Event) -> bool:
        for b in self.buttons:
            if b.handle_event(event):
                return True
        return True

    def words(self) -> list[tuple[str, tuple[int, int, int]]]:
        """What the screen says now, line by line."""
        if self.message:
            return [(self.message, theme.BAD)]
        if self.state == "waiting":
            return [(_("No {game} match is being played right now.").format(game=self.title), theme.TEXT),
                    (_("TV waits and shows the next one as soon as it starts."), theme.TEXT_DIM)]
        if self.state == "tuning":
            info = self.session.tv_info or {}
            return [(_("Tuning in to {code}…").format(code=self.tuning), theme.TEXT),
                    (lineup(info.get("players"), bool(info.get("rated"))), theme.TEXT_DIM)]
        return [(_("Tuning in…"), theme.TEXT)]

    def draw(self, surface: pygame.Surface) -> None:
        t, h = self.app.text, self.size[1]
        draw_backdrop(surface, self.app, _("TV"), y=0.1)
        draw_panel(surface, self.box)
        size = max(14, int(h * 0.028))
        y = self.box.y + int(self.box.h * 0.3)
        for text, colour in self.words():
            for line in t.wrap(text, size, self.box.w - 48)[:3]:
                img = t.render(line, size, colour)
                surface.blit(img, img.get_rect(midtop=(self.box.centerx, y)))
                y += int(size * 1.5)
        for b in self.buttons:
            b.draw(surface, t)
