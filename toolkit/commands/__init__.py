"""Command modules; each exposes ``COMMANDS``, a tuple of Click commands."""
