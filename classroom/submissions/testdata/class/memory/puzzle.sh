# Doubles a string until the memory limit stops it.
exec awk 'BEGIN { s = "a"; while (1) s = s s }'
