"""The other instrument: docs build logs read into findings, the build's severity settings, and the overlap report."""
