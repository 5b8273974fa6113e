"""Root conftest: makes pytest import the packages from this working tree."""
