"""tools/theory.py's parts: quantum cost estimates (quantum.py), Shor's
period finding simulated (shor.py), curves to look at (curves.py), field
operation counts from the library's own source (opcount.py), the
extrapolation of attack timings (extrap.py, attacks.py) and the output
files (output.py)."""
