"""replaykit: validate, replay, render and publish saves of hex-island resource games."""

__version__ = "0.1.0"
