"""The load benchmark, small: concurrent games through HTTP lose no move."""

from benchmarks.web_load import load


def test_concurrent_games_through_http_finish_with_no_lost_move() -> None:
    result = load(games=3)
    assert result.finished == 3
    assert result.sent == result.counted > 0
