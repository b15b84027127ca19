"""The game page: the table as HTML, decisions as plain forms, live updates over a WebSocket.

Everything a page shows comes from one `game.view(seat)` (through `selectors.game_view`);
the modules here only turn that dict into something a template can draw.
"""
