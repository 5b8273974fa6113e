"""The real client with a script instead of a person: clicks the same buttons a person
would (title menu, Continue, Host a game, Games on your network, the lobby's Create and
its list), then, with ``--play``, makes a random legal move whenever it is its turn.
It prints one JSON line per thing that happened (``{"event": "joined", ...}``) on
stdout. Tests run it as a separate process (SDL dummy drivers) to kill it with SIGKILL
mid-match and start it again; under Xvfb it shows every screen for real.

    python -m client.autopilot --name Alice --connect ws://127.0.0.1:8765 --create --play
    python -m client.autopilot --name Alice --continue --play
    python -m client.autopilot --name Ann --host --play --shots /tmp/shots
    python -m client.autopilot --name Bob --lan --play
    python -m client.autopilot --name Cy --link alien-city://127.0.0.1:8765/K7QXAD
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

import pygame

from .app import FIXED_DT, App
from .config import load_options
from .scenes.lan_games import LanGamesScene


def say(event: str, **fields) -> None:
    print(json.dumps({"event": event, **fields}), flush=True)


class Pilot:
    def __init__(self, app: App, args: argparse.Namespace) -> None:
        self.app = app
        self.args = args
        self.rng = random.Random(args.seed)
        self.phase = "start"
        self.wait = 0.0
        self.seen: set = set()
        # every match view met so far: a spectator's screen may leave a match (dropping its
        # view) in the same frame its end arrives, and the end must still be reported
        self.views: dict = {}
        self.shots = 0
        self.last_scene = None
        self.ended_at: float | None = None
        self.last_version = None
        self.last_error = ""
        self.pending_shot: str | None = None  # a screenshot to take once the wait is over

    # -- helpers ----------------------------------------------------------------------
    def click(self, pos) -> None:
        pos = tuple(int(v) for v in pos)
        self.app.step(FIXED_DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                                 pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                                 pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])

    def button(self, prefix: str):
        top = self.app.stack.top
        buttons = list(getattr(getattr(top, "menu", None), "buttons", []) or [])
        buttons += [getattr(top, n) for n in dir(top) if n.endswith("_button") or n in ("back", "connect")]
        return next((b for b in buttons if getattr(b, "label", "").startswith(prefix)), None)

    def press(self, prefix: str) -> bool:
        b = self.button(prefix)
        if b is None or not b.enabled:
            return False
        say("click", label=b.label, scene=type(self.app.stack.top).__name__)
        self.click(b.rect.center)
        return True

    def session(self):
        """The session of the topmost screen that has one: the score screen has none,
        and it may cover the match screen before the match's end was reported."""
        return next(filter(None, (s.server_session() for s in reversed(self.app.stack.scenes))), None)

    def chrome(self):
        """The online match's chrome on the top screen (None: not an online match screen)."""
        top = self.app.stack.top
        return top.core.chrome if top is not None and top.core is not None else None

    def shot(self, why: str) -> None:
        if self.args.shots:
            self.shots += 1
            path = f"{self.args.shots}/{self.args.name.lower()}-{self.shots:02d}-{why}.png"
            pygame.image.save(self.app.window, path)
            say("screenshot", path=path)

    # -- each frame -------------------------------------------------------------------
    def tick(self, dt: float) -> None:
        top = self.app.stack.top
        name = type(top).__name__ if top is not None else None
        if name != self.last_scene:
            self.last_scene = name
            say("scene", scene=name)
            self.wait = 0.6  # let it draw before clicking or taking its picture
            self.pending_shot = name
        if self.wait > 0:
            self.wait -= dt
            if self.wait <= 0 and self.pending_shot:
                self.shot(self.pending_shot)
                self.pending_shot = None
            return
        hosting = self.app.hosting
        if hosting is not None and "hosting" not in self.seen:
            self.seen.add("hosting")
            say("hosting", url=hosting.url, public_url=hosting.public_url, pid=hosting.proc.pid)
        if name == "CloseHostScene" and self.ended_at is not None:
            say("warned", others=top.others)  # players still connected: quit anyway
            self.shot("close-warning")
            self.press("Close the server and quit")
            return
        getattr(self, f"phase_{self.phase}")(top, name)
        self.watch_matches()

    def phase_start(self, top, name) -> None:
        a = self.args
        if a.cont:
            b = self.button("Continue:")
            say("continue", label=b.label if b else None)
            if b is None:
                self.phase = "idle"
                return
            self.press("Continue:")
        elif a.host or a.lan:
            self.press("Games on your network")  # hosting starts there too
        elif a.connect:
            from .connect import open_lobby
            open_lobby(self.app, a.connect, a.name, "play", code=a.code, replace=False)
        self.phase = "lobby" if a.cont else "host" if a.host else "lan" if a.lan else "lobby"

    def phase_host(self, top, name) -> None:
        if isinstance(top, LanGamesScene) and self.press("Host a game"):
            self.phase = "lobby"

    def phase_lan(self, top, name) -> None:
        if isinstance(top, LanGamesScene) and top.rows:
            server, rect = top.rows[0]
            say("lan", name=server.beacon.name, url=server.url, waiting=server.beacon.waiting,
                players=server.beacon.players, ping=server.ping_ms)
            if server.ping_ms is None:
                return  # wait for the ping to show
            self.shot("lan-list")
            self.click(rect.center)
            self.phase = "lan_lobby"

    def phase_lan_lobby(self, top, name) -> None:
        if name == "LobbyScene" and top.rows:
            code, rect = top.rows[0]
            say("pick", match=code)
            self.click(rect.center)
            self.click(rect.center)
            self.phase = "lobby"

    def phase_lobby(self, top, name) -> None:
        if name == "LobbyScene" and self.args.create and "create" not in self.seen:
            s = top.session
            if s.welcomed:
                self.seen.add("create")
                self.press("Create match")

    def phase_idle(self, top, name) -> None:
        pass

    def watch_matches(self) -> None:
        s = self.session()
        if s is None:
            return
        if s.net_state == "closed" and ("closed", s.net_note) not in self.seen:
            self.seen.add(("closed", s.net_note))
            say("closed", note=s.net_note)
        if s.last_error and s.last_error != self.last_error:
            self.last_error = s.last_error
            say("error", text=s.last_error)
        self.views.update(s.matches)
        for code, view in self.views.items():
            if (code, "joined") not in self.seen and view.state is not None:
                self.seen.add((code, "joined"))
                shown = self.chrome()
                say("joined", match=code, role=view.role, seat=view.seat_name, version=view.version,
                    status=view.status, link=shown.invite_link() if shown is not None else None)
                self.seen.add("match-shot")
                self.wait = 0.8
                self.pending_shot = "match"
            if view.status == "playing" and (code, "playing") not in self.seen:
                self.seen.add((code, "playing"))
                say("playing", match=code, version=view.version)
            away = view.away_text()
            if away and (code, "away") not in self.seen:
                self.seen.add((code, "away"))
                say("away", match=code, text=away)
                self.pending_shot, self.wait = "away", 0.3
            if view.version != self.last_version:
                self.last_version = view.version
                say("version", match=code, version=view.version, my_turn=view.my_turn)
            if view.ended is not None and (code, "ended") not in self.seen:
                self.seen.add((code, "ended"))
                say("ended", match=code, reason=view.ended.get("reason"), winner=view.ended.get("winner"),
                    version=view.version)
                self.ended_at = time.monotonic()
                self.pending_shot, self.wait = "ended", 3.0
            if self.args.play and view.my_turn and view.state is not None:
                chrome = self.chrome()
                if chrome is not None and chrome.code == code:
                    if self.args.moves is not None and self.args.moves <= 0:
                        continue
                    move = view.state.legal_moves().random(self.rng)
                    if chrome.submit(move):
                        if self.args.moves is not None:
                            self.args.moves -= 1
                        say("move", match=code, version=view.version, move=view.spec.move_text(move))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m client.autopilot", description=__doc__.splitlines()[0])
    parser.add_argument("--name", default="Pilot")
    parser.add_argument("--connect", metavar="URL")
    parser.add_argument("--code", default=None, help="with --connect: join this room")
    parser.add_argument("--create", action="store_true", help="press Create match in the lobby")
    parser.add_argument("--continue", dest="cont", action="store_true", help="press the title's Continue")
    parser.add_argument("--host", action="store_true", help="Host a game on this computer, then Create match")
    parser.add_argument("--lan", action="store_true", help="Games on your network: join the first server's first match")
    parser.add_argument("--link", default=None, help="open a join link (as alien-city join does)")
    parser.add_argument("--play", action="store_true", help="make a random legal move on each turn")
    parser.add_argument("--moves", type=int, default=None, help="with --play: stop after this many moves")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--shots", default=None, help="save a screenshot of each new screen here")
    parser.add_argument("--exit-after-end", type=float, default=None, metavar="S",
                        help="quit S seconds after the match ended")
    parser.add_argument("--size", default="1280x800")
    args = parser.parse_args(argv)
    if args.host:
        args.create = True
    w, h = (int(v) for v in args.size.split("x"))
    options = load_options()
    options.player_name = args.name
    options.sound = options.music = False
    app = App(options, (w, h), persist=False)
    from .scenes.title import TitleScene
    app.push(TitleScene(app))
    app.stack.apply_pending()
    if args.link:
        from shared.netkit.links import parse_link

        from .connect import open_lobby
        link = parse_link(args.link)
        open_lobby(app, link.server, args.name, "play", code=link.room, replace=False)
        app.stack.apply_pending()
    pilot = Pilot(app, args)
    if args.link:
        pilot.phase = "lobby"
    say("started", pid=__import__("os").getpid())
    clock = pygame.time.Clock()
    quitting = False
    try:
        while app.running:
            app.step(FIXED_DT)
            pilot.tick(FIXED_DT)
            if args.exit_after_end is not None and pilot.ended_at is not None and not quitting \
                    and time.monotonic() - pilot.ended_at > args.exit_after_end:
                quitting = True
                say("quitting")
                app.quit()  # as the window's close button (hosting: a warning first)
            clock.tick(60)
    finally:
        say("quit")
        app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
