"""Run the tools with Debian's interpreter.

The tools need python3-matplotlib, python3-numpy and python3-scipy, which
Debian installs for /usr/bin/python3 only; the first `python3` on PATH may be
another interpreter (pyenv, a virtualenv) that cannot import them and would
die with a traceback. So a tool started by an interpreter that is not
Debian's, or that cannot find those modules (e.g. `python3 -S`), re-executes
itself with /usr/bin/python3; when that cannot help, it says in one line what
to do. This module uses nothing but the standard library, so it works under
any Python 3.
"""
import importlib.util
import os
import sys

DEBIAN_PYTHON = "/usr/bin/python3"
_GUARD = "PKC_TOOLS_REEXEC"  # set once we re-executed: never loop


def _is_debian_python():
    try:
        same = os.path.realpath(sys.executable) == os.path.realpath(DEBIAN_PYTHON)
    except OSError:
        same = False
    # A virtualenv made from /usr/bin/python3 has the same executable but its
    # own prefix, without Debian's dist-packages.
    return same and sys.prefix == getattr(sys, "base_prefix", sys.prefix)


def _missing(modules):
    out = []
    for m in modules:
        try:
            if importlib.util.find_spec(m) is None:  # found, not imported: cheap
                out.append(m)
        except (ImportError, ValueError):
            out.append(m)
    return out


def require_debian_python(prog, modules=("numpy", "matplotlib")):
    """Return when this interpreter is Debian's and finds `modules`;
    otherwise re-execute the running script with /usr/bin/python3 (same
    arguments), or exit with status 2 and a one-line reason."""
    missing = _missing(modules)
    if _is_debian_python() and not missing:
        return
    if os.environ.get(_GUARD) != "1" and os.access(DEBIAN_PYTHON, os.X_OK):
        env = dict(os.environ)
        env[_GUARD] = "1"
        script = os.path.abspath(sys.argv[0])
        try:
            sys.stdout.flush()
            sys.stderr.flush()
            os.execve(DEBIAN_PYTHON, [DEBIAN_PYTHON, script] + sys.argv[1:], env)
        except OSError:
            pass  # fall through: try the interpreter we have
    if missing:
        how = "install them with scripts/deps.sh" if _is_debian_python() else \
            "run the tool with %s (scripts/deps.sh installs python3-matplotlib, python3-numpy " \
            "and python3-scipy)" % DEBIAN_PYTHON
        sys.stderr.write("%s: error: this Python (%s) cannot import %s; %s\n" % (
            prog, sys.executable or "?", ", ".join(missing), how))
        sys.exit(2)
