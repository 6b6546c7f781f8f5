"""Every real-engine corpus case through the Python module: loads gives the
engine's text (var_to_str), dumps(loads(b)) gives the engine's bytes, the
engine's rejections raise DecodeError, framed recordings come out of
iter_values value by value."""

import hashlib
import os
import re
import struct
import sys
import tempfile

import pytest

import gdwire
from conftest import CORPORA, CORPUS, load_corpus_cases


def _rows():
    mod = load_corpus_cases()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for corpus in CORPORA:
            manifest = os.path.join(CORPUS, corpus, "manifest.json")
            if not os.path.exists(manifest):
                continue
            out = os.path.join(tmp, corpus + ".tsv")
            argv = sys.argv
            sys.argv = ["corpus_cases.py", manifest, out]
            try:
                mod.main()
            finally:
                sys.argv = argv
            for line in open(out, encoding="utf-8"):
                f = line.rstrip("\n").split("\t")
                rows.append(pytest.param(corpus, f, id="%s-%s-%s" % (corpus, f[0], f[1])))
    return rows


ROWS = _rows()


def _text(h):
    return None if h == "-" else bytes.fromhex(h).decode("utf-8", "surrogatepass")


def _recipe(r):
    kind, _, n = r[len("recipe:"):].partition(":")
    n = int(n)
    if kind == "array_depth":
        return struct.pack("<II", 19, 1) * (n - 1) + struct.pack("<II", 19, 0)
    if kind == "dict_depth":
        return struct.pack("<III", 18, 1, 0) * (n - 1) + struct.pack("<II", 18, 0)
    if kind == "array_unterminated":
        return struct.pack("<II", 19, 1) * n
    raise AssertionError(r)


def _input(corpus, spec):
    if spec.startswith("hex:"):
        return bytes.fromhex(spec[4:])
    if spec.startswith("file:"):
        return open(os.path.join(CORPUS, corpus, spec[5:]), "rb").read()
    return _recipe(spec)


def _same(want, got, masks):
    if len(want) != len(got):
        return False
    bad = [i for i in range(len(want)) if want[i] != got[i]]
    return all(any(a <= i < b for a, b in masks) for i in bad)


def _manifest_forms(text):
    """The manifests hold code points JSON cannot (lone surrogates, past
    U+10FFFF) as "\\u{XXXX}" (as tests/corpus_text_test.cc reads them).
    A str holds Godot 3's lone surrogates as themselves and longer sequences
    as escaped bytes (gdwire.loads): both readings."""
    forms = set()
    for handler in ("surrogatepass", "surrogateescape"):
        try:
            forms.add(_manifest_form(text.encode("utf-8", handler)))
        except UnicodeEncodeError:
            pass
    return forms


def _manifest_form(raw):
    out, i = [], 0
    while i < len(raw):
        c = raw[i]
        n = 1 if c < 0x80 else 2 if c < 0xE0 else 3 if c < 0xF0 else 4 if c < 0xF8 \
            else 5 if c < 0xFC else 6
        if n > 1 and i + n <= len(raw):
            cp = c & (0xFF >> (n + 1))
            for k in range(1, n):
                cp = (cp << 6) | (raw[i + k] & 0x3F)
            if 0xD800 <= cp <= 0xDFFF or cp > 0x10FFFF:
                out.append(("\\u{%X}" % cp).encode())
                i += n
                continue
        out.append(raw[i:i + n])
        i += n
    return b"".join(out).decode("utf-8")


# Texts that depend on the engine's class database (tests/corpus_text_test.cc).
NEEDS_CLASS_DB = {("godot3", "object_script_class_full"), ("godot3", "object_id_max")}


def _defect_matters(data, dialect, opts):
    """A Pandemonium engine reads some inputs wrongly: where its emulation
    gives another verdict or value, the engine's answer is the emulated one
    (tests/corpus_util.cc's DefectMatters)."""
    if not dialect.startswith("pandemonium"):
        return False
    def read(defects):
        try:
            v = gdwire.loads(data, dialect, pandemonium_engine_defects=defects, **opts)
            return True, gdwire.var_to_str(v, dialect)
        except gdwire.DecodeError:
            return False, None
    return read(False) != read(True)


def _masks(m):
    if m == "-":
        return []
    return [tuple(int(x) for x in r.split("-")) for r in m.split(",")]


@pytest.mark.parametrize("corpus,row", ROWS)
def test_corpus_case(corpus, row):
    kind, name, dialect, full, inp, expect, text, reenc, masks, extra = row
    data = _input(corpus, inp)
    if kind == "frame":
        framing = {"stream": "stream", "stream-be": "stream",
                   "packet-stream": "packet_stream"}[extra]
        got = list(gdwire.iter_values(data, framing, dialect,
                                      big_endian=extra == "stream-be"))
        assert got, name
        if text != "-":
            texts = [_text(t) for t in text.split(",")]
            assert [gdwire.var_to_str(v, dialect) for v in got] == texts
            payloads = [bytes.fromhex(p) for p in reenc.split(",")]
            assert [gdwire.dumps(v, dialect) for v in got] == payloads
        # Any chunk size gives the same values.
        chunks = [data[i:i + 7] for i in range(0, len(data), 7)]
        again = list(gdwire.iter_values(iter(chunks), framing, dialect,
                                        big_endian=extra == "stream-be"))
        assert [gdwire.dumps(v, dialect) for v in again] == \
            [gdwire.dumps(v, dialect) for v in got]
        return
    opts = {"allow_objects": full == "1"}
    defects = kind == "engine" or (kind == "decode" and _defect_matters(data, dialect, opts))
    if defects:
        opts["pandemonium_engine_defects"] = True
    if expect == "reject":
        with pytest.raises(gdwire.DecodeError) as e:
            gdwire.loads(data, dialect, **opts)
        assert e.value.kind != "ok" and e.value.offset >= 0
        assert e.value.path.startswith("$")
        return
    value = gdwire.loads(data, dialect, **opts)
    want = _text(text)
    if want is not None and (corpus, name) not in NEEDS_CLASS_DB:
        assert want in _manifest_forms(gdwire.var_to_str(value, dialect))
        if not defects:  # the same through the Document
            doc = gdwire.Document(data, dialect, **opts)
            assert want in _manifest_forms(gdwire.var_to_str(doc.value(), dialect))
    out = gdwire.dumps(value, dialect, full_objects=full == "1",
                       pandemonium_engine_defects=defects)
    if isinstance(value, gdwire.Object) and value.class_name is None:
        assert out == b"\0\0\0\0"  # a null Object is written as NIL
        return
    m = _masks(masks)
    if kind == "decode":
        if reenc != "-":
            assert _same(bytes.fromhex(reenc), out, m), out.hex()
        else:
            assert len(out) <= len(data) and _same(data[:len(out)], out, m), out.hex()
    else:
        assert _same(data, out, m) or (reenc != "-" and _same(bytes.fromhex(reenc), out, m)), \
            out.hex()
