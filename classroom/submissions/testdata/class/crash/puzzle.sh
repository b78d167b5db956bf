# Fails as a Python program with an exception does.
echo "Traceback (most recent call last):" >&2
echo "ZeroDivisionError: division by zero" >&2
exit 3
