"""Play by the turn: deadlines, standing orders, vacation, notifications and webhooks.

Everything here reacts to games.signals.game_moved (sent after each committed move) and to a
periodic sweep (Celery beat in production, a thread of the web process in embedded mode).
Moves it makes go through games.services.decision_submit with an actor that the log shows.
"""
