# Starts a child that would outlive it, and never ends.
sleep 1000.4701 &
wait
