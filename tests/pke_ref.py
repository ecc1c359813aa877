"""A second implementation of pkc's ECIES and hybrid RSA formats
(include/pkc/ecies.h, include/pkc/rsa_hybrid.h) on Python's `cryptography`
(OpenSSL underneath), for tests/test_cli_pke.sh:

    pke_ref.py ecies-encrypt|ecies-decrypt KEY.pem IN OUT [hkdf|x963]
    pke_ref.py hybrid-encrypt|hybrid-decrypt KEY.pem IN OUT

Encryption takes a public or a private key, decryption a private key.
Exit 0 on success, 1 when decryption fails (tag or padding), 2 on a usage
error. Written from the format descriptions, not from pkc's code."""
import os
import sys

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.hazmat.primitives.kdf.x963kdf import X963KDF


def load_key(path):
    data = open(path, "rb").read()
    try:
        return serialization.load_pem_private_key(data, password=None)
    except ValueError:
        return serialization.load_pem_public_key(data)


def kdf_key_iv(kdf, z, r):
    if kdf == "hkdf":
        okm = HKDF(algorithm=hashes.SHA256(), length=44, salt=None, info=r).derive(z)
    else:
        okm = X963KDF(algorithm=hashes.SHA256(), length=44, sharedinfo=r).derive(z)
    return okm[:32], okm[32:]


def ecies_encrypt(key, msg, kdf):
    pub = key.public_key() if isinstance(key, ec.EllipticCurvePrivateKey) else key
    eph = ec.generate_private_key(pub.curve)
    r = eph.public_key().public_bytes(serialization.Encoding.X962,
                                      serialization.PublicFormat.UncompressedPoint)
    z = eph.exchange(ec.ECDH(), pub)
    k, iv = kdf_key_iv(kdf, z, r)
    return r + AESGCM(k).encrypt(iv, msg, None)


def ecies_decrypt(key, ct, kdf):
    fb = (key.curve.key_size + 7) // 8
    plen = 1 + 2 * fb
    if len(ct) < plen + 16 or ct[0] != 4:
        raise InvalidTag()
    r = ct[:plen]
    peer = ec.EllipticCurvePublicKey.from_encoded_point(key.curve, r)
    z = key.exchange(ec.ECDH(), peer)
    k, iv = kdf_key_iv(kdf, z, r)
    return AESGCM(k).decrypt(iv, ct[plen:], None)


OAEP = padding.OAEP(mgf=padding.MGF1(hashes.SHA256()), algorithm=hashes.SHA256(), label=None)


def hybrid_encrypt(key, msg):
    pub = key.public_key() if isinstance(key, rsa.RSAPrivateKey) else key
    kiv = os.urandom(44)
    w = pub.encrypt(kiv, OAEP)
    return w + AESGCM(kiv[:32]).encrypt(kiv[32:], msg, w)


def hybrid_decrypt(key, ct):
    k = (key.key_size + 7) // 8
    if len(ct) < k + 16:
        raise InvalidTag()
    w = ct[:k]
    kiv = key.decrypt(w, OAEP)
    if len(kiv) != 44:
        raise InvalidTag()
    return AESGCM(kiv[:32]).decrypt(kiv[32:], ct[k:], w)


def main(argv):
    if len(argv) < 5:
        print(__doc__, file=sys.stderr)
        return 2
    op, key, data = argv[1], load_key(argv[2]), open(argv[3], "rb").read()
    kdf = argv[5] if len(argv) > 5 else "hkdf"
    try:
        if op == "ecies-encrypt":
            out = ecies_encrypt(key, data, kdf)
        elif op == "ecies-decrypt":
            out = ecies_decrypt(key, data, kdf)
        elif op == "hybrid-encrypt":
            out = hybrid_encrypt(key, data)
        elif op == "hybrid-decrypt":
            out = hybrid_decrypt(key, data)
        else:
            print("unknown operation " + op, file=sys.stderr)
            return 2
    except (InvalidTag, ValueError):
        return 1
    open(argv[4], "wb").write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
