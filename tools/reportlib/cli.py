"""What the tools' command lines share: bad usage or input is one line,
`PROG: error: reason`, and exit status 2 (never a traceback or a usage
screen)."""
import argparse
import sys


def fail(prog, msg):
    sys.stderr.write("%s: error: %s\n" % (prog, " ".join(str(msg).split())))
    sys.exit(2)


class Parser(argparse.ArgumentParser):
    """argparse with its errors as one line (see --help for the usage)."""

    def error(self, message):
        fail(self.prog, message + " (see --help)")
