"""Writing HTML and Markdown: the pieces tools/report.py and
tools/rng_analysis.py share (escaping, tables, the page skeleton, atomic
writes), so both reports look and behave alike."""
import html
import os

BASE_CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;
max-width:1200px;padding:1em 2em;color:#222;line-height:1.45}
h1{margin-bottom:.2em}h2{border-bottom:1px solid #ccc;padding-bottom:.2em;margin-top:2em}
figure{margin:1em 0}figure img{max-width:100%;height:auto;border:1px solid #eee}
figcaption{margin:.5em 0;color:#333}
.scroll{max-width:100%;overflow-x:auto}
table{border-collapse:collapse;margin:.6em 0;font-size:.85em}
th,td{border:1px solid #ccc;padding:.2em .5em;text-align:right}
th{background:#f3f3f3}td:first-child,th:first-child{text-align:left}
img{max-width:100%}
"""


def esc(s):
    return html.escape(str(s), quote=True)


def html_table(headers, rows, cls=None, row_classes=None, raw_cells=False):
    """A table inside a div that scrolls sideways when the table is wider
    than the page. `row_classes`: one CSS class (or None) per row;
    `raw_cells`: the cells are HTML already (the caller escaped them)."""
    out = ['<div class="scroll"><table%s>' % (' class="%s"' % esc(cls) if cls else ""),
           "<thead><tr>"]
    out += ["<th>%s</th>" % esc(h) for h in headers]
    out.append("</tr></thead><tbody>")
    for i, r in enumerate(rows):
        rc = row_classes[i] if row_classes else None
        out.append("<tr%s>" % (' class="%s"' % esc(rc) if rc else "") +
                   "".join("<td>%s</td>" % (c if raw_cells else esc(c)) for c in r) + "</tr>")
    out.append("</tbody></table></div>")
    return "".join(out)


def html_page(title, css, body_parts):
    """A complete, self-contained page (inline CSS, nothing loaded from outside)."""
    return "\n".join(['<!DOCTYPE html>', '<html lang="en">', "<head>", '<meta charset="utf-8">',
                      '<meta name="viewport" content="width=device-width, initial-scale=1">',
                      "<title>%s</title>" % esc(title), "<style>%s</style>" % (BASE_CSS + css),
                      "</head>", "<body>"] + list(body_parts) + ["</body>", "</html>"]) + "\n"


def md_cell(s):
    return str(s).replace("|", "\\|").replace("\n", " ")


def md_table(headers, rows, align=None):
    """A Markdown table; `align`: one of 'l'/'r' per column (default: first
    column left, the others right, as numbers read best)."""
    if align is None:
        align = ["l"] + ["r"] * (len(headers) - 1)
    sep = "|" + "|".join("---:" if a == "r" else "---" for a in align) + "|"
    out = ["| " + " | ".join(md_cell(h) for h in headers) + " |", sep]
    out += ["| " + " | ".join(md_cell(c) for c in r) + " |" for r in rows]
    return "\n".join(out)


def atomic_write(path, data):
    """Write text (str) or bytes to path through a temporary file renamed
    over it, so a reader never sees a half-written report."""
    tmp = os.path.join(os.path.dirname(os.path.abspath(path)),
                       "." + os.path.basename(path) + ".tmp")
    mode = "wb" if isinstance(data, bytes) else "w"
    with open(tmp, mode, **({} if mode == "wb" else {"encoding": "utf-8"})) as f:
        f.write(data)
    os.replace(tmp, path)
