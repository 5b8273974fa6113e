"""The client's screens are composed of parts, not grown from mixins: no class of the
client is over about 500 lines counting the project classes it inherits from."""

from __future__ import annotations

from tools.class_sizes import class_sizes

LIMIT = 500


def test_no_client_class_is_over_the_limit_counting_what_it_inherits():
    sizes = class_sizes(("client",))
    assert "client.games.sprawl.game.MatchScene" in sizes  # the walk reached the plug-ins
    over = {name: lines for name, lines in sizes.items() if lines > LIMIT}
    assert over == {}, f"classes over {LIMIT} lines counting their project bases: {over}"
