# Leaves a named pipe for output.txt, which a reader would wait on.
mkfifo output.txt
