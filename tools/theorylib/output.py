"""The theory part's files: theory.md, theory.html (a fragment the report
embeds: one <section>, no <html>), summary.json (what was drawn, captions,
tables, facts, the Shor runs)."""
import base64
import html
import json
import os

INTRO = ("Security and attacks: what the theory says and what this machine measured. The "
         "attacks run on deliberately small keys; the extrapolations to real sizes assume "
         "the measured rate and the fitted law hold, and say so. Quantum figures are "
         "published estimates (each with its source and date), not measurements.")


def _atomic(path, data):
    tmp = os.path.join(os.path.dirname(os.path.abspath(path)), "." +
                       os.path.basename(path) + ".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(data)
    os.replace(tmp, path)


def esc(s):
    return html.escape(str(s), quote=True)


def table_html(headers, rows):
    out = ['<div class="scroll"><table><thead><tr>']
    out += ["<th>%s</th>" % esc(h) for h in headers]
    out.append("</tr></thead><tbody>")
    for r in rows:
        out.append("<tr>" + "".join("<td>%s</td>" % esc(c) for c in r) + "</tr>")
    out.append("</tbody></table></div>")
    return "".join(out)


def md_table(headers, rows):
    cell = lambda s: str(s).replace("|", "\\|").replace("\n", " ")  # noqa: E731
    out = ["| " + " | ".join(cell(h) for h in headers) + " |",
           "|" + "|".join("---" for _ in headers) + "|"]
    out += ["| " + " | ".join(cell(c) for c in r) + " |" for r in rows]
    return "\n".join(out)


def html_fragment(figs, shor_lines, outdir, embed=True):
    p = ['<section id="security-and-attacks">', "<h2>Security and attacks</h2>",
         "<p>%s</p>" % esc(INTRO)]
    for f in figs:
        p.append('<section id="theory-%s">' % esc(f.fid))
        p.append("<h3>%s. %s</h3>" % (esc(f.fid), esc(f.title)))
        if f.skip:
            p.append('<p class="skip">Skipped: %s.</p></section>' % esc(f.skip))
            continue
        if f.file:
            if embed:
                with open(os.path.join(outdir, f.file), "rb") as fh:
                    data = base64.b64encode(fh.read()).decode("ascii")
                src = "data:image/png;base64," + data
            else:
                src = f.file
            p.append('<figure><img src="%s" alt="%s"><figcaption>%s</figcaption></figure>' % (
                src, esc(f.title), esc(f.caption)))
        else:
            p.append("<p>%s</p>" % esc(f.caption))
        for sub, headers, rows in f.tables:
            p.append("<p><b>%s</b></p>" % esc(sub))
            p.append(table_html(headers, rows))
        p.append("</section>")
    if shor_lines:
        p.append('<section id="theory-shor"><h3>Shor\'s period finding, simulated</h3>')
        p.append("<pre>%s</pre></section>" % esc("\n".join(shor_lines)))
    p.append("</section>")
    return "\n".join(p) + "\n"


def markdown(figs, shor_lines, level=2):
    h = "#" * level
    p = ["%s Security and attacks" % h, "", INTRO, ""]
    for f in figs:
        p += ["%s# %s. %s" % (h, f.fid, f.title), ""]
        if f.skip:
            p += ["> **Skipped:** %s." % f.skip, ""]
            continue
        if f.file:
            p += ["![%s](%s)" % (f.title, f.file), ""]
        p += [f.caption, ""]
        for sub, headers, rows in f.tables:
            p += ["*%s*" % sub, "", md_table(headers, rows), ""]
    if shor_lines:
        p += ["%s# Shor's period finding, simulated" % h, "", "```"] + shor_lines + ["```", ""]
    return "\n".join(p)


def write_all(outdir, figs, shor_lines, shor_runs, inputs, generated):
    _atomic(os.path.join(outdir, "theory.md"), "# pkc: security and attacks\n\n" +
            markdown(figs, shor_lines, level=2))
    _atomic(os.path.join(outdir, "theory.html"), html_fragment(figs, shor_lines, outdir))
    summary = {"tool": "pkc tools/theory.py", "generated": generated, "inputs": inputs,
               "figures": [f.manifest() for f in figs], "shor": shor_runs,
               "shor_text": shor_lines}
    _atomic(os.path.join(outdir, "summary.json"),
            json.dumps(summary, indent=1, ensure_ascii=False, default=str) + "\n")
