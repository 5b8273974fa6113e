"""Games as the client shows them: one plug-in per game (``client.games.<id>``) behind the
small interface of :mod:`client.games.base`, found through :mod:`client.games.registry`.
The shell (``client.scenes``) imports no game: it asks the registry."""
