"""The Python API: types, NumPy arrays (views and copies), Document,
iter_values, errors and limits."""

import gc
import io
import pickle

import numpy as np
import pytest

import gdwire
from gdwire import (AABB, RID, Basis, Callable, Color, EncodedObjectAsID,
                    NodePath, Object, Plane, Projection, Quaternion, Rect2,
                    Rect2i, Signal, StringName, Transform2D, Transform3D,
                    Vector2, Vector2i, Vector3, Vector3i, Vector4, Vector4i)


def roundtrip(v, dialect="godot4", **kw):
    b = gdwire.dumps(v, dialect, **kw)
    return b, gdwire.loads(b, dialect, allow_objects=True)


MATH = [Vector2(1.5, -2), Vector2i(3, -4), Rect2(1, 2, 3, 4), Rect2i(-1, -2, 3, 4),
        Vector3(1, 2, 3), Vector3i(1, 2, 3), Transform2D(1, 0, 0, 1, 5, 6),
        Vector4(1, 2, 3, 4), Vector4i(1, 2, 3, 4), Plane(0, 1, 0, 5),
        Quaternion(0, 0, 0, 1), AABB(1, 2, 3, 4, 5, 6), Basis(1, 0, 0, 0, 1, 0, 0, 0, 1),
        Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 7, 8, 9), Projection(*range(16)),
        Color(0.5, 0.25, 1, 1)]


@pytest.mark.parametrize("v", MATH, ids=lambda v: type(v).__name__)
def test_math_types(v):
    b, back = roundtrip(v)
    assert type(back) is type(v) and back == v
    assert repr(back) == gdwire.var_to_str(v)
    assert gdwire.str_to_var(repr(v)) == v
    assert hash(back) == hash(v)
    with pytest.raises(AttributeError):
        back.x = 3  # immutable
    assert pickle.loads(pickle.dumps(v)) == v


def test_math_fields_and_equality():
    assert repr(Vector3(1, 2, 3)) == "Vector3(1, 2, 3)"
    assert Vector3(1, 2, 3).z == 3.0 and Color(1, 0, 0, 1).r == 1.0
    assert Transform2D(1, 0, 0, 1, 5, 6).origin == Vector2(5, 6)
    assert Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 7, 8, 9).origin == Vector3(7, 8, 9)
    assert Basis(1, 2, 3, 4, 5, 6, 7, 8, 9).x == Vector3(1, 4, 7)
    assert Rect2(1, 2, 3, 4).size == Vector2(3, 4)
    assert Vector2(1, 2) != Vector2i(1, 2)  # types differ, as in Godot
    assert repr(gdwire.var_to_str(Vector2(1, 2), "godot3")) == "'Vector2( 1, 2 )'"
    with pytest.raises(TypeError):
        Vector2(1, 2, 3)


def test_scalars_and_containers():
    v = {"n": None, "b": True, "i": -(2 ** 63), "f": 0.1, "s": "héllo ✓",
         "sn": StringName("name"), "l": [1, [2, [3]]], "d": {1: {"x": 2}},
         "np": NodePath("/root/Main:position:x"), "rid": RID(7),
         "obj": EncodedObjectAsID(99), "sig": Signal("hit", 5), "c": Callable()}
    b, back = roundtrip(v)
    assert back == v and list(back) == list(v)  # insertion order kept
    assert type(back["sn"]) is StringName and isinstance(back["sn"], str)
    assert type(back["s"]) is str
    assert str(back["np"]) == "/root/Main:position:x"
    assert back["np"].names == ("root", "Main") and back["np"].subnames == ("position", "x")
    assert gdwire.dumps(back) == b


def test_godot_key_identity():
    # A str and a StringName of the same text are one key in Godot 4 and in Python.
    assert gdwire.loads(gdwire.dumps({"a": 1, StringName("a"): 2})) == {"a": 2}
    # 1 and 1.0 are two keys in Godot: a dict cannot hold them, gdwire.Dictionary does.
    d = gdwire.Dictionary([(1, "int"), (1.0, "float"), ([1, 2], "array")])
    b = gdwire.dumps(d)
    back = gdwire.loads(b)
    assert isinstance(back, gdwire.Dictionary) and len(back) == 3
    assert back[1] == "int" and back[1.0] == "float" and back[[1, 2]] == "array"
    assert gdwire.dumps(back) == b
    assert gdwire.var_to_str(back) == '{\n1: "int",\n1.0: "float",\n[1, 2]: "array"\n}'


def test_typed_containers_keep_their_type():
    b = gdwire.str_to_var('Array[int]([1, 2, 3])')
    assert isinstance(b, gdwire.TypedArray) and b == [1, 2, 3]
    assert b.element_type == gdwire.ContainerType("int")
    data = gdwire.dumps(b)
    assert gdwire.loads(data).element_type.type == "int"
    d = gdwire.str_to_var('Dictionary[String, int]({"a": 1})')
    assert isinstance(d, gdwire.TypedDictionary) and d == {"a": 1}
    assert d.key_type.type == "String" and d.value_type.type == "int"
    assert gdwire.dumps(gdwire.loads(gdwire.dumps(d))) == gdwire.dumps(d)
    assert gdwire.var_to_str(gdwire.loads(gdwire.dumps(d))) == 'Dictionary[String, int]({\n"a": 1\n})'


def test_objects_stay_off_unless_allowed():
    o = Object("Node", {"name": "n", "hp": 3})
    data = gdwire.dumps(o, full_objects=True)
    with pytest.raises(gdwire.DecodeError) as e:
        gdwire.loads(data)
    assert e.value.kind == "objects_not_allowed"
    back = gdwire.loads(data, allow_objects=True)
    assert back == o and gdwire.dumps(back, full_objects=True) == data


PACKED = [
    (np.arange(10, dtype=np.uint8), "PackedByteArray"),
    (np.arange(10, dtype=np.int32), "PackedInt32Array"),
    (np.arange(10, dtype=np.int64), "PackedInt64Array"),
    (np.arange(10, dtype=np.float32), "PackedFloat32Array"),
    (np.arange(10, dtype=np.float64), "PackedFloat64Array"),
    (np.arange(12, dtype=np.float32).reshape(6, 2), "PackedVector2Array"),
    (np.arange(12, dtype=np.float32).reshape(4, 3), "PackedVector3Array"),
    (np.arange(12, dtype=np.float32).reshape(3, 4), "PackedColorArray"),
    (gdwire.PackedVector4Array.of(np.arange(12, dtype=np.float32).reshape(3, 4)),
     "PackedVector4Array"),
]


@pytest.mark.parametrize("a,name", PACKED, ids=[n for _, n in PACKED])
def test_packed_arrays_are_numpy(a, name):
    data = gdwire.dumps(a)
    assert gdwire.var_to_str(a).startswith(name + "(")
    back = gdwire.loads(data)
    assert isinstance(back, np.ndarray) and back.dtype == a.dtype and back.shape == a.shape
    assert np.array_equal(back, a)
    assert (name == "PackedVector4Array") == isinstance(back, gdwire.PackedVector4Array)
    assert gdwire.dumps(back) == data


def test_packed_string_array():
    v = gdwire.PackedStringArray(["a", "bé", ""])
    back = gdwire.loads(gdwire.dumps(v))
    assert type(back) is gdwire.PackedStringArray and back == v


def test_views_of_the_input_outlive_it():
    a = np.arange(1000, dtype=np.float32).reshape(-1, 2)
    data = gdwire.dumps([a, a])
    arrays = gdwire.loads(data)
    v = arrays[0]
    assert not v.flags.writeable and not v.flags.owndata
    assert np.shares_memory(v, np.frombuffer(data, dtype=np.uint8))
    with pytest.raises(ValueError):
        v[0, 0] = 5
    del data, arrays
    gc.collect()
    junk = [bytes(8000) for _ in range(100)]  # reuse freed memory, if any was
    assert np.array_equal(v, a)
    del junk


def test_unaligned_and_mutable_inputs_are_copied():
    a = np.arange(5, dtype=np.int64)
    data = gdwire.dumps({"a": a})  # the int64s start at byte 28: not 8-aligned
    got = gdwire.loads(data)["a"]
    assert np.array_equal(got, a)
    assert not np.shares_memory(got, np.frombuffer(data, dtype=np.uint8))
    buf = bytearray(gdwire.dumps(np.arange(4, dtype=np.int32)))
    got = gdwire.loads(buf)
    buf[8] = 99  # the caller changes its buffer: the value does not move
    assert got[0] == 0 and got.flags.writeable


def test_document():
    players = [{"name": "p%d" % i, "pos": Vector3(i, 0, 0),
                "path": np.arange(6, dtype=np.float32).reshape(3, 2)} for i in range(10)]
    msg = {"tick": 5, "players": players}
    data = gdwire.dumps(msg)
    doc = gdwire.Document(data)
    assert doc["players"][3]["pos"] == Vector3(3, 0, 0)
    assert doc["players"][-1]["name"] == "p9"
    assert doc["tick"] == 5 and len(doc) == 2 and len(doc["players"]) == 10
    assert isinstance(doc["players"], gdwire.Element) and doc["players"].type == "Array"
    assert "tick" in doc.root and "nope" not in doc.root
    assert doc.root.keys() == ["tick", "players"]
    path = doc["players"][2]["path"]
    assert not path.flags.writeable and path.shape == (3, 2)
    with pytest.raises(KeyError):
        doc["nope"]
    with pytest.raises(IndexError):
        doc["players"][10]
    assert gdwire.dumps(doc.value()) == data
    assert gdwire.dumps(doc["players"][4].value()) == gdwire.dumps(players[4])
    del doc, data
    gc.collect()
    assert path[2, 1] == 5.0
    with pytest.raises(gdwire.DecodeError):
        gdwire.Document(b"\x1c\x00\x00\x00\x05\x00\x00\x00")


def _framed(values, dialect="godot4"):
    out = b""
    for v in values:
        b = gdwire.dumps(v, dialect)
        out += len(b).to_bytes(4, "little") + b
    return out


@pytest.mark.parametrize("chunk", [1, 3, 7, 64, 1 << 16])
def test_iter_values_any_chunk_size(chunk):
    values = [i if i % 3 else {"i": i, "v": Vector2(i, i)} for i in range(50)]
    data = _framed(values)
    chunks = [data[i:i + chunk] for i in range(0, len(data), chunk)]
    assert list(gdwire.iter_values(iter(chunks))) == values
    assert list(gdwire.iter_values(io.BytesIO(data), chunk_size=chunk)) == values


def test_iter_values_framings():
    values = [1, "two", [3]]
    raw = b"".join(gdwire.dumps(v) for v in values)
    assert list(gdwire.iter_values(raw, framing="none")) == values
    be = b"".join(len(gdwire.dumps(v)).to_bytes(4, "big") + gdwire.dumps(v) for v in values)
    assert list(gdwire.iter_values(be, big_endian=True)) == values
    assert list(gdwire.iter_values(_framed(values), framing="packet_stream")) == values
    with pytest.raises(gdwire.DecodeError) as e:
        list(gdwire.iter_values(_framed(values)[:-2]))
    assert e.value.kind == "bad_frame"
    # One buffer and the same bytes in pieces: the same verdicts.
    bad = bytearray(_framed(values + [{"a": [1, 2]}]))
    bad[-8] = 0x7f  # a type id past the table, inside the last frame
    verdicts = []
    for src in (bytes(bad), [bytes(bad[i:i + 3]) for i in range(0, len(bad), 3)]):
        with pytest.raises(gdwire.DecodeError) as e:
            list(gdwire.iter_values(src))
        verdicts.append((e.value.kind, e.value.offset, e.value.path))
    assert verdicts[0] == verdicts[1]
    assert verdicts[0][:2] == ("invalid_type", len(bad) - 8) and verdicts[0][2].endswith(
        '$["a"][1]')  # "#3$[...]": the fourth value of the stream
    views = list(gdwire.iter_values(_framed([np.arange(4, dtype=np.float32)] * 2)))
    assert not views[1].flags.writeable and views[1][3] == 3
    with pytest.raises(ValueError):
        list(gdwire.iter_values(b"", framing="nope"))


def test_errors_name_kind_offset_path():
    data = gdwire.dumps({"players": [1, 2, "x" * 10]})
    with pytest.raises(gdwire.DecodeError) as e:
        gdwire.loads(data[:-6])
    err = e.value
    assert err.kind == "truncated" and err.path == '$["players"][2]'
    assert 0 < err.offset <= len(data) and "truncated" in str(err)
    assert isinstance(err, ValueError)


def test_limits():
    deep = [[[[1]]]]
    with pytest.raises(gdwire.DecodeError) as e:
        gdwire.loads(gdwire.dumps(deep), max_depth=2)
    assert e.value.kind == "too_deep"
    assert gdwire.loads(gdwire.dumps(deep), max_depth=4) == deep
    big = gdwire.dumps(np.zeros(100, dtype=np.int32))
    with pytest.raises(gdwire.DecodeError) as e:
        gdwire.loads(big, max_packed_elements=99)
    assert e.value.kind == "limit_exceeded"
    with pytest.raises(gdwire.DecodeError) as e:
        gdwire.loads(gdwire.dumps("x" * 100), max_string_bytes=10)
    assert e.value.kind == "limit_exceeded"
    with pytest.raises(gdwire.DecodeError) as e:
        gdwire.loads(gdwire.dumps([1] * 100), max_container_elements=10)
    assert e.value.kind == "limit_exceeded"
    with pytest.raises(gdwire.DecodeError) as e:
        gdwire.loads(gdwire.dumps(1) + b"\0\0\0\0", reject_trailing_bytes=True)
    assert e.value.kind == "trailing_bytes"
    with pytest.raises(gdwire.DecodeError) as e:
        gdwire.loads(gdwire.dumps([np.zeros(1000, np.uint8)] * 4), max_alloc_bytes=2000)
    assert e.value.kind == "limit_exceeded"
    with pytest.raises(TypeError):
        gdwire.loads(b"\0\0\0\0", no_such_option=1)
    with pytest.raises(ValueError):
        gdwire.loads(b"\0\0\0\0", "godot5")


def test_dialects():
    v = [Vector2(1, 2), {"a": np.arange(3, dtype=np.int32)}]
    for d in ("godot3", "godot4", "pandemonium", "pandemonium4"):
        assert gdwire.var_to_str(gdwire.loads(gdwire.dumps(v, d), d), d) == gdwire.var_to_str(v, d)
    with pytest.raises(gdwire.EncodeError):
        gdwire.dumps(np.arange(3, dtype=np.int64), "godot3")  # no PackedInt64Array there
    assert gdwire.bytes_to_var is gdwire.loads and gdwire.var_to_bytes is gdwire.dumps


def test_dumps_rejects_what_godot_cannot_hold():
    for bad in (object(), {1, 2}, 2 ** 70, np.zeros((2, 2, 2)), np.zeros(3, np.complex64)):
        with pytest.raises((TypeError, OverflowError)):
            gdwire.dumps({"k": [bad]})
    with pytest.raises(TypeError) as e:
        gdwire.dumps({"k": [1, object()]})
    assert e.value.path == '$["k"][1]'
