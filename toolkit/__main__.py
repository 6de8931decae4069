"""``python -m toolkit`` runs the replaykit command line."""

from toolkit.cli import main

if __name__ == "__main__":
    main()
