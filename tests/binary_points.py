#!/usr/bin/env python3
"""Bad public keys on a binary curve, for tests/test_cli_binary.sh.

usage: binary_points.py PARAMS.der SPKI.der OUTDIR

PARAMS.der is the curve's explicit ECParameters (`openssl ecparam -name C
-param_enc explicit -outform DER`), SPKI.der a valid public key on it
(OpenSSL's). Writes OUTDIR/<name>.der, SubjectPublicKeyInfo with the
curve's named-curve AlgorithmIdentifier copied from SPKI.der and these
points in the BIT STRING:

  g           G itself (valid: checks that the rest of this script is right)
  gc          G compressed by SEC 1's rule for GF(2^m) (lowest bit of y/x)
  offcurve    the key's point with the lowest bit of y flipped
  t2          (0, sqrt b), the point of order 2
  t2c         the same compressed: 02 || 00...00
  x0odd       03 || 00...00 (x = 0 with the bit 1: no such point)
  gt2         G + (0, sqrt b), on the curve, of order 2n
  p4, gp4     (cofactor 4 only) a point of order 4, and G plus it
  xhigh       the key's point with a bit of x at degree m (not reduced)
  short, long, xonly, clong, infinity, empty   wrong lengths and forms

OUTDIR/sig_sn.der and OUTDIR/sig_rlong.der, ECDSA-Sig-Values with s = n
and with an r one byte longer than n, OUTDIR/poly, the reduction polynomial
as "z^m+z^k...+1", and OUTDIR/cofactor. Asserts that every crafted point but offcurve, xhigh and
the length cases is on the curve, so a refusal by pkc means what the test
says it means.
"""
import os
import sys


def der_read(buf, pos):
    """(tag, content, next position) of the TLV at pos."""
    tag = buf[pos]
    n = buf[pos + 1]
    pos += 2
    if n & 0x80:
        k = n & 0x7F
        n = int.from_bytes(buf[pos:pos + k], "big")
        pos += k
    return tag, buf[pos:pos + n], pos + n


def der_items(content):
    out, pos = [], 0
    while pos < len(content):
        tag, val, pos = der_read(content, pos)
        out.append((tag, val))
    return out


def der_tlv(tag, content):
    n = len(content)
    if n < 0x80:
        head = bytes([tag, n])
    else:
        ln = n.to_bytes((n.bit_length() + 7) // 8, "big")
        head = bytes([tag, 0x80 | len(ln)]) + ln
    return head + content


class Field:
    """GF(2^m) with elements as Python ints (bit i: the coefficient of z^i)."""

    def __init__(self, m, ks):
        self.m = m
        self.f = (1 << m) | 1
        for k in ks:
            self.f |= 1 << k

    def red(self, a):
        m = self.m
        while a.bit_length() > m:
            a ^= self.f << (a.bit_length() - 1 - m)
        return a

    def mul(self, a, b):
        r = 0
        while b:
            if b & 1:
                r ^= a
            a <<= 1
            b >>= 1
        return self.red(r)

    def sqr(self, a):
        return self.mul(a, a)

    def pow2k(self, a, k):
        for _ in range(k):
            a = self.sqr(a)
        return a

    def inv(self, a):
        assert a
        r, e = 1, (1 << self.m) - 2
        while e:
            if e & 1:
                r = self.mul(r, a)
            a = self.sqr(a)
            e >>= 1
        return r

    def sqrt(self, a):
        return self.pow2k(a, self.m - 1)

    def trace(self, a):
        t, x = a, a
        for _ in range(self.m - 1):
            x = self.sqr(x)
            t ^= x
        assert t in (0, 1)
        return t

    def half_trace(self, c):
        """z with z^2 + z = c (m odd, Tr(c) = 0)."""
        assert self.m % 2 == 1 and self.trace(c) == 0
        z, t = c, c
        for _ in range((self.m - 1) // 2):
            t = self.sqr(self.sqr(t))
            z ^= t
        assert self.sqr(z) ^ z == c
        return z


class Curve:
    def __init__(self, F, a, b):
        self.F, self.a, self.b = F, a, b

    def on_curve(self, P):
        F = self.F
        x, y = P
        lhs = F.sqr(y) ^ F.mul(x, y)
        rhs = F.mul(F.sqr(x), x) ^ F.mul(self.a, F.sqr(x)) ^ self.b
        return lhs == rhs

    def add(self, P, Q):
        """P + Q for finite P, Q with P != -Q."""
        F = self.F
        (x1, y1), (x2, y2) = P, Q
        if x1 == x2:
            assert y1 == y2 and x1 != 0
            lam = x1 ^ F.mul(y1, F.inv(x1))
        else:
            lam = F.mul(y1 ^ y2, F.inv(x1 ^ x2))
        x3 = F.sqr(lam) ^ lam ^ x1 ^ x2 ^ self.a
        y3 = F.mul(lam, x1 ^ x3) ^ x3 ^ y1
        return (x3, y3)

    def compress_bit(self, P):
        x, y = P
        return 0 if x == 0 else self.F.mul(y, self.F.inv(x)) & 1


def main():
    params_path, spki_path, outdir = sys.argv[1:4]
    params = open(params_path, "rb").read()
    spki = open(spki_path, "rb").read()

    _, body, _ = der_read(params, 0)
    version, field_id, curve_seq, base, order, cofactor = der_items(body)[:6]
    _, fparams = der_items(field_id[1])
    fp = der_items(fparams[1])
    m = int.from_bytes(fp[0][1], "big")
    if fp[2][0] == 0x02:  # tpBasis: one INTEGER
        ks = [int.from_bytes(fp[2][1], "big")]
    else:  # ppBasis: SEQUENCE of three
        ks = [int.from_bytes(v, "big") for _, v in der_items(fp[2][1])]
    cv = der_items(curve_seq[1])
    a = int.from_bytes(cv[0][1], "big")
    b = int.from_bytes(cv[1][1], "big")
    h = int.from_bytes(cofactor[1], "big")
    fb = (m + 7) // 8
    F = Field(m, ks)
    E = Curve(F, a, b)
    g = base[1]
    assert g[0] == 4 and len(g) == 1 + 2 * fb
    G = (int.from_bytes(g[1:1 + fb], "big"), int.from_bytes(g[1 + fb:], "big"))
    assert E.on_curve(G)

    _, sbody, _ = der_read(spki, 0)
    alg_tag, alg, _ = der_read(sbody, 0)
    alg_der = der_tlv(alg_tag, alg)
    pt = der_items(sbody)[1][1][1:]  # BIT STRING content after its 00 byte
    assert pt[0] == 4 and len(pt) == 1 + 2 * fb
    Q = (int.from_bytes(pt[1:1 + fb], "big"), int.from_bytes(pt[1 + fb:], "big"))
    assert E.on_curve(Q)

    def enc(x):
        return x.to_bytes(fb, "big")

    def unc(P):
        return b"\x04" + enc(P[0]) + enc(P[1])

    def comp(P):
        return bytes([2 | E.compress_bit(P)]) + enc(P[0])

    def write(name, point):
        der = der_tlv(0x30, alg_der + der_tlv(0x03, b"\x00" + point))
        with open(os.path.join(outdir, name + ".der"), "wb") as f:
            f.write(der)

    T2 = (0, F.sqrt(b))
    assert E.on_curve(T2)
    GT2 = E.add(G, T2)
    assert E.on_curve(GT2) and GT2[0] != 0
    write("g", unc(G))
    write("gc", comp(G))
    write("offcurve", unc((Q[0], Q[1] ^ 1)))
    assert not E.on_curve((Q[0], Q[1] ^ 1))
    write("t2", unc(T2))
    write("t2c", b"\x02" + enc(0))
    write("x0odd", b"\x03" + enc(0))
    write("gt2", unc(GT2))
    if h == 4:
        # 2 P4 = T2: x(2P) = x^2 + b / x^2 = 0, so x^4 = b; y = x z with
        # z^2 + z = x + a + b / x^2
        x4 = F.sqrt(F.sqrt(b))
        z = F.half_trace(x4 ^ a ^ F.mul(b, F.inv(F.sqr(x4))))
        P4 = (x4, F.mul(x4, z))
        assert E.on_curve(P4) and E.add(P4, P4) == T2
        GP4 = E.add(G, P4)
        assert E.on_curve(GP4)
        write("p4", unc(P4))
        write("gp4", unc(GP4))
    write("xhigh", unc((Q[0] | (1 << m), Q[1])))
    write("short", unc(Q)[:-1])
    write("long", unc(Q) + b"\x00")
    write("xonly", b"\x04" + enc(Q[0]))
    write("clong", comp(Q) + b"\x00")
    write("infinity", b"\x00")
    write("empty", b"")
    n = int.from_bytes(order[1], "big")

    def der_int(v):
        return der_tlv(0x02, v.to_bytes(v.bit_length() // 8 + 1, "big"))

    for name, r, s in (("sig_sn", 1, n), ("sig_rlong", 1 << (8 * ((n.bit_length() + 7) // 8)), 1)):
        with open(os.path.join(outdir, name + ".der"), "wb") as f:
            f.write(der_tlv(0x30, der_int(r) + der_int(s)))
    terms = ["z^%d" % m] + ["z^%d" % k for k in sorted(ks, reverse=True)] + ["1"]
    with open(os.path.join(outdir, "poly"), "w") as f:
        f.write("+".join(terms) + "\n")
    with open(os.path.join(outdir, "cofactor"), "w") as f:
        f.write("%d\n" % h)


if __name__ == "__main__":
    main()
