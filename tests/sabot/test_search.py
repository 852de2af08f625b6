"""What SABOT tells search bots about its turn (:meth:`Sabot.decision`): a unit's move and
its shots are decided as a whole, one unit after another (VI-a, VII-a)."""

from benchmarks.search_luck import WatchedMcts

from wargames.sabot import Sabot
from wargames.sabot.state import Advance, Hold, Select

from .helpers import field, play, played

GAME = field(20, 20)


def test_a_units_move_is_one_decision_and_the_next_unit_another() -> None:
    """Each step of a move decides the same thing; selecting a unit, the next unit's move
    and its shots in the attack phase each decide another."""
    state = GAME.position([("blue", "MBT", "0303", 3), ("blue", "MBT", "0305", 3),
                           ("yellow", "MBT", "0318", 0)])  # fmt: skip
    choosing = GAME.decision(state, "blue")
    first = play(GAME, state, "move 0")
    step = play(GAME, first, "advance")
    assert GAME.decision(first, "blue") == GAME.decision(step, "blue") != choosing
    second = play(GAME, step, "stop", "move 1")
    assert GAME.decision(second, "blue") not in (choosing, GAME.decision(step, "blue"))
    assert GAME.decision(play(GAME, step, "stop"), "blue") == choosing
    attack = GAME.position([("blue", "MBT", "0303", 3), ("yellow", "MBT", "0306", 0)],
                           phase="attack")  # fmt: skip
    shooting = GAME.apply(attack, Select("blue", 0))
    assert GAME.decision(shooting, "blue") not in (GAME.decision(attack, "blue"), choosing)
    assert GAME.decision(shooting, "blue") != GAME.decision(first, "blue")


class _Windowed(Sabot):
    """SABOT at its defaults with the rival's forced overwatch windows searched as nodes."""

    search_skips_forced = False


def test_a_step_nobody_can_fire_at_is_followed_by_the_movers_own_choices() -> None:
    """A step opens the rival's overwatch window (VII-a); where the rival can fire at
    nothing, its one action (hold) is no choice, so the search passes through it and the
    step is worth the best of the unit's next choices, as a turn in place is (every
    continuation the mover's own); with the window a node, the step's one continuation is
    the rival's hold, and the step is worth the mean of what followed."""
    game = Sabot()
    state = played(game, seed=5, steps=2)[-1]
    assert state.moving is not None
    mover = state.units[state.moving.unit].owner
    step = Advance(mover)
    after = game.apply(state, step)
    assert game.legal_actions(after, game.opponent(mover)) == (Hold(game.opponent(mover)),)
    followed = {}
    for searched in (game, _Windowed()):
        bot = WatchedMcts(0, iterations=60)
        bot.choose(searched, state, mover)
        assert bot.root is not None
        followed[searched.search_skips_forced] = {
            c.chooser for c in bot.root.children[step].children.values()
        }
    assert followed == {True: {mover}, False: {game.opponent(mover)}}
