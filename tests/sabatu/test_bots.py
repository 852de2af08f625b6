"""Bots play Sabatu to an end; the material evaluation search bots use."""

from typing import Any

import attrs
import pytest

from wargames.bots import Bot, GreedyBot, MctsBot, RandomBot, play
from wargames.core.game import balance
from wargames.sabatu import Arm, Move, Sabatu, SabatuState, assault
from wargames.sabatu.evaluation import SEARCH, WEIGHTS, evaluate, holds, material, seizes, take
from wargames.sabatu.state import BattleFought

from .helpers import TWO, position

NW, NE, SW, SE = range(4)
"""The capitals' places in ``board.capitals``."""


def test_random_bots_finish_a_game() -> None:
    game = Sabatu(players=2)
    match = play(game, {p: RandomBot(i) for i, p in enumerate(game.players)}, seed=3)
    assert match.outcome is not None
    final = match.final
    assert isinstance(final, SabatuState)
    for player in game.players:
        score = game.evaluate(final, player)
        assert score in (-1.0, 0.0, 1.0)


def test_material_counts_capitals_walls_armies_tiles_and_coins() -> None:
    """6 a capital, 2 a wall and 2 more a wall of the most walled capital, 1 an army, 0.5 a
    tile, 0.25 a Spoils point (the capitals in reach left out: ``threat`` 0)."""
    state = position(
        armies={"red": ["nw.5", "home"], "blue": ["se.5"]},
        capitals={"nw.capital": ("red", 1, 2)},
        coins={"red": [1]},
        tiles={"blue": ["ax"]},
    )
    flat = attrs.evolve(WEIGHTS, threat=0.0)
    assert material(TWO, state, 0, flat) == 6 + 2 * 2 + 2 * 2 + 3 + 0.25
    assert material(TWO, state, 1, flat) == 1 + 0.5
    red, blue = TWO.material(state, 0), TWO.material(state, 1)
    assert TWO.evaluate(state, "red") == pytest.approx(balance(red, blue))
    assert TWO.evaluate(state, "blue") == pytest.approx(-TWO.evaluate(state, "red"))


def test_walls_around_one_capital_beat_walls_spread() -> None:
    """Four walls around one capital win ("Object of the Game"): three walls and one are
    nearer that than two and two, and the same walls around one capital score higher."""

    def walled(*walls: int) -> float:
        names = ("nw.capital", "ne.capital")
        state = position(
            armies={"red": ["home"], "blue": ["se.5"]},
            capitals={name: ("red", 1, n) for name, n in zip(names, walls, strict=False)},
        )
        return TWO.evaluate(state, "red")

    assert walled(2, 2) < walled(3, 1) < walled(4, 0)
    assert walled(2) < walled(1, 1)  # a second capital still outweighs a second wall


def test_a_capital_in_reach_is_a_threat() -> None:
    """``threat``: a capital not held counts at the chance of taking it in a turn: two dice
    come to its steps (no exact count into a capital), then the assault is won."""
    near = position(armies={"red": ["home"], "blue": ["se.7"]})  # nw.capital 6 steps away
    far = position(armies={"red": ["se.6"], "blue": ["se.7"]})  # every capital 11+ away
    assert take(TWO, near, 0, NW) == pytest.approx(26 / 36)  # 2d6 >= 6
    assert TWO.evaluate(near, "red") > TWO.evaluate(far, "red")
    walled = position(
        armies={"red": ["home"], "blue": ["se.7"]},
        capitals={"nw.capital": ("blue", 2, 1)},
        tiles={"red": ["ax"]},
    )
    odds = float(assault(2, attack=3, walls=1))
    assert take(TWO, walled, 0, NW) == pytest.approx(26 / 36 * odds)


def test_a_victory_out_of_the_rivals_reach_is_nearly_won() -> None:
    """A victory must be held "until the beginning of their next turn": four walls that no
    rival army can reach in a turn score near a win; with a rival army two steps off they
    stand only at the chance its assault fails."""
    safe = position(
        armies={"red": ["home"], "blue": ["se.7"]}, capitals={"nw.capital": ("red", 1, 4)}
    )
    beset = position(
        armies={"red": ["home"], "blue": ["nw.12"]}, capitals={"nw.capital": ("red", 1, 4)}
    )
    assert holds(TWO, safe, 0) == 1.0
    assert TWO.evaluate(safe, "red") == pytest.approx(WEIGHTS.confirmed)
    assert TWO.evaluate(safe, "red") > 0.9  # above any balance of material
    assert holds(TWO, beset, 0) == pytest.approx(1 - float(assault(1, walls=4)))
    assert TWO.evaluate(beset, "red") < TWO.evaluate(safe, "red")


def test_three_capitals_stand_unless_the_rival_takes_any_one() -> None:
    """Three capitals held: the rival undoes the victory by taking any one of them. Blue's
    one army (se.7) is 12 steps from ne and sw, out of reach of nw."""
    capitals = dict.fromkeys(("nw.capital", "ne.capital", "sw.capital"), ("red", 1, 0))
    state = position(armies={"red": ["home"], "blue": ["se.7"]}, capitals=capitals)
    one = 1 / 36 * float(assault(1))
    assert holds(TWO, state, 0) == pytest.approx((1 - one) ** 2)
    assert holds(TWO, state, 1) == 0.0


def test_the_rival_moving_now_answers_with_the_dice_left() -> None:
    """Blue, moving now, has one die left: a 1 cannot take the capital two steps off, so the
    four walls stand; a 2 gets there and fights."""
    capitals = {"nw.capital": ("red", 1, 4)}
    one = position(
        armies={"red": ["home"], "blue": ["nw.12"]}, capitals=capitals, turn="blue", dice=[1]
    )
    two = position(
        armies={"red": ["home"], "blue": ["nw.12"]}, capitals=capitals, turn="blue", dice=[2]
    )
    assert holds(TWO, one, 0) == 1.0
    assert holds(TWO, two, 0) == pytest.approx(1 - float(assault(1, walls=4)))


def test_a_rival_with_only_garrisons_answers_from_home() -> None:
    """A player whose non-garrisoned armies are all gone starts over at Home at the start of
    their turn: blue, with only se.capital's garrison, still threatens sw.capital 7 steps
    from its Home."""
    capitals = {
        "nw.capital": ("red", 1, 0),
        "ne.capital": ("red", 1, 0),
        "sw.capital": ("red", 1, 0),
        "se.capital": ("blue", 1, 0),
    }
    state = position(armies={"red": ["home"]}, capitals=capitals)
    assert take(TWO, state, 1, SW) == pytest.approx(21 / 36 * float(assault(1)))
    assert holds(TWO, state, 0) < 1.0


SPLIT = {
    "nw.capital": ("red", 1, 0),
    "ne.capital": ("red", 1, 0),
    "sw.capital": ("blue", 1, 0),
    "se.capital": ("blue", 1, 0),
}
"""Two capitals each, one army in each: either player is one capital short of three."""


def test_a_rival_one_capital_short_seizes_the_one_they_take_most_surely() -> None:
    """Blue holds two capitals, its army two steps from ne.capital: in its coming turn it
    seizes three at the chance it takes ne (any two dice get there, then an even battle).
    Red, moving now with no dice left, seizes nothing before blue moves.  Only the search's
    evaluation counts it: red's is lower there than the evaluation greedy reads."""
    state = position(armies={"red": ["home"], "blue": ["ne.16"]}, capitals=SPLIT)
    assert seizes(TWO, state, 1) == pytest.approx(float(assault(1)))
    assert seizes(TWO, state, 0) == 0.0
    assert TWO.evaluate(state, "red") == evaluate(TWO, state, 0, WEIGHTS)
    assert TWO.search_evaluate(state, "red") == evaluate(TWO, state, 0, SEARCH)
    assert TWO.search_evaluate(state, "red") < TWO.evaluate(state, "red")


def test_the_search_holds_the_capital_a_rival_needs_before_threatening_another() -> None:
    """Red, its turn ending, either puts its free army into ne.capital beside blue's army
    (two defenders) or sends it to se.1 beside blue's capital.  The evaluation greedy reads,
    counting ne only as a capital in blue's reach, prefers the threat; the search's, seeing
    blue's third capital, the garrison doubled."""
    doubled = dict(SPLIT, **{"ne.capital": ("red", 2, 0)})
    guarded = position(armies={"red": ["home"], "blue": ["ne.16"]}, capitals=doubled)
    threat = position(armies={"red": ["home", "se.1"], "blue": ["ne.16"]}, capitals=SPLIT)
    assert TWO.search_evaluate(guarded, "red") > TWO.search_evaluate(threat, "red")
    assert TWO.evaluate(guarded, "red") < TWO.evaluate(threat, "red")


def test_walls_a_rival_can_pay_for_are_seized_unless_their_capital_falls_first() -> None:
    """Blue holds se.capital with three walls and 5 Spoils points: in its coming turn it
    buys the fourth, unless red, moving now with a 3 left, takes se first (se.5 is three
    steps from se.7, then the assault against the walls).  With 4 points it cannot pay."""
    capitals = {"se.capital": ("blue", 1, 3)}
    rich = position(
        armies={"red": ["se.7"], "blue": ["home"]},
        capitals=capitals,
        coins={"blue": [5]},
        dice=[3],
    )
    poor = attrs.evolve(rich, realms=(rich.realms[0], attrs.evolve(rich.realms[1], coins=(4,))))
    assert seizes(TWO, rich, 1) == pytest.approx(1 - float(assault(1, walls=3)))
    assert seizes(TWO, poor, 1) == 0.0
    mover = position(
        armies={"red": ["home"], "blue": ["se.7"]},
        capitals=capitals,
        coins={"blue": [5]},
        turn="blue",
    )
    assert seizes(TWO, mover, 1) == 1.0


def test_the_search_s_evaluation_of_a_finished_game_is_its_outcome() -> None:
    """A won game scores 1 and -1 in the search's evaluation, as in :meth:`evaluate`."""
    game = Sabatu(players=2)
    match = play(game, {p: RandomBot(i) for i, p in enumerate(game.players)}, seed=3)
    final = match.final
    assert isinstance(final, SabatuState)
    assert {game.search_evaluate(final, p) for p in game.players} == {1.0, -1.0}


def _assault_on_ne() -> SabatuState:
    """Red, holding nw and sw, has moved its army into blue's ne.capital (one defender):
    the battle's tiles, red with an ax (3) and a bow (1), blue with a shield and a helmet;
    neither has chosen, and red, seated first, chooses first."""
    capitals = {
        "nw.capital": ("red", 1, 0),
        "sw.capital": ("red", 1, 0),
        "ne.capital": ("blue", 1, 0),
        "se.capital": ("blue", 1, 0),
    }
    state = position(
        armies={"red": ["ne.1"], "blue": ["home"]},
        capitals=capitals,
        tiles={"red": ["ax", "bow"], "blue": ["shield", "helmet"]},
        dice=[1],
    )
    return TWO.apply(state, Move("red", "ne.1", 1, "ne.capital"))


def test_a_foreseen_battle_holds_the_other_side_s_tiles_as_the_plan_lays_them() -> None:
    """While red lays its tiles, blue's, not chosen yet, are laid by the plan from the
    battle's start (seeing none of red's); once blue has chosen, or outside a battle, the
    world stays as it is.  From the defender's side, red's tiles are laid the same way."""
    state = _assault_on_ne()
    starts: list[SabatuState] = []

    def shield(start: SabatuState, rival: str) -> SabatuState:
        starts.append(start)
        return TWO.apply(start, Arm(rival, "shield"))

    world = TWO.foreseen(state, "red", shield)
    fight, before = world.battle, state.battle
    assert fight is not None
    assert before is not None
    assert [s.battle for s in starts] == [before]
    assert fight == attrs.evolve(before, defence=(0,), defender_ready=True)
    events = TWO.apply(world, Arm("red", "ax")).log.since(len(world.log))
    fought = [e for e in events if isinstance(e, BattleFought)]
    assert [(e.attack_tiles, e.defence_tiles) for e in fought] == [(("ax",), ("shield",))]
    chosen = TWO.apply(state, Arm("blue", "helmet"))
    assert TWO.foreseen(chosen, "red", shield) is chosen
    moving = position(armies={"red": ["ne.1"]}, dice=[1])
    assert TWO.foreseen(moving, "red", shield) is moving
    assert len(starts) == 1

    def bow(start: SabatuState, rival: str) -> SabatuState:
        return TWO.apply(start, Arm(rival, "bow"))

    defended = TWO.foreseen(state, "blue", bow).battle
    assert defended == attrs.evolve(before, attack=(1,), attacker_ready=True)


def test_a_search_foreseeing_the_rival_s_tiles_lays_its_best_in_an_assault() -> None:
    """Red's assault on its third capital: without ``foresee`` red's search, choosing
    first, scores every tile alike (the battle waits for blue), so its choice is a tie
    broken at random; with it (by default: ``Sabatu.search_foresees``), blue's tiles are laid
    in each world and red lays the ax."""
    state = _assault_on_ne()
    actions = TWO.legal_actions(state, "red")
    worlds = [state] * 20

    def choices(foresee: bool | None) -> set[str]:
        bots = [MctsBot(seed, iterations=200, foresee=foresee) for seed in range(3)]
        return {str(bot.decide(TWO, state, "red", actions, worlds)) for bot in bots}

    assert choices(foresee=True) == {"arm ax"}
    assert len(choices(foresee=False)) > 1
    assert choices(foresee=None) == {"arm ax"}, "Sabatu's searches foresee unless told not to"


class _Watched(Sabatu):
    """Sabatu noting which of its two evaluations a bot reads."""

    read: list[str]

    def evaluate(self, state: SabatuState, player: str) -> float:
        self.read.append("evaluate")
        return super().evaluate(state, player)

    def search_evaluate(self, state: SabatuState, player: str) -> float:
        self.read.append("search_evaluate")
        return super().search_evaluate(state, player)


@pytest.mark.parametrize(
    ("bot", "reads"),
    [
        (MctsBot(0, iterations=30), {"search_evaluate"}),
        (MctsBot(0, iterations=30, own_evaluation=False), {"evaluate"}),
        (GreedyBot(0), {"evaluate"}),
    ],
)
def test_sabatu_s_searches_read_its_own_evaluation_by_default(bot: Bot, reads: set[str]) -> None:
    """``Sabatu.search_own_evaluation``: a search scores its positions by ``search_evaluate``
    (a victory the player can seize counted too) unless told not to; greedy reads
    ``evaluate``."""
    game = _Watched(players=2)
    game.read = []
    state = game.start(5)
    player = min(game.to_act(state))
    while len(game.legal_actions(state, player)) == 1:  # to the first real choice
        state = game.apply(state, game.legal_actions(state, player)[0])
        player = min(game.to_act(state))
    bot.choose(game, state, player)
    assert set(game.read) == reads


@pytest.mark.parametrize(
    ("bot", "trees"),
    [
        (MctsBot(1, iterations=800), 4),
        (MctsBot(1, iterations=200), 1),
        (MctsBot(1, iterations=800, trees=1), 1),
    ],
)
def test_sabatu_splits_a_bigger_search_into_searches_of_200(
    bot: MctsBot, trees: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``Sabatu.search_descents``: ``mcts:800`` is four searches of 200 descents, each in 20
    of its 80 worlds, unless told otherwise (``trees``); ``mcts:200`` is one, as before."""
    game = Sabatu(players=2)
    state = game.start(5)
    player = min(game.to_act(state))
    while len(game.legal_actions(state, player)) == 1:  # to the first real choice
        state = game.apply(state, game.legal_actions(state, player)[0])
        player = min(game.to_act(state))
    searches: list[int] = []
    search = bot._search

    def spy(
        game: Sabatu, state: SabatuState, player: str, actions: Any, worlds: Any, n: int
    ) -> Any:
        searches.append(len(worlds))
        return search(game, state, player, actions, worlds, n)

    monkeypatch.setattr(bot, "_search", spy)
    bot.choose(game, state, player)
    assert searches == [bot.samples // trees] * trees
