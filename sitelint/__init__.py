"""sitelint: the second instrument for documentation sites."""

__version__ = "0.1.0"
