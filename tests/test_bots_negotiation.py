"""RandomBot plays rather than negotiates, unless told to."""

from wargames.bots import RandomBot
from wargames.sabotage import AcceptDraw, DeclineDraw, OfferDraw, Sabotage

GAME = Sabotage()


def test_random_bot_never_offers_a_draw_by_default() -> None:
    state = GAME.start(seed=1)
    bot = RandomBot(3)
    assert OfferDraw("green") in GAME.legal_actions(state, "green")
    assert all(not isinstance(bot.choose(GAME, state, "green"), OfferDraw) for _ in range(300))


def test_random_bot_answers_an_offer_when_that_is_all_it_may_do() -> None:
    state = GAME.apply(GAME.start(seed=1), OfferDraw("green"))
    answers = {type(RandomBot(seed).choose(GAME, state, "red")) for seed in range(20)}
    assert answers == {AcceptDraw, DeclineDraw}


def test_a_negotiating_random_bot_offers_draws_too() -> None:
    state = GAME.start(seed=1)
    bot = RandomBot(3, negotiate=True)
    assert any(isinstance(bot.choose(GAME, state, "green"), OfferDraw) for _ in range(300))
