"""gdwire: Godot's Variant bytes (``var_to_bytes`` / ``bytes_to_var``,
``StreamPeer.put_var``) to Python values and back, fast.

    >>> import gdwire
    >>> data = gdwire.dumps({"pos": gdwire.Vector3(1, 2, 3), "hp": 42})
    >>> gdwire.loads(data)
    {'pos': Vector3(1, 2, 3), 'hp': 42}

Types: null -> None, bool, int, float, String -> str, StringName ->
gdwire.StringName (a str), Array -> list, Dictionary -> dict (insertion
order; see gdwire.Dictionary for what a dict cannot hold), math types ->
immutable gdwire.Vector2 ... gdwire.Color (tuples of their components; repr is
the engine's text), packed arrays -> NumPy arrays (PackedVector3Array:
shape (n, 3); read-only views of the input bytes where aligned, else one
copy), PackedStringArray -> gdwire.PackedStringArray (a list), NodePath,
RID, Object, EncodedObjectAsID, Signal, Callable -> their classes; typed
containers -> gdwire.TypedArray / gdwire.TypedDictionary. Dialects:
"godot4" (default), "godot3", "pandemonium", "pandemonium4".
"""

import time as _time

from . import _types
from ._types import *  # noqa: F401,F403
from ._types import __all__ as _types_all
from . import _gdwire

_gdwire._register({name: getattr(_types, name) for name in _types_all})

loads = _gdwire.loads
dumps = _gdwire.dumps
var_to_str = _gdwire.var_to_str
str_to_var = _gdwire.str_to_var
Document = _gdwire.Document
Element = _gdwire.Element
_types._to_text = var_to_str

bytes_to_var = loads
var_to_bytes = dumps

__version__ = "0.1.0"
__all__ = list(_types_all) + [
    "loads", "dumps", "bytes_to_var", "var_to_bytes", "var_to_str",
    "str_to_var", "Document", "Element", "iter_values", "read_capture",
]


def iter_values(source, framing="stream", dialect="godot4", *, chunk_size=1 << 16,
                big_endian=False, max_frame_bytes=256 << 20, **options):
    """Yields every value of a recording or a socket's bytes.

    ``source``: bytes-like (one buffer), a binary file object (read in
    ``chunk_size`` pieces), or any iterable of bytes-like chunks of any size
    (``iter(lambda: sock.recv(4096), b"")``). ``framing``: "stream"
    (StreamPeer.put_var / FileAccess.store_var: a u32 length before each
    value; ``big_endian`` for StreamPeer.big_endian), "packet_stream"
    (PacketPeerStream) or "none" (values back to back). Options as loads.
    Raises DecodeError (kind "bad_frame" when the stream ends mid-value).
    """
    if isinstance(source, (bytes, bytearray, memoryview)):
        # One complete buffer: the framed decode, packed arrays as views.
        yield from _gdwire.decode_framed(source, framing, big_endian, max_frame_bytes,
                                         dialect=dialect, **options)
        return
    reader = _gdwire.StreamReader(framing, big_endian, max_frame_bytes,
                                  dialect=dialect, **options)
    if hasattr(source, "read"):
        chunks = iter(lambda: source.read(chunk_size), b"")
    else:
        chunks = source
    for chunk in chunks:
        if chunk:
            yield from reader.feed(chunk)
    yield from reader.finish()


def read_capture(path, dialect="godot4", *, ports=None, big_endian=False,
                 problems=False, events=True, **options):
    """Yields the Godot messages of a pcap / pcapng file as
    ``gdwire capture --format=json`` prints them: one dict per message with
    ``type`` "message", ``time`` (ISO 8601, UTC), ``ts`` (seconds),
    ``transport`` ("tcp", "udp", "ws"), ``src``, ``dst``, ``connection``,
    ``index``, ``offset``, ``text`` (var_to_str) and ``value`` (the Python
    value); with ``events``, Godot's high-level multiplayer over ENet as
    dicts of ``type`` "event" (``kind``, ``node``, ``method``, ``text``,
    ``values``, ``event_json``); with ``problems``, gaps and undecodable
    messages as dicts of ``type`` "problem" (``kind``, ``offset``,
    ``text``). ``ports`` keeps the traffic of those ports (either side).
    """
    records = _gdwire.read_capture(str(path), list(ports or ()), big_endian,
                                   problems, events, dialect=dialect, **options)
    for r in records:
        sec, nsec = r["time"]
        r["time"] = "%s.%06dZ" % (
            _time.strftime("%Y-%m-%dT%H:%M:%S", _time.gmtime(sec)), nsec // 1000)
        yield r
