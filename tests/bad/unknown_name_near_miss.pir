# error: unknown name 'bga'
# at: 9:8
# hint: did you mean 'bag'?
game "Bag":
  players 2 to 4
zone bag
zone pile
play:
  move bga to pile
score p: count(pile)
