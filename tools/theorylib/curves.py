"""Curves to look at: the group law over the real numbers, a curve over a
small prime field with the orbit of a generator, and scalar multiplication
step by step (double-and-add, Montgomery ladder). The arithmetic is plain
Python integers, written here for the pictures (not the library's code)."""
import math

import numpy as np

from .common import Figure, plt, save

INF = None  # the point at infinity


class SmallCurve:
    """y^2 = x^3 + a x + b over F_p (p an odd prime, 4a^3 + 27b^2 != 0)."""

    def __init__(self, p, a, b):
        if (4 * a ** 3 + 27 * b ** 2) % p == 0:
            raise ValueError("singular curve")
        self.p, self.a, self.b = p, a % p, b % p

    def on_curve(self, P):
        if P is INF:
            return True
        x, y = P
        return (y * y - (x ** 3 + self.a * x + self.b)) % self.p == 0

    def neg(self, P):
        return INF if P is INF else (P[0], (-P[1]) % self.p)

    def add(self, P, Q):
        p = self.p
        if P is INF:
            return Q
        if Q is INF:
            return P
        (x1, y1), (x2, y2) = P, Q
        if x1 == x2 and (y1 + y2) % p == 0:
            return INF
        if P == Q:
            lam = (3 * x1 * x1 + self.a) * pow(2 * y1, -1, p) % p
        else:
            lam = (y2 - y1) * pow(x2 - x1, -1, p) % p
        x3 = (lam * lam - x1 - x2) % p
        return (x3, (lam * (x1 - x3) - y1) % p)

    def mul(self, k, P):
        R = INF
        for bit in bin(k)[2:] if k > 0 else "":
            R = self.add(R, R)
            if bit == "1":
                R = self.add(R, P)
        return R

    def points(self):
        """Every affine point, by the square roots of x^3 + ax + b (a table
        of squares), then the point at infinity is counted separately."""
        p = self.p
        roots = {}
        for y in range(p):
            roots.setdefault(y * y % p, []).append(y)
        pts = []
        for x in range(p):
            for y in roots.get((x ** 3 + self.a * x + self.b) % p, []):
                pts.append((x, y))
        return pts

    def count_legendre(self):
        """#E = p + 1 + sum_x chi(x^3 + ax + b), chi the Legendre symbol."""
        p, s = self.p, 0
        for x in range(p):
            v = (x ** 3 + self.a * x + self.b) % p
            if v:
                s += 1 if pow(v, (p - 1) // 2, p) == 1 else -1
        return p + 1 + s

    def count_brute(self):
        """#E by trying every (x, y) in F_p^2, plus the point at infinity."""
        p = self.p
        return 1 + sum(1 for x in range(p) for y in range(p)
                       if (y * y - x ** 3 - self.a * x - self.b) % p == 0)

    def order(self, P):
        k, Q = 1, P
        while Q is not INF:
            Q = self.add(Q, P)
            k += 1
        return k


def is_prime(n):
    return n > 1 and all(n % d for d in range(2, math.isqrt(n) + 1))


def demo_curve(p=97):
    """The first curve y^2 = x^3 + ax + b over F_p (a = 2, b = 1, 2, ...)
    whose group order is prime (so every point but O generates it), and
    its generator: the point with the smallest x."""
    for b in range(1, p):
        try:
            E = SmallCurve(p, 2, b)
        except ValueError:
            continue
        n = E.count_legendre()
        if is_prime(n):
            G = min(E.points())
            return E, G, n
    raise ValueError("no prime-order curve found")


# ---- figures ------------------------------------------------------------


def _real_curve(ax, a, b, xlim):
    xs = np.linspace(xlim[0], xlim[1], 4000)
    rhs = xs ** 3 + a * xs + b
    ok = rhs >= 0
    ys = np.where(ok, np.sqrt(np.where(ok, rhs, 0)), np.nan)
    ax.plot(xs, ys, color="#1f618d")
    ax.plot(xs, -ys, color="#1f618d")
    ax.axhline(0, color="#999", lw=0.6)
    ax.axvline(0, color="#999", lw=0.6)


def real_add(a, P, Q):
    (x1, y1), (x2, y2) = P, Q
    lam = (3 * x1 * x1 + a) / (2 * y1) if P == Q else (y2 - y1) / (x2 - x1)
    x3 = lam * lam - x1 - x2
    return lam, (x3, -(y1 + lam * (x3 - x1)))


def figure_real(outdir, dpi, a=-1.0, b=1.0):
    f = Figure("T2", "The group law on y² = x³ − x + 1 over the real numbers")
    fig, axes = plt.subplots(1, 3, figsize=(16, 5.4))
    P = (-1.0, math.sqrt((-1.0) ** 3 + a * -1.0 + b))
    Q = (0.5, -math.sqrt(0.5 ** 3 + a * 0.5 + b))
    xlim = (-1.8, 2.6)
    # chord
    ax = axes[0]
    _real_curve(ax, a, b, xlim)
    lam, R = real_add(a, P, Q)
    xs = np.linspace(xlim[0], xlim[1], 10)
    ax.plot(xs, P[1] + lam * (xs - P[0]), "--", color="#888")
    third = (R[0], -R[1])
    ax.plot([third[0], R[0]], [third[1], R[1]], ":", color="#c0392b")
    for pt, lab, c in ((P, "P", "k"), (Q, "Q", "k"), (third, "−(P + Q)", "#888"),
                       (R, "P + Q", "#c0392b")):
        ax.plot(*pt, "o", color=c)
        ax.annotate(lab, pt, textcoords="offset points", xytext=(6, 6))
    ax.set_title("chord: the line PQ meets the curve a third time;\nits mirror image is P + Q")
    # tangent
    ax = axes[1]
    _real_curve(ax, a, b, xlim)
    P2 = (-0.8, math.sqrt((-0.8) ** 3 + a * -0.8 + b))
    lam, D = real_add(a, P2, P2)
    ax.plot(xs, P2[1] + lam * (xs - P2[0]), "--", color="#888")
    ax.plot([D[0], D[0]], [-D[1], D[1]], ":", color="#c0392b")
    for pt, lab, c in ((P2, "P", "k"), ((D[0], -D[1]), "−2P", "#888"), (D, "2P", "#c0392b")):
        ax.plot(*pt, "o", color=c)
        ax.annotate(lab, pt, textcoords="offset points", xytext=(6, 6))
    ax.set_title("tangent: the tangent at P meets the curve again;\nits mirror image is 2P")
    # negation and infinity
    ax = axes[2]
    _real_curve(ax, a, b, xlim)
    Pn = (1.2, math.sqrt(1.2 ** 3 + a * 1.2 + b))
    ax.axvline(Pn[0], ls="--", color="#888")
    for pt, lab in ((Pn, "P"), ((Pn[0], -Pn[1]), "−P")):
        ax.plot(*pt, "o", color="k")
        ax.annotate(lab, pt, textcoords="offset points", xytext=(6, 6))
    ax.annotate("to O, the point at infinity:\nevery vertical line meets it;\n"
                "P + (−P) = O, P + O = P", (Pn[0], 2.4), xytext=(-1.7, 2.2),
                arrowprops={"arrowstyle": "->"}, fontsize=9)
    ax.set_title("negation: −P is the mirror image of P;\nthe vertical line through both")
    for ax in axes:
        ax.set_xlim(*xlim)
        ax.set_ylim(-3.2, 3.2)
        ax.set_xlabel("x")
        ax.set_ylabel("y")
        ax.set_aspect("auto")
    fig.suptitle("y² = x³ − x + 1 over ℝ (a = −1, b = 1)")
    fig.tight_layout()
    f.file = save(fig, outdir, "T2-group-law-real", dpi)
    f.yscale = "linear"
    f.caption = ("The group law drawn over the real numbers, y² = x³ − x + 1. Left: the chord "
                 "through P and Q meets the curve in a third point; its mirror image in the x "
                 "axis is P + Q. Middle: the tangent at P gives 2P the same way. Right: −P is "
                 "the mirror image of P; the vertical line through P and −P has no third "
                 "finite point, it meets the point at infinity O, the group's neutral element "
                 "(P + (−P) = O). The same formulas, modulo p, are the group law over a finite "
                 "field (next figure). No measurement, no interval.")
    f.facts = {"P+Q": [round(R[0], 6), round(R[1], 6)], "2P": [round(D[0], 6), round(D[1], 6)]}
    return f


def figure_fp(E, G, n, outdir, dpi):
    f = Figure("T3", "y² = x³ + %dx + %d over F_%d: its %d points and the orbit of G" % (
        E.a, E.b, E.p, n))
    pts = E.points()
    brute = E.count_brute()
    fig, ax = plt.subplots(figsize=(10, 9))
    ax.scatter([x for x, _ in pts], [y for _, y in pts], s=14, color="#bbb",
               label="the %d affine points (and O)" % len(pts))
    Q = G
    orbit = []
    for k in range(1, n):
        orbit.append((k, Q))
        Q = E.add(Q, G)
    xs = [P[0] for _, P in orbit]
    ys = [P[1] for _, P in orbit]
    ax.plot(xs, ys, "-", color="#1f618d", lw=0.4, alpha=0.5,
            label="the orbit G, 2G, 3G, ... in order")
    ax.scatter(xs, ys, s=18, color="#1f618d")
    for k, P in orbit:
        ax.annotate(str(k), P, textcoords="offset points", xytext=(3, 3), fontsize=6.5)
    ax.annotate("G = (%d, %d)" % G, G, textcoords="offset points", xytext=(8, -12),
                color="#c0392b", fontsize=10)
    ax.plot(*G, "o", color="#c0392b")
    ax.axhline(E.p / 2, color="#ddd", lw=0.8)
    ax.set_xlim(-2, E.p + 2)
    ax.set_ylim(-2, E.p + 6)
    ax.set_xlabel("x (0 … %d)" % (E.p - 1))
    ax.set_ylabel("y (0 … %d)" % (E.p - 1))
    ax.set_title("%d points with O; the group order %d is prime, so G generates it: "
                 "%dG = O" % (n, n, n), fontsize=10)
    ax.legend(loc="upper right", fontsize=8)
    fig.tight_layout()
    f.file = save(fig, outdir, "T3-curve-fp", dpi)
    f.yscale = "linear"
    f.caption = ("The curve y² = x³ + %dx + %d over the field of %d elements as a scatter of "
                 "its points: #E = %d with the point at infinity O (counted two ways: p + 1 + "
                 "Σ Legendre symbols = %d, trying all p² pairs (x, y) = %d). The group order "
                 "is prime, so G = (%d, %d) generates the whole group; the numbers are the "
                 "multiples kG, k = 1 … %d, and %dG = O. Points come in pairs (x, y), "
                 "(x, p − y) mirrored about the grey line y = p/2, as over the reals; the orbit "
                 "jumps about the plane with no visible order, which is what makes the "
                 "discrete logarithm (find k from kG) hard. No measurement, no interval." % (
                     E.a, E.b, E.p, n, E.count_legendre(), brute, G[0], G[1], n - 1, n))
    f.facts = {"p": E.p, "a": E.a, "b": E.b, "order": n, "order_legendre": E.count_legendre(),
               "order_brute": brute, "G": list(G), "orbit_closes": E.mul(n, G) is INF}
    return f


def double_and_add_steps(E, k, G):
    """Left-to-right double-and-add: [(operation, multiple, point)]."""
    steps = [("start", 1, G)]
    m, R = 1, G
    for bit in bin(k)[3:]:
        m, R = 2 * m, E.add(R, R)
        steps.append(("double", m, R))
        if bit == "1":
            m, R = m + 1, E.add(R, G)
            steps.append(("add G", m, R))
    return steps


def ladder_steps(E, k, G):
    """Montgomery ladder: (R0, R1) = (mG, (m + 1)G) after each bit; one
    addition and one doubling per bit whatever its value."""
    R0, R1, m = INF, G, 0
    steps = [(0, R0, R1)]
    for bit in bin(k)[2:]:
        if bit == "1":
            R0, R1, m = E.add(R0, R1), E.add(R1, R1), 2 * m + 1
        else:
            R0, R1, m = E.add(R0, R0), E.add(R0, R1), 2 * m
        steps.append((m, R0, R1))
    return steps


def figure_scalar(E, G, k, outdir, dpi):
    f = Figure("T4", "Scalar multiplication %dG step by step: double-and-add and the "
                     "Montgomery ladder" % k)
    pts = E.points()
    fig, axes = plt.subplots(1, 2, figsize=(16, 7.5))
    da = double_and_add_steps(E, k, G)
    ld = ladder_steps(E, k, G)
    for ax in axes:
        ax.scatter([x for x, _ in pts], [y for _, y in pts], s=8, color="#ddd")
        ax.set_xlim(-2, E.p + 2)
        ax.set_ylim(-2, E.p + 6)
        ax.set_xlabel("x")
        ax.set_ylabel("y")
    ax = axes[0]
    prev = None
    for i, (op, m, P) in enumerate(da):
        ax.plot(*P, "o", color="#c0392b" if op == "add G" else "#1f618d")
        ax.annotate("%d. %dG" % (i, m), P, textcoords="offset points", xytext=(5, 5))
        if prev is not None:
            ax.annotate("", P, prev, arrowprops={"arrowstyle": "->", "color": "#555",
                                                 "lw": 0.8})
        prev = P
    ax.set_title("double-and-add, k = %d = %sb: %d doublings (blue), %d additions of G (red)" % (
        k, bin(k)[2:], sum(1 for s in da if s[0] == "double"),
        sum(1 for s in da if s[0] == "add G")), fontsize=10)
    ax = axes[1]
    for i, (m, R0, R1) in enumerate(ld[1:], 1):
        for R, lab, c in ((R0, "R0=%dG" % m, "#1f618d"), (R1, "R1=%dG" % (m + 1), "#55a868")):
            if R is INF:
                continue
            ax.plot(*R, "o", color=c)
            ax.annotate("%d. %s" % (i, lab), R, textcoords="offset points", xytext=(5, 5),
                        color=c, fontsize=8)
        if i > 1 and ld[i - 1][1] is not INF:
            ax.annotate("", R0, ld[i - 1][1], arrowprops={"arrowstyle": "->",
                                                          "color": "#1f618d", "lw": 0.8})
    ax.set_title("Montgomery ladder: after each bit (R0, R1) = (mG, (m+1)G);\n"
                 "one addition and one doubling per bit, whatever the bit", fontsize=10)
    fig.suptitle("%dG on y² = x³ + %dx + %d over F_%d, G = (%d, %d)" % (k, E.a, E.b, E.p, *G))
    fig.tight_layout()
    f.file = save(fig, outdir, "T4-scalar-mult-steps", dpi)
    f.yscale = "linear"
    seq_da = ", ".join("%dG" % m for _, m, _ in da)
    seq_ld = ", ".join("(%dG, %dG)" % (m, m + 1) for m, _, _ in ld)
    f.caption = ("The multiples computed on the way to %dG (k = %s in binary) on the curve of the "
                 "previous figure, each step numbered and labelled with its multiple. Left, "
                 "double-and-add from the top bit: %s — one doubling per bit, one addition "
                 "per 1 bit, so its sequence of operations depends on k (what a timing or "
                 "power trace can see). Right, the Montgomery ladder: %s — one addition and "
                 "one doubling per bit, the same sequence for every k of this length. Both "
                 "end at %dG = (%d, %d). No measurement, no interval." % (
                     k, bin(k)[2:], seq_da, seq_ld, k, *E.mul(k, G)))
    f.facts = {"k": k, "double_and_add": [m for _, m, _ in da],
               "ladder": [m for m, _, _ in ld], "result": list(E.mul(k, G))}
    f.tables.append(("the steps", ["step", "double-and-add", "point", "ladder (R0, R1)",
                                   "R0", "R1"],
                     [[str(i),
                       ("%s → %dG" % (da[i][0], da[i][1])) if i < len(da) else "",
                       str(da[i][2]) if i < len(da) else "",
                       ("(%dG, %dG)" % (ld[i][0], ld[i][0] + 1)) if i < len(ld) else "",
                       ("O" if ld[i][1] is INF else str(ld[i][1])) if i < len(ld) else "",
                       str(ld[i][2]) if i < len(ld) else ""]
                      for i in range(max(len(da), len(ld)))]))
    return f
