"""Findings of a review of Expert's kept search tree, on the server.

Expert keeps the tree of its last search to go on from it (``MctsBot.keep_tree``). A
server keeps each match's computer players for the whole match (and a finished match
until it leaves memory), so every match with an Expert seat would hold a search tree
(tens of thousands of game states, tens of MB) while its person thinks: memory growing
with the number of matches, not with the pool's threads. The server's computers hold no
tree between moves.
"""

from __future__ import annotations

from dataclasses import replace

from shared.aliencity import GameState, parse_move

from .helpers import FAST, Client, run, running

QUICK = replace(FAST, computer_iterations=20)


def test_a_computer_seat_holds_no_search_tree_while_its_opponent_thinks():
    async def body() -> None:
        async with running(QUICK) as server:
            ada = await Client.open(server.url, "Ada")
            joined = await ada.request({"type": "create", "seat": "white", "computer": "expert"},
                                       "joined")
            code = joined["match"]
            state = GameState.from_dict((await ada.expect("sync"))["state"])
            assert state.to_move.text() == "black"  # the computer builds first
            version = 0
            while state.to_move.text() == "black":
                moved = await ada.expect("moved", version=version + 1)
                state, version = state.play(parse_move(moved["move"])).state, version + 1
            match = server.lobby.matches[code]
            bots = list(match.computers._bots.values())
            assert bots, "the computer seat made no bot"
            for bot in bots:
                engine = getattr(bot, "bot", bot)
                assert getattr(engine, "tree", None) is None, \
                    "the computer keeps its search tree while the person thinks"
            await ada.close()
    run(body, 60)
