// Copyright 2026 The gdwire Authors.
//
// Linear time on hostile Dictionary keys, for every decoder. Each shape is
// built at two sizes (n and 8n) as the wire bytes an attacker would send
// (godot4), and each decoder reads it while a KeyOpCounter
// (codec/internal/key_hash.h) counts the work of Godot's key identity:
// nodes hashed by KeyHash and node pairs compared by KeyEquals (plus one a
// 64 bytes of text). The work per input byte at 8n must stay within
// kMaxGrowth of the work per byte at n: a quadratic decoder grows about
// eight times. Operation counts, not wall time, so a loaded machine cannot
// make it flaky.
//
// Decoders: the reference decoder, the push parser's DOM decode
// (stream::Decode), the views (Document::ToVariant), the indexed document
// (its parse and ToVariant; its own key index is not counted: bound by
// its seeded hash), the text reader (the
// value's var_to_str text read back) and the JSON reader (its ToJson read
// back); the fast encoder writes each decoded value (no key work, checked
// for its output size).

#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "codec/document/document.h"
#include "codec/encode/encoder.h"
#include "codec/internal/key_hash.h"
#include "codec/options.h"
#include "codec/reference/decoder.h"
#include "codec/stream/value_reader.h"
#include "codec/text/json.h"
#include "codec/text/parse.h"
#include "codec/text/text.h"
#include "codec/types.h"
#include "codec/variant.h"
#include "codec/view/message_view.h"
#include "codec/wire.h"
#include "gtest/gtest.h"

namespace gdwire {
namespace {

// Work per byte may grow this much from n to 8n (a log factor and noise
// from the shapes' fixed parts; a quadratic cost grows about 8 times).
constexpr double kMaxGrowth = 2.0;

// Godot 4 wire bytes, written by hand: hostile inputs (duplicate keys)
// cannot be built as Variants, which hold each key once.
class Wire {
 public:
  void Header(Type t, uint32_t flags = 0) {
    uint32_t id = 0;
    EXPECT_TRUE(WireId(Dialect::kGodot4, t, &id));
    wire::AppendU32(&b_, id | flags);
  }
  void U32(uint32_t v) { wire::AppendU32(&b_, v); }
  void Int(int64_t i) {
    Header(Type::kInt);
    U32(static_cast<uint32_t>(static_cast<int32_t>(i)));
  }
  void Float(double d) {
    Header(Type::kFloat, wire::kFlag64);
    uint64_t u;
    std::memcpy(&u, &d, 8);
    wire::AppendU64(&b_, u);
  }
  void Text(const std::string& s) {
    U32(static_cast<uint32_t>(s.size()));
    b_ += s;
    wire::AppendPad4(&b_, s.size());
  }
  void Str(const std::string& s, Type t = Type::kString) {
    Header(t);
    Text(s);
  }
  void Dict(uint32_t n) {
    Header(Type::kDictionary);
    U32(n);
  }
  void Array(uint32_t n) {
    Header(Type::kArray);
    U32(n);
  }
  // A full Object (needs allow_objects): class, then `props` property
  // name/value pairs the caller writes.
  void Object(const std::string& class_name, uint32_t props) {
    Header(Type::kObject);
    Text(class_name);
    U32(props);
  }
  const std::string& bytes() const { return b_; }

 private:
  std::string b_;
};

struct Shape {
  std::string name;
  bool objects = false;
  std::function<std::string(int)> build;  // bytes for size n
  int n = 0;                              // the small size
};

std::vector<Shape> Shapes() {
  std::vector<Shape> s;
  // Full Objects of one class as keys, differing in a property.
  s.push_back({"same_class_object_keys", true,
               [](int n) {
                 Wire w;
                 w.Dict(n);
                 for (int i = 0; i < n; ++i) {
                   w.Object("Node", 1);
                   w.Text("p");
                   w.Int(i);
                   w.Int(i);
                 }
                 return w.bytes();
               },
               500});
  // A chain of Dictionary keys: K0 = {"x": 0}, Ki = {8 small keys...,
  // K(i-1): i} (more than 8 entries: the hashed index, not the linear
  // search), top = {Kd: 0}. Each level hashes its key whole: O(depth^2)
  // work for O(depth) bytes without the decoders' memo.
  s.push_back({"nested_dictionary_keys", false,
               [](int d) {
                 Wire w;
                 w.Dict(1);
                 for (int i = d; i >= 1; --i) {
                   w.Dict(9);
                   for (int j = 0; j < 8; ++j) {
                     w.Int(1000 + j);
                     w.Int(j);
                   }
                 }
                 w.Dict(1);
                 w.Str("x");
                 w.Int(0);
                 for (int i = 1; i <= d; ++i) w.Int(i);
                 w.Int(0);
                 return w.bytes();
               },
               60});
  // The same through Arrays: Ki = {8 small keys..., [K(i-1), i]: i}.
  s.push_back({"nested_array_keys", false,
               [](int d) {
                 Wire w;
                 w.Dict(1);
                 for (int i = d; i >= 1; --i) {
                   w.Dict(9);
                   for (int j = 0; j < 8; ++j) {
                     w.Int(1000 + j);
                     w.Int(j);
                   }
                   w.Array(2);
                 }
                 w.Dict(1);
                 w.Str("x");
                 w.Int(0);
                 for (int i = 1; i <= d; ++i) {
                   w.Int(i);  // the Array's second element
                   w.Int(i);  // the Dictionary's value
                 }
                 w.Int(0);
                 return w.bytes();
               },
               40});
  // Wide container keys that share everything but their last element,
  // many of them in one Dictionary, and then each one again (duplicates).
  s.push_back({"wide_container_keys_and_duplicates", false,
               [](int n) {
                 Wire w;
                 w.Dict(2 * n);
                 for (int r = 0; r < 2; ++r) {
                   for (int i = 0; i < n; ++i) {
                     w.Array(33);
                     for (int k = 0; k < 32; ++k) w.Str("common-prefix");
                     w.Int(i);
                     w.Int(r);
                   }
                 }
                 return w.bytes();
               },
               200});
  // NaN keys (all one key), -0 and 0 (one key), and many floats.
  s.push_back({"float_keys_nan_and_zero", false,
               [](int n) {
                 Wire w;
                 w.Dict(3 * n);
                 for (int i = 0; i < n; ++i) {
                   uint64_t bits = 0x7ff8000000000000ull | (i + 1);
                   double nan;
                   std::memcpy(&nan, &bits, 8);
                   w.Float(nan);
                   w.Int(i);
                   w.Float(i % 2 ? -0.0 : 0.0);
                   w.Int(i);
                   w.Float(1.0 + i * 1e-9);
                   w.Int(i);
                 }
                 return w.bytes();
               },
               1000});
  // A String and a StringName of the same text (one key in godot4).
  s.push_back({"string_vs_stringname_keys", false,
               [](int n) {
                 Wire w;
                 w.Dict(2 * n);
                 for (int i = 0; i < n; ++i) {
                   const std::string k = absl::StrCat("key_", i);
                   w.Str(k, Type::kString);
                   w.Int(i);
                   w.Str(k, Type::kStringName);
                   w.Int(i);
                 }
                 return w.bytes();
               },
               1000});
  // Long keys that differ only at the end, each sent twice.
  s.push_back({"long_keys", false,
               [](int n) {
                 Wire w;
                 w.Dict(2 * n);
                 const std::string common(2000, 'k');
                 for (int r = 0; r < 2; ++r) {
                   for (int i = 0; i < n; ++i) {
                     w.Str(absl::StrCat(common, i));
                     w.Int(i);
                   }
                 }
                 return w.bytes();
               },
               100});
  return s;
}

absl::Span<const uint8_t> Span(const std::string& s) {
  return absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(s.data()),
                             s.size());
}

struct Decoder {
  std::string name;
  // Decodes `bytes` (or the text/JSON made from `value` beforehand: the
  // preparation is not counted); returns false when it cannot read the
  // shape (reported, not failed: e.g. the JSON form of an Object key).
  std::function<bool(const std::string& bytes, const Variant& value,
                     const DecodeOptions& d, internal::KeyOpCounter* c,
                     size_t* input_bytes)>
      run;
};

std::vector<Decoder> Decoders() {
  std::vector<Decoder> v;
  v.push_back({"reference",
               [](const std::string& b, const Variant&, const DecodeOptions& d,
                  internal::KeyOpCounter* c, size_t* in) {
                 internal::CountKeyOps count(c);
                 *in = b.size();
                 return reference::Decode(Span(b), d).ok();
               }});
  v.push_back({"push parser DOM",
               [](const std::string& b, const Variant&, const DecodeOptions& d,
                  internal::KeyOpCounter* c, size_t* in) {
                 internal::CountKeyOps count(c);
                 *in = b.size();
                 return stream::Decode(Span(b), d).ok();
               }});
  v.push_back(
      {"views", [](const std::string& b, const Variant&, const DecodeOptions& d,
                   internal::KeyOpCounter* c, size_t* in) {
         *in = b.size();
         auto doc = view::MessageView::Open(Span(b), d);
         if (!doc.ok()) return false;
         internal::CountKeyOps count(c);
         return doc->ToVariant().ok();
       }});
  v.push_back({"document",
               [](const std::string& b, const Variant&, const DecodeOptions& d,
                  internal::KeyOpCounter* c, size_t* in) {
                 *in = b.size();
                 // The parse (its own seeded key index) and the owned value.
                 document::Parser parser;
                 internal::CountKeyOps count(c);
                 const document::ParseResult r = parser.Parse(Span(b), d);
                 return r.ok() && r.root.ToVariant().ok();
               }});
  v.push_back({"text reader", [](const std::string&, const Variant& value,
                                 const DecodeOptions& d,
                                 internal::KeyOpCounter* c, size_t* in) {
                 const std::string t = text::ToText(value, d.dialect);
                 *in = t.size();
                 text::ParseOptions o;
                 o.dialect = d.dialect;
                 internal::CountKeyOps count(c);
                 return text::FromText(t, o).ok();
               }});
  v.push_back({"JSON reader",
               [](const std::string&, const Variant& value,
                  const DecodeOptions&, internal::KeyOpCounter* c, size_t* in) {
                 const std::string j = text::ToJson(value);
                 *in = j.size();
                 internal::CountKeyOps count(c);
                 return text::FromJson(j).ok();
               }});
  return v;
}

double Work(const internal::KeyOpCounter& c) {
  return static_cast<double>(c.hash_steps + c.equal_steps);
}

TEST(LinearTime, EveryDecoderOnEveryHostileKeyShape) {
  for (const Shape& shape : Shapes()) {
    DecodeOptions d;
    d.dialect = Dialect::kGodot4;
    d.allow_objects = shape.objects;
    const std::string small = shape.build(shape.n);
    const std::string big = shape.build(8 * shape.n);
    auto small_value = reference::Decode(Span(small), d);
    auto big_value = reference::Decode(Span(big), d);
    ASSERT_TRUE(small_value.ok())
        << shape.name << ": " << small_value.status().message();
    ASSERT_TRUE(big_value.ok())
        << shape.name << ": " << big_value.status().message();
    for (const Decoder& dec : Decoders()) {
      internal::KeyOpCounter cs, cb;
      size_t in_small = 0, in_big = 0;
      const bool ok_small = dec.run(small, *small_value, d, &cs, &in_small);
      const bool ok_big = dec.run(big, *big_value, d, &cb, &in_big);
      if (!ok_small || !ok_big) {
        // Only forms that cannot carry the shape may be skipped.
        EXPECT_TRUE(dec.name == "JSON reader" || dec.name == "text reader")
            << shape.name << " / " << dec.name << " failed to decode";
        std::printf("%-36s %-16s cannot read this shape (skipped)\n",
                    shape.name.c_str(), dec.name.c_str());
        continue;
      }
      const double per_small = Work(cs) / in_small;
      const double per_big = Work(cb) / in_big;
      std::printf(
          "%-36s %-16s %8zu B: %9.0f ops (%.3f/B)  %9zu B: %10.0f ops "
          "(%.3f/B)  growth %.2f\n",
          shape.name.c_str(), dec.name.c_str(), in_small, Work(cs), per_small,
          in_big, Work(cb), per_big, per_small > 0 ? per_big / per_small : 0.0);
      EXPECT_LE(per_big, kMaxGrowth * per_small + 0.01)
          << shape.name << " / " << dec.name
          << ": key work per byte grew faster than linear";
    }
    // The encoder writes what was decoded: output proportional to input.
    EncodeOptions e;
    e.full_objects = shape.objects;
    auto out_small = encode::Encode(*small_value, e);
    auto out_big = encode::Encode(*big_value, e);
    ASSERT_TRUE(out_small.ok() && out_big.ok()) << shape.name;
    EXPECT_LE(out_big->size(), 9 * out_small->size()) << shape.name;
  }
}

// The counters see the work: without the memo (outside any decoder, where
// KeyHash may not keep hashes), hashing a chain of nested keys level by
// level is quadratic, which is what the decoders avoid.
TEST(LinearTime, TheCounterSeesQuadraticWork) {
  auto chain_work = [](int d) {
    Variant k = Variant::MakeDictionary();
    k.mutable_dictionary().Set(Variant::String("x"), Variant::Int(0));
    internal::KeyOpCounter c;
    internal::CountKeyOps count(&c);
    for (int i = 1; i <= d; ++i) {
      Variant next = Variant::MakeDictionary();
      (void)KeyHash(k);  // what inserting k as a key costs at this level
      next.mutable_dictionary().Set(std::move(k), Variant::Int(i));
      k = std::move(next);
    }
    return Work(c);
  };
  const double small = chain_work(50), big = chain_work(400);
  EXPECT_GT(big / small, 20.0) << small << " " << big;
}

}  // namespace
}  // namespace gdwire
