"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

A decision draws ``samples`` determinisations of the searching player's view
(``game.determinize`` of ``game.view``) once, and each descent takes the next of them (with
a fresh dice stream once it has been used) down one shared tree.  Nodes are keyed by the
actions taken; a child competes by UCB only in the descents where its action is legal
(availability counts); a leaf is scored by the evaluation after ``rollout_depth`` random
actions (0 by default: the evaluation cuts every rollout off).  The bot never reads hidden
information: everything it sees comes from worlds drawn from the view.  Worlds are drawn
once and not per descent because drawing one replays the game's log, often the dearest
step of a move.

The refinements, each found by losing games (why each was made, and what it measured:
docs/bots.md, "How MctsBot searches", and docs/bots-record.md):

* the root's children start from a greedy prior over ``prior`` worlds, and only the
  ``width`` best are searched at first, more as the descents grow (progressive unpruning),
  ties broken at random, not in the order the game lists its actions;
* every value is measured from the evaluation of the world it came from (a control
  variate), and UCB's exploration is scaled by the spread of the values seen;
* a descent stops where a player would choose after another one of the same round (its
  choice would see a face-down one), at an afterstate that awaits chance (a decision is
  weighed before its dice), and where the player goes on to decide something else
  (``game.decision``; ``horizon`` decisions in a row, 1 by default);
* where the chooser of a node chooses again, the node is worth the best of what follows,
  not the mean of the continuations tried (unless ``means``, or ``game.search_means``);
  where ``game.search_draws`` is set, an action that drew is worth the mean over what the
  player saw drawn, each draw a node of its own (``game.drawn``);
* ``finish_round`` scores a leaf after the player's own rest of the round is played
  greedily; ``foresee`` (or ``game.search_foresees``) plays the rivals' parts of a
  simultaneous round greedily into every world (``game.foreseen``); ``own_evaluation`` (or
  ``game.search_own_evaluation``) scores by ``game.search_evaluate``;
* ``trees`` (or one per ``game.search_descents`` descents) splits the budget into
  independent searches in their own worlds, which vote: the best of more continuations
  tried is the luckier, so one big tree chose no better than a small one in Sabatu.

An offer (a draw, a trade: the game's ``negotiation_types``, when nothing else is legal)
is not searched but answered by the mean evaluation of each answer over the worlds
(:func:`~wargames.bots.base.best_answer`).
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any

from wargames.bots.base import SampledBot, first_to_act, greedy_round, playing
from wargames.core.game import Action, Game, State

__all__ = ["MctsBot"]


class _Node:
    __slots__ = (
        "available",
        "children",
        "chooser",
        "first",
        "open",
        "outcomes",
        "reward",
        "value",
        "visits",
    )

    def __init__(self, chooser: str) -> None:
        self.chooser = chooser  # the player whose action led here
        self.children: dict[Action, _Node] = {}
        self.outcomes: dict[Hashable, _Node] = {}  # where its action drew: by what was drawn
        self.visits = 0
        self.available = 0
        self.reward = 0.0  # summed, from the point of view of the player who chose this node
        self.first = 0.0  # the value of its first visit: the evaluation of its position
        self.open = False  # whether some continuation by its chooser is still untried
        self.value = -math.inf  # what the search reckons choosing this node is worth

    @property
    def mean(self) -> float:
        return self.reward / self.visits if self.visits else -math.inf

    def add(self, value: float) -> None:
        if not self.visits:
            self.first = value
        self.visits += 1
        self.reward += value

    def revalue(self, best: bool = True) -> None:
        """Where its chooser goes on choosing (a plot of several orders) and ``best``, the
        best of what the player can choose next: a continuation tried, or one untried,
        reckoned by the evaluation of this position.  The player takes the best, not the
        average of what the search tried.  Where its action drew chance, recorded
        (``Game.search_draws``), the mean over what was drawn, each weighed by its visits,
        of what it was worth: the player chooses again knowing the draw.  Elsewhere, and
        without ``best`` (``Game.search_means``), the mean of its visits."""
        if self.outcomes:
            drawn = self.outcomes.values()
            self.value = sum(o.visits * o.value for o in drawn) / sum(o.visits for o in drawn)
            return
        mine = [c for c in self.children.values() if c.chooser == self.chooser] if best else []
        then = [c.value for c in mine if c.visits]
        if then and self.open:
            then.append(self.first)
        self.value = max(then) if then else self.mean


class MctsBot(SampledBot):
    """ISMCTS with ``iterations`` determinised descents per decision.

    ``rollout_depth`` random actions follow each expansion before ``game.evaluate`` scores the
    position for every player (0, the default, scores the leaf itself: right for games whose
    ``evaluate`` is a heuristic; a game that scores only outcomes needs rollouts);
    ``exploration`` is the UCB constant; ``samples`` the determinisations drawn per decision
    (the iterations cycle through them, each with fresh dice; by default 20, or a tenth of
    ``iterations`` if more); ``prior`` how many of them give the one-ahead prior (0: none,
    and every action is searched); ``width`` how many of the best-prior actions are searched
    at first, and ``widening`` how fast more are (``width + widening * sqrt(descents)``);
    ``horizon`` how many of one player's decisions in a row (``game.decision``: a SAW unit's
    order) a descent may span (1: it stops where the player would decide something else);
    ``finish_round`` whether a leaf, and each action of the prior, is scored after the
    searching player's own remaining actions of the round are played greedily in its world
    (:func:`~wargames.bots.base.greedy_round`: the rest of a plot; off by default);
    ``foresee`` whether each world holds the other players' parts of a simultaneous round as
    greedy would choose them from its start (``game.foreseen``: SAW's plots, Sabatu's battle
    tiles; None, the default: as the game says, ``game.search_foresees``);
    ``own_evaluation`` whether the search scores its positions (the prior, the baselines,
    the leaves) by ``game.search_evaluate``, what a game counts for a search only, rather
    than ``game.evaluate`` (None, the default: as the game says,
    ``game.search_own_evaluation``);
    ``means`` whether an action after which its player goes on choosing is worth the mean of
    its visits rather than the best of what follows (None, the default: as the game says,
    ``game.search_means``);
    ``trees`` how many independent searches share the iterations and the worlds (each
    ``iterations / trees`` descents, the remainder one each to the first, in every
    ``trees``-th world), the choice the action most of them choose, ties broken by their
    visits summed (None, the default: as the game says, one search for every
    ``game.search_descents`` iterations, else one).
    Negotiation actions (draw offers, trades) are left alone unless nothing else is legal,
    as for the other bots, and offers are answered by the evaluation.
    """

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int = 200,
        rollout_depth: int = 0,
        exploration: float = 0.7,
        samples: int | None = None,
        prior: int = 4,
        width: int = 6,
        widening: float = 0.25,
        horizon: int = 1,
        finish_round: bool = False,
        foresee: bool | None = None,
        own_evaluation: bool | None = None,
        means: bool | None = None,
        trees: int | None = None,
    ) -> None:
        if samples is None:
            samples = max(20, iterations // 10)
        if min(iterations, samples, width, horizon) < 1:
            raise ValueError("iterations, samples, width and horizon must be >= 1")
        if trees is not None and not 1 <= trees <= min(iterations, samples):
            raise ValueError(f"trees must be 1 to {min(iterations, samples)}, got {trees}")
        if rollout_depth < 0 or min(prior, widening) < 0:
            raise ValueError("rollout_depth, prior and widening must be >= 0")
        if prior > samples // (trees or 1):
            raise ValueError(f"the prior uses {prior} of only {samples // (trees or 1)} samples")
        super().__init__(seed, samples)
        self.iterations = iterations
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.prior = prior
        self.width = width
        self.widening = widening
        self.horizon = horizon
        self.finish_round = finish_round
        self.foresee = foresee
        self.own_evaluation = own_evaluation
        self.means = means
        self.trees = trees
        self._values: dict[str, _Span] = {}

    def decide(
        self,
        game: Game[Any, Any],
        state: State,
        player: str,
        actions: Sequence[Action],
        worlds: Sequence[State],
    ) -> Action:
        trees = self._trees(game)
        votes: Counter[Action] = Counter()
        visits: Counter[Action] = Counter()
        for tree in range(trees):
            descents = len(range(tree, self.iterations, trees))  # the budget shared out whole
            search = self._search(game, state, player, actions, worlds[tree::trees], descents)
            votes[self._choice(search)] += 1
            visits.update({action: child.visits for action, child in search[1].items()})
        return max(actions, key=lambda a: (votes[a], visits[a]))

    def _trees(self, game: Game[Any, Any]) -> int:
        """How many searches share the budget: ``trees`` where given, else one for every
        ``game.search_descents`` iterations (as many as the worlds allow the prior), else
        one."""
        if self.trees is not None:
            return self.trees
        if game.search_descents is None:
            return 1
        return max(
            1, min(self.iterations // game.search_descents, self.samples // max(self.prior, 1))
        )

    @staticmethod
    def _choice(search: tuple[list[Action], dict[Action, _Node]]) -> Action:
        """A search's choice: of its ``ranked`` actions, the searched one of best value."""
        ranked, searched = search
        return max(ranked, key=lambda a: searched[a].value if a in searched else -math.inf)

    def _search(
        self,
        game: Game[Any, Any],
        state: State,
        player: str,
        actions: Sequence[Action],
        worlds: Sequence[State],
        descents: int,
    ) -> tuple[list[Action], dict[Action, _Node]]:
        """One search of ``descents`` descents in ``worlds``: the actions ranked by prior
        (ties at random) and the root's searched children."""
        root = _Node(player)
        self._values = {p: _Span() for p in game.players}
        if _chosen(self.foresee, game.search_foresees):
            plan = functools.partial(self._rival_round, game)
            worlds = [game.foreseen(world, player, plan) for world in worlds]
        baselines = [{p: self._evaluate(game, world, p) for p in game.players} for world in worlds]
        together = game.to_act(state)  # the others choose now too, without seeing ours
        best = not _chosen(self.means, game.search_means)
        for world, baseline in zip(worlds[: self.prior], baselines, strict=False):
            for action in actions:
                child = root.children.setdefault(action, _Node(player))
                child.available += 1
                after = game.afterstate(world, action)
                value = self._evaluate(game, self._finished(game, after, player, together), player)
                value -= baseline[player]
                drawn = self._drawn(game, world, after, child, player)
                if drawn is not child:
                    drawn.add(value)
                    drawn.revalue(best)
                child.add(value)
                self._values[player].add(value)
        for child in root.children.values():
            # The nodes of what the child drew keep their first world's value as theirs: an
            # inconsistency kept, since setting them to their means measured no better
            # (docs/bots-record.md, issue 38's eighth session).
            child.first = child.value = child.mean
        ranked = list(actions)
        self._random.shuffle(ranked)  # ties broken at random, not by the listing's order
        if self.prior:
            ranked.sort(key=lambda a: root.children[a].mean, reverse=True)
        waiting = dict(root.children)  # the prior of every action, searched or not yet
        root.children = {}
        for i in range(descents):
            shown = self._width(i) if self.prior else len(ranked)
            if len(root.children) < shown:  # progressive unpruning: the next best by prior
                root.children.update({a: waiting[a] for a in ranked[:shown] if a in waiting})
            candidates = frozenset(ranked[:shown])
            world = worlds[i % len(worlds)]
            if i >= len(worlds):  # a world seen before, with new dice
                world = world.with_changes(rng=game.fresh_rng(self._random))
            baseline = baselines[i % len(worlds)]
            self._iterate(game, world, baseline, root, player, candidates, together, best)
        return ranked, root.children

    def _width(self, iteration: int) -> int:
        """How many of the root's actions, best prior first, the search has unpruned after
        ``iteration`` descents: ``width``, and one more each time ``widening`` times the
        square root of the descents passes a whole number."""
        return self.width + int(self.widening * math.sqrt(iteration))

    def _iterate(
        self,
        game: Game[Any, Any],
        world: State,
        baseline: dict[str, float],
        root: _Node,
        player: str,
        candidates: frozenset[Action],
        together: frozenset[str],
        best: bool,
    ) -> None:
        """One descent, its values measured from the world's ``baseline`` (each player's
        evaluation of the world as drawn), its nodes revalued with ``best``
        (:meth:`_Node.revalue`).  It stops where a player would choose after another one who
        acts at the same time (``together``: those to act at the root; then whoever is to act
        where someone new is): a choice made in this tree would see the one it answers.  And
        it stops at an afterstate that awaits chance, scored as it stands."""
        node = root
        path: list[tuple[_Node, str]] = []  # each node entered, and who chose it
        chose: set[str] = set()  # who has chosen since ``together`` began to act
        deciding: tuple[str, Hashable] | None = None  # the last mover, and what it decided
        spanned = 1  # the decisions the last mover has begun in a row in this descent
        while game.outcome(world) is None:
            mover = player if node is root else first_to_act(game, world)
            acting = game.to_act(world)
            if acting - together:  # someone new: a new round of choices
                together, chose = acting, set()
            if chose - {mover}:
                break
            chose.add(mover)
            decision = game.decision(world, mover)
            if deciding is not None and deciding != (mover, decision):
                spanned = spanned + 1 if deciding[0] == mover else 1
                if spanned > self.horizon:
                    break  # the same player goes on to decide something else, past the horizon
            deciding = (mover, decision)
            legal = playing(game, game.legal_actions(world, mover))
            if node is root:
                legal = [a for a in legal if a in candidates]
            for action in legal:
                child = node.children.get(action)
                if child is not None:
                    child.available += 1
            untried = [a for a in legal if a not in node.children]
            node.open = mover == node.chooser and len(untried) > 1  # one is tried now
            if untried:
                action = self._random.choice(untried)
                child = node.children[action] = _Node(mover)
                child.available = 1
                world = self._take(game, world, action, child, player, path)
                break
            action = max(legal, key=lambda a: self._ucb(node.children[a]))
            node = node.children[action]
            world = self._take(game, world, action, node, player, path)
            node = path[-1][0]
            if game.awaits_chance(world):
                break
        world = self._finished(game, world, player, together)
        if not game.awaits_chance(world):
            world = self._rollout(game, world)
        values = {p: self._evaluate(game, world, p) - baseline[p] for p in game.players}
        for p, value in values.items():
            self._values[p].add(value)
        for visited, chooser in reversed(path):
            visited.add(values[chooser])
            visited.revalue(best)

    def _take(
        self,
        game: Game[Any, Any],
        world: State,
        action: Action,
        child: _Node,
        player: str,
        path: list[tuple[_Node, str]],
    ) -> State:
        """``world`` after ``action`` (its afterstate), entering ``child`` (the action's node)
        and, where the game records draws, the node of what the action drew: the last node
        on ``path`` is the one the descent goes on from."""
        after: State = game.afterstate(world, action)
        path.append((child, child.chooser))
        drawn = self._drawn(game, world, after, child, player)
        if drawn is not child:
            path.append((drawn, drawn.chooser))
        return after

    @staticmethod
    def _drawn(
        game: Game[Any, Any], world: State, after: State, child: _Node, player: str
    ) -> _Node:
        """Where the game records draws in the search (``Game.search_draws``), the child of
        ``child`` (the node of the action that took ``world`` to ``after``) for what the
        action drew, keyed by what the searching ``player`` can tell of it (``game.drawn``:
        worlds that differ only in what the player does not know share it), or by ``None``
        where the action drew nothing; elsewhere ``child`` itself."""
        if not game.search_draws:
            return child
        key = game.drawn(world, after, player)
        drawn = child.outcomes.get(key)
        if drawn is None:
            drawn = child.outcomes[key] = _Node(child.chooser)
        return drawn

    def _evaluate(self, game: Game[Any, Any], world: State, player: str) -> float:
        """How the search scores ``world`` for ``player``: ``game.search_evaluate`` with
        ``own_evaluation`` (where it is None, the game's ``search_own_evaluation``), else
        ``game.evaluate``."""
        if _chosen(self.own_evaluation, game.search_own_evaluation):
            return game.search_evaluate(world, player)
        return game.evaluate(world, player)

    def _finished(
        self, game: Game[Any, Any], world: State, player: str, together: frozenset[str]
    ) -> State:
        """A leaf's ``world`` as it is scored: with ``finish_round``, after ``player``'s own
        remaining actions of the round (``together``'s) played greedily in it; else as it
        stands."""
        if not self.finish_round:
            return world
        finished: State = greedy_round(game, world, player, together, self._random)
        return finished

    def _rival_round(self, game: Game[Any, Any], start: State, rival: str) -> State:
        """``start`` after ``rival``'s part of the round, played greedily in it
        (:func:`~wargames.bots.base.greedy_round`): how ``foresee`` models a rival."""
        planned: State = greedy_round(game, start, rival, game.to_act(start), self._random)
        return planned

    def _ucb(self, node: _Node) -> float:
        """UCB1 with availability counts, the exploration term scaled by the spread of the
        values seen in this search: a game whose evaluations differ by thousandths explores
        as one whose evaluations differ by tenths."""
        if node.visits == 0:
            return math.inf
        bonus = math.sqrt(math.log(max(node.available, 1)) / node.visits)
        return node.value + self.exploration * self._values[node.chooser].width * bonus

    def _rollout(self, game: Game[Any, Any], world: State) -> State:
        for _ in range(self.rollout_depth):
            if game.outcome(world) is not None:
                break
            mover = first_to_act(game, world)
            legal = playing(game, game.legal_actions(world, mover))
            world = game.apply_unchecked(world, self._random.choice(legal))
        return world

    def __repr__(self) -> str:
        plain = MctsBot(iterations=self.iterations)  # this budget's default settings
        names = (
            "rollout_depth",
            "exploration",
            "samples",
            "prior",
            "width",
            "widening",
            "horizon",
            "finish_round",
            "foresee",
            "own_evaluation",
            "means",
            "trees",
        )
        extra = "".join(
            f", {n}={getattr(self, n)!r}" for n in names if getattr(self, n) != getattr(plain, n)
        )
        return f"MctsBot(seed={self.seed}, iterations={self.iterations}{extra})"


def _chosen(setting: bool | None, games: bool) -> bool:
    """A switch of the bot's: ``setting`` where it is given, else the game's choice."""
    return games if setting is None else setting


class _Span:
    """The lowest and highest values seen so far."""

    __slots__ = ("high", "low")

    def __init__(self) -> None:
        self.low = math.inf
        self.high = -math.inf

    def add(self, value: float) -> None:
        self.low = min(self.low, value)
        self.high = max(self.high, value)

    @property
    def width(self) -> float:
        """``high - low``, or 1 before two different values are seen."""
        return self.high - self.low if self.high > self.low else 1.0
