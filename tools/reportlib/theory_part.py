"""The report's "Security and attacks" part: what `make theory-report`
(tools/theory.py) wrote into results/theory/ — theory.html, a fragment with
its figures embedded; theory.md; summary.json — joined to report.html and
report.md as their last section. The report only reads these files."""
import json
import os
import re

from .data import InputError


class TheoryPart:
    def __init__(self, folder):
        self.folder = folder
        try:
            with open(os.path.join(folder, "summary.json"), encoding="utf-8") as f:
                self.summary = json.load(f)
            with open(os.path.join(folder, "theory.html"), encoding="utf-8") as f:
                self.html = f.read()
            with open(os.path.join(folder, "theory.md"), encoding="utf-8") as f:
                self.md = f.read()
        except OSError as e:
            raise InputError("--theory %s: %s (run `make theory-report` or tools/theory.py "
                             "first)" % (folder, e.strerror or e))
        except ValueError as e:
            raise InputError("--theory %s: summary.json is malformed (%s)" % (folder, e))
        if not isinstance(self.summary, dict) or \
                self.summary.get("tool") != "pkc tools/theory.py" or \
                not isinstance(self.summary.get("figures"), list):
            raise InputError("--theory %s: summary.json was not written by tools/theory.py"
                             % folder)
        if '<section id="security-and-attacks">' not in self.html:
            raise InputError("--theory %s: theory.html has no Security and attacks section"
                             % folder)

    def titles(self):
        return [(f.get("id"), f.get("title"), bool(f.get("skipped")))
                for f in self.summary["figures"]]

    def markdown(self, outdir):
        """theory.md below report.md: its first heading dropped, the figure
        links made relative to the report's folder."""
        rel = os.path.relpath(os.path.abspath(self.folder), os.path.abspath(outdir))
        body = self.md.split("\n", 1)[1] if self.md.startswith("# ") else self.md
        return re.sub(r"\]\((T[0-9][^)]*\.png)\)",
                      lambda m: "](%s)" % os.path.join(rel, m.group(1)).replace(os.sep, "/"),
                      body)

    def manifest(self):
        return {"folder": self.folder, "generated": self.summary.get("generated"),
                "inputs": self.summary.get("inputs"),
                "figures": [{k: f.get(k) for k in ("id", "title", "file", "caption",
                                                   "interval", "yscale", "sources",
                                                   "skipped")}
                            for f in self.summary["figures"]]}
