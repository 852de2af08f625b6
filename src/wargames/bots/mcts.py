"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration takes a determinisation of the searching player's view (``game.determinize``
of ``game.view``: a full state consistent with what the player knows) and walks one shared
tree in it: nodes are keyed by the actions taken, a child competes for selection only in the
iterations where its action is legal (UCB with availability counts), and the leaf is scored
with ``game.evaluate`` after an optional random rollout.  The bot never reads hidden
information: everything it sees comes from determinisations of the view.

The worlds are drawn once per decision, ``samples`` of them (20, or a tenth of the
iterations where that is more, so a bigger budget also sees more of what the player does not
know), and the iterations take them in turn, each time with a fresh dice stream.  This is
single-observer ISMCTS over a sample of the player's beliefs, rather than a fresh world per
iteration: drawing a world is often the dearest step (it replays the log: 6-53% of a
200-point SABOT move before kept replays, 2-17% after), and a few dozen worlds already cover
what the player does not know.  On Mini Sabotage, where a world is cheap, a fresh world per
iteration (``samples=iterations``) won 11 of 20 games against greedy where the cycle won 8
of the same 20, a difference within the noise, at 1.4 times the time (docs/bots-record.md).  A
tree per information set would need every game to name its information sets, which none
does.  Inside a world the rival's in-tree actions see the player's hidden pieces (strategy
fusion); answering from the rival's own beliefs instead (a search per world tried on
Sabotage, docs/bots-record.md) did not win more.

Two refinements make a small budget count when a turn offers dozens of actions.  The root's
children start from a heuristic prior, the mean ``game.evaluate`` one action ahead over
``prior`` determinisations (what :class:`~wargames.bots.GreedyBot` computes), and only the
``width`` best of them are searched at first, one more (the next best by prior) each time
``widening`` times the square root of the descents made passes a whole number (progressive
unpruning, Chaslot et al. 2008): a bigger budget weighs more of a wide turn (SABOT's and
Grid SciFi's dozens of moves).  The choice is then the child with the best value.  Ties, in
the prior and in the choice, are broken at random, as greedy breaks them: in order, they
followed the order the game lists its actions, and a Mini Sabotage set-up, where the
evaluation weighs most placements alike, came out in the order of the kinds (every General
on the back rank, Recons, Saboteurs and the empty squares in front); ``mcts:200`` with it
scored 13-5-22 against greedy where at random it scored 24-4-12 (the same 40 games,
seeds 5000-5019 with the players' set-up; docs/bots-record.md).

An offer (a draw, a trade: the game's ``negotiation_types`` when nothing else is legal) is
not searched but answered by the mean evaluation of each answer over the worlds
(:func:`~wargames.bots.base.best_answer`): a draw is accepted only when the bot is not
ahead.  Leaves are scored by ``game.evaluate`` where they stand (``rollout_depth`` 0): the
evaluation cuts every rollout off.

Three more keep the search honest.  Every value is measured from the evaluation of the
world it came from (a control variate: worlds drawn from one view differ far more than the
actions in them do, and the same amount comes off every action of a world).  UCB's
exploration term is scaled by the spread of the values the chooser has seen, so a game whose
evaluations differ by thousandths is searched as one whose evaluations differ by tenths.
And where players act at the same time (simultaneous plots), they choose one after another
inside the tree, so a descent stops where one would choose after another of the same round:
its choice would see the one it answers.

Where one player takes several actions in a row, two more.  A descent stops where the
player would go on to decide something else (``game.decision``: the next unit of a plot),
leaving the rest of the turn to ``game.evaluate``; run on, it would credit the actions that
end a decision soonest with what the next decision adds.  ``horizon`` (1 by default) lets a
descent span that many of the player's decisions in a row; with the best-of backup below
the objection still stands, measured on SAW at a horizon of 2 (docs/bots-record.md, twelfth
session): of 24 first orders of a plot, it ended 11 without a step where the default ended 3,
its choice sat 0.0029 above the mean of its visits at the median where the default's sat
0.0012 (the best of the second unit's tries, reached soonest through the shortest orders),
and a reference scored its order worse in 6 of the 7 positions it could tell apart.  In 14
games against greedy, paired with the default's on the same seeds, it did better in 4 and
worse in 2 (sign test p = 0.69), so the default stays 1.  And a node whose chooser chooses
again is worth the best of what follows (a continuation tried, or while some are untried its
own evaluation), not the mean of the continuations the search explored: the player will take
the best one.  Except in a game that sets ``Game.search_means`` (Sabotage): there a turn's
second move is worth what it is in worlds that differ in the enemy's hidden pieces, so the
best of a few visits is the luckiest world's (in Mini Sabotage 22% of the revaluations took
such a best, 0.03-0.04 above the node's mean at the 90th percentile), and the node is worth
the mean of its visits.  Measured on Mini Sabotage with the players' set-up, paired with the
best-of backup on the same seeds (docs/bots-record.md, fourteenth session): against greedy
92-3-25 of 120 where the best-of scored 84-2-34 (better in 24 games, worse in 15; on the 60
fresh seeds 48-1-11 against 45-2-13), and ``mcts:800`` against ``mcts:200`` 30-4-11 of 45
where the best-of scored 27-3-15 (better in 14, worse in 11); against random it did better
too (193 of 200 against 185, an early session).  No sample tells it from chance (sign tests
p = 0.20 and 0.69), but each points the same way.  ``means``, True or False, is the bot's
setting; None, the default, the game's (``Game.search_means``).

``finish_round`` (off by default) takes the other way past one decision: a leaf, and each
root action's prior, is scored after the searching player's own remaining actions of the
round are played in its world by greedy, one action at a time, each the one whose
afterstate ``game.evaluate`` scores best in that world, ties broken by the search's stream
(:func:`~wargames.bots.base.greedy_round`).  So what the next unit's order adds is in every
leaf on equal terms, a plan greedy would carry out, and the tree weighs how the orders
interact (which unit takes which target, who screens whom).  It plays only the player's own
actions, while the player is to act and nobody new is (never a rival's: those would answer
the player's face-down choices), and stops after an action that draws chance or awaits it,
where the search stops too.  It is the bot's setting, not the game's, as ``horizon`` is.
Measured on SAW (docs/bots-record.md, thirteenth session): a move at the start of a plot
took 6-11 times the CPU, and against greedy, paired with the default's games on the same
seeds, ``mcts:200`` with it did better in 3 and worse in 3 of 13 (6-1-6 against 6-0-7), so
no game sets it.

``foresee`` puts the rivals' parts of a simultaneous round into the worlds: once a decision,
in each world, ``game.foreseen`` replaces each other player's part of the round (a SAW plot
not yet made, where a descent's evaluation would see the rival's units where they stand; or,
for one made face-down, the random plot the determinisation drew) with the one greedy would
choose from the round's start (:func:`~wargames.bots.base.greedy_round` from the rival's
side, nobody's part yet chosen), and marks the rival done; the search then runs in those
worlds, and every leaf, the prior and the baselines are scored with the rival's units where
that plot takes them. The rival's plot sees nothing of the player's, as the rules have it
(plots are face-down), so no choice in the tree can be answered by it; it is fixed in each
world, and what differs between the worlds (the rival's designs, which its plot reads, as it
knows them) is what the player does not know, so the tree's choice is weighed over the
rival's likely plots rather than fitted to one (no strategy fusion on the player's side).
The model is greedy's, from the turn's start, whatever the rival's seat: greedy seated
second weighs the player's face-down plot as a random one, which this does not copy. True or
False, it is the bot's setting; None, the default, the game's (``Game.search_foresees``, off
in the kernel and in SAW); the game says how a round is foreseen. Measured on SAW
(docs/bots-record.md, fourteenth session): a move at the start of a plot took 2.2 times the
CPU, and against greedy, paired with the default's games on the same seeds, ``mcts:200``
with it did better in 2 and worse in none of 13 (8-0-5 against 6-0-7), too few to tell from
chance, and over 28 games it scored 13-0-15, so SAW leaves it off. Sabatu foresees a
battle's tiles, laid by both sides at once, and sets it: without it the side choosing first
scores every tile alike (the battle waits for the other side, and the descent stops there),
so its choice is a tie broken at random; with it, ``mcts:200`` beat greedy 44-0-16 where it
had scored 35-0-25 on the same 60 games (better in 11, worse in 2), and ``mcts:800`` scored
17-0-12 against ``mcts:200`` where it had scored 13-0-16 on 29 paired games
(docs/bots-record.md, sixteenth session).

``own_evaluation`` has the search score its positions (the prior, the baselines, every
leaf) by ``game.search_evaluate`` rather than ``game.evaluate``: what a game counts for a
search only, which a one-step bot (greedy, which reads ``evaluate``) cannot copy.  The
kernel's default is ``evaluate`` itself; Sabatu counts a victory the player can seize in
their coming turn.  Offers are still answered by ``evaluate``.  True or False, it is the
bot's setting; None, the default, the game's (``Game.search_own_evaluation``, off in the
kernel).  Measured on Sabatu (docs/bots-record.md, fifteenth session): against greedy,
paired with the default's games on the same 140 (seeds 12400-12469, both seats),
``mcts:200`` with it scored 100-0-40 where the default scored 79-0-61 (better in 35, worse
in 14; on the 60 fresh seeds alone 37-0-23 against 33-0-27); but ``mcts:800`` against
``mcts:200``, both with it, scored 18-0-24 of 42 where the default's scored 22-0-16 on seeds
13300-13318, and ``mcts:200`` with it against ``mcts:200`` without scored 32-0-28 of 60.
Once Sabatu's searches foresaw a battle's tiles (above), that fall was gone: ``mcts:200``
with both beat greedy 95-0-25 where it had scored 80-0-40 on the same 120 games, and
``mcts:800`` against ``mcts:200`` scored 30-0-31 of 61 against 31-0-30, so Sabatu turns it
on (docs/bots-record.md, seventeenth session).

Where a player draws between one choice and the next (Sabatu: a landing's coin, tile or
card, a tile bought, a battle), the best continuation is the luckiest: continuations after
every draw, and in every world, shared one node each, so the best of them was the one that
happened to follow a good draw (the most searched root action sat 0.044-0.047 above the mean
of its visits at the median decision, where root actions differ by 0.01-0.05; backing up the
plain mean instead removed the luck but charged a move with every poor second move tried
under it, docs/bots-record.md).  A game that sets ``Game.search_draws`` has the draws recorded in
the tree: an action that drew has a node for each result the searching player can tell apart
(``Game.drawn``: by default the player's view of the state it came to, where the state's
stream moved on), so worlds that differ only in what the player does not know share it; the
next choices hang under it, the best of them is taken there, knowing the draw, and the
action is worth the mean over its draws of those values, each weighed by its visits (an
action that drew nothing has one such node, keyed ``None``).  In Sabatu the most searched
root action now sits 0.007 above its mean at the median decision, and ``mcts:200`` scored
against greedy as before (22-0-18 both, docs/bots-record.md).  Grid SciFi, which draws in the same
way (a unit rolls its activation dice, or an attack, and its owner chooses again within the
activation), was measured with it and does not set it: the luck went (0.006 to 0.000 at the
median decision where the player chose again), but a result there is the faces rolled, up to
216 for three dice, so at 200 descents a result's node has about two visits and is worth
little more than its first, and ``mcts`` measured weaker (``mcts:200`` against greedy 67.5%
over 60 games against 90%; ``mcts:800`` against ``mcts:200`` 57.5% over 40 against 63.7%;
docs/bots-record.md).  Mini Sabotage, where what an attack or a Recon reveals differs from world to
world and a turn moves two pieces, was measured with it and does not set it: keyed by the
battles, exposures and result as the player sees them, ``mcts:200`` against greedy scored
63.3% over 60 games where it scored 82.5% without (worse in 19 games, better in 7), losing
its Headquarters far more often; keyed on the searcher's own actions only (the enemy knows
its pieces, so its moves are no chance to it), 71.7% (worse in 15, better in 8;
docs/bots-record.md).  SAW does not set it either: it stops before its dice, so nothing it searches
draws.  One inconsistency is known and kept, measured: after the prior, a root action's
``first`` is the mean over the prior's worlds, but the nodes of what it drew keep the first
world's value as theirs, so with every key ``None`` the search chose as with
``search_draws`` off in only 12 of 30 positions (30 of 30 with those set to their mean
too).  With that mend Sabatu's ``mcts:200`` scored 62-0-58 against greedy over 120 games
where this code scored 66-0-54, and ``mcts:800`` 13-0-7 against ``mcts:200`` over 20 where
this code scored 16-0-4 (docs/bots-record.md, eighth session): no better, so not kept.

``trees`` splits the budget into independent searches, each in its own share of the worlds,
and plays what most of them choose: the best of more continuations tried is the luckier, so
one tree of 800 descents can choose no better than 200 (Sabatu: at 45 positions its choice
agreed with itself over five seeds no more often, and where the two differed a playout
reference found it better in 1 and worse in 3 of 14).  None, the default, is the game's:
one search for every ``Game.search_descents`` descents (Sabatu: 200), else one.

Actions are taken through ``game.afterstate``: where a game draws chance inside an action
(SAW rolls every attack when the last plot is in), the search scores the decision before the
dice, by the expectation ``game.evaluate`` reckons, and the descent stops there.  One roll
per descent would weigh that action by noise far larger than what tells the actions apart.
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
