"""The Python classes of Godot's Variant types that have no Python twin.

Math types are immutable tuples of their components in the engine's order
(the order of the wire and of ``var_to_str``'s text), with named fields, and
their ``repr`` is the engine's text: ``Vector3(1, 2, 3)``. Two math values
are equal when they are of the same class and their components are equal.
"""

from typing import NamedTuple, Optional

__all__ = [
    "StringName", "Vector2", "Vector2i", "Rect2", "Rect2i", "Vector3",
    "Vector3i", "Transform2D", "Vector4", "Vector4i", "Plane", "Quaternion",
    "AABB", "Basis", "Transform3D", "Projection", "Color", "NodePath", "RID",
    "Object", "EncodedObjectAsID", "Callable", "Signal", "ContainerType",
    "TypedArray", "TypedDictionary", "Dictionary", "PackedStringArray",
    "DecodeError", "EncodeError",
]

_to_text = None  # set by gdwire/__init__.py: var_to_str


def _engine_text(value):
    return _to_text(value) if _to_text is not None else object.__repr__(value)


class DecodeError(ValueError):
    """Bytes that are not a valid value (or a limit of the options).

    ``kind`` names the error (``"truncated"``, ``"invalid_type"``,
    ``"limit_exceeded"``, ...), ``offset`` is the byte offset in the input
    where it was detected, ``path`` the place in the value (``$[3]["pos"]``),
    ``godot_error`` the engine's own Error code for the same input.
    """

    def __init__(self, message, kind="invalid_argument", offset=0, path="",
                 detail="", godot_error=0):
        super().__init__(message)
        self.kind = kind
        self.offset = offset
        self.path = path
        self.detail = detail
        self.godot_error = godot_error


class EncodeError(ValueError):
    """A value the dialect cannot carry (``kind``, ``path`` as DecodeError)."""

    def __init__(self, message, kind="unsupported", offset=0, path="",
                 detail="", godot_error=0):
        super().__init__(message)
        self.kind = kind
        self.offset = offset
        self.path = path
        self.detail = detail
        self.godot_error = godot_error


class StringName(str):
    """Godot's StringName: a ``str`` (equal to the same text, as Godot 4's
    Dictionary keys are) that ``dumps`` writes as a StringName."""

    __slots__ = ()

    def __repr__(self):
        return _engine_text(self)


class _Math(tuple):
    __slots__ = ()
    _fields = ()
    _int = False

    def __new__(cls, *components):
        n = len(cls._fields)
        if not components:
            components = (0,) * n
        if len(components) != n:
            raise TypeError("%s takes %d components (%d given)" %
                            (cls.__name__, n, len(components)))
        conv = int if cls._int else float
        return tuple.__new__(cls, [conv(c) for c in components])

    def __getnewargs__(self):
        return tuple(self)

    def __repr__(self):
        return _engine_text(self)

    def __eq__(self, other):
        return type(self) is type(other) and tuple.__eq__(self, other)

    def __ne__(self, other):
        return not self.__eq__(other)

    __hash__ = tuple.__hash__

    def _asdict(self):
        return dict(zip(self._fields, self))


def _math(name, fields, integer=False, doc=""):
    ns = {"__slots__": (), "_fields": tuple(fields), "_int": integer,
          "__doc__": doc or "Godot's %s: components %s." % (name, ", ".join(fields))}
    for i, f in enumerate(fields):
        ns[f] = property(lambda self, i=i: tuple.__getitem__(self, i))
    return type(name, (_Math,), ns)


Vector2 = _math("Vector2", "xy")
Vector2i = _math("Vector2i", "xy", True)
Vector3 = _math("Vector3", "xyz")
Vector3i = _math("Vector3i", "xyz", True)
Vector4 = _math("Vector4", "xyzw")
Vector4i = _math("Vector4i", "xyzw", True)
Quaternion = _math("Quaternion", "xyzw")
Color = _math("Color", "rgba")
Plane = _math("Plane", ["x", "y", "z", "d"])
Plane.normal = property(lambda s: Vector3(*s[:3]))
Rect2 = _math("Rect2", ["x", "y", "width", "height"])
Rect2.position = property(lambda s: Vector2(*s[:2]))
Rect2.size = property(lambda s: Vector2(*s[2:]))
Rect2i = _math("Rect2i", ["x", "y", "width", "height"], True)
Rect2i.position = property(lambda s: Vector2i(*s[:2]))
Rect2i.size = property(lambda s: Vector2i(*s[2:]))
AABB = _math("AABB", ["x", "y", "z", "sx", "sy", "sz"])
AABB.position = property(lambda s: Vector3(*s[:3]))
AABB.size = property(lambda s: Vector3(*s[3:]))
Transform2D = _math("Transform2D", ["xx", "xy", "yx", "yy", "ox", "oy"],
                    doc="Godot's Transform2D: columns x, y and origin "
                    "(components xx, xy, yx, yy, ox, oy, the engine's order).")
Transform2D.x = property(lambda s: Vector2(*s[0:2]))
Transform2D.y = property(lambda s: Vector2(*s[2:4]))
Transform2D.origin = property(lambda s: Vector2(*s[4:6]))
_basis_fields = ["r%d%d" % (i, j) for i in range(3) for j in range(3)]
Basis = _math("Basis", _basis_fields,
              doc="Godot's Basis: 9 components by rows (the engine's order); "
              "x, y, z are its columns.")
Basis.rows = property(lambda s: (Vector3(*s[0:3]), Vector3(*s[3:6]),
                                 Vector3(*s[6:9])))
Basis.x = property(lambda s: Vector3(s[0], s[3], s[6]))
Basis.y = property(lambda s: Vector3(s[1], s[4], s[7]))
Basis.z = property(lambda s: Vector3(s[2], s[5], s[8]))
Transform3D = _math("Transform3D", _basis_fields + ["ox", "oy", "oz"],
                    doc="Godot's Transform3D: a Basis (9 components by rows) "
                    "and the origin.")
Transform3D.basis = property(lambda s: Basis(*s[0:9]))
Transform3D.origin = property(lambda s: Vector3(*s[9:12]))
Projection = _math("Projection",
                   ["%s%s" % (c, r) for c in "xyzw" for r in "xyzw"],
                   doc="Godot's Projection: 16 components by columns x, y, z, w.")
Projection.x = property(lambda s: Vector4(*s[0:4]))
Projection.y = property(lambda s: Vector4(*s[4:8]))
Projection.z = property(lambda s: Vector4(*s[8:12]))
Projection.w = property(lambda s: Vector4(*s[12:16]))

# Godot 3's names.
Quat = Quaternion
Transform = Transform3D


class NodePath:
    """Godot's NodePath: ``names`` and ``subnames`` (tuples of str) and
    ``absolute``. ``NodePath("/root/Main:position:x")`` parses the path
    as the engine does; ``str()`` gives it back."""

    __slots__ = ("names", "subnames", "absolute")

    def __init__(self, path="", names=None, subnames=None, absolute=None):
        if names is not None or subnames is not None:
            self.names = tuple(names or ())
            self.subnames = tuple(subnames or ())
            self.absolute = bool(absolute)
            return
        path = str(path)
        self.absolute = path.startswith("/")
        body = path[1:] if self.absolute else path
        head, _, subs = body.partition(":")
        self.names = tuple(n for n in head.split("/") if n)
        self.subnames = tuple(s for s in subs.split(":") if s) if subs else ()

    def __str__(self):
        s = ("/" if self.absolute else "") + "/".join(self.names)
        if self.subnames:
            s += ":" + ":".join(self.subnames)
        return s

    def __repr__(self):
        return _engine_text(self)

    def __eq__(self, other):
        return (isinstance(other, NodePath) and self.names == other.names and
                self.subnames == other.subnames and
                self.absolute == other.absolute)

    def __hash__(self):
        return hash((self.names, self.subnames, self.absolute))


class RID:
    """Godot's RID (its ``id``, an int)."""

    __slots__ = ("id",)

    def __init__(self, id=0):
        self.id = int(id)

    def __repr__(self):
        return _engine_text(self)

    def __eq__(self, other):
        return isinstance(other, RID) and self.id == other.id

    def __hash__(self):
        return hash(("RID", self.id))


class Object:
    """A full Object (decoded with ``allow_objects=True``): ``class_name`` and
    ``properties`` (a dict, in the wire's order). ``Object()`` (class_name
    None) is a null Object."""

    __slots__ = ("class_name", "properties")

    def __init__(self, class_name=None, properties=None):
        self.class_name = class_name
        self.properties = dict(properties or {})

    def __repr__(self):
        return _engine_text(self)

    def __eq__(self, other):
        return (isinstance(other, Object) and
                self.class_name == other.class_name and
                list(self.properties.items()) == list(other.properties.items()))

    __hash__ = None


class EncodedObjectAsID:
    """An Object sent as its instance id (``object_id``)."""

    __slots__ = ("object_id",)

    def __init__(self, object_id=0):
        self.object_id = int(object_id)

    def __repr__(self):
        return _engine_text(self)

    def __eq__(self, other):
        return (isinstance(other, EncodedObjectAsID) and
                self.object_id == other.object_id)

    def __hash__(self):
        return hash(("EncodedObjectAsID", self.object_id))


class Callable:
    """A Callable (the engines send only null Callables)."""

    __slots__ = ()

    def __repr__(self):
        return _engine_text(self)

    def __eq__(self, other):
        return isinstance(other, Callable)

    def __hash__(self):
        return hash("Callable")


class Signal:
    """A Signal: its ``name`` and the ``object_id`` of its object."""

    __slots__ = ("name", "object_id")

    def __init__(self, name="", object_id=0):
        self.name = str(name)
        self.object_id = int(object_id)

    def __repr__(self):
        return _engine_text(self)

    def __eq__(self, other):
        return (isinstance(other, Signal) and self.name == other.name and
                self.object_id == other.object_id)

    def __hash__(self):
        return hash(("Signal", self.name, self.object_id))


class ContainerType(NamedTuple):
    """The element (or key, or value) type of a typed container: ``type`` is
    the engine's type name (``"int"``, ``"Vector2"``, ``"Object"``, ...);
    for Objects ``class_name`` or ``script`` (a ``res://`` path) may be set."""

    type: str
    class_name: str = ""
    script: str = ""


class TypedArray(list):
    """A typed Array (Godot 4's ``Array[int]``; Pandemonium's TypedArray and
    PackedTypedArray, ``variant_type`` "TypedArray" / "PackedTypedArray"):
    a list that keeps its ``element_type`` (a ContainerType)."""

    __slots__ = ("element_type", "variant_type")

    def __init__(self, items=(), element_type=None, variant_type="Array"):
        super().__init__(items)
        self.element_type = element_type
        self.variant_type = variant_type

    def __repr__(self):
        return _engine_text(self)

    def __eq__(self, other):
        if isinstance(other, TypedArray):
            return (list.__eq__(self, other) and
                    other.element_type == self.element_type and
                    other.variant_type == self.variant_type)
        return list.__eq__(self, other)

    __hash__ = None


class TypedDictionary(dict):
    """A typed Dictionary (Godot 4's ``Dictionary[String, int]``): a dict that
    keeps its ``key_type`` and ``value_type`` (ContainerTypes or None)."""

    __slots__ = ("key_type", "value_type")

    def __init__(self, items=(), key_type=None, value_type=None):
        super().__init__(items)
        self.key_type = key_type
        self.value_type = value_type

    def __repr__(self):
        return _engine_text(self)

    def __eq__(self, other):
        if isinstance(other, TypedDictionary):
            return (dict.__eq__(self, other) and other.key_type == self.key_type and
                    other.value_type == self.value_type)
        return dict.__eq__(self, other)

    __hash__ = None


class Dictionary:
    """A Godot Dictionary that a Python dict cannot hold: its keys are not
    hashable (Arrays, Dictionaries, packed arrays as keys) or are distinct in
    Godot but equal in Python (``1``, ``1.0`` and ``True``; a Vector2 and a
    Vector2i of the same numbers). ``entries`` is the list of (key, value)
    pairs in the engine's order; lookups compare keys by type and value."""

    __slots__ = ("entries", "key_type", "value_type")

    def __init__(self, entries=(), key_type=None, value_type=None):
        self.entries = list(entries)
        self.key_type = key_type
        self.value_type = value_type

    @staticmethod
    def _same(a, b):
        if type(a) is not type(b):
            return False
        try:
            import numpy
            if isinstance(a, numpy.ndarray):
                return a.dtype == b.dtype and a.shape == b.shape and bool((a == b).all())
        except ImportError:
            pass
        r = a == b
        return bool(r) if isinstance(r, bool) else False

    def __getitem__(self, key):
        for k, v in self.entries:
            if self._same(k, key):
                return v
        raise KeyError(key)

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key):
        return any(self._same(k, key) for k, _ in self.entries)

    def __len__(self):
        return len(self.entries)

    def __iter__(self):
        return (k for k, _ in self.entries)

    def keys(self):
        return [k for k, _ in self.entries]

    def values(self):
        return [v for _, v in self.entries]

    def items(self):
        return list(self.entries)

    def __repr__(self):
        return _engine_text(self)

    def __eq__(self, other):
        if not isinstance(other, Dictionary) or len(self) != len(other):
            return False
        return all(self._same(a, c) and self._same(b, d) or (a is c and b is d)
                   for (a, b), (c, d) in zip(self.entries, other.entries))

    __hash__ = None


class PackedStringArray(list):
    """A PackedStringArray: a list of str that ``dumps`` writes as one."""

    __slots__ = ()

    def __repr__(self):
        return _engine_text(self)


import numpy as _np


class PackedVector4Array(_np.ndarray):
    """A PackedVector4Array: an (n, 4) float array. A plain (n, 4) float32
    array is a PackedColorArray for ``dumps``; this subclass (what ``loads``
    gives for PackedVector4Array) says Vector4. ``PackedVector4Array.of(a)``
    makes one from any (n, 4) array."""

    @staticmethod
    def of(a):
        return _np.asarray(a).view(PackedVector4Array)


__all__.append("PackedVector4Array")
