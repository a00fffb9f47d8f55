# error: this game has no 'play:' section
# at: 3:1
game "All setup":
  players 2 to 4
zone bag
setup:
  log "Nothing ever happens."
score p: 0
