"""The game state: an immutable value; moves make new states (the reducer style).

``new_game`` builds the city and (2002) the dice roll from an explicit seed, stored in the
state; after that everything is deterministic. A turn is a mandatory :class:`Build`,
then, when the rules offer it, a :class:`Claim` or :class:`Pass` in phase ``claim``.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from shared.i18n import current_language

from .city import City
from .errors import IllegalMoveError, WrongPlayerError
from .events import Built, ClaimDeclined, Claimed, Event, GameOver, PlayerSkipped
from .geometry import bits, mask_of
from .legal import BUILDS as BUILDS
from .legal import CLAIMS as CLAIMS
from .legal import NO_BUILDS as NO_BUILDS
from .legal import PASS as PASS
from .legal import LegalBuilds as LegalBuilds
from .moves import Build, Claim, Move, Pass
from .road import Road
from .rules import Placement, Reason, rule_masks
from .ruleset import Ruleset
from .texts import N_, _, piece_plural
from .types import LOT_COUNT, PIECES, Kind, Piece, Player, lot_name
from .types import Phase as Phase  # a state's phase: offered here with the state

if TYPE_CHECKING:
    from .scoring import ScoreBreakdown

Dice = tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]   # 2002: each roll, both players

MAX_CLAIMS = 3
# Cache keys per player (strings hash once).
_MASKS_KEY = ("masks-black", "masks-white")
_LEGAL_KEY = ("legal-black", "legal-white")
# Cache entries that hold while the board and stocks do not change (claims keep them).
_BOARD_KEYS = ("occupied", "placement", "pieces") + _MASKS_KEY + _LEGAL_KEY
# Enum members read through their class cost a Python call each on Python 3.11: the
# per-move paths read these instead.
_BUILD, _CLAIM, _OVER = Phase.BUILD, Phase.CLAIM, Phase.OVER
_OTHER = (Player.WHITE, Player.BLACK)  # each player's opponent
_OWNER = (None, Player.BLACK, Player.WHITE)  # by cap code
_TOWER_CODES = b"0111" + b"0" * 252  # mask_of table: board codes 1-3 are towers
# Sentences naming a player, indexed like Player (whole sentences: word order differs).
TURN_OF = (N_("It is Black's turn."), N_("It is White's turn."))
ALREADY_CLAIMED_BY = (N_("The tower on {lot} is already black's."),
                      N_("The tower on {lot} is already white's."))
STEP_OF = (N_("ply {ply}, black to build"), N_("ply {ply}, white to build"))
CLAIM_STEP_OF = (N_("ply {ply}, black to claim or pass"), N_("ply {ply}, white to claim or pass"))
# Stock per player, indexed like PIECES: red/blue/green towers, red/blue/green/black domes.
INITIAL_STOCK: dict[Player, tuple[int, ...]] = {
    Player.WHITE: (3, 2, 2, 3, 3, 3, 3),
    Player.BLACK: (2, 3, 2, 3, 3, 3, 3),
}


_Played = tuple["GameState", tuple[Event, ...]]  # a Step before it is made one


class Step(NamedTuple):
    """The result of playing a move: the new state and what happened, in order."""

    state: "GameState"
    events: tuple[Event, ...]


def roll_for_start(seed: int | str) -> tuple[Player, tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]]:
    """2002 start: both roll four dice (faces 0-5), higher sum starts, ties roll again."""
    rng = random.Random(f"alien-city-dice:{seed}")
    rolls = []
    while True:
        black = tuple(rng.randrange(6) for _ in range(4))
        white = tuple(rng.randrange(6) for _ in range(4))
        rolls.append((black, white))
        if sum(black) != sum(white):
            return (Player.BLACK if sum(black) > sum(white) else Player.WHITE), tuple(rolls)


def new_game(ruleset: Ruleset = Ruleset(), seed: int | str | None = None,
             city: City | None = None) -> "GameState":
    """A fresh game. The seed (random if not given) decides the city unless one is given,
    and in the 2002 edition the dice roll for the first player."""
    if seed is None:
        seed = secrets.randbelow(2**53)
    if city is None:
        city = City.random(seed)
    if ruleset.edition == 2002:
        first, dice = roll_for_start(seed)
    else:
        first, dice = Player.BLACK, ()
    return start_state(ruleset, city, first, dice=dice, seed=seed)


def start_state(ruleset: Ruleset, city: City, first_player: Player, *, dice: Dice = (),
                seed: int | str | None = None) -> "GameState":
    """The empty city with full stocks and ``first_player`` to build (records, tests)."""
    return GameState(
        ruleset=ruleset, city=city, seed=seed, first_player=first_player, dice=dice,
        board=(0,) * LOT_COUNT, caps=(0,) * LOT_COUNT,
        stocks=(INITIAL_STOCK[Player.BLACK], INITIAL_STOCK[Player.WHITE]),
        to_move=first_player, phase=Phase.BUILD, next_builder=None, history=())


@dataclass(frozen=True)
class GameState:
    """Everything about a game at one moment. ``board[lot]`` is 0 or 1 + piece index;
    ``caps[lot]`` is 0 or 1 + player; ``history`` lists (player, move) pairs.

    ``ply`` (the builds so far) and ``_road`` (the road facts, ``None`` until first asked)
    follow from the board and history; moves keep them up to date step by step instead of
    recounting, and :func:`replace` drops them when it is given another board or history."""

    ruleset: Ruleset
    city: City
    seed: int | str | None
    first_player: Player
    dice: Dice
    board: tuple[int, ...]
    caps: tuple[int, ...]
    stocks: tuple[tuple[int, ...], tuple[int, ...]]
    to_move: Player | None
    phase: Phase
    next_builder: Player | None
    history: tuple[tuple[Player, Move], ...]
    ply: int = field(init=False, compare=False, repr=False)
    _road: Road | None = field(default=None, init=False, compare=False, repr=False)
    _cache: dict[object, Any] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "ply", _builds_in(self.history))

    # -- board facts ------------------------------------------------------------------
    def piece_at(self, lot: int) -> Piece | None:
        code = self.board[lot]
        return PIECES[code - 1] if code else None

    def owner_at(self, lot: int) -> Player | None:
        """Who has claimed the tower on ``lot`` (``None`` if nobody, or no tower)."""
        return _OWNER[self.caps[lot]]

    def structures(self) -> list[tuple[int, Piece]]:
        return [(lot, PIECES[code - 1]) for lot, code in enumerate(self.board) if code]

    def claimed(self, player: Player) -> list[int]:
        """Lots of the towers ``player`` has claimed."""
        mark = player + 1
        return [lot for lot, code in enumerate(self.caps) if code == mark]

    def claims_left(self, player: int) -> int:  # a Player, or its seat number
        return MAX_CLAIMS - self.caps.count(player + 1)

    def stock(self, player: Player) -> dict[Piece, int]:
        return dict(zip(PIECES, self.stocks[player]))

    @property
    def occupied(self) -> int:
        road = self._road
        if road is not None:
            return road.occupied
        occ = self._cache.get("occupied")
        if occ is None:
            occ = self._cache["occupied"] = mask_of(self.board)
        return occ

    @property
    def road(self) -> Road:
        road = self._road
        if road is None:
            road = self.__dict__["_road"] = Road(self.occupied)
        return road

    @property
    def placement(self) -> Placement:
        placement = self._cache.get("placement")
        if placement is None:
            placement = self._cache["placement"] = Placement(self.city, self.board, self.road)
        return placement

    # -- what may be done -------------------------------------------------------------
    def build_masks(self, player: Player) -> tuple[int, ...]:
        """Legal lots per piece (bit masks, indexed like PIECES) for ``player``'s stock."""
        cache = self._cache
        key = _MASKS_KEY[player]
        masks: tuple[int, ...] | None = cache.get(key)
        if masks is None:
            masks = cache.get("pieces")
            if masks is None:
                placement = cache.get("placement")
                masks = cache["pieces"] = (rule_masks(self.city, self._road or self.road)[2]
                                           if placement is None else placement.piece_masks)
            stock = self.stocks[player]
            if 0 in stock:
                masks = tuple([m if n else 0 for m, n in zip(masks, stock)])
            cache[key] = masks
        return masks

    def can_build(self, player: Player) -> bool:
        return any(self.build_masks(player))

    def legal_lots(self, piece: Piece, player: Player | None = None) -> list[int]:
        """Lots where ``player`` (default: the one to move) may build ``piece`` now."""
        who = self.to_move if player is None else player
        if who is None:
            return []
        return list(bits(self.build_masks(who)[piece.index]))

    def legal_builds(self, player: Player | None = None) -> "LegalBuilds":
        """Every legal build of ``player`` (default: the player to move), by piece then lot:
        a lazy sequence (len, index, iterate, ``in``) that makes Build objects on demand."""
        who = self.to_move if player is None else player
        if who is None or (player is None and self.phase is not _BUILD):
            return NO_BUILDS
        key = _LEGAL_KEY[who]
        legal = self._cache.get(key)
        if legal is None:
            legal = self._cache[key] = LegalBuilds(self.build_masks(who))
        return legal

    def legal_claims(self) -> list[int]:
        """Towers the player to move may claim now (empty outside the claim step)."""
        if self.phase is not _CLAIM:
            return []
        return list(bits(mask_of(self.board, _TOWER_CODES) & ~mask_of(self.caps)))

    def legal_moves(self) -> Sequence[Move]:
        """The legal moves now: builds in the build step, claims and Pass in the claim step."""
        phase = self.phase
        if phase is _BUILD:
            return self.legal_builds()
        if phase is _CLAIM:
            return [CLAIMS[lot] for lot in self.legal_claims()] + [PASS]
        return []

    def why_not(self, move: Move, player: Player | None = None) -> Reason | None:
        """Why ``move`` is not legal now (``None`` if it is). ``player`` defaults to the
        player to move; another player gets a ``not_your_turn`` reason."""
        if self.phase is Phase.OVER:
            return Reason("game_over", _("The game is over."))
        who: Player = self.to_move if player is None else player  # type: ignore[assignment]  # not over
        if who != self.to_move:
            return Reason("not_your_turn", _(TURN_OF[self.to_move]))  # type: ignore[index]  # not over
        if isinstance(move, Build):
            if self.phase is not Phase.BUILD:
                return Reason("wrong_phase", _("You have built this turn: claim a tower or pass."))
            if not self.stocks[who][move.piece.index]:
                return Reason("no_stock", _("You have no {pieces} left.").format(
                    pieces=piece_plural(move.piece)))
            return self.placement.why_not(move.piece, move.lot)
        if self.phase is not Phase.CLAIM:
            return Reason("wrong_phase", _("Build first; you may claim a tower after building."))
        if isinstance(move, Claim):
            piece = self.piece_at(move.lot)
            if piece is None or piece.kind is not Kind.TOWER:
                return Reason("not_a_tower", _("There is no tower on {lot} to claim.").format(
                    lot=lot_name(move.lot)))
            owner = self.owner_at(move.lot)
            if owner is not None:
                return Reason("already_claimed", _(ALREADY_CLAIMED_BY[owner]).format(
                    lot=lot_name(move.lot)))
        return None

    def is_legal(self, move: Move, player: Player | None = None) -> bool:
        return self.why_not(move, player) is None

    # -- making moves -----------------------------------------------------------------
    def play(self, move: Move, player: Player | None = None) -> Step:
        """Play ``move`` for the player to move (or check it is ``player``'s turn).
        Raises :class:`IllegalMoveError` quoting the move and the reason."""
        return Step(*self._play(move, player, True))

    def _play(self, move: Move, player: Player | None, final_event: bool) -> _Played:
        """The new state and events (a plain pair: :meth:`apply` wants no Step made).
        ``final_event`` false: for :meth:`apply`, which keeps no events."""
        who: Player = self.to_move  # type: ignore[assignment]  # checked below when it matters
        if player is None or player == who:  # the common cases, answered without why_not
            phase = self.phase
            if type(move) is Build:
                if phase is _BUILD and (self.build_masks(who)[move.piece.index] >> move.lot) & 1:
                    return self._after_build(self._placed(who, move), who, final_event)
            elif phase is _CLAIM and (type(move) is Pass or type(move) is Claim
                                      and 0 < self.board[move.lot] <= 3 and not self.caps[move.lot]):
                return self._end_claim_step(who, move)
        reason = self.why_not(move, player)
        if reason is not None:
            cls = WrongPlayerError if reason.rule == "not_your_turn" else IllegalMoveError
            raise cls(move.text(), f"{reason.text} ({self.summary()})", reason.rule)
        if isinstance(move, Build):
            return self._after_build(self._placed(who, move), who, final_event)
        return self._end_claim_step(who, move)

    def _end_claim_step(self, who: Player, move: Claim | Pass) -> _Played:
        """A legal claim or pass ends the turn: the next builder was settled with the build."""
        nxt: Player = self.next_builder  # type: ignore[assignment]  # the claim step names one
        new = object.__new__(GameState)
        fields = new.__dict__
        fields.update(self.__dict__)
        fields.update(history=self.history + ((who, move),), to_move=nxt, phase=_BUILD, next_builder=None,
                      _cache=self._board_cache())
        events: tuple[Event, ...]
        if isinstance(move, Claim):
            caps = list(self.caps)
            caps[move.lot] = who + 1
            fields["caps"] = tuple(caps)
            events = (Claimed(who, move.lot),)
        else:
            events = (ClaimDeclined(who),)
        if nxt == who:
            events += (PlayerSkipped(_OTHER[nxt]),)
        return new, events

    def apply(self, move: Move, player: Player | None = None) -> "GameState":
        """Like :meth:`play`, returning only the new state. It skips what only the events
        need: the final score breakdown (paths and notes for people), which a search
        reaching thousands of ends per move would pay for nothing; ``score()`` still
        gives it on demand."""
        return self._play(move, player, False)[0]

    def _board_cache(self) -> dict[object, Any]:
        """Cache entries that stay true while the board and stocks do not change."""
        return {k: v for k, v in self._cache.items() if k in _BOARD_KEYS}

    def _placed(self, who: Player, move: Build) -> "GameState":
        lot, index = move.lot, move.piece.index
        board = list(self.board)
        board[lot] = index + 1
        stock = list(self.stocks[who])
        stock[index] = max(0, stock[index] - 1)
        stocks = (self.stocks[0], tuple(stock)) if who else (tuple(stock), self.stocks[1])
        road = self._road
        new = object.__new__(GameState)
        fields = new.__dict__
        fields.update(self.__dict__)
        fields.update(board=tuple(board), stocks=stocks, history=self.history + ((who, move),), ply=self.ply + 1,
                      _road=None if road is None else road.with_built(lot), _cache={})
        return new

    def _after_build(self, state: "GameState", who: Player, final_event: bool = True) -> _Played:
        """Decide what follows a build: the claim step, the next builder, or the end
        (with its ``GameOver`` event and score unless ``final_event`` is false, which
        :meth:`apply` uses: it wants no events at all). ``state`` is the new state from
        :meth:`_placed`, not yet seen by anyone, so its fields are settled in place."""
        events: tuple[Event, ...] = (  # the build just placed
            (Built(who, *_build_parts(state.history[-1][1])),) if final_event else ())  # type: ignore[arg-type]
        fields = state.__dict__
        opponent = _OTHER[who]
        if any(state.build_masks(opponent)):
            nxt = opponent
        elif any(state.build_masks(who)):
            nxt = who
        else:
            fields.update(to_move=None, phase=_OVER, next_builder=None, _cache=state._board_cache())
            return state, events + (state._game_over_event(),) if final_event else events
        caps = state.caps
        if MAX_CLAIMS > bytes(caps).count(who + 1):
            built: Build = state.history[-1][1]  # type: ignore[assignment]  # _placed put it there
            if built.piece.index < 3 or mask_of(state.board, _TOWER_CODES) & ~mask_of(caps):
                # an unclaimed tower stands (a tower just built has no cap yet): the claim step
                fields.update(phase=_CLAIM, next_builder=nxt)
                return state, events
        fields["to_move"] = nxt
        if final_event and nxt is who:
            events += (PlayerSkipped(opponent),)
        return state, events

    def _end_turn(self, events: tuple[Event, ...]) -> Step:
        nxt = self.next_builder
        if nxt == self.to_move:
            events = events + (PlayerSkipped(_OTHER[nxt]),)  # type: ignore[index]  # a builder
        state = replace(self, to_move=nxt, phase=_BUILD, next_builder=None, _cache=self._cache)
        return Step(state, events)

    def _game_over_event(self) -> GameOver:
        score = self.score()
        return GameOver(score.winner, score.totals[Player.BLACK], score.totals[Player.WHITE])

    # -- the end ----------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase is _OVER

    def score(self) -> ScoreBreakdown:
        """The score breakdown of this position (final when the game is over)."""
        from .scoring import score_breakdown
        key = ("score", current_language())  # its notes are in the language asked in
        cached: ScoreBreakdown | None = self._cache.get(key)
        if cached is None:
            cached = self._cache[key] = score_breakdown(self)
        return cached

    @property
    def winner(self) -> Player | None:
        """The winner of a finished game; ``None`` for a draw or a game still running."""
        return self.score().winner if self.is_over() else None

    def returns(self) -> tuple[float, float]:
        """OpenSpiel-style returns (Black, White): +1 win, -1 loss, 0 draw or unfinished."""
        w = self.winner
        if w is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if w is Player.BLACK else (-1.0, 1.0)

    def summary(self) -> str:
        """One line for error messages and logs."""
        if self.phase is Phase.OVER:
            return _("ply {ply}, game over").format(ply=self.ply)
        steps = CLAIM_STEP_OF if self.phase is Phase.CLAIM else STEP_OF
        return _(steps[self.to_move]).format(ply=self.ply)  # type: ignore[index]  # not over

    # -- serialisation ----------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        from .serial import state_to_dict
        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: object) -> "GameState":
        from .serial import state_from_dict
        return state_from_dict(data, cls)


def replace(state: "GameState", **changes: Any) -> "GameState":
    """A copy of ``state`` with ``changes`` (fields; ``_cache`` defaults to empty). The
    dataclass is frozen, so this is the one place new states are assembled."""
    new = object.__new__(GameState)
    fields = new.__dict__
    fields.update(state.__dict__)
    fields["_cache"] = {}
    if "board" in changes:
        fields["_road"] = None
    if "history" in changes and "ply" not in changes:
        fields["ply"] = _builds_in(changes["history"])
    fields.update(changes)
    return new


def _builds_in(history: tuple[tuple[Player, Move], ...]) -> int:
    return sum(1 for _, move in history if type(move) is Build)




def _build_parts(move: Build) -> tuple[Piece, int]:
    return move.piece, move.lot


def place_anyway(state: GameState, player: Player, move: Build) -> Step:
    """Place ``move`` for ``player`` whatever the rules say (lenient record reading).
    The lot must be empty. The turn then continues by the rules as usual."""
    if state.board[move.lot]:
        raise IllegalMoveError(move.text(), _("{lot} is already built on").format(
            lot=lot_name(move.lot)), "occupied")
    base = replace(state, to_move=player, phase=Phase.BUILD, next_builder=None, _cache=state._cache)
    return Step(*base._after_build(base._placed(player, move), player))


def claim_anyway(state: GameState, player: Player, move: Claim) -> Step:
    """Cap the tower on ``move.lot`` for ``player`` whatever the turn (lenient reading)."""
    piece = state.piece_at(move.lot)
    if piece is None or piece.kind is not Kind.TOWER or state.caps[move.lot]:
        raise IllegalMoveError(move.text(), _("no unclaimed tower on {lot}").format(
            lot=lot_name(move.lot)), "not_a_tower")
    caps = list(state.caps)
    caps[move.lot] = player + 1
    state = replace(state, caps=tuple(caps), history=state.history + ((player, move),),
                    ply=state.ply, _road=state._road, _cache=state._board_cache())
    if state.phase is Phase.CLAIM:
        return state._end_turn((Claimed(player, move.lot),))
    return Step(state, (Claimed(player, move.lot),))
