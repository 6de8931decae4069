"""Game engines and the registry of game ids."""
