"""Root conftest: makes pytest import the packages from this working tree."""

import os

# Tests read English texts whatever the developer's own language is (the client's
# default language is the system's); subprocesses inherit it too.
os.environ["LANGUAGE"] = "en"
