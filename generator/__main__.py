"""`python -m generator` works like `tkg`."""

from generator.cli import main

if __name__ == "__main__":
    main()
