#!/usr/bin/python3
"""Man pages from the command's own help texts: pkc(1) from `pkc --help`
and pkc-CMD(1) from `pkc CMD --help` for every command it lists, so that
the pages never drift from the help. Usage: gen_man.py PKC OUTDIR VERSION

The help texts follow one layout: a usage block, paragraphs, "Options:"
with two-column option lines, "Example(s):" with indented commands. Each
becomes the matching man section; anything else stays a paragraph."""
import os
import re
import subprocess
import sys

DATE = "2026"


def esc(text):
    """roff-escape a line: backslashes, leading dots and quotes, dashes."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    if text.startswith((".", "'")):
        text = "\\&" + text
    return text


def help_text(pkc, *args):
    r = subprocess.run([pkc, *args, "--help"], capture_output=True, text=True, check=True)
    return r.stdout


def commands(main_help):
    out, inside = [], False
    for line in main_help.splitlines():
        if line.startswith("Commands:"):
            inside = True
            continue
        if inside:
            m = re.match(r"^  (\S+)\s+(.*)$", line)
            if not m:
                if line.strip() == "":
                    break
                continue
            out.append((m.group(1), m.group(2)))
    return out


def render(name, summary, text, version, see_also):
    lines = text.rstrip("\n").splitlines()
    o = ['.TH %s 1 "%s" "pkc %s" "pkc manual"' % (name.upper().replace("-", "\\-"), DATE,
                                                     version),
         ".SH NAME", "%s \\- %s" % (esc(name), esc(summary)), ".SH SYNOPSIS", ".nf"]
    i = 0
    while i < len(lines) and lines[i].strip():
        o.append(esc(re.sub(r"^usage: ", "", lines[i].strip())))
        i += 1
    o += [".fi", ".SH DESCRIPTION"]
    section = "DESCRIPTION"
    para = []

    def flush():
        if para:
            o.append(".PP")
            o.extend(esc(p) for p in para)
            para.clear()

    in_option = False
    for line in lines[i:]:
        head = re.match(r"^([A-Z][A-Za-z0-9 ,/()'-]*):\s*$", line)
        if head and not line.startswith(" "):
            flush()
            in_option = False
            title = head.group(1)
            if section == "EXAMPLES":
                o.append(".fi")
            if title.lower() == "options":
                section = "OPTIONS"
                o.append(".SH OPTIONS")
            elif title.lower().startswith("example"):
                section = "EXAMPLES"
                o += [".SH EXAMPLES", ".nf"]
            else:
                section = "OTHER"
                o.append(".SS " + esc(title))
            continue
        if section == "EXAMPLES":
            if line.strip():
                o.append(esc(line.rstrip()))
            continue
        indent = len(line) - len(line.lstrip(" "))
        m = re.match(r"^ +(-\S.*?)(?:\s{2,}(.*))?$", line)
        if m and indent <= 6:
            flush()
            o += [".TP", ".B " + esc(m.group(1).strip())]
            if m.group(2):
                o.append(esc(m.group(2).strip()))
            in_option = True
            continue
        if in_option and line.strip() and indent > 6:
            o.append(esc(line.strip()))
            continue
        in_option = False
        if line.strip():
            para.append(line.strip())
        else:
            flush()
    flush()
    if section == "EXAMPLES":
        o.append(".fi")
    o += [".SH EXIT STATUS",
          "0 success, 1 a negative answer (a signature that does not verify, a "
          "digest that does not match), 2 bad usage or bad input (one line on "
          "standard error)."]
    if see_also:
        o += [".SH SEE ALSO", ", ".join("\\fB%s\\fR(1)" % esc(s) for s in see_also)]
    return "\n".join(o) + "\n"


def main(argv):
    if len(argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    pkc, outdir, version = argv[1], argv[2], argv[3]
    os.makedirs(outdir, exist_ok=True)
    top = help_text(pkc)
    cmds = commands(top)
    if not cmds:
        print("gen_man: no commands in pkc --help", file=sys.stderr)
        return 1
    names = ["pkc-" + c for c, _ in cmds]
    pages = {"pkc": render("pkc", "a public-key cryptography lab: RSA and elliptic curves",
                           top, version, names)}
    for (c, summary), name in zip(cmds, names):
        pages[name] = render(name, summary, help_text(pkc, c), version, ["pkc"])
    for name, text in pages.items():
        tmp = os.path.join(outdir, name + ".1.tmp")
        with open(tmp, "w") as f:
            f.write(text)
        os.replace(tmp, os.path.join(outdir, name + ".1"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
