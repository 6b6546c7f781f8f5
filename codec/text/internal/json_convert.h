// Copyright 2026 The gdwire Authors.
//
// codec/text/internal/json_convert.h: the second half of FromJson (json.h):
// the tree that json_tree.h reads converted to a Variant, following the
// schema at the top of json.cc (docs/JSON.md). Every error names the line
// and column of the value at fault. Its parts:
//
//   json_convert.cc           the recursive path (untyped values, type tags,
//                             Array, Dictionary, Object) and the errors
//   json_convert_leaves.cc    the payloads of every other type
//   json_convert_elements.cc  numbers, integers, reals, text, base64 and
//                             container types inside a payload

#ifndef GDWIRE_CODEC_TEXT_INTERNAL_JSON_CONVERT_H_
#define GDWIRE_CODEC_TEXT_INTERNAL_JSON_CONVERT_H_

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "absl/base/attributes.h"
#include "absl/status/status.h"
#include "absl/strings/charconv.h"
#include "absl/strings/string_view.h"
#include "codec/text/internal/json_tree.h"
#include "codec/types.h"
#include "codec/variant.h"

namespace gdwire {
namespace text {
namespace json_internal {

// Converts the Node tree to a Variant. The functions on the recursive path
// (Value, Tagged, ArrayValue, DictionaryValue, ObjectValue, Properties) keep
// their frames small, with everything else out of line, so that the deepest
// accepted value fits easily in a thread's stack even under sanitizers.
class Converter {
 public:
  // `json`: the whole input (for positions); `base`: the offset of the
  // parsed text in it (after a BOM).
  Converter(absl::string_view json, size_t base) : json_(json), base_(base) {}

  absl::Status Value(const Node& n, int depth, Variant* out) const;

 private:
  // ---- json_convert.cc: the recursive path.

  // {"<Type>": payload, attributes...}
  absl::Status Tagged(const Node& n, int depth, Variant* out) const;
  ABSL_ATTRIBUTE_NOINLINE absl::Status ArrayValue(Type t, const Node& p,
                                                  const Node* element_type,
                                                  int depth,
                                                  Variant* out) const;
  ABSL_ATTRIBUTE_NOINLINE absl::Status DictionaryValue(const Node& p,
                                                       const Node* key_type,
                                                       const Node* value_type,
                                                       int depth,
                                                       Variant* out) const;
  ABSL_ATTRIBUTE_NOINLINE absl::Status ObjectValue(const Node& p, int depth,
                                                   Variant* out) const;
  // {"name": value, ...} or [[name, value], ...].
  ABSL_ATTRIBUTE_NOINLINE absl::Status Properties(
      const Node& p, int depth,
      std::vector<std::pair<std::string, Variant>>* out) const;

  // ---- json_convert.cc: errors (out of line: their temporaries stay off
  // the recursive path).
  ABSL_ATTRIBUTE_NOINLINE absl::Status Error(const Node& n,
                                             absl::string_view message) const;
  ABSL_ATTRIBUTE_NOINLINE absl::Status ErrorQuoting(
      const Node& n, absl::string_view before, absl::string_view quoted,
      absl::string_view after) const;
  // "<expected>, got <what n is>".
  ABSL_ATTRIBUTE_NOINLINE absl::Status Got(const Node& n,
                                           absl::string_view expected) const;
  ABSL_ATTRIBUTE_NOINLINE absl::Status TwoTags(const Node& first,
                                               const Node& second) const;
  ABSL_ATTRIBUTE_NOINLINE absl::Status UnexpectedKey(const Node& key,
                                                     const Node& tag) const;
  ABSL_ATTRIBUTE_NOINLINE absl::Status TooDeep(const Node& n) const;
  ABSL_ATTRIBUTE_NOINLINE absl::Status NoTag(const Node& n) const;

  // ---- json_convert_leaves.cc.
  ABSL_ATTRIBUTE_NOINLINE absl::Status Scalar(const Node& n,
                                              Variant* out) const;
  ABSL_ATTRIBUTE_NOINLINE absl::Status ObjectKind(const Node& n,
                                                  Object::Kind* out) const;
  // The payload of every type but Array, Dictionary and Object.
  ABSL_ATTRIBUTE_NOINLINE absl::Status Leaf(Type t, const Node& p,
                                            Variant* out) const;
  absl::Status MathLeaf(Type t, const Node& p, Variant* out) const;
  absl::Status PackedLeaf(Type t, const Node& p, Variant* out) const;
  absl::Status NodePathValue(const Node& p, Variant* out) const;
  absl::Status SignalValue(const Node& p, Variant* out) const;
  // A JSON array of elements, each read by `read`.
  template <typename T>
  absl::Status List(const Node& p, Type t,
                    absl::Status (Converter::*read)(const Node&, T*) const,
                    std::vector<T>* out) const;

  // ---- json_convert_elements.cc.
  absl::Status Count(const Node& p, Type t, int n, size_t got) const;
  absl::Status Multiple(const Node& p, Type t, size_t size) const;
  absl::Status I64(const Node& n, int64_t* out) const;
  absl::Status I32(const Node& n, int32_t* out) const;
  absl::Status Byte(const Node& n, uint8_t* out) const;
  ABSL_ATTRIBUTE_NOINLINE absl::Status U64(const Node& n, uint64_t* out) const;
  // A JSON number literal, correctly rounded to T.
  template <typename T>
  absl::Status Number(const Node& n, T* out) const {
    const char* begin = n.text.data();
    const char* end = begin + n.text.size();
    const absl::from_chars_result r = absl::from_chars(begin, end, *out);
    if (r.ec == std::errc::result_out_of_range) {
      return ErrorQuoting(n, "number ", n.text,
                          sizeof(T) == 8
                              ? " out of the range of a 64-bit float"
                              : " out of the range of a 32-bit float");
    }
    if (r.ec != std::errc() || r.ptr != end) {
      return ErrorQuoting(n, "malformed number ", n.text, "");
    }
    return absl::OkStatus();
  }
  absl::Status Real(const Node& n, double* out) const;
  absl::Status Real32(const Node& n, float* out) const;
  absl::Status Base64(const Node& n, std::string* out) const;
  // "text" or {"base64": "..."}.
  ABSL_ATTRIBUTE_NOINLINE absl::Status Text(const Node& n,
                                            std::string* out) const;
  absl::Status TypeNamed(const Node& n, Type* t) const;
  // "TypeName", {"class": T}, {"script": T} or
  // {"kind": ..., "builtin": "TypeName", "name": T}.
  ABSL_ATTRIBUTE_NOINLINE absl::Status Container(const Node& n,
                                                 ContainerType* out) const;

  absl::string_view json_;  // the whole input, for positions
  size_t base_;             // offset of the parsed text in json_ (BOM)
};

}  // namespace json_internal
}  // namespace text
}  // namespace gdwire

#endif  // GDWIRE_CODEC_TEXT_INTERNAL_JSON_CONVERT_H_
