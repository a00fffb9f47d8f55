# error: this file has no game header
# at: 1:1
# An "empty" rules file: nothing but comments.
