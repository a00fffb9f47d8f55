# error: unknown name 'p'
# at: 6:30
game "Piece label reads a name it cannot see":
  players 2 to 4

piece pawn(owner) labelled "{p.name}'s pawn"
zone pool

setup:
  create 1 pawn(players[0]) in pool

play:
  pass
