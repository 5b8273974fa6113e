"""Small wire formats the server and the client share beside the game contract (no
sockets here: they only turn values into bytes and back, refusing anything odd)."""
