# share_places(counts, prizes): prizes by place, most first; players tied on a count share
# the prizes of the places they fill, each taking the total divided among them, rounded up.

game "Share places":
  players 1 to 2

play:
  pass

example "no ties: each place takes its prize, whatever the order of the counts":
  expect:
    share_places([3, 2, 1], [5, 3, 1]) == [5, 3, 1]
    share_places([1, 3, 2], [5, 3, 1]) == [1, 5, 3]
    share_places([7], [4, 2]) == [4]

example "a tie for first shares first and second; the next player is third":
  expect:
    share_places([2, 2, 1], [5, 3, 1]) == [4, 4, 1]
    share_places([1, 2, 2], [6, 4, 2]) == [2, 5, 5]

example "a tie for second shares second and third":
  expect:
    share_places([3, 1, 1], [5, 3, 1]) == [5, 2, 2]

example "shares are rounded up":
  expect:
    share_places([1, 1, 1], [5, 3]) == [3, 3, 3]
    share_places([2, 2], [4, 1]) == [3, 3]
    share_places([2, 2, 2], [4]) == [2, 2, 2]

example "places without a prize give nothing":
  expect:
    share_places([3, 2, 1], [4, 2]) == [4, 2, 0]
    share_places([3, 1, 1], [4]) == [4, 0, 0]
    share_places([1, 1], []) == [0, 0]
    share_places([], [5]) == []

example "the examples of the language reference":
  expect:
    share_places([2, 1, 2], [5, 3]) == [4, 0, 4]
    share_places([3, 2, 2, 1], [6, 4, 2]) == [6, 3, 3, 0]

example "tie for first and for third (the Glory Islands rulebook example)":
  expect:
    share_places([2, 2, 1, 1], [7, 5, 3]) == [6, 6, 2, 2]
