"""sitelint: the second instrument for documentation sites."""

__version__ = "0.2.0"
