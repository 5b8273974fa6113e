"""Replay a ``.cbr`` record: step forward and back, jump to any ply, or let it play.

Positions come from the engine's record reader (lenient: every piece that can go down
goes down; the rule it broke is shown at its ply, in the engine's words). Stepping
forward animates the piece; stepping back or jumping shows the position at once. At the
end of a finished game the final count opens (C, or the Score button).
"""

from __future__ import annotations

import pygame

from shared.cityblocks import CITY_BLOCKS, CityState, Move
from shared.cityblocks.record import replay as read_plies

from client import theme
from client.view.widgets import Button

from . import look
from .score import ScoreScene
from .screen import CityScreen

AUTOPLAY_STEP = 0.7


class ReplayScene(CityScreen):
    bottom_scale = 0.115

    def __init__(self, app, start: CityState, plies: list[tuple[CityState, Move]], final: CityState,
                 title: str = "Replay", headers: dict | None = None) -> None:
        self.title = title
        names = [n.strip() for n in {k.lower(): v for k, v in (headers or {}).items()}.get("seats", "").split(",")]
        self.names = {i: n for i, n in enumerate(names) if n} if len(names) == final.players else {}
        self.moves = [move for _, move in plies]
        self.positions: list[CityState] = [before for before, _ in plies] + [final]
        if not plies:
            self.positions = [start if final.ply == 0 else final]
        self.broken = [before.why_not(move) for before, move in plies]
        self.index = 0
        self.playing = False
        self.play_timer = 0.0
        self.hover_ply: int | None = None
        self.play_button = Button("Play", self.toggle_play, key=pygame.K_SPACE)
        self.score_button = Button("Score", self.score_show, key=pygame.K_c, enabled=False, accent=theme.ACCENT)
        super().__init__(app, self.positions[0])
        self.buttons = [Button("|<", self.first, key=pygame.K_HOME), Button("<", self.back), self.play_button,
                        Button(">", self.forward), Button(">|", self.last, key=pygame.K_END), self.score_button,
                        Button("Close", self.close)]
        self.layout_buttons()
        self.go(0)

    @classmethod
    def from_text(cls, app, text: str, title: str = "Replay") -> "ReplayScene":
        """Raises the engine's ``RecordError`` (a ``ValueError``) for text that is no record."""
        record, plies = read_plies(text, lenient=True)
        return cls(app, record.start, plies, record.state, title, dict(record.headers))

    @property
    def count(self) -> int:
        return len(self.positions) - 1

    def layout_buttons(self) -> None:
        super().layout_buttons()
        r = self.bottom_rect
        right = min((b.rect.x for b in self.buttons), default=r.right)
        self.bar = pygame.Rect(self.margin * 2, r.y + int(r.h * 0.16), right - 3 * self.margin, int(r.h * 0.2))

    # -- navigation ---------------------------------------------------------------------------
    def go(self, index: int, animate: bool = False) -> None:
        index = max(0, min(self.count, index))
        if index != self.index or not animate:
            self.timeline.finish_all()
            self.index = index
            self.show_state(self.positions[index], animate=animate)
        over = index == self.count and self.positions[index].over
        self.score_button.enabled = over
        if over and animate:
            self.timeline.delay(0.8, self.score_show)

    def forward(self) -> None:
        if self.index < self.count:
            self.go(self.index + 1, animate=True)

    def back(self) -> None:
        self.playing = False
        self.go(self.index - 1)

    def first(self) -> None:
        self.playing = False
        self.go(0)

    def last(self) -> None:
        self.playing = False
        self.go(self.count)

    def toggle_play(self) -> None:
        if self.index >= self.count:
            self.go(0)
        self.playing = not self.playing
        self.play_timer = 0.0

    def close(self) -> None:
        self.app.stack.pop()

    def score_show(self) -> None:
        final = self.positions[-1]
        if not final.over or self.index != self.count:
            return
        self.playing = False
        self.app.push(ScoreScene(self.app, final))

    def update(self, dt: float) -> None:
        super().update(dt)
        self.play_button.label = "Pause" if self.playing else "Play"
        if self.playing:
            self.play_timer += dt * self.app.anim_speed
            if self.play_timer >= AUTOPLAY_STEP:
                self.play_timer = 0.0
                self.forward()
                if self.index >= self.count:
                    self.playing = False

    def ply_at(self, pos) -> int | None:
        if not self.bar.inflate(0, 16).collidepoint(pos) or self.count == 0:
            return None
        return max(0, min(self.count, round((pos[0] - self.bar.x) / max(1, self.bar.w) * self.count)))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
                return True
            if event.key in (pygame.K_RIGHT, pygame.K_PERIOD):
                self.forward()
                return True
            if event.key in (pygame.K_LEFT, pygame.K_COMMA):
                self.back()
                return True
        if event.type == pygame.MOUSEMOTION:
            self.hover_ply = self.ply_at(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            ply = self.ply_at(event.pos)
            if ply is not None:
                self.playing = False
                self.go(ply)
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.go(self.index - event.y)
            return True
        self.buttons_event(event)
        return True

    # -- drawing ------------------------------------------------------------------------------
    def turn_text(self) -> tuple[str, tuple[int, int, int]]:
        if self.index == self.count and self.state.over:
            return f"{self.title.upper()}: GAME OVER (C: the final count)", theme.ACCENT
        text, colour = super().turn_text()
        return f"{self.title}: {text}", colour

    def status_text(self) -> tuple[str, tuple[int, int, int]]:
        if self.index == 0:
            return f"Start of the game: {self.count} moves. Right arrow or Play steps through.", theme.TEXT
        move = self.moves[self.index - 1]
        before = self.positions[self.index - 1]
        who = self.seat_label(before.to_move) if before.to_move is not None else "?"
        if move.is_pass:
            text = f"Move {self.index}/{self.count}: {look.NAME[move.colour]} passed ({who})"
        else:
            text = f"Move {self.index}/{self.count}: {who} placed {look.NAME[move.colour].lower()} {move.text()}"
        broken = self.broken[self.index - 1]
        if broken is not None:
            return f"{text}. Against the rules: {broken.text}", theme.BAD
        return text + ".", theme.TEXT

    def seat_names(self) -> dict[int, str]:
        return self.names

    def last_move(self) -> Move | None:
        return self.moves[self.index - 1] if self.index else None

    def draw(self, surface: pygame.Surface) -> None:
        cb = self.app.options.colour_blind
        self.draw_frame(surface, cb)
        move = self.last_move()
        if move is not None and not move.is_pass and not self.drops:
            look.outline(surface, self.geo, move.squares, (250, 250, 255), max(2, self.geo.cell // 10))
        self.draw_drops(surface, cb)
        self.draw_bottom(surface)
        self.draw_overlays(surface)

    def status_area(self) -> pygame.Rect:
        r = self.bottom_rect
        return pygame.Rect(r.x, self.bar.bottom + 2, r.w, r.bottom - self.bar.bottom - 2)

    def draw_bottom(self, surface: pygame.Surface) -> None:
        super().draw_bottom(surface)
        bar, t = self.bar, self.app.text
        pygame.draw.rect(surface, (20, 22, 48), bar, border_radius=bar.h // 2)
        n = max(1, self.count)
        done = pygame.Rect(bar.x, bar.y, int(self.index / n * bar.w), bar.h)
        pygame.draw.rect(surface, theme.ACCENT_2, done, border_radius=bar.h // 2)
        for i, broken in enumerate(self.broken):
            if broken is not None:
                x = bar.x + int((i + 1) / n * bar.w)
                pygame.draw.line(surface, theme.BAD, (x, bar.y - 2), (x, bar.bottom + 2), 2)
        knob = (bar.x + int(self.index / n * bar.w), bar.centery)
        pygame.draw.circle(surface, theme.ACCENT, knob, bar.h // 2 + 4)
        if self.hover_ply is not None:
            tip = t.render(f"move {self.hover_ply}", max(12, bar.h), theme.TEXT)
            surface.blit(tip, tip.get_rect(midbottom=(bar.x + int(self.hover_ply / n * bar.w), bar.y - 2)))


def replay_of(app, state: CityState):
    """The score screen's "Watch replay": this game from its first move, as a record."""
    def open_replay() -> None:
        app.push(ReplayScene.from_text(app, CITY_BLOCKS.write_record(state), "This game"))
    return open_replay
