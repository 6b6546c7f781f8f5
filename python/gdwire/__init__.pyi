# Type stubs of the gdwire package (python/gdwire/__init__.py, _types.py and
# the _gdwire extension).
from typing import (Any, BinaryIO, Iterable, Iterator, List, NamedTuple, Optional,
                    Sequence, Tuple, Union)

import numpy as np
import numpy.typing as npt

__version__: str

Buffer = Union[bytes, bytearray, memoryview]
Dialect = str  # "godot4" | "godot3" | "pandemonium" | "pandemonium4"

class DecodeError(ValueError):
    kind: str
    offset: int
    path: str
    detail: str
    godot_error: int
    def __init__(self, message: str, kind: str = ..., offset: int = ..., path: str = ...,
                 detail: str = ..., godot_error: int = ...) -> None: ...

class EncodeError(ValueError):
    kind: str
    offset: int
    path: str
    detail: str
    godot_error: int

class StringName(str): ...

class _Math(tuple):
    _fields: Tuple[str, ...]
    def _asdict(self) -> dict: ...

class Vector2(_Math):
    def __new__(cls, x: float = ..., y: float = ...) -> "Vector2": ...
    x: float
    y: float
class Vector2i(_Math):
    def __new__(cls, x: int = ..., y: int = ...) -> "Vector2i": ...
    x: int
    y: int
class Vector3(_Math):
    def __new__(cls, x: float = ..., y: float = ..., z: float = ...) -> "Vector3": ...
    x: float
    y: float
    z: float
class Vector3i(_Math):
    def __new__(cls, x: int = ..., y: int = ..., z: int = ...) -> "Vector3i": ...
    x: int
    y: int
    z: int
class Vector4(_Math):
    def __new__(cls, x: float = ..., y: float = ..., z: float = ..., w: float = ...) -> "Vector4": ...
    x: float
    y: float
    z: float
    w: float
class Vector4i(_Math):
    def __new__(cls, x: int = ..., y: int = ..., z: int = ..., w: int = ...) -> "Vector4i": ...
    x: int
    y: int
    z: int
    w: int
class Quaternion(_Math):
    def __new__(cls, x: float = ..., y: float = ..., z: float = ..., w: float = ...) -> "Quaternion": ...
    x: float
    y: float
    z: float
    w: float
class Color(_Math):
    def __new__(cls, r: float = ..., g: float = ..., b: float = ..., a: float = ...) -> "Color": ...
    r: float
    g: float
    b: float
    a: float
class Plane(_Math):
    def __new__(cls, x: float = ..., y: float = ..., z: float = ..., d: float = ...) -> "Plane": ...
    x: float
    y: float
    z: float
    d: float
    normal: Vector3
class Rect2(_Math):
    def __new__(cls, x: float = ..., y: float = ..., width: float = ..., height: float = ...) -> "Rect2": ...
    position: Vector2
    size: Vector2
class Rect2i(_Math):
    def __new__(cls, x: int = ..., y: int = ..., width: int = ..., height: int = ...) -> "Rect2i": ...
    position: Vector2i
    size: Vector2i
class AABB(_Math):
    def __new__(cls, *components: float) -> "AABB": ...
    position: Vector3
    size: Vector3
class Transform2D(_Math):
    def __new__(cls, *components: float) -> "Transform2D": ...
    x: Vector2
    y: Vector2
    origin: Vector2
class Basis(_Math):
    def __new__(cls, *components: float) -> "Basis": ...
    rows: Tuple[Vector3, Vector3, Vector3]
    x: Vector3
    y: Vector3
    z: Vector3
class Transform3D(_Math):
    def __new__(cls, *components: float) -> "Transform3D": ...
    basis: Basis
    origin: Vector3
class Projection(_Math):
    def __new__(cls, *components: float) -> "Projection": ...
    x: Vector4
    y: Vector4
    z: Vector4
    w: Vector4
Quat = Quaternion
Transform = Transform3D

class NodePath:
    names: Tuple[str, ...]
    subnames: Tuple[str, ...]
    absolute: bool
    def __init__(self, path: str = ..., names: Optional[Sequence[str]] = ...,
                 subnames: Optional[Sequence[str]] = ..., absolute: Optional[bool] = ...) -> None: ...

class RID:
    id: int
    def __init__(self, id: int = ...) -> None: ...

class Object:
    class_name: Optional[str]
    properties: dict
    def __init__(self, class_name: Optional[str] = ..., properties: Optional[dict] = ...) -> None: ...

class EncodedObjectAsID:
    object_id: int
    def __init__(self, object_id: int = ...) -> None: ...

class Callable: ...

class Signal:
    name: str
    object_id: int
    def __init__(self, name: str = ..., object_id: int = ...) -> None: ...

class ContainerType(NamedTuple):
    type: str
    class_name: str = ...
    script: str = ...

class TypedArray(list):
    element_type: Optional[ContainerType]
    variant_type: str
    def __init__(self, items: Iterable[Any] = ..., element_type: Optional[ContainerType] = ...,
                 variant_type: str = ...) -> None: ...

class TypedDictionary(dict):
    key_type: Optional[ContainerType]
    value_type: Optional[ContainerType]
    def __init__(self, items: Any = ..., key_type: Optional[ContainerType] = ...,
                 value_type: Optional[ContainerType] = ...) -> None: ...

class Dictionary:
    entries: List[Tuple[Any, Any]]
    key_type: Optional[ContainerType]
    value_type: Optional[ContainerType]
    def __init__(self, entries: Iterable[Tuple[Any, Any]] = ...,
                 key_type: Optional[ContainerType] = ...,
                 value_type: Optional[ContainerType] = ...) -> None: ...
    def __getitem__(self, key: Any) -> Any: ...
    def get(self, key: Any, default: Any = ...) -> Any: ...
    def __contains__(self, key: Any) -> bool: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[Any]: ...
    def keys(self) -> List[Any]: ...
    def values(self) -> List[Any]: ...
    def items(self) -> List[Tuple[Any, Any]]: ...

class PackedStringArray(List[str]): ...

class PackedVector4Array(np.ndarray):
    @staticmethod
    def of(a: npt.ArrayLike) -> "PackedVector4Array": ...

def loads(data: Buffer, dialect: Dialect = ..., *, allow_objects: bool = ...,
          max_depth: int = ..., reject_trailing_bytes: bool = ...,
          real_is_double: bool = ..., max_string_bytes: int = ...,
          max_packed_elements: int = ..., max_container_elements: int = ...,
          max_alloc_bytes: int = ..., pandemonium_engine_defects: bool = ...) -> Any: ...
def dumps(value: Any, dialect: Dialect = ..., full_objects: bool = ...,
          real_is_double: bool = ..., pandemonium_engine_defects: bool = ...) -> bytes: ...
bytes_to_var = loads
var_to_bytes = dumps
def var_to_str(value: Any, dialect: Dialect = ..., real_is_double: bool = ...) -> str: ...
def str_to_var(text: str, dialect: Dialect = ..., real_is_double: bool = ...) -> Any: ...

class Element:
    type: str
    offset: int
    def __getitem__(self, key: Any) -> Any: ...
    def __len__(self) -> int: ...
    def __contains__(self, key: Any) -> bool: ...
    def __iter__(self) -> Iterator[Any]: ...
    def keys(self) -> List[Any]: ...
    def items(self) -> List[Tuple[Any, Any]]: ...
    def get(self, key: Any, default: Any = ...) -> Any: ...
    def value(self) -> Any: ...

class Document:
    root: Element
    def __init__(self, data: Buffer, dialect: Dialect = ..., **options: Any) -> None: ...
    def __getitem__(self, key: Any) -> Any: ...
    def __len__(self) -> int: ...
    def value(self) -> Any: ...

def iter_values(source: Union[Buffer, BinaryIO, Iterable[Buffer]], framing: str = ...,
                dialect: Dialect = ..., *, chunk_size: int = ..., big_endian: bool = ...,
                max_frame_bytes: int = ..., **options: Any) -> Iterator[Any]: ...
def read_capture(path: str, dialect: Dialect = ..., *, ports: Optional[Sequence[int]] = ...,
                 big_endian: bool = ..., problems: bool = ..., events: bool = ...,
                 **options: Any) -> Iterator[dict]: ...
