"""The authoritative match server of the platform's games.

app (serve, clean shutdown) -> handler (one connection's lifecycle) -> lobby (sessions,
joining, routing) with matchmaking (create, quick match) -> match (the authoritative
match, holding a game spec, its options and seed, and the current state of the game
contract in ``shared.gamekit``). Around them: game (the server's conventions over the
contract: seat counts, winner, record headers),
connection (limits, sessions), store (SQLite, steps written before they are announced),
computer (computer seats and the worker threads they think in), absence (resigning a
player long gone from a match), housekeeping (expiring waiting matches), netpolicy
(client addresses behind proxies, per-address limits), web (``/healthz``, TLS), announce
(the LAN beacon) and host (a server for "Host a game", in a thread or a child process).
No rules live here: every game is served through the contract. Its clients (the game
window, the headless bot in ``alien_city.headless``) are not part of it. The wire
protocol (version, error codes, limits, message schemas, msgpack frames and their
validation) is ``shared.wire``, shared with the clients; it is described in
docs/protocol.md and docs/games/.
"""
