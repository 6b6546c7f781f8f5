// Copyright 2026 The gdwire Authors.
//
// codec/stream/variant_builder.h: the push parser's DOM handler. It turns
// events into owned `gdwire::Variant`s, exactly as the engine (and the
// reference decoder) would hold them: typed containers admit and convert
// elements as Godot 4 does, later duplicate Dictionary keys overwrite
// earlier ones, Godot 3 text is canonicalised, f64 math is narrowed unless
// real_is_double.
//
//   gdwire::stream::VariantBuilder builder(opts);
//   gdwire::stream::Parser<gdwire::stream::VariantBuilder> parser(&builder,
//                                                                  opts);
//   parser.Feed(piece);                  // as often as needed
//   for (gdwire::Variant& v : builder.values()) ...;
//   builder.values().clear();
//
// Most callers want codec/stream/value_reader.h, which wires the two.

#ifndef GDWIRE_CODEC_STREAM_VARIANT_BUILDER_H_
#define GDWIRE_CODEC_STREAM_VARIANT_BUILDER_H_

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "codec/error.h"
#include "codec/options.h"
#include "codec/stream/events.h"
#include "codec/stream/internal/recycler.h"
#include "codec/variant.h"

namespace gdwire {
namespace stream {

class VariantBuilder {
 public:
  explicit VariantBuilder(const DecodeOptions& options)
      : opts_(options),
        budgeted_(options.max_alloc_bytes != 0 &&
                  options.max_alloc_bytes != UINT64_MAX) {}

  bool Scalar(const ScalarEvent& e);
  bool String(const StringPart& s);
  bool Begin(const BeginEvent& b);
  bool Key(uint64_t) { return true; }
  bool Chunk(const ChunkEvent& c);
  bool End(const EndEvent& e);
  bool ValueDone(uint64_t begin, uint64_t end);

  // The completed outermost values, in stream order, and the offsets of
  // their first bytes. The caller may move them out and clear both. A
  // value joins them at ValueDone, once the parser has accepted all of it
  // (its text's verdict, its padding, its frame), never before.
  std::vector<Variant>& values() { return values_; }
  std::vector<uint64_t>& offsets() { return offsets_; }
  // When set, ValueDone returns false: the parser stops after each value.
  void set_stop_after_value(bool stop) { stop_after_value_ = stop; }
  // Memory budget (DecodeOptions::max_alloc_bytes when not 0, shared
  // through alloc_account when given): the builder charges what each value
  // it builds takes, and when one would go over it calls `abort` (the
  // parser's Abort) and returns false. Without an absolute budget nothing
  // is charged: the builder reserves nothing from declared counts, so its
  // memory grows with the bytes received only.
  void set_abort(std::function<void(ErrorKind, std::string)> abort) {
    abort_ = std::move(abort);
  }
  // Drops everything, including a value half built.
  void Clear();
  // Builds from the blocks of `recycler` (not owned; null: allocate).
  void set_recycler(internal::Recycler* recycler) { recycler_ = recycler; }

 private:
  // An open Array, Dictionary or Object. Nodes are reused from value to
  // value (stack_[0, depth_) are open), so their strings keep their room.
  struct Node {
    Type type = Type::kNil;
    Variant value;           // the container being filled (one heap block)
    Array* array = nullptr;  // into `value`, by type
    Dictionary* dict = nullptr;
    Object* object = nullptr;
    bool have_key = false;
    Variant key;            // the pending Dictionary key
    std::string name;       // the pending property name
    uint64_t promised = 0;  // reserved element slots not yet filled
  };
  // Reserves room for up to `count` elements that the bytes at hand can
  // back (see promised_).
  uint64_t Backed(const BeginEvent& b, uint64_t min_bytes);
  Node& Push(Type t);

  bool Attach(Variant v);
  bool Charge(uint64_t bytes);
  ContainerType TypeOf(const ContainerDesc& d, const std::string& name) const;
  Variant FinishPacked();
  void TakePackedStorage(const BeginEvent& b);

  DecodeOptions opts_;
  std::vector<Node> stack_;
  size_t depth_ = 0;
  // Element slots reserved and not yet filled, over every open container:
  // each is backed by 8 bytes of the current piece, so they are kept within
  // what the current piece holds (a container declares its count before
  // its elements arrive; a hostile count reserves nothing beyond that).
  uint64_t promised_ = 0;
  internal::Recycler* recycler_ = nullptr;
  bool budgeted_ = false;  // an absolute budget applies
  std::vector<Variant> values_;
  std::vector<uint64_t> offsets_;
  // The outermost value built and not yet accepted (ValueDone).
  Variant pending_;
  bool has_pending_ = false;
  bool stop_after_value_ = false;
  std::function<void(ErrorKind, std::string)> abort_;
  uint64_t charged_ = 0;  // this value's charges (without alloc_account)

  // The string being received, and the leaves that hold no values.
  std::string text_;
  std::string desc_names_[2];  // element or key; value: class or script
  NodePath path_;
  uint64_t path_names_ = 0;
  Signal signal_;
  bool in_signal_ = false;
  Type packed_type_ = Type::kNil;
  std::vector<uint8_t> bytes_;
  std::vector<int32_t> i32_;
  std::vector<int64_t> i64_;
  std::vector<float> f32_;
  std::vector<double> f64_;
  std::vector<std::string> strings_;
};

}  // namespace stream
}  // namespace gdwire

#endif  // GDWIRE_CODEC_STREAM_VARIANT_BUILDER_H_
