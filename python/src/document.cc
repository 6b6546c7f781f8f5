// Copyright 2026 The gdwire Authors.
//
// gdwire.Document / gdwire.Element over codec/document's Parser.

#include "python/src/document.h"

#include <pybind11/pybind11.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "codec/document/document.h"
#include "python/src/convert.h"

namespace py = pybind11;

namespace gdwire {
namespace python {
namespace {

// Parsers of Documents gone, kept for the next ones (a warm Parser
// allocates nothing: a Document per message costs no allocation of its
// tape). Guarded by the GIL.
std::vector<std::unique_ptr<document::Parser>>& SparePool() {
  static auto* pool = new std::vector<std::unique_ptr<document::Parser>>();
  return *pool;
}

std::unique_ptr<document::Parser> TakeParser() {
  auto& pool = SparePool();
  if (pool.empty()) return std::make_unique<document::Parser>();
  std::unique_ptr<document::Parser> p = std::move(pool.back());
  pool.pop_back();
  return p;
}

// The message (an immutable bytes object: the base of the NumPy views) and
// its parse.
struct Doc {
  Doc() : parser(TakeParser()) {}
  ~Doc() {
    if (SparePool().size() < 4) SparePool().push_back(std::move(parser));
  }
  Doc(const Doc&) = delete;
  Doc& operator=(const Doc&) = delete;

  py::bytes data;
  std::unique_ptr<document::Parser> parser;
  document::Element root;
  DecodeOptions options;
};

struct Elem {
  py::object doc;  // keeps the Doc (tape and bytes) alive
  document::Element e;
};

Doc& DocOf(const py::object& o) { return o.cast<Doc&>(); }

bool IsContainer(Type t) {
  return t == Type::kArray || t == Type::kDictionary || t == Type::kObject ||
         t == Type::kTypedArray || t == Type::kPackedTypedArray ||
         t == Type::kPackedStringArray;
}

py::object Value(const py::object& doc, const document::Element& e) {
  ElementContext c;
  c.owner = doc.ptr();
  c.views = true;
  c.real_is_double = DocOf(doc).options.real_is_double;
  PyObject* o = FromElement(e, c);
  if (o == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(o);
}

// A container as an Element (indexed further), anything else as its value.
py::object Wrap(const py::object& doc, const document::Element& e) {
  if (IsContainer(e.type())) return py::cast(Elem{doc, e});
  return Value(doc, e);
}

py::object GetItem(const Elem& self, py::handle key) {
  const document::Element& e = self.e;
  document::Element child;
  if (PyLong_Check(key.ptr()) && !PyBool_Check(key.ptr()) &&
      e.type() != Type::kDictionary) {
    long long i = key.cast<long long>();
    const long long n = e.size();
    if (i < 0) i += n;
    if (i < 0 || i >= n)
      throw py::index_error("gdwire.Element index out of range");
    child = e.at(static_cast<size_t>(i));
  } else if (PyUnicode_Check(key.ptr())) {
    child = e.Find(key.cast<std::string>());
  } else {
    Variant k;
    if (!ToVariant(key.ptr(), &k)) throw py::error_already_set();
    child = e.FindKey(k);
  }
  if (!child.valid()) throw py::key_error(py::repr(key).cast<std::string>());
  return Wrap(self.doc, child);
}

std::string TypeNameOf(const document::Element& e) {
  return std::string(TypeName(e.type()));
}

}  // namespace

void BindDocument(py::module_& m) {
  py::class_<Doc>(m, "Document", R"doc(
Document(data, dialect="godot4", **options)

One message indexed for reading a few fields without building all of it
(codec/document): ``doc["players"][3]["pos"]``. Containers come back as
gdwire.Element (indexed further), everything else as its Python value;
packed arrays are read-only NumPy views of the message. ``value()`` is the
whole value (what loads gives). Raises gdwire.DecodeError as loads does.
)doc")
      .def(
          py::init([](py::handle data, const std::string& dialect,
                      py::kwargs kw) {
            auto d = std::make_unique<Doc>();
            if (!ParseDialectArg(py::str(dialect).ptr(), &d->options.dialect)) {
              throw py::error_already_set();
            }
            for (auto item : kw) {
              bool known = false;
              const std::string name = py::str(item.first);
              if (!ParseDecodeOption(name.c_str(), item.second.ptr(),
                                     &d->options, &known)) {
                throw py::error_already_set();
              }
              if (!known)
                throw py::type_error("gdwire: unknown option '" + name + "'");
            }
            if (PyBytes_CheckExact(data.ptr())) {
              d->data = py::reinterpret_borrow<py::bytes>(data);
            } else {
              PyObject* b = PyObject_Bytes(data.ptr());  // an immutable copy
              if (b == nullptr) throw py::error_already_set();
              d->data = py::reinterpret_steal<py::bytes>(b);
            }
            const std::string_view v = d->data;
            document::ParseResult r = d->parser->Parse(
                absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(v.data()),
                                    v.size()),
                d->options);
            if (!r.ok()) {
              SetError(r.error);
              throw py::error_already_set();
            }
            d->root = r.root;
            return d;
          }),
          py::arg("data"), py::arg("dialect") = "godot4")
      .def_property_readonly("root",
                             [](py::object self) {
                               return Elem{self, DocOf(self).root};
                             })
      .def(
          "value",
          [](py::object self) { return Value(self, DocOf(self).root); },
          "The whole value, as loads gives it.")
      .def("__getitem__",
           [](py::object self, py::handle key) {
             return GetItem(Elem{self, DocOf(self).root}, key);
           })
      .def("__len__", [](py::object self) { return DocOf(self).root.size(); });

  py::class_<Elem>(m, "Element", "A container of a gdwire.Document.")
      .def("__getitem__", &GetItem)
      .def("__len__", [](const Elem& s) { return s.e.size(); })
      .def("__contains__",
           [](const Elem& s, py::handle key) {
             if (PyUnicode_Check(key.ptr()))
               return s.e.Find(key.cast<std::string>()).valid();
             Variant k;
             if (!ToVariant(key.ptr(), &k)) throw py::error_already_set();
             return s.e.FindKey(k).valid();
           })
      .def("__iter__",
           [](const Elem& s) {
             py::list out;
             if (s.e.type() == Type::kDictionary ||
                 s.e.type() == Type::kObject) {
               for (auto en : s.e.entries()) out.append(Value(s.doc, en.key));
             } else {
               for (document::Element x : s.e) out.append(Wrap(s.doc, x));
             }
             return py::iter(out);
           })
      .def("keys",
           [](const Elem& s) {
             py::list out;
             for (auto en : s.e.entries()) out.append(Value(s.doc, en.key));
             return out;
           })
      .def("items",
           [](const Elem& s) {
             py::list out;
             for (auto en : s.e.entries()) {
               out.append(
                   py::make_tuple(Value(s.doc, en.key), Wrap(s.doc, en.value)));
             }
             return out;
           })
      .def(
          "get",
          [](const Elem& s, py::handle key, py::object dflt) {
            try {
              return GetItem(s, key);
            } catch (py::key_error&) {
              return dflt;
            } catch (py::index_error&) {
              return dflt;
            }
          },
          py::arg("key"), py::arg("default") = py::none())
      .def_property_readonly(
          "type", [](const Elem& s) { return TypeNameOf(s.e); },
          "The engine's type name (\"Array\", \"Dictionary\", ...).")
      .def_property_readonly(
          "offset", [](const Elem& s) { return s.e.offset(); },
          "Byte offset of the value in the message.")
      .def(
          "value", [](const Elem& s) { return Value(s.doc, s.e); },
          "The whole value under this element, as loads gives it.")
      .def("__repr__", [](const Elem& s) {
        return "<gdwire.Element " + TypeNameOf(s.e) + " of " +
               std::to_string(s.e.size()) + " at byte " +
               std::to_string(s.e.offset()) + ">";
      });
}

}  // namespace python
}  // namespace gdwire
