"""The site's load script plays real games through decision_submit and reports figures."""
from io import StringIO

import pytest
from django.core.management import call_command

from games.models import Game, GameStep


@pytest.mark.django_db
def test_loadtest_plays_games_to_the_end_and_reports_moves_per_second():
    call_command("sync_cards", stdout=StringIO())
    out = StringIO()
    call_command("loadtest", games=1, keep=True, stdout=out)
    report = dict(part.split("=") for part in out.getvalue().split())
    assert report["games"] == "1" and int(report["moves"]) > 20
    assert float(report["moves_per_sec"]) > 0
    game = Game.objects.get()
    assert game.status == "finished"
    assert GameStep.objects.filter(game=game).count() == int(report["moves"])
