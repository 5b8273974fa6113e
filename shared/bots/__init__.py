"""Computer players that know no game: the generic search over the contract
(:mod:`shared.bots.search`) and the clock that cuts a search short (:mod:`shared.bots.clock`).
A game's own players live in its package (Alien City's: :mod:`shared.aliencity.bots`)."""
