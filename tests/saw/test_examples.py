"""The rule text's two example 20-point units, played: every roll of a real exchange fits the
traits, and thousands of seeded exchanges agree with the exact odds."""

from collections import Counter
from fractions import Fraction

from wargames.core.dice import d6
from wargames.core.rng import Rng
from wargames.saw import Attack, Attacked, SawState
from wargames.saw.odds import hit_points
from wargames.saw.units import ACCURACY, DAMAGE, ENDURANCE, EVASION

from .helpers import BALANCED, BRUISER, act, audit, duel, events

GAME = duel()


def exchange(seed: int, hexes: dict[str, str]) -> SawState:
    state = GAME.start(seed, hexes=hexes)
    return act(GAME, state, "b1 attack r1", "b1 done", "r1 attack b1", "r1 done")


def test_one_exchange_rolls_what_the_text_says() -> None:
    """Balanced (accuracy 4, damage 4) and Bruiser (evasion 0, endurance 8, accuracy 4, damage
    6) one hex apart: 2d6 + 4 - 1 against 2d6 + 0, and 2d6 + 4 - 1 against 2d6 + 4."""
    state = exchange(11, {"b1": "0505", "r1": "0605"})
    balanced, bruiser = events(state, Attacked)
    assert (balanced.player, balanced.target, balanced.penalty) == ("blue", "r1", 1)
    assert 2 <= balanced.attack_roll - 3 <= 12
    assert 2 <= balanced.evasion_roll <= 12
    assert 2 <= bruiser.attack_roll - 3 <= 12
    assert 2 <= bruiser.evasion_roll - 4 <= 12
    for attack in (balanced, bruiser):
        assert attack.hit == (attack.attack_roll > attack.evasion_roll)
    audit(GAME, state)


def two_d6(rng: Rng) -> tuple[int, Rng]:
    """Two six-sided dice from the stream, added up."""
    dice, rng = (2 * d6).roll(rng)
    return sum(dice), rng


def test_an_attack_replayed_die_by_die() -> None:
    """ "To resolve an attack" a) to c) and "If the attack hits" a) to c), exactly: the state's
    own dice, rolled here with the kernel's 2d6 (attacker, defender, then damage, endurance),
    give every total of Balanced shooting Bruiser one hex away (range penalty 1), and of
    Bruiser shooting Balanced (so that evasion and endurance are both above zero)."""
    duels = [("b1", "r1", BALANCED[3], BRUISER[3]), ("r1", "b1", BRUISER[3], BALANCED[3])]
    for shooter, target, mine, theirs in duels:
        seen = set()
        for seed in range(60):
            start = GAME.start(seed, hexes={"b1": "0505", "r1": "0605"})
            plotted = act(GAME, start, f"{shooter} attack {target}")
            state = act(GAME, plotted, "b1 done", "r1 done")
            (attack,) = events(state, Attacked)
            attacker, rng = two_d6(plotted.rng)
            defender, rng = two_d6(rng)
            aim = attacker + mine[ACCURACY] - 1
            assert attack.attack_roll == aim, "2d6 + accuracy - range penalty"
            assert attack.evasion_roll == defender + theirs[EVASION], "2d6 + evasion"
            defence = defender + theirs[EVASION]
            assert attack.hit is (aim > defence), "greater hits; less or equal misses"
            if not attack.hit:
                assert (attack.damage_roll, attack.hit_points) == (None, 0)
                seen.add("tie" if aim == defence else "miss")
                continue
            damage, rng = two_d6(rng)
            endurance, rng = two_d6(rng)
            assert attack.damage_roll == damage + mine[DAMAGE], "2d6 + damage"
            assert attack.endurance_roll == endurance + theirs[ENDURANCE], "2d6 + endurance"
            hurt = damage + mine[DAMAGE] - (endurance + theirs[ENDURANCE])
            assert attack.hit_points == max(0, hurt)
            seen.add("wound" if attack.hit_points else "hit without damage")
        assert seen == {"tie", "miss", "wound", "hit without damage"}, shooter


def test_hit_points_are_taken_in_the_damage_phase_not_before() -> None:
    """ "These will be taken during the damage phase": Bruiser fires back with its traits of
    the start of the turn after Balanced wounded it; both attacks replayed die by die."""
    for seed in range(200):
        plotted = act(GAME, GAME.start(seed, hexes={"b1": "0505", "r1": "0605"}), "b1 attack r1")
        state = act(GAME, plotted, "b1 done", "r1 attack b1", "r1 done")
        first, second = events(state, Attacked)
        if not first.hit_points:
            continue
        rng = plotted.rng
        for _ in range(4):  # Balanced's four rolls: it hit
            _, rng = two_d6(rng)
        attacker, rng = two_d6(rng)
        defender, rng = two_d6(rng)
        assert (second.player, second.attack_roll) == ("red", attacker + 4 - 1)
        assert second.evasion_roll == defender + 4
        return
    raise AssertionError("no seed below 200 has Balanced wound Bruiser")


def test_the_odds_of_a_plotted_attack() -> None:
    state = GAME.start(1, hexes={"b1": "0505", "r1": "1105"})  # 6 hexes: penalty 2
    assert GAME.exact_odds(state, Attack("blue", "b1", "r1")) == hit_points(4, 0, 4, 8, 6)
    assert GAME.exact_odds(state, Attack("red", "r1", "b1")) == hit_points(4, 4, 6, 4, 6)


def test_many_seeded_exchanges_agree_with_the_exact_odds() -> None:
    """The whole pipeline (plots, range, dice from the state's stream, logging) sampled 3000
    times against ``hit_points`` for both directions."""
    counts: dict[str, Counter[int]] = {"blue": Counter(), "red": Counter()}
    runs = 3000
    for seed in range(runs):
        for attack in events(exchange(seed, {"b1": "0505", "r1": "0605"}), Attacked):
            counts[attack.player][attack.hit_points] += 1
    exact = {"blue": hit_points(4, 0, 4, 8, 1), "red": hit_points(4, 4, 6, 4, 1)}
    for player, dist in exact.items():
        assert set(counts[player]) <= set(dist.outcomes)
        for outcome, p in dist.items():
            spread = float(runs * p * (1 - p)) ** 0.5
            assert abs(counts[player][outcome] - float(runs * p)) <= 4 * spread + 1, (
                player,
                outcome,
            )
    hit_rate = Fraction(sum(n for k, n in counts["blue"].items() if k), runs)
    assert abs(hit_rate - exact["blue"].probability(lambda k: k > 0)) < Fraction(1, 30)
