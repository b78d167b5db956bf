# Copies what its folder holds: a link out of it (secret), and an old output.txt.
cat secret > output.txt 2>/dev/null
exit 0
