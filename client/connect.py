"""Opening a connection to a match server from any screen (Play online, Continue, Host a
game, Games on your network, a join link): one network thread, one session that keeps
its tokens on disk (``client.tokens``), and the lobby, optionally going straight to a
room. websockets is imported here, when someone connects, not at start-up.
"""

from __future__ import annotations

from .config import config_dir
from .online import OnlineSession
from .tokens import TokenStore


def normal_url(address: str) -> str:
    """``localhost:8765`` -> ``ws://localhost:8765`` (the key tokens are kept under)."""
    url = address.strip().rstrip("/")
    if "://" not in url:
        url = "ws://" + url
    return url


def token_store() -> TokenStore:
    """Where session and seat tokens live: the user's data folder (mode 0600 file)."""
    return TokenStore(config_dir())


def open_session(app, url: str, name: str) -> tuple[object, OnlineSession]:
    """A started network thread resuming our saved session on ``url``, and its session."""
    from .net import NetClient
    from .online_accounts import saved_identity
    url = normal_url(url)
    tokens = token_store()
    identity = saved_identity(tokens, url)  # a name taken on this server signs in by itself
    key = None
    if identity is not None:
        name, key = identity["name"], identity["secret"]
    net = NetClient(url, name, session=tokens.session(url), key=key).start()
    session = OnlineSession(net, name, app.games.specs(), tokens=tokens, server=url)
    return net, session


def open_lobby(app, url: str, name: str, mode: str = "play", *, code: str | None = None,
               spectator: bool = False, replace: bool = True, public_url: str | None = None):
    """Connect and show the lobby (joining ``code`` at once when given)."""
    from .scenes.lobby import LobbyScene
    net, session = open_session(app, url, name)
    session.public_url = public_url
    lobby = LobbyScene(app, session, mode, net=net)
    if code:
        lobby.code.value = code
        lobby.join(spectator or mode == "watch")
    if replace:
        app.stack.replace(lobby)
    else:
        app.push(lobby)
    return lobby
