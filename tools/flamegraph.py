#!/usr/bin/python3
"""Flame graphs as self-contained SVG, from folded stacks or `perf script`.

usage: tools/flamegraph.py [--from-perf-script] [-o OUT.svg] [--folded-out FILE]
                           [--case NAME] [--sampler TEXT] [--width PX] [INPUT|-]

Input (a file, or stdin when INPUT is - or absent):
  - folded stacks, one per line: `root;caller;callee COUNT` (frames from the
    root down, COUNT samples ending in that stack), as `pkc bench --profile`
    writes them;
  - with --from-perf-script, the text of `perf script` (e.g. after
    `perf record -e cpu-clock -F 999 -g -o x.data -- build/pkc hash FILE`,
    `perf script -i x.data`), folded here: one sample per record, the
    process name as the root frame, then the call chain from the outermost
    caller to the sampled function; addresses, `+0x..` offsets and the
    `(binary)` suffix dropped, function names kept.

Output: an SVG flame graph (-o, default stdout): one box per frame, its width
proportional to the samples that passed through it, callees stacked above
their callers, children in alphabetical order (the x order means nothing,
only widths do), a name written where it fits and a `<title>` tooltip with
the frame's sample count and share of the total; a header names the case
and the sampler. Colours are derived from the function name, so one function
has one colour in every graph. --folded-out writes the folded stacks too
(what --from-perf-script computed).

Exit status: 0 written; 2 bad usage or input (one line `flamegraph.py: error: ...`).
"""
import html
import os
import re
import sys
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reportlib import cli  # noqa: E402  (standard library only)

PROG = "flamegraph.py"


class InputError(Exception):
    pass


# ---------------------------------------------------------------------------
# Reading
def parse_folded(text, where="input"):
    """{stack tuple: samples} from folded lines; blank lines are skipped. The
    count is the last space-separated field (frame names may hold spaces,
    e.g. `operator new`)."""
    stacks = {}
    for i, line in enumerate(text.splitlines(), start=1):
        line = line.rstrip("\r\n")
        if not line.strip():
            continue
        stack, sep, count = line.rstrip().rpartition(" ")
        if not sep or not stack.strip():
            raise InputError("%s: line %d: expected 'frame;frame;... COUNT'" % (where, i))
        try:
            n = int(count)
        except ValueError:
            try:
                n = float(count)
            except ValueError:
                raise InputError("%s: line %d: count %r is not a number" % (where, i, count[:20]))
        if n < 0 or n != n:
            raise InputError("%s: line %d: negative count" % (where, i))
        frames = tuple(f for f in stack.strip().split(";"))
        if any(not f for f in frames):
            raise InputError("%s: line %d: empty frame name" % (where, i))
        stacks[frames] = stacks.get(frames, 0) + n
    if not stacks:
        raise InputError("%s: no stacks" % where)
    return stacks


# A perf script sample header: "comm pid/tid [cpu] time: [period] event:"; the
# comm may contain spaces, so the line is recognised by what follows it.
_HEADER = re.compile(r"^(?P<comm>\S.*?)\s+(?P<pid>\d+)(?:/\d+)?\s+(?:\[\d+\]\s+)?"
                     r"\d+\.\d+:\s")
# A call-chain line: "\t  ffffffff81000000 func+0x1f (/path/bin)" (perf may
# omit the address or the module).
_FRAME = re.compile(r"^\s+(?:[0-9a-fA-F]+\s+)?(?P<sym>.*?)(?:\s+\((?P<dso>[^()]*)\))?\s*$")


def clean_symbol(sym, dso=None):
    """`func+0x1f` -> `func`; an unknown symbol keeps its module's name."""
    sym = re.sub(r"\+0x[0-9a-fA-F]+$", "", sym.strip())
    if not sym or sym == "[unknown]":
        base = os.path.basename(dso) if dso else ""
        if not base or base in ("unknown", "[unknown]"):
            return "[unknown]"
        return base if base.startswith("[") else "[%s]" % base  # e.g. [kernel.kallsyms]
    return sym


def fold_perf_script(text, where="input"):
    """{stack tuple: samples} from `perf script` output (see the module docstring)."""
    stacks = {}
    comm, chain = None, []

    def flush():
        if comm is not None:
            frames = (comm,) + tuple(reversed(chain))
            stacks[frames] = stacks.get(frames, 0) + 1

    for line in text.splitlines():
        if not line.strip():
            flush()
            comm, chain = None, []
            continue
        if not line[0].isspace():
            m = _HEADER.match(line)
            if m:
                flush()
                comm, chain = m.group("comm").strip(), []
            continue
        if comm is None:
            continue
        m = _FRAME.match(line)
        if m:
            chain.append(clean_symbol(m.group("sym"), m.group("dso")))
    flush()
    if not stacks:
        raise InputError("%s: no samples found (is it the output of `perf script`?)" % where)
    return stacks


def folded_text(stacks):
    return "".join("%s %s\n" % (";".join(s), _num(n)) for s, n in sorted(stacks.items()))


def _num(n):
    return "%d" % n if float(n).is_integer() else "%g" % n


# ---------------------------------------------------------------------------
# Layout and drawing
class Node:
    __slots__ = ("name", "total", "children")

    def __init__(self, name):
        self.name = name
        self.total = 0
        self.children = {}


def build_tree(stacks):
    root = Node("all")
    for frames, n in stacks.items():
        root.total += n
        node = root
        for f in frames:
            node = node.children.setdefault(f, Node(f))
            node.total += n
    return root


def frame_color(name):
    """A warm colour from the name (the classic flame-graph palette), the
    same for a function in every graph."""
    h = zlib.crc32(name.encode("utf-8", "replace"))
    r = 205 + (h & 0x3f) % 50
    g = 90 + ((h >> 8) & 0xff) % 140
    b = 40 + ((h >> 16) & 0xff) % 50
    return "rgb(%d,%d,%d)" % (r, g, b)


def depth(node):
    return 1 + max((depth(c) for c in node.children.values()), default=0)


def render_svg(stacks, case=None, sampler=None, width=1200, frame_h=16, font=11):
    """The flame graph of `stacks` as an SVG document (a string)."""
    root = build_tree(stacks)
    total = root.total
    if total <= 0:
        raise InputError("the stacks hold no samples")
    pad, head = 10, 48
    levels = depth(root)
    height = head + levels * frame_h + 2 * pad
    usable = width - 2 * pad
    char_w = font * 0.6  # DejaVu Sans-like average advance
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
           'font-family="DejaVu Sans, Verdana, sans-serif" font-size="%d">' % (
               width, height, width, height, font),
           '<rect x="0" y="0" width="%d" height="%d" fill="#fdfaf2"/>' % (width, height)]
    title = "Flame graph" + (": " + case if case else "")
    sub = "%s samples%s; width = share of samples, callees above their callers; hover a frame " \
          "for its count" % (_num(total), " (%s)" % sampler if sampler else "")
    out.append('<text x="%d" y="22" font-size="15" font-weight="bold">%s</text>' % (
        pad, html.escape(title)))
    out.append('<text x="%d" y="40" fill="#555">%s</text>' % (pad, html.escape(sub)))

    def emit(node, x, level):
        w = usable * node.total / total
        if w < 0.1:
            return
        y = height - pad - (level + 1) * frame_h
        pct = 100.0 * node.total / total
        label = "%s (%s samples, %.2f%%)" % (node.name, _num(node.total), pct)
        out.append('<g><title>%s</title><rect x="%.2f" y="%d" width="%.2f" height="%d" '
                   'fill="%s" stroke="#fdfaf2" stroke-width="0.5" rx="2"/>' % (
                       html.escape(label), x, y, w, frame_h - 1,
                       "#e0d6c0" if level == 0 else frame_color(node.name)))
        fit = int((w - 6) / char_w)
        if fit >= 3:
            text = node.name if len(node.name) <= fit else node.name[:fit - 2] + ".."
            out.append('<text x="%.2f" y="%d">%s</text>' % (x + 3, y + frame_h - 4,
                                                            html.escape(text)))
        out.append("</g>")
        cx = x
        for name in sorted(node.children):
            child = node.children[name]
            emit(child, cx, level + 1)
            cx += usable * child.total / total

    root.name = "all" + (" (%s)" % case if case else "")
    emit(root, pad, 0)
    out.append("</svg>")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------
def fail(msg):
    cli.fail(PROG, msg)


def _write(path, text):
    if path in (None, "-"):
        sys.stdout.write(text)
        return
    tmp = os.path.join(os.path.dirname(os.path.abspath(path)), "." + os.path.basename(path) +
                       ".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


def main(argv):
    ap = cli.Parser(prog=PROG, description="SVG flame graph from folded stacks or perf script.")
    ap.add_argument("input", nargs="?", default="-", help="input file (default: stdin)")
    ap.add_argument("--from-perf-script", action="store_true",
                    help="the input is the text of `perf script`")
    ap.add_argument("-o", "--output", help="SVG file to write (default: stdout)")
    ap.add_argument("--folded-out", metavar="FILE", help="also write the folded stacks")
    ap.add_argument("--case", help="the case profiled, for the header (e.g. "
                    "pkc/ECDSA/secp256r1/sign)")
    ap.add_argument("--sampler", help="how the samples were taken, for the header (e.g. "
                    "'perf record -e cpu-clock -F 999 -g')")
    ap.add_argument("--width", type=int, default=1200, help="SVG width in pixels (default 1200)")
    a = ap.parse_args(argv)
    if not 200 <= a.width <= 10000:
        fail("--width must be between 200 and 10000")
    where = "stdin" if a.input == "-" else a.input
    try:
        if a.input == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(a.input, "rb") as f:
                data = f.read()
    except OSError as e:
        fail("%s: %s" % (where, e.strerror or e))
    text = data.decode("utf-8", "replace")
    try:
        stacks = fold_perf_script(text, where) if a.from_perf_script else \
            parse_folded(text, where)
        svg = render_svg(stacks, a.case, a.sampler, a.width)
    except InputError as e:
        fail(e)
    try:
        if a.folded_out:
            _write(a.folded_out, folded_text(stacks))
        _write(a.output, svg)
    except OSError as e:
        fail("cannot write: %s" % (e.strerror or e))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
