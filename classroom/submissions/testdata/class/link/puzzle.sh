# Points output.txt at a file outside its folder.
ln -s /etc/passwd output.txt
