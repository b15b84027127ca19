"""Players for a load run: users with one API token each (run inside the site's Django)."""

from __future__ import annotations

import json
import secrets

from django.contrib.auth import get_user_model

from games.api import services


def main(count: int) -> None:
    """Print a JSON list of `count` fresh API tokens, one per new user."""
    prefix = f"load-{secrets.token_hex(3)}"
    users = get_user_model().objects.bulk_create(
        [get_user_model()(username=f"{prefix}-{i}", password="!") for i in range(count)])
    tokens = [services.token_create(user=user, name="loadtest")[1] for user in users]
    print(json.dumps(tokens))
