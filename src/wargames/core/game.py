"""The contract every game implements: :class:`Game`, :class:`State`, :class:`Action`.

A game is a :class:`Game` subclass; its states are frozen attrs subclasses of :class:`State`
and its decisions frozen attrs subclasses of :class:`Action`.  The base class does the parts
that are the same for every game — checking whose turn it is, refusing actions after the end,
validating options, redacting views, determinising through views — so a game writes only its
rules.  Variants are subclasses, selected by ``variant=`` (python-chess's ``chess.variant``).
"""

from __future__ import annotations

import functools
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar

import attrs
from attrs import field, frozen

from wargames.core.changes import replace
from wargames.core.codec import ActionCodec
from wargames.core.edges import guard_edges, unguarded
from wargames.core.errors import (
    EXCERPT,
    IllegalAction,
    InvalidAction,
    NoPast,
    NotYourTurn,
    UnknownOption,
    UnknownOutcome,
    WargamesError,
    excerpt,
    shorten,
)
from wargames.core.events import EventLog, event_words
from wargames.core.hidden import is_view_of as hidden_is_view_of
from wargames.core.hidden import redact
from wargames.core.options import flag, said
from wargames.core.rng import KEY_BYTES, DrawNeeded, Rng, Seed
from wargames.core.words import listed, sentence, side, whom

if TYPE_CHECKING:  # a game's odds need exact fractions, its tensors numpy; the kernel does not
    import numpy
    from numpy.typing import NDArray

    from wargames.core.chance import Chance, Drawn
    from wargames.core.distribution import Distribution
    from wargames.core.history import History

_last_refusing_view: tuple[Any, Any, str, Any] | None = None  # (game, state, player, view)

__all__ = [
    "Action",
    "ArmySetup",
    "Game",
    "NoOptions",
    "Outcome",
    "State",
    "UnknownPlayer",
    "balance",
    "closeness",
]


class UnknownPlayer(InvalidAction):
    """A player id that is not one of the game's players."""


def _players(players: Iterable[str]) -> frozenset[str]:
    return frozenset(players)


@frozen
class Outcome:
    """How a finished game ended: who won (empty for a draw) and why."""

    winners: frozenset[str] = field(converter=_players)
    reason: str

    @property
    def is_draw(self) -> bool:
        """True when nobody won."""
        return not self.winners

    def __str__(self) -> str:
        if self.is_draw:
            return f"draw ({self.reason})"
        return f"{', '.join(sorted(self.winners))} won ({self.reason})"

    def sentence(self, viewer: str | None = None) -> str:
        """The outcome and why, in a sentence for ``viewer`` ("You won: captured the
        Headquarters.", "Red won: green cannot move.", "The game is drawn: draw agreed.")."""
        if self.is_draw:
            return sentence(f"The game is drawn: {self.reason}")
        names = sorted(self.winners, key=lambda player: player != viewer)
        won = listed(whom(player, viewer) for player in names)
        return sentence(f"{won} won: {self.reason}")


@frozen
class Action:
    """Base class of every decision.  Every action names the player who takes it."""

    player: str


@frozen(kw_only=True)
class State:
    """Base class of game states: immutable, hashable, and carrying its own chance.

    ``rng`` is the seeded stream all of the game's chance is drawn from (hidden from every
    player in views); ``log`` is the visible history, redacted like the rest of a view.
    """

    rng: Rng
    log: EventLog = field(factory=EventLog)

    def __copy__(self) -> Self:
        """A state is immutable: its copy is itself."""
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """A state is immutable: its deep copy is itself (free clones for search code that
        copies states, such as OpenSpiel's)."""
        return self

    def with_changes(self, **changes: Any) -> Self:
        """A copy with ``changes`` (like :func:`attrs.evolve`, validators included, through
        :func:`~wargames.core.changes.replace`: games call it on every ``apply``).

        :raises TypeError: for a name that is not a field of the state.
        """
        return replace(self, **changes)


@frozen
class NoOptions:
    """The options of a game that has none."""


@frozen
class ArmySetup:
    """The set-up of a game whose players may place their own armies: ``deploy=True`` (the
    default) deals both armies at random from the seed, ``deploy=False`` starts in the set-up
    phase, where each player places their pieces with actions (a game's :attr:`Game.Setup`)."""

    deploy: bool = flag(
        True,
        about="deal the armies at random (true) or let each player set up their own (false)",
        said={True: "deal the armies at random", False: "set up your own army"},
    )


def balance(mine: float, theirs: float) -> float:
    """A heuristic score in (-0.9, 0.9) from two non-negative amounts (material, points):
    their difference over their sum, kept clear of the -1 and 1 that mean a finished game."""
    total = mine + theirs
    return 0.0 if total <= 0 else 0.9 * (mine - theirs) / total


def closeness(distance: float, reach: float) -> float:
    """How near a unit stands to where it can act, in (0, 1]: 1 within ``reach`` (its range,
    or the squares around an objective), else ``(reach + 1) / (distance + 1)``, for
    heuristics that draw a side's units towards the enemy or an objective.

    >>> closeness(3, 4), closeness(9, 4)
    (1.0, 0.5)
    """
    return 1.0 if distance <= reach else (reach + 1) / (distance + 1)


def _json_form(value: Any) -> Any:
    """``value`` with every tuple made a list, recursively (what JSON gives back)."""
    if isinstance(value, tuple | list):
        return [_json_form(item) for item in value]
    return value


def _json_words(value: Any) -> str:
    """A set-up value in words: text as it is, true and false as "yes" and "no", else JSON."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return value if isinstance(value, str) else json.dumps(value, default=str)


S = TypeVar("S", bound=State)
A = TypeVar("A", bound=Action)


class Game(ABC, Generic[S, A]):
    """A game's rules.  Instances are immutable configurations (variant and options).

    Subclasses set the class attributes and implement the abstract methods.  The public
    methods never mutate a state; :meth:`apply` returns a new one.  Each public method that
    takes a state checks it (and :meth:`check` the action) at the edge, whichever class
    defines it (:mod:`wargames.core.edges`): something that is not a state of the game, a
    view where the full state is needed, another player's view or an action with fields of
    the wrong types is refused with a typed error.
    """

    name: ClassVar[str]
    """The registry name, e.g. ``"sabotage"``."""
    variant: ClassVar[str] = ""
    """This class's variant code; ``""`` for a game without variants."""
    variants: ClassVar[Mapping[str, type[Game[Any, Any]]]] = {}
    """Variant code -> class, declared on the game's base class; a subclass that does not
    declare its own offers only itself (:func:`wargames.core.registry.variants`)."""
    Options: ClassVar[type] = NoOptions
    """A frozen attrs class of the game's options, all with defaults."""
    Setup: ClassVar[type] = NoOptions
    """A frozen attrs class of the set-up keywords :meth:`start` takes, all with defaults,
    each declared with :mod:`wargames.core.options` and a line of ``about`` (``wargames
    games`` lists them; ``wargames play --setup`` and the web lobby offer them);
    :meth:`read_setup` checks them."""
    state_type: ClassVar[type[State]]
    action_types: ClassVar[tuple[type[Action], ...]]
    event_types: ClassVar[tuple[type[Any], ...]] = ()
    action_events: ClassVar[tuple[type[Any], ...]] = ()
    """Events that record the action itself (SABOT's ``Played``), logged after what it did:
    :meth:`announce` says them first, the decision before what came of it."""
    reported_events: ClassVar[tuple[type[Any], ...]] = ()
    """The events ``wargames play`` reports as they happen (attacks, battles and their
    results), each as the human player's view of it."""
    matchups: ClassVar[Mapping[str, Callable[..., Any]]] = {}
    """Exact odds of hypothetical match-ups by name (``wargames odds GAME NAME key=value``):
    functions of typed keyword inputs returning a ``Distribution`` or a probability, written
    with the same dice definitions play uses.  An input typed ``Annotated[str, "text"]`` is
    described to the user by its text (the values it takes); inputs of other than text,
    whole numbers, true/false or lists of whole numbers are for callers in Python only."""
    negotiation_types: ClassVar[tuple[type[Action], ...]] = ()
    """Actions that are agreements between players rather than play (draw offers, trades);
    simple bots leave them alone unless nothing else is legal."""
    simultaneous: ClassVar[bool] = False
    """Whether several players ever act at once (SAW's secret plots): adapters that tell
    simultaneous games apart (OpenSpiel) read it."""
    search_draws: ClassVar[bool] = False
    """Whether search bots record in their tree what an action drew (``MctsBot``): each
    result the searching player can tell apart gets its own node, and the action is worth
    the mean over the results of the best that follows each.  For a game where a player
    draws and then goes on choosing in the same turn (Sabatu); off, the continuations after
    every draw share one node and the action is worth the best of them, the luckiest."""
    search_means: ClassVar[bool] = False
    """Whether search bots (``MctsBot``) reckon an action after which its player goes on
    choosing (a turn of several moves) by the mean of the continuations searched, not the
    best of them: for a game whose worlds differ in hidden pieces that decide what a
    continuation is worth, where the best of a few visits is the luckiest world's."""
    search_foresees: ClassVar[bool] = False
    """Whether search bots (``MctsBot``) put the rivals' parts of a simultaneous round into
    their worlds as greedy would choose them (:meth:`foreseen`) unless told otherwise
    (``foresee``): for a game where a search that leaves them out weighs its own part
    blind."""
    search_own_evaluation: ClassVar[bool] = False
    """Whether search bots (``MctsBot``) score their positions by :meth:`search_evaluate`
    unless told otherwise (``own_evaluation``): for a game whose evaluation for searches
    measured better than :meth:`evaluate` there."""
    search_descents: ClassVar[int | None] = None
    """Where set, how many descents one search tree of search bots (``MctsBot``) takes
    unless told otherwise (``trees``): a bigger budget is split into independent searches
    of that many descents each, which vote.  None: one search whatever the budget."""
    explicit_chance: ClassVar[bool] = False
    """Whether adapters may offer explicit chance nodes (OpenSpiel): an action's chance is
    listed whole by :meth:`chance` where it lists one, else (with :attr:`chance_by_draw`)
    resolved draw by draw; a game that sets it proves it with
    :func:`wargames.testing.check_chance`."""
    chance_by_draw: ClassVar[bool] = False
    """Whether chance :meth:`chance` does not list goes draw by draw (:meth:`drawing`), each
    draw no wider than :attr:`max_chance_outcomes`; else an action it lists no chance for
    draws nothing."""
    demo_options: ClassVar[Mapping[str, Any]] = {}
    """Options for a short demonstration (``wargames demo``): a game whose default set-up
    takes random bots too long to finish names a smaller one here."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        guard_edges(cls)

    def __init__(self, **options: Any) -> None:
        known = [a.name for a in attrs.fields(self.Options)]
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise UnknownOption(
                f"{type(self).__name__} has no option {shorten(', '.join(unknown))}; "
                f"its options are: {', '.join(known) or 'none'}"
            )
        try:
            self.options = self.Options(**options)
        except UnknownOption as error:  # the kernel's option fields say what they allow
            raise UnknownOption(f"{type(self).__name__}: {error}") from error
        except (TypeError, ValueError) as error:
            raise UnknownOption(
                f"{type(self).__name__}: bad option value: {shorten(str(error))}"
            ) from error

    # -- identity -------------------------------------------------------------------------

    @property
    @abstractmethod
    def players(self) -> tuple[str, ...]:
        """The player ids, in seating order."""

    def opponent(self, player: str) -> str:
        """The other player of a two-player game.

        :raises ValueError: for a game without exactly two players, or an unknown player.
        """
        players = self.players
        if len(players) != 2:
            raise ValueError(f"{type(self).__name__} has {len(players)} players, not two")
        self.check_player(player)
        return players[1 - players.index(player)]

    def option_values(self) -> dict[str, Any]:
        """The options that differ from their defaults, in their JSON form (tuples as lists),
        so that a replay or document equals itself after a round trip; ``load(name,
        **option_values())`` rebuilds this game."""
        defaults = self.Options()
        return {
            a.name: _json_form(getattr(self.options, a.name))
            for a in attrs.fields(self.Options)
            if getattr(self.options, a.name) != getattr(defaults, a.name)
        }

    def __repr__(self) -> str:
        options = ", ".join(f"{k}={v!r}" for k, v in self.option_values().items())
        variant = f"variant={self.variant!r}" if self.variant else ""
        return f"{type(self).__name__}({', '.join(filter(None, (variant, options)))})"

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and self.options == getattr(other, "options", None)

    def __hash__(self) -> int:
        return hash((type(self), self.options))

    # -- the rules ------------------------------------------------------------------------

    @abstractmethod
    def start(self, seed: Seed | None = None, **setup: Any) -> S:
        """A new game: a complete default set-up, drawn by chance unless ``setup`` says.

        Without ``seed`` the game's chance stream has a fresh secret key (from
        :mod:`secrets`): nobody can predict it or rebuild the game from a guess.  With a
        ``seed`` (an ``int`` or ``str``; or the key a replay recorded) the same seed gives the
        same game, and the game is only as secret as the seed (:mod:`wargames.core.rng`).

        :raises InvalidSeed: for a seed of another type.
        """

    @abstractmethod
    def to_act(self, state: S) -> frozenset[str]:
        """The players who must act now; several in a simultaneous phase; none when over."""

    @abstractmethod
    def legal_actions(self, state: S, player: str) -> tuple[A, ...]:
        """Every legal action of ``player`` now, in a deterministic order (empty if none)."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """``None`` while the game goes on, else how it ended."""

    @abstractmethod
    def apply_unchecked(self, state: S, action: A) -> S:
        """The state after a *legal* ``action``.  For search loops that generated it."""

    @abstractmethod
    def read_action(self, state: S, text: str, player: str | None) -> A:
        """The action written ``text`` (a ``str``) in this game's notation, for
        :meth:`parse_action`, which has checked the types of ``text`` and ``player``.

        :raises InvalidAction: for text that is not an action of this game here.
        """

    def determinize(self, view: S, player: str, rng: random.Random) -> S:
        """A full state whose view for ``player`` is ``view`` (see :meth:`sample_state`):
        the last state of :meth:`sample_history`, so it is a state that could have arisen.

        A game without :meth:`sample_history` overrides this instead (and its samples keep
        the view, but the suite cannot prove that their past fits it).

        :raises NoPast: when no past of the rules shows ``player`` this view: the sampler
            found none, or the view's history does not fit the rules (a view edited by hand
            whose log names a piece that is not there), which the sampler stumbles on as a
            missing key or index.  The conformance suite fails on any ``NoPast`` for a view
            the rules reached, so a sampler's own bug is not hidden by this.
        """
        try:
            history: History = self.sample_history(view, player, rng)
            return history.final(self)  # type: ignore[return-value]
        except (LookupError, ValueError) as error:
            if isinstance(error, WargamesError):
                raise
            raise NoPast(
                f"no past of {self.name} shows {player} this view: its history does not fit "
                f"the rules ({type(error).__name__}: {shorten(str(error))})"
            ) from error

    def sample_history(self, view: S, player: str, rng: random.Random) -> History:
        """A past that gives ``player`` exactly ``view``: a full start with every secret drawn
        from ``rng`` and the actions since (the public ones as played), whose replay shows
        ``player`` what they saw at every step (:mod:`wargames.core.history`).

        :raises NotImplementedError: for a game that determinises without a history.
        """
        raise NotImplementedError(f"{type(self).__name__} samples no history")

    def violations(self, state: S) -> Iterable[str]:
        """Every invariant of the game's states that ``state`` breaks, each named in a short
        sentence (nothing for a state the rules can reach).

        The game declares its invariants here once (a piece on one square only, counters on
        the map, numbers in their ranges); :func:`~wargames.core.serialize.loads` refuses a
        document whose state or view breaks one, and the conformance suite checks every state
        of every playout.  ``state`` may be a view: a place that holds
        :data:`~wargames.core.hidden.HIDDEN` is checked only as far as a view can be (a secret
        kept from a player must not be shown to them elsewhere).  The default knows only the
        kernel's own: a state of the game's type.
        """
        if not isinstance(state, self.state_type):
            yield f"a {type(state).__name__} is not a {self.state_type.__name__}"

    def is_view_of(self, view: S, player: str) -> bool:
        """Whether ``view`` shows ``player`` exactly what they may see of some state
        (:func:`~wargames.core.hidden.is_view_of`): the check that refuses another player's
        view at the edges (:mod:`wargames.core.edges`).  A game whose secrets are
        :class:`~wargames.core.hidden.Secret` values hidden whole (which no longer say whom
        they were known to) adds what it knows of whose they are."""
        return hidden_is_view_of(view, player)

    def illegal_reason(self, state: S, action: A) -> str | None:
        """Why ``action`` (by a player who is to act) is illegal, or ``None`` if it is legal.

        The default compares with :meth:`legal_actions`; games override it with the rule
        that forbids the action, sharing predicates with the generator.
        """
        if action in self.legal_actions(state, action.player):
            return None
        return "the rules do not allow it now"

    def odds(self, state: S, action: A) -> Distribution[Any] | None:
        """The exact distribution of ``action``'s chance result; ``None`` if it has none."""
        return None

    def chance(self, state: S, action: A) -> Chance[Any] | None:
        """The exact chance legal ``action`` sets off in ``state`` (its outcomes, each with
        its probability and the stream draws that give it: :mod:`wargames.core.chance`), or
        ``None`` when it draws nothing.  Unchecked, like :meth:`apply_unchecked`; callers go
        through :meth:`chance_outcomes` and :meth:`apply_chance`.  The default is ``None``:
        a game that sets :attr:`explicit_chance` overrides it."""
        return None

    def chance_outcomes(self, state: S, action: A) -> Distribution[Any] | None:
        """The outcomes of ``action``'s chance with their exact probabilities (summing to
        1), in a fixed order, each one that :meth:`apply_chance` resolves; ``None`` when the
        action draws nothing.  Unlike :meth:`odds`, which may speak of what a player sees,
        these are the chance of the full state.

        :raises IllegalAction: if ``action`` is not legal here.
        """
        self.check(state, action)
        found = self.chance(state, action)
        return None if found is None else found.odds

    def apply_chance(self, state: S, action: A, outcome: Hashable) -> S:
        """The state after ``action`` with its chance come out as ``outcome`` (one of
        :meth:`chance_outcomes`): the action applied to ``state`` with the draws that give
        ``outcome`` forced into its stream, as if the stream had drawn them.

        :raises IllegalAction: if ``action`` is not legal here.
        :raises UnknownOutcome: if ``outcome`` is not one of the action's outcomes.
        :raises RuntimeError: if the action drew other than the outcome's draws (a game
            whose :meth:`chance` does not match its :meth:`apply_unchecked`).
        """
        self.check(state, action)
        return self.apply_chance_unchecked(state, action, outcome)

    def apply_chance_unchecked(
        self, state: S, action: A, outcome: Hashable, chance: Chance[Any] | None = None
    ) -> S:
        """:meth:`apply_chance` for a *legal* ``action``, given its :meth:`chance` if the
        caller has it (search code that listed the outcomes resolves each without listing
        them again).

        :raises UnknownOutcome: if ``outcome`` is not one of the action's outcomes.
        :raises RuntimeError: as :meth:`apply_chance`.
        """
        found = self.chance(state, action) if chance is None else chance
        if found is None or outcome not in found.odds:
            raise UnknownOutcome(
                f"{excerpt(outcome)} is not an outcome of {shorten(str(action))}'s chance"
            )
        draws = found.draws[outcome]
        stream = state.rng
        forced = state.with_changes(rng=Rng(stream.key, stream.counter, draws))
        after = self.apply_unchecked(forced, action)
        if after.rng.forced or after.rng.counter != stream.counter + len(draws):
            raise RuntimeError(
                f"{type(self).__name__}.chance does not match apply for {shorten(str(action))}: "
                f"{len(draws)} draws listed, {after.rng.counter - stream.counter} made"
            )
        return after

    def drawing(self, state: S, action: A, draws: Sequence[int] = ()) -> Drawn[S]:
        """Legal ``action`` resolved one stream draw at a time: applied with ``draws`` as its
        first draws, it either needs no more (the :class:`~wargames.core.chance.Drawn`
        holds the state it comes to: :meth:`apply` with those draws forced, its stream just
        past them) or stops at its next draw, a chance node whose results are equally
        likely.  A draw with one possible result is made at once (a 0 in the draws).  For
        chance :meth:`chance` cannot list at once; re-applies the action for every draw.

        :raises IllegalAction: if ``action`` is not legal here.
        :raises UnknownOutcome: if a draw is not a whole number in its range, or the action
            makes fewer.
        """
        self.check(state, action)
        whole = isinstance(draws, Sequence) and not isinstance(draws, str | bytes)
        if not whole or not all(type(d) is int and d >= 0 for d in draws):
            raise UnknownOutcome(f"draws are whole numbers from 0, not {excerpt(draws)}")
        return self.drawing_unchecked(state, action, draws)

    def drawing_unchecked(self, state: S, action: A, draws: Sequence[int] = ()) -> Drawn[S]:
        """:meth:`drawing` for a *legal* ``action``.

        :raises UnknownOutcome: as :meth:`drawing`.
        """
        from wargames.core.chance import Drawn

        stream, made = state.rng, tuple(draws)
        while True:
            try:
                after = self.apply_unchecked(state.with_changes(rng=stream.stopping(*made)), action)
            except DrawNeeded as needed:
                if needed.n > 1:
                    return Drawn(made, needed.n, None)
                made += (0,)
                continue
            if after.rng.forced:
                raise UnknownOutcome(
                    f"{shorten(str(action))} makes {len(made) - len(after.rng.forced)} draws, "
                    f"not {len(made)}"
                )
            return Drawn(made, 0, after.with_changes(rng=Rng(stream.key, after.rng.counter)))

    def odds_words(self, state: S, action: A) -> str:
        """The odds of legal ``action``'s chance in words, as its player may know them
        ("28% destroy, 6% disable"; :func:`~wargames.core.words.chances`), from :meth:`odds`;
        ``""`` where it has none or the game does not word them (the default)."""
        return ""

    def outcome_words(self, view: S, action: A, outcome: Any) -> str:
        """One result ``outcome`` of legal ``action``'s :meth:`odds` in words, as its player
        reads it from their ``view`` ("the target is destroyed", "you win the battle"), in
        the phrasing of :meth:`odds_words`.  The default is the result as text; a game whose
        :meth:`odds` has results overrides it."""
        return str(outcome)

    def menu_label(self, state: S, action: A) -> str:
        """The label a menu or a button shows for legal ``action``: its :meth:`action_label`
        from its player's view, with its :meth:`odds_words` in brackets where there are
        any ("Fire your Main Battle Tank's gun at the hidden counter at 0503 (28% destroy)")."""
        label = self.action_label(self.view(state, action.player), action)
        odds = self.odds_words(state, action)
        return f"{label} ({odds})" if odds else label

    def evaluate(self, state: S, player: str) -> float:
        """How good ``state`` is for ``player``, from -1 (lost) to 1 (won), for search bots.

        The default knows only outcomes: 1 for a win, -1 for a loss, 0 otherwise (draws,
        unfinished games).  Games override it with a heuristic that stays strictly between
        -1 and 1 while the game goes on.  It is called on full states (determinisations).
        """
        over = self.outcome(state)
        if over is None or over.is_draw:
            return 0.0
        return 1.0 if player in over.winners else -1.0

    def search_evaluate(self, state: S, player: str) -> float:
        """:meth:`evaluate` as a search bot that asks for the game's own (``MctsBot``'s
        ``own_evaluation``, by default :attr:`search_own_evaluation`) scores its positions:
        a game may count there what a one-step bot should not read.  The default is
        :meth:`evaluate`."""
        return self.evaluate(state, player)

    def afterstate(self, state: S, action: A) -> S:
        """The state once a legal ``action`` is decided, before the chance it sets off is
        drawn (the post-decision state), for search bots: scoring it weighs the action by
        the expected result, as :meth:`evaluate` reckons it, not by one roll of the dice.

        A game that draws chance inside an action may override it to return a state with
        the decision made, the chance not yet drawn and nobody to act (it
        :meth:`awaits_chance`); such a state is only ever evaluated, never applied to.  The
        default is :meth:`apply_unchecked`: the chance is drawn from the state's stream.
        """
        return self.apply_unchecked(state, action)

    def awaits_chance(self, state: S) -> bool:
        """Whether ``state`` is an :meth:`afterstate` whose chance is still to be drawn: the
        game is not over and nobody is to act."""
        return not self.to_act(state) and self.outcome(state) is None

    def drawn(self, before: S, after: S, player: str) -> Hashable | None:
        """What ``player`` can tell of the chance one action drew, taking ``before`` to
        ``after`` (its afterstate), for search bots that record draws
        (:attr:`search_draws`): results that give the same are one result to them;
        ``None`` where it drew nothing.  The default: ``None`` where the stream did not
        move, else ``player``'s view of ``after``.  A game may return less where that is
        dear to work out, as long as it tells apart every result the player can, and must
        return more where chance was drawn before (a shuffled deck's next card)."""
        if after.rng.counter == before.rng.counter:
            return None
        return self.view(after, player)

    def decision(self, state: S, player: str) -> Hashable:
        """What ``player``'s next action in ``state`` decides, for search bots: where one
        player takes several actions in a row, those deciding different things (a plot's
        orders, one unit after another) are searched apart, each weighed with the rest left
        to :meth:`evaluate`; a search that ran on into the next would credit the actions that
        end a decision soonest with what the next one adds.  The default, ``None``: all one
        decision."""
        return None

    def foreseen(self, world: S, player: str, plan: Callable[[S, str], S]) -> S:
        """For search bots: ``world`` (a determinisation of ``player``'s view) with each
        other player's part of the simultaneous round under way as ``plan`` makes it, in
        place of what ``world`` holds for it (a part not yet chosen, or one a determinisation
        drew for a part made face-down).  ``plan(start, rival)`` is given the round as
        ``rival`` faced it, nobody's part of it yet chosen (so it sees none of ``player``'s),
        and returns it with ``rival``'s part chosen.  The default: ``world`` as it stands (a
        game without such rounds)."""
        return world

    def places(self, state: S, action: A) -> tuple[Any, ...]:
        """The board nodes ``action`` concerns in ``state`` (a seat's view), for a user
        interface to light up: the unit or piece it moves, fires or targets first, its
        destination or target last (:func:`wargames.core.places.action_places`)."""
        from wargames.core.places import action_places

        return action_places(self, state, action)

    def unit_place(self, state: S, unit: Hashable) -> Any | None:
        """The board node unit ``unit`` stands on in ``state``, or ``None``: by default the
        node held by its entry in the state's ``units``
        (:func:`wargames.core.places.unit_place`)."""
        from wargames.core.places import unit_place

        return unit_place(self, state, unit)

    def acting_unit(self, state: S) -> Hashable | None:
        """The unit that actions naming no unit act for in ``state`` (an activation, a move
        in progress), or ``None`` (the default)."""
        return None

    def describe(self, state: S, player: str | None = None) -> str:
        """The state as text (a board), as ``player`` sees it, or omnisciently for ``None``."""
        return repr(state if player is None else self.view(state, player))

    def describe_within(self, state: S, player: str | None = None, *, width: int) -> str:
        """:meth:`describe` in a form that fits ``width`` columns where the game has one (a
        compact map of a board too wide for a terminal); what still does not fit is the
        caller's to crop.  The default is :meth:`describe` itself."""
        return self.describe(state, player)

    def event_sentence(self, view: S, event: Any, viewer: str | None) -> str:
        """``event`` in a sentence for ``viewer`` (``None``: a spectator), in the game's own
        words and from their side: the one entry point the command line, the web app and
        replays call.  ``view`` is the viewer's view of a state whose log holds ``event``
        (as their view's log holds it, so redacted); a sentence is built from these alone,
        so it cannot say what the viewer may not know.  The default is
        :func:`~wargames.core.events.event_words`; every game overrides it."""
        return event_words(event)

    def action_label(self, view: S, action: A) -> str:
        """``action`` as its player would say it ("Move your Heavy Tank at 0803"), beside its
        notation (``str(action)``, which machines and typists use), as python-chess keeps SAN
        beside UCI.  ``view`` is the acting player's view of the state the action is legal
        in.  The default is the notation; a game overrides it."""
        return str(action)

    def announce(self, before: S, after: S, action: A, viewer: str | None) -> str | None:
        """``action``, which turned ``before`` into ``after``, told to ``viewer`` (``None``:
        everything shown), one sentence a line: the one entry point the command line and
        replays call to say a move.  It is told by the events it logged, as the viewer's view
        holds them (:meth:`event_sentence`), so by nothing the viewer may not know; a move
        that changed nothing the viewer sees is "Red has made a move you cannot see."; one
        that logged nothing the viewer sees is its :meth:`action_sentence`."""
        if viewer is None:
            old, new = before, after
        else:
            old, new = self.view(before, viewer), self.view(after, viewer)
            if viewer != action.player and old == new:
                return f"{side(action.player)} has made a move you cannot see."
        logged = new.log.since(len(old.log))
        first = [e for e in logged if isinstance(e, self.action_events)]
        events = first + [e for e in logged if not isinstance(e, self.action_events)]
        told = [self.event_sentence(new, event, viewer) for event in events]
        return "\n".join(told) if told else self.action_sentence(old, action, viewer)

    def action_sentence(self, view: S, action: A, viewer: str | None) -> str:
        """``action``, once taken, in a sentence for ``viewer`` from their ``view`` of the
        state it was taken in, where no event of it tells them (:meth:`announce`): "You chose
        to end the turn." for its player, from its :meth:`action_label`; for anyone else the
        default says only "Red has made a move.", which a game overrides to say more."""
        if viewer != action.player:
            return f"{side(action.player)} has made a move."
        label = self.action_label(view, action)
        return sentence(f"You chose to {label[:1].lower()}{label[1:]}")

    def legend(self) -> str:
        """What the letters and symbols of :meth:`describe` mean ("" if it uses none)."""
        return ""

    # -- for learning agents (wargames.envs) ---------------------------------------------

    def every_action(self, player: str) -> Iterable[A]:
        """Every action ``player`` could ever take in this game (with its options), each
        once, in a fixed order: the action space of learning agents (:mod:`wargames.envs`).

        A game that implements it gets :attr:`num_distinct_actions`,
        :meth:`action_index`, :meth:`action_from_index` and :meth:`legal_mask` for free.

        :raises NotImplementedError: for a game without an action space.
        """
        raise NotImplementedError(
            f"{type(self).__name__} has no action space for learning agents: implement "
            "every_action (see docs/rl.md)"
        )

    @functools.cached_property
    def action_codec(self) -> ActionCodec:
        """The numbering of :meth:`every_action` over every player (built once per game)."""
        return ActionCodec.of(a for player in self.players for a in self.every_action(player))

    @property
    def num_distinct_actions(self) -> int:
        """How many distinct actions the game has: action indices are ``0`` to this minus 1,
        fixed for a game and its options."""
        return len(self.action_codec)

    def action_index(self, action: A) -> int:
        """The index of ``action`` in the game's action space.

        :raises InvalidAction: for an action not in it.
        """
        return self.action_codec.encode(action)

    def action_from_index(self, state: S, player: str, index: int) -> A:
        """``player``'s action numbered ``index`` (legal or not: :meth:`legal_mask` says).

        :raises InvalidAction: for an index out of range; :class:`UnknownPlayer`.
        """
        self.check_player(player)
        return self.action_codec.decode(player, index)  # type: ignore[return-value]

    def legal_mask(self, state: S, player: str) -> NDArray[numpy.int8]:
        """A 0/1 ``numpy`` vector of :attr:`num_distinct_actions`, 1 where ``player``'s
        actions are legal now."""
        return self.action_codec.mask(self.legal_actions(state, player))

    @property
    def observation_shape(self) -> tuple[int, ...]:
        """The shape of :meth:`observation_tensor` (fixed for a game and its options).

        :raises NotImplementedError: for a game without observation tensors.
        """
        raise NotImplementedError(
            f"{type(self).__name__} has no observation tensor: implement observation_shape "
            "and encode_view (see docs/rl.md)"
        )

    observation_range: ClassVar[tuple[float, float]] = (0.0, 1.0)
    """The least and the greatest value of any place of an observation tensor (agents learn
    best from values of this size: a game scales its counts to shares)."""

    def observation_tensor(self, state: S, player: str) -> NDArray[numpy.float32]:
        """What ``player`` may know, as a ``float32`` array of :attr:`observation_shape`:
        :meth:`encode_view` of :meth:`view`, so it is computed from the view alone and two
        states with equal views give equal tensors.  The view is made here, so it is
        encoded without the check at :meth:`encode_view`'s edge."""
        encode = unguarded(type(self).encode_view)
        return encode(self, self.view(state, player), player)  # type: ignore[no-any-return]

    def encode_view(self, view: S, player: str) -> NDArray[numpy.float32]:
        """``player``'s view as a tensor (the game's channel layout, documented per game).

        :raises NotImplementedError: for a game without observation tensors.
        """
        raise NotImplementedError(f"{type(self).__name__} has no observation tensor")

    @property
    def max_game_length(self) -> int:
        """An upper bound on the actions of one game (turn limits included), for adapters
        that must know it (OpenSpiel).

        :raises NotImplementedError: for a game without one.
        """
        raise NotImplementedError(f"{type(self).__name__} declares no max_game_length")

    @property
    def max_chance_outcomes(self) -> int:
        """An upper bound on the outcomes of one action's :meth:`chance`, for adapters that
        must know it (OpenSpiel); 0 for a game without :attr:`explicit_chance`."""
        if self.explicit_chance:
            raise NotImplementedError(f"{type(self).__name__} declares no max_chance_outcomes")
        return 0

    def returns(self, state: S) -> dict[str, float]:
        """Each player's reward for how the game ended: 1 for a winner, -1 for a loser (when
        somebody won), 0 for everybody in a draw or an unfinished game."""
        over = self.outcome(state)
        if over is None or over.is_draw:
            return dict.fromkeys(self.players, 0.0)
        return {p: 1.0 if p in over.winners else -1.0 for p in self.players}

    # -- what the base class does for every game ----------------------------------------

    def parse_action(self, state: S, text: str, player: str | None = None) -> A:
        """The action written ``text`` in this game's notation (the inverse of ``str``).

        ``player`` may be left out when only one player is to act.

        :raises InvalidAction: for text that is not an action of this game here, or anything
            that is not text at all; :class:`UnknownPlayer` for an unknown ``player``.
        """
        if not isinstance(text, str):
            raise InvalidAction(f"an action is written as text, not {type(text).__name__}")
        if player is not None:
            if not isinstance(player, str):
                raise UnknownPlayer(f"a player is named by text, not {type(player).__name__}")
            self.check_player(player)
        return self.read_action(state, text, player)

    def read_setup(self, setup: Mapping[str, Any]) -> Any:
        """``setup``, keywords of :meth:`start`, as the game's :attr:`Setup` (each value
        checked, the others at their defaults): what a game's :meth:`start` reads them with,
        and what callers check them with before a game starts.

        :raises UnknownOption: for a keyword the game does not declare, or a bad value.
        """
        if not isinstance(setup, Mapping):
            raise UnknownOption(f"a set-up is keywords and values, not {type(setup).__name__}")
        known = [a.name for a in attrs.fields(self.Setup)]
        unknown = sorted(str(key) for key in setup if key not in known)
        if unknown:
            raise UnknownOption(
                f"{type(self).__name__} has no set-up option {shorten(', '.join(unknown))}; "
                f"its set-up options are: {', '.join(known) or 'none'}"
            )
        try:
            return self.Setup(**setup)
        except UnknownOption as error:  # the kernel's option fields say what they allow
            raise UnknownOption(f"{type(self).__name__} set-up: {error}") from error

    def setup_words(self, setup: Mapping[str, Any]) -> str:
        """``setup`` as people read it ("set up your own army"): each keyword's value in the
        words its :attr:`Setup` declaration gives, else ``name value``; ``""`` for none."""
        declared = {a.name: said(a) for a in attrs.fields(self.Setup)}
        told = []
        for name, value in sorted(setup.items()):
            words = declared.get(name, {})
            # a value of the declared type only (1 is not True); any value, a dict too
            found = [w for v, w in words.items() if type(v) is type(value) and v == value]
            told.append(found[0] if found else f"{name.replace('_', ' ')} {_json_words(value)}")
        return "; ".join(told)

    def check_player(self, player: str) -> None:
        """:raises UnknownPlayer: if ``player`` is not one of :attr:`players`."""
        if player not in self.players:
            players = listed(self.players)
            raise UnknownPlayer(f"There is no player {excerpt(player)}: the players are {players}.")

    def check(self, state: S, action: A) -> None:
        """Raise the error that :meth:`apply` would raise for ``action``, or nothing.

        :raises InvalidState: for something that is not a full state of this game (a view).
        :raises InvalidAction: for an object that is not one of this game's actions, or one
            whose fields do not have their declared types (both checked at the edge).
        :raises UnknownPlayer: for an unknown player.
        :raises IllegalAction: when the game is over or a rule forbids the action.
        :raises NotYourTurn: when the action's player is not to act.
        """
        reason = self._illegal(state, action)
        if reason is not None:  # it may quote the action, whose text may be huge
            raise IllegalAction(shorten(self.refusal(state, action, reason), 5 * EXCERPT))

    def _illegal(self, state: S, action: A) -> str | None:
        """:meth:`illegal_reason` for a known player who is to act, or the error that says
        they are not."""
        self.check_player(action.player)
        acting = self.to_act(state)
        if action.player not in acting:  # nobody is to act once the game is over
            over = self.outcome(state)
            if over is not None:
                ended = IllegalAction(f"The game is over. {over.sentence(action.player)}")
                ended.rule = "end of the game"  # named by the sentence, not added to it
                raise ended
            waiting = listed(whom(p, None) for p in sorted(acting))
            raise NotYourTurn(f"It is not {whom(action.player, None)}'s turn: {waiting} to act.")
        return self.illegal_reason(state, action)

    def refusal(self, state: S, action: A, reason: str) -> str:
        """The sentence that refuses ``action`` for ``reason`` (:meth:`illegal_reason`), said
        to the player who tried it, as python-chess names an illegal move: "You cannot move
        your Scout Car at 1102: this unit's move has ended (VI-b)."  The action is named by
        its label from that player's view (so by nothing they may not know), or by its
        notation where the game has no label for it (an action no rule could allow)."""
        try:
            label = self.action_label(self._refusing_view(state, action.player), action)
        except (LookupError, ValueError, TypeError, AttributeError):
            label = str(action)
        what = f"play {label}" if label == str(action) else label[:1].lower() + label[1:]
        return sentence(f"You cannot {what}: {reason}")

    def _refusing_view(self, state: S, player: str) -> S:
        """``view(state, player)``, kept for the next refusal of one of the player's actions
        at that very state (a conformance check refuses each one, and says each sentence
        again): the same game, state object and player give the same view."""
        global _last_refusing_view
        kept = _last_refusing_view  # one tuple read: another thread replaces it whole
        if kept is not None and kept[0] is self and kept[1] is state and kept[2] == player:
            return kept[3]  # type: ignore[no-any-return]
        seen = self.view(state, player)
        _last_refusing_view = (self, state, player, seen)
        return seen

    def is_legal(self, state: S, action: A) -> bool:
        """Whether :meth:`apply` would accept ``action``.

        :raises InvalidState: for something that is not a full state of this game.
        """
        try:
            self.check(state, action)
        except InvalidAction:
            return False
        return True

    def apply(self, state: S, action: A) -> S:
        """The state after ``action``; ``state`` itself is unchanged.

        :raises IllegalAction: (a ``ValueError``) naming the rule that forbids the action.
        """
        self.check(state, action)
        return self.apply_unchecked(state, action)

    def apply_all(self, state: S, actions: Sequence[A]) -> S:
        """The state after applying ``actions`` in order, each checked."""
        for action in actions:
            state = self.apply(state, action)
        return state

    def view(self, state: S, player: str) -> S:
        """What ``player`` may know: ``state`` with every secret hidden from them redacted.

        The view has the state's type; redacted places hold
        :data:`~wargames.core.hidden.HIDDEN`.  Views of states that differ only in what
        ``player`` may not know are equal.
        """
        self.check_player(player)
        return redact(state, player)

    def public_view(self, state: S) -> S:
        """What an audience that plays no seat may know (a spectator): ``state`` with every
        secret hidden from any player redacted, so it tells nobody more than their own
        :meth:`view` does.  It is the same whichever player's view it is taken from."""
        for player in self.players:
            state = redact(state, player)
        return state

    def sample_state(self, state: S, player: str, rng: random.Random) -> S:
        """A full state consistent with everything ``player`` knows (a determinisation).

        Works from ``view(state, player)`` only, so it cannot peek; the result gives
        ``player`` the same view.  ``state`` may itself be ``player``'s view.

        :raises InvalidState: for another player's view, or something that is no state.
        """
        return self.determinize(self.view(state, player), player, rng)

    @staticmethod
    def fresh_rng(rng: random.Random) -> Rng:
        """A new stream for a determinised state, drawn from ``rng`` so that a bot's search is
        reproducible from the bot's own seed (the real future chance is unknown anyway)."""
        return Rng(rng.getrandbits(8 * KEY_BYTES).to_bytes(KEY_BYTES, "little"))


guard_edges(Game)
