// Copyright 2026 The gdwire Authors.
//
// -----------------------------------------------------------------------------
// File: codec/document/edit.h
// -----------------------------------------------------------------------------
//
// Forward and edit without decoding. Element::bytes() is any value of a
// parsed message as it is on the wire (a relay forwards a subtree with one
// copy, or embeds it in a reply with encode::Writer::Raw). `Edit` writes a
// changed copy of a parsed message -- a key set or removed, an element
// replaced, appended or removed -- copying every untouched byte range as it
// is and patching the counts of the containers that changed. The result is
// the bytes of decode -> change the Variant -> encode, without the Variants.
//
// Example (a router stamps a field and drops another):
//
//   gdwire::document::Parser parser;
//   gdwire::document::Edit edit;                    // reusable, like Parser
//   gdwire::encode::Writer w(opts);                 // writes the new values
//   std::string value, out;
//   ParseResult r = parser.Parse(msg, dopts);
//   if (!r.ok()) return r.error;
//   edit.Reset(r.root);
//   w.Start(&value);
//   w.Int(server_tick);
//   w.Finish();
//   edit.Set(r.root, "tick", value);                // replaced or added
//   edit.Remove(r.root["player"], "secret");
//   edit.Append(r.root["log"], r.root["player"]["name"].bytes());
//   gdwire::Error e = edit.WriteTo(&out);           // appended to out
//
// New values are given encoded (a Writer's output, another Element's
// bytes()), in the message's dialect, one complete value each: they are
// copied as they are; only their type is checked (against a typed
// container's element type). Edits are recorded in any order and applied
// together by WriteTo. Misuse is an error from WriteTo, never wrong bytes:
// an element of another message, a target that is not a container of the
// right kind, an index out of range, two edits of overlapping bytes (a
// value replaced and also edited inside), a value of the wrong type for a
// typed container.
//
// Dictionaries: Set replaces the value the engine would read for the key
// (the last duplicate on the wire) or appends an entry with a String key
// (SetName: a StringName key); Remove drops every entry with that key text
// (String and StringName keys alike, as the engine's key identity).
//
// IMPORTANT: the message and the Parser must outlive the Edit's use, as
// for Elements; Reset for the next message. Once warm an Edit allocates
// nothing per message.

#ifndef GDWIRE_CODEC_DOCUMENT_EDIT_H_
#define GDWIRE_CODEC_DOCUMENT_EDIT_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "codec/bytes.h"
#include "codec/document/document.h"
#include "codec/encode/writer.h"
#include "codec/error.h"

namespace gdwire {
namespace document {

class Edit {
 public:
  Edit() = default;
  explicit Edit(Element root) { Reset(root); }

  // Starts the edits of the message whose root is `root`.
  void Reset(Element root);

  // Replaces the value `target` (any value of the message, the root too).
  Edit& Replace(Element target, ByteView value);
  // Dictionary: sets key -> value (String key when added).
  Edit& Set(Element dict, absl::string_view key, ByteView value);
  // The same with a StringName key when added.
  Edit& SetName(Element dict, absl::string_view key, ByteView value);
  // Dictionary: removes every entry whose key is this text.
  Edit& Remove(Element dict, absl::string_view key);
  // Array (or Pandemonium typed array) element i, Dictionary entry i.
  Edit& RemoveAt(Element container, size_t i);
  // Array: appends value.
  Edit& Append(Element array, ByteView value);

  // Appends the edited message to *out, after `prefix` (encode::Prefix).
  // On error *out is unchanged.
  Error WriteTo(std::string* out,
                encode::Prefix prefix = encode::Prefix::kNone);

 private:
  struct Patch {
    uint32_t begin, end;  // the message's bytes [begin, end) are replaced
    uint32_t from, size;  // by scratch_[from, from + size)
    uint32_t seq;
    uint32_t owner;  // insertions: the container's tape index
  };
  struct CountDelta {
    uint32_t node;  // the container's tape index
    int64_t delta;
  };
  bool Mine(Element e, const char* what);
  bool NotMine(const char* what);
  bool Container(Element e, Type want, const char* what);
  bool NotContainer(Element e, Type want, const char* what);
  bool Typed(Element c) const;
  bool Fail(absl::string_view detail);
  bool ValueType(ByteView value, Type* t);
  bool CheckType(const ContainerType& ct, Type t, const char* side);
  void AddPatch(uint32_t begin, uint32_t end, ByteView with,
                uint32_t owner = 0);
  void AddCount(Element container, int64_t delta);
  uint32_t CountPos(Element container) const;
  Edit& SetKey(Element dict, absl::string_view key, ByteView value, Type kt);
  Error Copy(const Patch* patches, size_t count, std::string* out,
             encode::Prefix prefix, size_t scratch_size);

  const Parser* p_ = nullptr;
  Element root_;
  std::vector<Patch> patches_;
  std::vector<Patch> sorted_;  // WriteTo's: patches_ and the count words
  std::vector<CountDelta> counts_;
  std::string scratch_;  // the new bytes: values, keys, counts
  std::string key_;
  encode::Writer writer_;  // keys, in the message's dialect
  Error err_;
};

}  // namespace document
}  // namespace gdwire

#endif  // GDWIRE_CODEC_DOCUMENT_EDIT_H_
