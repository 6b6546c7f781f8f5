// Copyright 2026 The gdwire Authors.
//
// codec/internal/key_hash.h: what decoders need to keep Dictionary key
// hashing linear, and the counters the linearity test reads.
//
// KeyHash (codec/variant.h) hashes a container key from its elements. A key
// that holds containers that hold containers would be hashed again at every
// level it is inserted at (each level's Dictionary hashes its key whole):
// O(depth x size). Inside a KeyHashScope, KeyHash keeps each container's
// hash in the container (its key_hash_memo_) and uses it the next time, and
// KeyEquals rejects two containers whose hashes differ before comparing
// them, so every byte of a key is hashed once. Decoders open a scope around
// the insertion of a key they have just built: its containers are complete
// and nobody changes them while the scope is open. Outside a scope the memo
// is neither read nor written (a caller may change a container in place),
// and every mutator of Array, Dictionary and Object forgets it.
//
//   {
//     gdwire::internal::KeyHashScope scope;
//     dict.Set(std::move(key), std::move(value));
//   }

#ifndef GDWIRE_CODEC_INTERNAL_KEY_HASH_H_
#define GDWIRE_CODEC_INTERNAL_KEY_HASH_H_

#include <cstdint>

namespace gdwire {
namespace internal {

// Scopes nest; the memo is used while at least one is open on the thread.
extern thread_local int key_hash_scopes;

class KeyHashScope {
 public:
  KeyHashScope() { ++key_hash_scopes; }
  ~KeyHashScope() { --key_hash_scopes; }
  KeyHashScope(const KeyHashScope&) = delete;
  KeyHashScope& operator=(const KeyHashScope&) = delete;
};

// Work done by KeyHash and KeyEquals, for tests (tests/linear): while a
// KeyOpCounter is installed on the thread, each Variant node that KeyHash
// hashes (a container answered from its memo counts 1) and each pair of
// nodes that KeyEquals compares adds one, and so does each 64 bytes of
// text or packed data hashed or compared.
struct KeyOpCounter {
  uint64_t hash_steps = 0;
  uint64_t equal_steps = 0;
};
extern thread_local KeyOpCounter* key_op_counter;

class CountKeyOps {
 public:
  explicit CountKeyOps(KeyOpCounter* c) : saved_(key_op_counter) {
    key_op_counter = c;
  }
  ~CountKeyOps() { key_op_counter = saved_; }
  CountKeyOps(const CountKeyOps&) = delete;
  CountKeyOps& operator=(const CountKeyOps&) = delete;

 private:
  KeyOpCounter* saved_;
};

}  // namespace internal
}  // namespace gdwire

#endif  // GDWIRE_CODEC_INTERNAL_KEY_HASH_H_
