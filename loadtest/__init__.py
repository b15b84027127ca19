"""A load benchmark of the whole production set-up, driven through the public API (README)."""
