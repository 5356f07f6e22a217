"""The stages of a run, in order: discover, read (and parse), prepare, evaluate, suppress, score."""
