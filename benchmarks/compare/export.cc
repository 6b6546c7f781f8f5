// Copyright 2026 The gdwire Authors.

#include "benchmarks/compare/export.h"

#include <charconv>
#include <cstring>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "codec/stream/parser.h"
#include "codec/wire.h"

namespace gdwire {
namespace bench {
namespace {

// MessagePack writers (big-endian lengths and numbers).
void PutBE(std::string* out, uint64_t v, int bytes) {
  for (int i = bytes - 1; i >= 0; --i) out->push_back(char(v >> (8 * i)));
}
void MpHeader(std::string* out, uint64_t n, uint8_t fix, uint8_t fix_max,
              uint8_t m16, uint8_t m32, uint8_t m8 = 0) {
  if (n <= fix_max) {
    out->push_back(char(fix | n));
  } else if (m8 != 0 && n <= 0xFF) {
    out->push_back(char(m8));
    PutBE(out, n, 1);
  } else if (n <= 0xFFFF) {
    out->push_back(char(m16));
    PutBE(out, n, 2);
  } else {
    out->push_back(char(m32));
    PutBE(out, n, 4);
  }
}
void MpArray(std::string* out, uint64_t n) {
  MpHeader(out, n, 0x90, 15, 0xdc, 0xdd);
}
void MpMap(std::string* out, uint64_t n) {
  MpHeader(out, n, 0x80, 15, 0xde, 0xdf);
}
void MpString(std::string* out, absl::string_view s) {
  MpHeader(out, s.size(), 0xa0, 31, 0xda, 0xdb, 0xd9);
  out->append(s.data(), s.size());
}
void MpInt(std::string* out, int64_t v) {
  if (v >= 0 && v < 128) {
    out->push_back(char(v));
  } else if (v >= -32 && v < 0) {
    out->push_back(char(0xe0 | (v + 32)));
  } else if (v >= 0) {
    if (v <= 0xFF) {
      out->push_back(char(0xcc)), PutBE(out, v, 1);
    } else if (v <= 0xFFFF) {
      out->push_back(char(0xcd)), PutBE(out, v, 2);
    } else if (v <= 0xFFFFFFFFll) {
      out->push_back(char(0xce)), PutBE(out, v, 4);
    } else {
      out->push_back(char(0xcf)), PutBE(out, v, 8);
    }
  } else if (v >= -128) {
    out->push_back(char(0xd0)), PutBE(out, uint64_t(v), 1);
  } else if (v >= -32768) {
    out->push_back(char(0xd1)), PutBE(out, uint64_t(v), 2);
  } else if (v >= INT32_MIN) {
    out->push_back(char(0xd2)), PutBE(out, uint64_t(v), 4);
  } else {
    out->push_back(char(0xd3)), PutBE(out, uint64_t(v), 8);
  }
}
void MpReal(std::string* out, double v, bool f32) {
  if (f32) {
    float f = static_cast<float>(v);
    uint32_t u;
    std::memcpy(&u, &f, 4);
    out->push_back(char(0xca));
    PutBE(out, u, 4);
  } else {
    uint64_t u;
    std::memcpy(&u, &v, 8);
    out->push_back(char(0xcb));
    PutBE(out, u, 8);
  }
}

void JsonReal(std::string* out, double v, bool f32) {
  char buf[64];
  auto r = f32 ? std::to_chars(buf, buf + sizeof buf, static_cast<float>(v))
               : std::to_chars(buf, buf + sizeof buf, v);
  out->append(buf, r.ptr);
}
void JsonString(std::string* out, absl::string_view s) {
  out->push_back('"');
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out->push_back('\\');
      out->push_back(c);
    } else if (uint8_t(c) < 0x20) {
      absl::StrAppend(out, "\\u00", absl::Hex(uint8_t(c), absl::kZeroPad2));
    } else {
      out->push_back(c);
    }
  }
  out->push_back('"');
}

// Writes both forms as the events arrive.
class Exporter {
 public:
  Exporter(std::string* json, std::string* mp) : json_(json), mp_(mp) {}

  bool Scalar(const stream::ScalarEvent& e) {
    Item();
    switch (e.type) {
      case Type::kNil:
        json_->append("null");
        mp_->push_back(char(0xc0));
        return true;
      case Type::kBool:
        json_->append(e.b ? "true" : "false");
        mp_->push_back(char(e.b ? 0xc3 : 0xc2));
        return true;
      case Type::kInt:
        absl::StrAppend(json_, e.i);
        MpInt(mp_, e.i);
        return true;
      case Type::kFloat:
        JsonReal(json_, e.f, false);
        MpReal(mp_, e.f, false);
        return true;
      default:
        break;
    }
    const int reals = RealComponents(e.type);
    const int ints = IntComponents(e.type);
    if (reals == 0 && ints == 0) return Fail(e.type);
    json_->push_back('[');
    MpArray(mp_, reals + ints);
    for (int k = 0; k < reals + ints; ++k) {
      if (k) json_->push_back(',');
      if (reals) {
        JsonReal(json_, e.reals[k], !e.wide);
        MpReal(mp_, e.reals[k], !e.wide);
      } else {
        absl::StrAppend(json_, e.ints[k]);
        MpInt(mp_, e.ints[k]);
      }
    }
    json_->push_back(']');
    return true;
  }

  bool String(const stream::StringPart& s) {
    if (s.first()) text_.clear();
    text_.append(s.text.data(), s.text.size());
    if (!s.last()) return true;
    if (s.role != stream::StringRole::kString &&
        s.role != stream::StringRole::kStringName &&
        s.role != stream::StringRole::kPackedElement) {
      return Fail(Type::kNodePath);
    }
    Item();
    JsonString(json_, text_);
    MpString(mp_, text_);
    return true;
  }

  bool Begin(const stream::BeginEvent& b) {
    if (b.type == Type::kArray || b.type == Type::kDictionary) {
      Item();
      const bool dict = b.type == Type::kDictionary;
      json_->push_back(dict ? '{' : '[');
      dict ? MpMap(mp_, b.count) : MpArray(mp_, b.count);
      stack_.push_back({dict, false, 0, Type::kNil, 0});
      return true;
    }
    if (!IsPackedArray(b.type)) return Fail(b.type);
    Item();
    if (b.type == Type::kPackedByteArray) {
      packed_bytes_.clear();
    } else {
      json_->push_back('[');
      MpArray(mp_, b.count);
    }
    stack_.push_back({false, false, 0, b.type, b.wide ? 8u : 4u});
    return true;
  }

  bool Key(uint64_t) {
    stack_.back().key_next = true;
    return true;
  }

  bool Chunk(const stream::ChunkEvent& c) {
    Frame& f = stack_.back();
    const uint8_t* p = c.data;
    if (c.type == Type::kPackedByteArray) {
      packed_bytes_.append(reinterpret_cast<const char*>(p), c.count);
      return true;
    }
    const int comps = PackedComponents(c.type);
    for (size_t i = 0; i < c.count; ++i, p += c.element_bytes) {
      if (f.items++) json_->push_back(',');
      if (comps > 1) {
        json_->push_back('[');
        MpArray(mp_, comps);
      }
      for (int k = 0; k < comps; ++k) {
        if (k) json_->push_back(',');
        const uint8_t* q = p + k * (c.element_bytes / comps);
        switch (c.type) {
          case Type::kPackedInt32Array:
            absl::StrAppend(json_, int32_t(wire::LoadU32(q)));
            MpInt(mp_, int32_t(wire::LoadU32(q)));
            break;
          case Type::kPackedInt64Array:
            absl::StrAppend(json_, int64_t(wire::LoadU64(q)));
            MpInt(mp_, int64_t(wire::LoadU64(q)));
            break;
          default: {
            const bool f64 = c.element_bytes / comps == 8;
            const double v = f64 ? wire::LoadF64(q) : wire::LoadF32(q);
            JsonReal(json_, v, !f64);
            MpReal(mp_, v, !f64);
          }
        }
      }
      if (comps > 1) json_->push_back(']');
    }
    return true;
  }

  bool End(const stream::EndEvent& e) {
    const Frame f = stack_.back();
    stack_.pop_back();
    if (e.type == Type::kPackedByteArray) {
      JsonString(json_, absl::Base64Escape(packed_bytes_));
      MpHeader(mp_, packed_bytes_.size(), 0, 0, 0xc5, 0xc6, 0xc4);
      mp_->append(packed_bytes_);
      return true;
    }
    json_->push_back(f.dict ? '}' : ']');
    return true;
  }

  bool ValueDone(uint64_t, uint64_t) {
    json_->push_back('\n');
    return true;
  }

  const absl::Status& status() const { return status_; }

 private:
  struct Frame {
    bool dict;
    bool key_next;
    uint64_t items;
    Type packed;
    uint32_t real_bytes;
  };

  // Before a value: the separator its container wants.
  void Item() {
    if (stack_.empty()) return;
    Frame& f = stack_.back();
    if (!f.dict) {
      if (f.items++) json_->push_back(',');
      return;
    }
    if (f.key_next) {
      if (f.items++) json_->push_back(',');
      f.key_next = false;
      return;
    }
    json_->push_back(':');
  }

  bool Fail(Type t) {
    status_ = absl::InvalidArgumentError(
        absl::StrCat("export: no JSON/MessagePack form for ", TypeName(t)));
    return false;
  }

  std::string* json_;
  std::string* mp_;
  std::vector<Frame> stack_;
  std::string text_;
  std::string packed_bytes_;
  absl::Status status_;
};

}  // namespace

absl::Status ExportMessages(absl::Span<const uint8_t> bytes,
                            const DecodeOptions& options,
                            const FrameOptions& framing, std::string* json,
                            std::string* msgpack) {
  Exporter e(json, msgpack);
  stream::Parser<Exporter> p(&e, options, framing);
  absl::Status st = p.Feed(bytes);
  if (st.ok() && p.stopped()) return e.status();
  if (st.ok()) st = p.Finish();
  return st;
}

}  // namespace bench
}  // namespace gdwire
