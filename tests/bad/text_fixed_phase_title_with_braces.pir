# error: a phase title is fixed text: nothing can be filled in with {...} here
# at: 8:16
# hint: '{{' and '}}' for plain braces
game "Phase title with braces":
  players 2 to 4

play:
  phase "Round {round_number}":
    pass
