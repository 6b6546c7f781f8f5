// Copyright 2026 The gdwire Authors.
//
// The `gdwire._gdwire` extension module: loads / dumps, var_to_str /
// str_to_var, Document, the stream reader under iter_values, and
// read_capture. gdwire/__init__.py is the public face (python/README.md).

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "codec/capture/capture.h"
#include "codec/document/internal/thread_parser.h"
#include "codec/frame/frame.h"
#include "codec/gdwire.h"
#include "codec/stream/value_reader.h"
#include "codec/text/json.h"
#include "python/src/convert.h"
#include "python/src/document.h"

namespace py = pybind11;

namespace gdwire {
namespace python {
namespace {

// The options of a call's keyword arguments (a dict).
DecodeOptions OptionsFromKwargs(const py::dict& kw) {
  DecodeOptions o;
  for (auto item : kw) {
    const std::string name = py::str(item.first);
    bool known = false;
    if (!ParseDecodeOption(name.c_str(), item.second.ptr(), &o, &known)) {
      throw py::error_already_set();
    }
    if (!known) throw py::type_error("gdwire: unknown option '" + name + "'");
  }
  return o;
}

// loads(data, dialect="godot4", **options): the fast-call entry point.
PyObject* Loads(PyObject*, PyObject* const* args, Py_ssize_t nargs,
                PyObject* kwnames) {
  if (!classes().ready) {
    PyErr_SetString(PyExc_RuntimeError,
                    "gdwire: import gdwire, not gdwire._gdwire");
    return nullptr;
  }
  const Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  if (nargs < 1 || nargs > 2) {
    PyErr_SetString(PyExc_TypeError,
                    "loads(data, dialect='godot4', **options)");
    return nullptr;
  }
  DecodeOptions opts;
  if (nargs == 2 && !ParseDialectArg(args[1], &opts.dialect)) return nullptr;
  for (Py_ssize_t i = 0; i < nkw; ++i) {
    const char* name = PyUnicode_AsUTF8(PyTuple_GET_ITEM(kwnames, i));
    bool known = false;
    if (name == nullptr ||
        !ParseDecodeOption(name, args[nargs + i], &opts, &known)) {
      return nullptr;
    }
    if (!known) {
      PyErr_Format(PyExc_TypeError,
                   "loads() got an unexpected keyword argument '%s'", name);
      return nullptr;
    }
  }
  Py_buffer buf;
  if (PyObject_GetBuffer(args[0], &buf, PyBUF_SIMPLE) != 0) return nullptr;
  if (opts.pandemonium_engine_defects) {
    PyObject* v = DecodeWithEngineDefects(
        absl::MakeConstSpan(static_cast<const uint8_t*>(buf.buf),
                            static_cast<size_t>(buf.len)),
        opts);
    PyBuffer_Release(&buf);
    return v;
  }
  // The thread's Parser, reused (a parse allocates nothing once warm); a
  // re-entrant call (a __del__ during a conversion) gets a Parser of its own.
  document::internal::ThreadParser parser;
  const ByteView bytes(absl::MakeConstSpan(static_cast<const uint8_t*>(buf.buf),
                                           static_cast<size_t>(buf.len)));
  document::ParseResult r = parser->Parse(bytes, opts);
  PyObject* out = nullptr;
  if (!r.ok()) {
    SetError(r.error);
  } else {
    ElementContext c;
    c.owner = args[0];
    c.views = buf.readonly != 0 && PyBytes_CheckExact(args[0]);
    c.real_is_double = opts.real_is_double;
    GcPause pause;
    out = FromElement(r.root, c);
  }
  PyBuffer_Release(&buf);
  return out;
}

PyMethodDef kLoadsDef = {
    "loads",
    reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&Loads)),
    METH_FASTCALL | METH_KEYWORDS,
    "loads(data, dialect='godot4', *, allow_objects=False, max_depth=1024,\n"
    "      reject_trailing_bytes=False, real_is_double=False,\n"
    "      max_string_bytes=2**31, max_packed_elements=2**31,\n"
    "      max_container_elements=2**31, max_alloc_bytes=0)\n\n"
    "The value at the start of `data` (bytes-like), as the engine's\n"
    "bytes_to_var reads it. Raises gdwire.DecodeError (kind, offset, path)."};

Variant ValueToVariant(py::handle value, bool real_is_double = false) {
  Variant v;
  if (!ToVariant(value.ptr(), &v, real_is_double))
    throw py::error_already_set();
  return v;
}

py::object Owned(Variant& v) {
  PyObject* o = FromVariant(v);
  if (o == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(o);
}

Dialect DialectOf(const std::string& name) {
  Dialect d;
  if (!ParseDialect(name, &d)) {
    throw py::value_error(
        "gdwire: dialect must be 'godot3', 'godot4', 'pandemonium' or "
        "'pandemonium4', not '" +
        name + "'");
  }
  return d;
}

py::bytes Dumps(py::handle value, const std::string& dialect, bool full_objects,
                bool real_is_double, bool pandemonium_engine_defects) {
  EncodeOptions eo;
  eo.pandemonium_engine_defects = pandemonium_engine_defects;
  eo.dialect = DialectOf(dialect);
  eo.full_objects = full_objects;
  eo.real_is_double = real_is_double;
  const Variant v = ValueToVariant(value, real_is_double);
  std::string out;
  if (pandemonium_engine_defects) {
    if (!EncodeWithEngineDefects(v, eo, &out)) throw py::error_already_set();
    return py::bytes(out);
  }
  const Error e = EncodeTo(v, eo, &out);
  if (!e.ok()) {
    SetError(e, /*encoding=*/true);
    throw py::error_already_set();
  }
  return py::bytes(out);
}

py::object VarToStr(py::handle value, const std::string& dialect,
                    bool real_is_double) {
  text::TextOptions to;
  to.dialect = DialectOf(dialect);
  to.real_is_double = real_is_double;
  const std::string s = text::ToText(ValueToVariant(value, real_is_double), to);
  PyObject* o = Str(s.data(), s.size());
  if (o == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(o);
}

py::object StrToVar(py::str text, const std::string& dialect,
                    bool real_is_double) {
  text::ParseOptions po;
  po.dialect = DialectOf(dialect);
  po.real_is_double = real_is_double;
  Variant t;
  if (!ToVariant(text.ptr(), &t)) throw py::error_already_set();  // its UTF-8
  absl::StatusOr<Variant> v = text::FromText(t.as_string(), po);
  if (!v.ok()) {
    SetError(ErrorFromStatus(v.status()));
    throw py::error_already_set();
  }
  return Owned(*v);
}

// The reader under iter_values: chunks in, complete values out.
class StreamReader {
 public:
  StreamReader(const std::string& framing, bool big_endian,
               uint32_t max_frame_bytes, const py::kwargs& kw)
      : reader_(OptionsFromKwargs(kw),
                Framing(framing, big_endian, max_frame_bytes)) {}

  py::list Feed(py::buffer chunk) {
    py::buffer_info info = chunk.request();
    values_.clear();
    const absl::Status st = reader_.Feed(
        absl::MakeConstSpan(static_cast<const uint8_t*>(info.ptr),
                            static_cast<size_t>(info.size * info.itemsize)),
        &values_);
    py::list out = Drain();
    if (!st.ok()) Raise(st);
    return out;
  }

  py::list Finish() {
    values_.clear();
    const absl::Status st = reader_.Finish(&values_);
    py::list out = Drain();
    if (!st.ok()) Raise(st);
    return out;
  }

 private:
  static FrameOptions Framing(const std::string& name, bool big_endian,
                              uint32_t max) {
    FrameOptions f;
    if (name == "stream") {
      f.framing = gdwire::Framing::kStream;
    } else if (name == "packet_stream") {
      f.framing = gdwire::Framing::kPacketStream;
    } else if (name == "none") {
      f.framing = gdwire::Framing::kNone;
    } else {
      throw py::value_error(
          "gdwire: framing must be 'stream', 'packet_stream' or 'none'");
    }
    f.big_endian = big_endian;
    f.max_frame_bytes = max;
    return f;
  }
  py::list Drain() {
    GcPause pause;
    py::list out;
    for (Variant& v : values_) out.append(Owned(v));
    values_.clear();
    return out;
  }
  [[noreturn]] static void Raise(const absl::Status& st) {
    SetError(ErrorFromStatus(st));
    throw py::error_already_set();
  }

  stream::ValueReader reader_;
  std::vector<Variant> values_;
};

// Every value of a complete framed buffer (iter_values of bytes): each
// frame codec/frame's ForEachFrame finds, parsed as loads does (packed
// arrays as views of `data` when it is bytes). A bad frame or value gets
// the framed decode's own verdict (DecodeFramedEach: kind, offset, path),
// and so does a shared allocation budget (max_alloc_bytes: one for the
// whole buffer there).
py::list DecodeFramedBuffer(py::object data, const std::string& framing,
                            bool big_endian, uint32_t max_frame_bytes,
                            const py::kwargs& kw) {
  FrameOptions f;
  if (!ParseFraming(framing == "packet_stream" ? "packet-stream" : framing,
                    &f.framing)) {
    throw py::value_error(
        "gdwire: framing must be 'stream', 'packet_stream' or 'none'");
  }
  f.big_endian = big_endian;
  f.max_frame_bytes = max_frame_bytes;
  const DecodeOptions opts = OptionsFromKwargs(kw);
  py::buffer_info info = py::reinterpret_borrow<py::buffer>(data).request();
  const auto bytes =
      absl::MakeConstSpan(static_cast<const uint8_t*>(info.ptr),
                          static_cast<size_t>(info.size * info.itemsize));
  py::list out;
  GcPause pause;
  bool failed = false;
  // A converted value (nullptr: a Python error, which stops the walk).
  auto append = [&](PyObject* o) {
    if (o == nullptr) {
      failed = true;
      return absl::CancelledError("python");
    }
    out.append(py::reinterpret_steal<py::object>(o));
    return absl::OkStatus();
  };
  absl::Status st;
  if (f.framing != gdwire::Framing::kNone && opts.max_alloc_bytes == 0 &&
      !opts.pandemonium_engine_defects) {
    document::Parser parser;
    ElementContext c;
    c.owner = data.ptr();
    c.views = !info.readonly ? false : PyBytes_CheckExact(data.ptr());
    c.real_is_double = opts.real_is_double;
    st = ForEachFrame(
        bytes, f, [&](absl::Span<const uint8_t> payload, uint64_t at) {
          document::ParseResult r = parser.Parse(payload, opts, at);
          if (!r.ok()) return absl::InvalidArgumentError("bad frame");
          return append(FromElement(r.root, c));
        });
    if (failed) throw py::error_already_set();
    if (st.ok()) return out;
    out = py::list();  // the framed decode below gives the verdict
  }
  st = DecodeFramedEach(bytes, f, opts, [&](Variant v, uint64_t) {
    return append(FromVariant(v));
  });
  if (failed) throw py::error_already_set();
  if (!st.ok()) {
    SetError(ErrorFromStatus(st));
    throw py::error_already_set();
  }
  return out;
}

// The fields every record starts with, as `gdwire capture --format=json`.
py::dict Head(const capture::Timestamp& time, capture::Transport transport,
              const capture::Endpoint& src, const capture::Endpoint& dst,
              uint64_t connection, uint64_t index) {
  py::dict d;
  // "time" (ISO 8601) is made from these by gdwire/__init__.py.
  d["time"] = py::make_tuple(time.sec, time.nsec);
  d["ts"] = static_cast<double>(time.sec) + time.nsec * 1e-9;
  d["transport"] = std::string(capture::TransportName(transport));
  d["src"] = src.ToString();
  d["dst"] = dst.ToString();
  d["connection"] = connection;
  d["index"] = index;
  return d;
}

// Every message, multiplayer event and (with problems=True) problem of a
// capture file, in capture order, as dicts.
py::list ReadCapture(const std::string& path, std::vector<uint16_t> ports,
                     bool big_endian, bool problems, bool events,
                     py::kwargs kw) {
  capture::CaptureOptions opts;
  opts.decode = OptionsFromKwargs(kw);
  opts.ports = std::move(ports);
  opts.big_endian = big_endian;
  const Dialect dialect = opts.decode.dialect;
  py::list out;
  GcPause pause;
  bool failed = false;
  opts.net_text = opts.net_json = opts.net_values = events;
  if (events) {
    opts.on_net_event = [&](const capture::NetEvent& e) {
      if (failed) return;
      py::dict d =
          Head(e.time, e.transport, e.src, e.dst, e.connection, e.index);
      d["type"] = "event";
      d["src_peer"] = e.src_peer;
      d["dst_peer"] = e.dst_peer;
      d["channel"] = e.channel;
      d["enet_channel"] = e.enet_channel;
      d["delivery"] = std::string(e.delivery);
      d["kind"] = e.kind;
      d["bytes"] = e.payload_bytes;
      d["text"] = e.text;
      d["node"] = e.node;
      d["method"] = e.method;
      py::list values;
      for (const auto& g : e.values) {
        py::dict gd;
        gd["node"] = g.node;
        gd["texts"] = g.texts;
        values.append(gd);
      }
      d["values"] = values;
      d["event_json"] = e.json;
      out.append(d);
    };
  }
  absl::Status st = capture::DecodeFile(
      path, opts,
      [&](const capture::Message& m) {
        if (failed) return;
        py::dict d =
            Head(m.time, m.transport, m.src, m.dst, m.connection, m.index);
        d["type"] = "message";
        d["offset"] = m.offset;
        const std::string text = text::ToText(m.value, dialect);
        PyObject* t = Str(text.data(), text.size());
        if (t == nullptr) {
          failed = true;
          return;
        }
        d["text"] = py::reinterpret_steal<py::object>(t);
        Variant copy = m.value;
        PyObject* v = FromVariant(copy);
        if (v == nullptr) {
          failed = true;
          return;
        }
        d["value"] = py::reinterpret_steal<py::object>(v);
        out.append(d);
      },
      [&](const capture::Problem& p) {
        if (!problems || failed) return;
        py::dict d = Head(p.time, p.transport, p.src, p.dst, p.connection, 0);
        d["type"] = "problem";
        d["kind"] = std::string(capture::ProblemKindName(p.kind));
        d["offset"] = p.offset;
        d["text"] = p.text;
        out.append(d);
      });
  if (failed) throw py::error_already_set();
  if (!st.ok()) throw py::value_error("gdwire: " + std::string(st.message()));
  return out;
}

void Register(py::dict types) {
  Classes& c = classes();
  auto get = [&](const char* name) {
    py::object o = types[name];
    return o.inc_ref().ptr();  // kept for the module's lifetime
  };
  for (int i = 0; i < kTypeCount; ++i) {
    const Type t = static_cast<Type>(i);
    if (RealComponents(t) > 0 || IntComponents(t) > 0) {
      c.math[i] = get(std::string(TypeName(t)).c_str());
    }
  }
  c.string_name = get("StringName");
  c.node_path = get("NodePath");
  c.rid = get("RID");
  c.object = get("Object");
  c.encoded_object_as_id = get("EncodedObjectAsID");
  c.callable = get("Callable");
  c.signal = get("Signal");
  c.container_type = get("ContainerType");
  c.typed_array = get("TypedArray");
  c.typed_dictionary = get("TypedDictionary");
  c.dictionary = get("Dictionary");
  c.packed_string_array = get("PackedStringArray");
  c.packed_vector4_array = get("PackedVector4Array");
  c.decode_error = get("DecodeError");
  c.encode_error = get("EncodeError");
  c.ready = true;
}

}  // namespace
}  // namespace python
}  // namespace gdwire

PYBIND11_MODULE(_gdwire, m) {
  using namespace gdwire::python;  // NOLINT
  m.doc() = "gdwire's C++ codec (use the gdwire package, not this module)";
  m.def("_register", &Register);
  PyObject* loads =
      PyCFunction_NewEx(&kLoadsDef, nullptr, m.attr("__name__").ptr());
  if (loads == nullptr) throw py::error_already_set();
  m.add_object("loads", py::reinterpret_steal<py::object>(loads));
  m.def("dumps", &Dumps, py::arg("value"), py::arg("dialect") = "godot4",
        py::arg("full_objects") = false, py::arg("real_is_double") = false,
        py::arg("pandemonium_engine_defects") = false,
        "dumps(value, dialect='godot4', full_objects=False, "
        "real_is_double=False)\n\n"
        "The engine's var_to_bytes of `value` (bytes). Raises TypeError for a\n"
        "Python value with no Godot form, gdwire.EncodeError for a type the\n"
        "dialect lacks.");
  m.def("var_to_str", &VarToStr, py::arg("value"),
        py::arg("dialect") = "godot4", py::arg("real_is_double") = false,
        "The engine's text of `value`.");
  m.def("str_to_var", &StrToVar, py::arg("text"), py::arg("dialect") = "godot4",
        py::arg("real_is_double") = false, "The value of the engine's text.");
  py::class_<StreamReader>(m, "StreamReader")
      .def(py::init<const std::string&, bool, uint32_t, const py::kwargs&>(),
           py::arg("framing") = "stream", py::arg("big_endian") = false,
           py::arg("max_frame_bytes") = 256u << 20)
      .def("feed", &StreamReader::Feed)
      .def("finish", &StreamReader::Finish);
  m.def("decode_framed", &DecodeFramedBuffer, py::arg("data"),
        py::arg("framing") = "stream", py::arg("big_endian") = false,
        py::arg("max_frame_bytes") = 256u << 20);
  m.def("read_capture", &ReadCapture, py::arg("path"),
        py::arg("ports") = std::vector<uint16_t>(),
        py::arg("big_endian") = false, py::arg("problems") = false,
        py::arg("events") = true);
  BindDocument(m);
}
