#!/usr/bin/env bash
# Gradescope's setup.sh for the COMS 4701 search assignment, graded by
# classroom grade against exact truth: run once, as root, when Gradescope
# builds the autograder's image (Ubuntu), from /autograder/source, which
# holds this file, run_autograder and classroom, a Linux amd64 build of
# tilespace's classroom command:
#   GOOS=linux GOARCH=amd64 go build -o classroom ./cmd/classroom
set -euo pipefail
apt-get update
apt-get install -y python3 bubblewrap
install -m 0755 /autograder/source/classroom /usr/local/bin/classroom
# The exact table of the 8-puzzle, built once here rather than at each
# submission (a few seconds, 181,440 bytes).
export TILESPACE_CACHE=/autograder/source/cache
classroom grade -method bfs -board 1,2,5,3,4,0,6,7,8 /dev/null > /dev/null
