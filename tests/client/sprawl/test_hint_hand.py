"""A hint takes the hand: its size and kind (tower or spore, build, branch with its
direction), so its square is lit as legal, the ghost on it is the hinted move and the
label beside the hand names the same kind."""

from client.games.sprawl.game import MatchScene
from client.games.sprawl.marks import hand_words
from shared.gamekit.advice import Advice
from shared.sprawl import Branch, Build

from ..conftest import show
from .helpers import random_game, settle


def test_a_hint_takes_the_hand_so_its_square_is_lit_and_ghosted(app):
    checked = kinds = 0
    seen: set[type] = set()
    for seed in (2, 3, 5, 8, 11):
        for stop in (9, 14, 20):
            state = random_game(4, seed, stop_at=stop)
            if state.is_over():
                continue
            scene = MatchScene(app, state)
            show(app, scene)
            settle(app, scene)
            for move in list(state.legal_moves())[::3]:
                if getattr(move, "extra", ()):
                    continue
                scene.hand.hand_size, scene.hand.action, scene.hand.direction = 1, "branch", (move.size + 1) % 4
                scene.computers.hint, scene.computers.hint_token = Advice(move, state.to_move, (0.2,) * 4), state
                scene.hand.follow_hint(scene.hinter)
                assert move.square in scene.hand.glow()[0], f"{move.text()} not lit"
                scene.hand.hover = move.square
                assert scene.hand.ghost() == (move, None), f"{move.text()}: ghost {scene.hand.ghost()}"
                words = hand_words(scene)
                if isinstance(move, Build):
                    assert words == "build on a tower", move.text()
                elif isinstance(move, Branch):
                    assert words.startswith("branch"), move.text()
                else:
                    assert not words.startswith("branch"), move.text()
                seen.add(type(move))
                scene.computers.hint = None
                scene.hand.follow_hint(scene.hinter)
                checked += 1
            app.stack.scenes.clear()
    kinds = len(seen)
    assert checked >= 25 and kinds == 3


def test_the_rules_page_counts_the_stash_the_game_deals():
    """The how-to's pip count is the engine's stash: five each of 1, 2 and 3 is 30 pips."""
    from client.games.sprawl.howto import PAGES
    from shared.i18n import translations
    from shared.sprawl import SPRAWL
    stash = SPRAWL.new_state({"players": 4}, 1).stash[0]
    pips = sum((k + 1) * n for k, n in enumerate(stash))
    line = PAGES[0][1][0]
    assert f"({pips} pips)" in line
    for lang, word in (("sk", "bodiek"), ("fr", "points")):
        assert f"({pips} {word})" in translations("sprawl", lang).gettext(line).replace("\n", " ")
