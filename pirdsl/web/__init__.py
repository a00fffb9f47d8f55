"""`pirdsl serve`: tables played in the browser, one page per seat, secrets kept by the server.

- `tables.py`: a table (a game, its seats, their links) played through the terminal's
  `PlaySession` rules of play (bots, undo, forced moves, what each seat is told), and
  what each seat's page may receive (`Table.view`).
- `store.py`: the tables kept in an SQLite database, so that a restart resumes them.
- `board.py`: a board of the observation as SVG, with the options that name a cell.
- `app.py`: the Starlette application: pages, WebSockets, refusing bad input.

Everything a page receives is built from `State.observation(seat)`, the seat's own
options and its log: nothing else of the state ever leaves the server.
"""
