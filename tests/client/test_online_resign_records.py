"""An online match that ends by resignation goes into the records folder by itself on
both players' clients and the spectator's, with the names and the server's result, and
the replay list shows it finished (the normal end: test_online's whole match)."""

from client.config import records_dir
from client.scenes.files import record_summary
from shared.aliencity import Player

from .test_online import created, joined, mouse_move, player, server, spin, watching  # noqa: F401 (``server``)


def test_a_resigned_match_is_kept_by_both_players_and_the_spectator(server, tmp_path, monkeypatch):  # noqa: F811
    monkeypatch.setenv("ALIEN_CITY_CONFIG_DIR", str(tmp_path))
    app_a, net_a, _sess_a, lobby_a = player(server.url, "Ann")
    app_b, net_b, _sess_b, lobby_b = player(server.url, "Bob")
    nets = [net_a, net_b]
    try:
        game_a = created(app_a, lobby_a, app_b)
        code = game_a.chrome.code
        game_b = joined(app_b, lobby_b, game_a)
        app_c, _game_c = watching(server.url, code, nets)
        apps = [app_a, app_b, app_c]

        state = game_a.chrome.view.state.state
        mover = {Player.BLACK: game_a, Player.WHITE: game_b}[state.to_move]
        mouse_move(mover, state.legal_builds()[0])
        spin(apps, lambda: game_b.chrome.view.version == 1 and app_c.stack.top.chrome.view.version == 1,
             what="first move")
        game_b.chrome.resign()
        game_b.chrome.resign()  # twice: it is meant
        spin(apps, lambda: len([p for p in records_dir().glob("*.ppn") if f"Room: {code}" in p.read_text()]) == 3,
             what="three records")
        kept = [p for p in records_dir().glob("*.ppn") if f"Room: {code}" in p.read_text(encoding="utf-8")]
        for path in kept:
            text = path.read_text(encoding="utf-8")
            assert "Black: Ann" in text and "White: Bob" in text, text
            assert "Result: 1. Ann, 2. Bob" in text and "Termination: White resigned" in text, text
            title, facts = record_summary(app_a, path)
            assert "Ann" in title and "Bob" in title, title
            assert facts.startswith(f"online {code} · Ann won"), facts
    finally:
        for net in nets:
            net.close()


def test_a_room_the_server_ended_undecided_is_no_finished_game():
    from client.scenes.match_record import ended_ranking
    assert ended_ranking({"reason": "cancelled", "ranking": None}) is None
    assert ended_ranking({"reason": "expired"}) is None
    assert ended_ranking({"reason": "resigned", "ranking": [2, 1]}) == [2, 1]
    assert ended_ranking({"ranking": ["x"]}) is None and ended_ranking(None) is None
