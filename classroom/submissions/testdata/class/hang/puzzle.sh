# Starts a child that outlives it, names it in output.txt, and never ends.
sleep 1000 &
echo "pid $!" > output.txt
wait
