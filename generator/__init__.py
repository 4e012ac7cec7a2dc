"""TKG ARENA: The Seal Bearers - print-and-play generator, validator and simulator."""

__version__ = "0.1.0"
