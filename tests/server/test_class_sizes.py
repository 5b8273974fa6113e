"""The server's lobby and matches hold parts (match commands, matchmaking, accounts,
steps) instead of growing from mixins: no class of the server is over about 500 lines
counting the project classes it inherits from."""

from __future__ import annotations

from tools.class_sizes import class_sizes

LIMIT = 500


def test_no_server_class_is_over_the_limit_counting_what_it_inherits():
    sizes = class_sizes(("server",))
    assert "server.cluster.node.Follower" in sizes  # the walk reached the cluster package
    over = {name: lines for name, lines in sizes.items() if lines > LIMIT}
    assert over == {}, f"classes over {LIMIT} lines counting their project bases: {over}"
