# Writes output.txt without end: the file size limit stops it.
exec head -c 1073741824 /dev/zero > output.txt
