"""`pirdsl analyze`: what a designer wants to know of a rules file from many bot games.

Which rules, branches, powers, table rows and `end game`s ever fired (`watch.py` counts
them while each game is played, from the lines the compiled game already knows), which
options a strong bot shuns or always takes, where the points come from (each score change
put down to the statement that made it), and how the games go: their lengths, their lead
changes, the round from which they are decided, what final scoring changes, the seats'
chances. `figures.py` adds the games up into the JSON `--json` prints (docs/analyze.md),
`page.py` draws the `--report` page, and pirdsl/commands/analyze.py is the command.
"""
