"""Every screen renders to a PNG that is not blank and differs from every other screen.
Set ALIEN_CITY_SCREENSHOTS=DIR to keep the PNGs for a look."""

import hashlib
import os
import random
from pathlib import Path

import pygame
import pytest

from client.games.aliencity.dice import DiceScene
from client.games.aliencity.game import GameScene
from client.games.aliencity.howto import PAGES, HowToScene
from client.games.aliencity.replay import ReplayScene
from client.games.aliencity.score import ScoreScene
from client.scenes.files import FilesScene
from client.scenes.online import OnlineScene
from client.scenes.options import OptionsScene
from client.scenes.pause import PauseScene
from client.scenes.title import TitleScene
from shared.aliencity import Build, Pass, Phase, Ruleset, new_game
from shared.aliencity.ppn import read_ppn

from .conftest import motion, show

RECORD = Path(__file__).resolve().parent.parent / "data" / "ppgames-alien-city.ppn"


def finished(seed: int):
    rng = random.Random(seed)
    state = new_game(Ruleset(2004), seed)
    while state.phase is not Phase.OVER:
        state = state.apply(rng.choice(list(state.legal_moves())))
    return state


def mid_game(seed: int, builds: int):
    rng = random.Random(seed)
    state = new_game(Ruleset(2004), seed)
    while state.ply < builds or state.phase is not Phase.BUILD:
        state = state.apply(rng.choice(list(state.legal_moves())))
    return state


def claim_step(seed: int, builds: int):
    """A position in the claim step after at least ``builds`` builds (earlier claims passed)."""
    rng = random.Random(seed)
    state = new_game(Ruleset(2004), seed)
    while True:
        if state.phase is Phase.CLAIM:
            if state.ply >= builds:
                return state
            state = state.apply(Pass())
        else:
            state = state.apply(rng.choice(list(state.legal_builds())))


def render(app, scenes, name: str, out: Path, frames: int = 3) -> bytes:
    """Put ``scenes`` on a fresh stack, run a few frames, save and return the pixels."""
    app.stack.scenes.clear()
    for scene in scenes:
        show(app, scene)
    for scene in app.stack.scenes:
        scene.timeline.finish_all()
    for _ in range(frames):
        app.step(1 / 60, events=[])
    app.stack.draw(app.window)
    pygame.image.save(app.window, str(out / f"{name}.png"))
    return pygame.image.tobytes(app.window, "RGB")


def test_every_screen_renders_distinctly(app, tmp_path):
    """Title, options, how-to pages, record list, online, game phases, overlays, replay."""
    out = Path(os.environ.get("ALIEN_CITY_SCREENSHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    shots: dict[str, bytes] = {}
    shots["title"] = render(app, [TitleScene(app)], "title", out)
    shots["options"] = render(app, [OptionsScene(app)], "options", out)
    for page in range(len(PAGES)):
        howto = HowToScene(app)
        howto.page = page
        shots[f"howto-{page + 1}"] = render(app, [howto], f"howto-{page + 1}", out)
    shots["files"] = render(app, [FilesScene(app, folders=[RECORD.parent])], "files", out)
    shots["online"] = render(app, [OnlineScene(app, "play")], "online", out)
    shots["watch"] = render(app, [OnlineScene(app, "watch")], "watch", out)

    state = mid_game(4, 14)
    game = GameScene(app, state)
    piece = next(p for p in state.stock(state.to_move) if state.legal_lots(p))
    game.select(piece)
    bad = next(x for x in range(80) if x not in state.legal_lots(piece) and not state.board[x])
    game.handle_event(motion(game.geo.lot_center(bad)))
    shots["game-hover-illegal"] = render(app, [game], "game-hover-illegal", out)

    claim = GameScene(app, claim_step(4, 8))
    shots["game-claim"] = render(app, [claim], "game-claim", out)
    game2 = GameScene(app, state)
    shots["pause"] = render(app, [game2, PauseScene(app, game2)], "pause", out)

    dice_state = new_game(Ruleset(2002), 8)
    dice_game = GameScene(app, dice_state)
    app.stack.scenes.clear()
    show(app, dice_game)  # enter() pushes the dice roll
    app.step(1 / 60, events=[])
    assert isinstance(app.stack.top, DiceScene)
    app.stack.top.timeline.update(1.0)
    app.stack.draw(app.window)
    pygame.image.save(app.window, str(out / "dice.png"))
    shots["dice"] = pygame.image.tobytes(app.window, "RGB")

    over = finished(6)
    end_game = GameScene(app, over)
    shots["score"] = render(app, [end_game, ScoreScene(app, over)], "score", out)

    result = read_ppn(RECORD.read_text(), lenient=True)
    replay = ReplayScene(app, result, title=RECORD.name)
    replay.controls.go(17)
    shots["replay"] = render(app, [replay], "replay", out)

    app.options.colour_blind = True
    shots["game-colour-blind"] = render(app, [GameScene(app, state)], "game-colour-blind", out)
    app.options.colour_blind = False

    digests = {}
    for name, pixels in shots.items():
        surface = pygame.image.frombytes(pixels, app.size, "RGB")
        colours = {surface.get_at((x, y))[:3] for x in range(0, app.size[0], 37) for y in range(0, app.size[1], 23)}
        assert len(colours) > 20, f"{name} looks blank"
        digest = hashlib.sha256(pixels).hexdigest()
        assert digest not in digests, f"{name} looks the same as {digests.get(digest)}"
        digests[digest] = name
    assert len(digests) == len(shots) == 17


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080), (800, 600), (1000, 1000)])
def test_board_scales_with_the_window_and_maps_every_lot_back(app, size):
    """At any window size the lot under each lot's centre is that lot, and the board fits."""
    app.set_size(size)
    game = GameScene(app, new_game(Ruleset(), 1))
    geo = game.geo
    assert geo.rect.right <= size[0] and geo.rect.bottom <= size[1]
    for lot in range(80):
        assert geo.lot_at(geo.lot_center(lot)) == lot
    assert geo.lot_at((geo.x + 1, geo.y + 1)) is None  # the border is no lot
    for panel in game.panels.values():
        assert not panel.rect.colliderect(geo.rect)
    app.step(1 / 60, events=[])


def test_resize_event_relayouts_the_game(app):
    """A window resize reaches every scene, which lays itself out again."""
    game = GameScene(app, new_game(Ruleset(), 2))
    show(app, game)
    before = game.geo.lot
    app.set_size((1920, 1200))
    assert game.geo.lot > before
    state = game.match.state
    build = state.legal_builds()[0]
    game.select(build.piece)
    game.timeline.finish_all()
    game.click_lot(build.lot)
    assert isinstance(game.match.state.history[-1][1], Build)
