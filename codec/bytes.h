// Copyright 2026 The gdwire Authors.
//
// codec/bytes.h: gdwire::ByteView, the one way every API takes encoded
// bytes: a std::string, a std::string_view, a byte span, a
// std::vector<char> or std::vector<uint8_t>, a pointer and a size. It does
// not own the bytes (as a span), and converts implicitly, so no call needs a
// reinterpret_cast:
//
//   std::string msg = socket.Receive();
//   absl::StatusOr<gdwire::Variant> v = gdwire::Decode(msg);
//   std::vector<uint8_t> buf = ...;
//   v = gdwire::Decode(buf);
#ifndef GDWIRE_CODEC_BYTES_H_
#define GDWIRE_CODEC_BYTES_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace gdwire {

class ByteView {
 public:
  ByteView() = default;
  ByteView(absl::Span<const uint8_t> bytes)  // NOLINT: implicit by design
      : data_(bytes.data()), size_(bytes.size()) {}
  ByteView(absl::Span<uint8_t> bytes)  // NOLINT
      : data_(bytes.data()), size_(bytes.size()) {}
  ByteView(absl::string_view bytes)  // NOLINT
      : data_(reinterpret_cast<const uint8_t*>(bytes.data())),
        size_(bytes.size()) {}
  ByteView(const std::string& bytes)  // NOLINT
      : ByteView(absl::string_view(bytes)) {}
  ByteView(const char* text) = delete;         // a C string stops at its NUL
  ByteView(const std::vector<uint8_t>& bytes)  // NOLINT
      : data_(bytes.data()), size_(bytes.size()) {}
  ByteView(const std::vector<char>& bytes)  // NOLINT
      : data_(reinterpret_cast<const uint8_t*>(bytes.data())),
        size_(bytes.size()) {}
  ByteView(const void* data, size_t size)
      : data_(static_cast<const uint8_t*>(data)), size_(size) {}

  const uint8_t* data() const { return data_; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  absl::Span<const uint8_t> span() const { return {data_, size_}; }
  operator absl::Span<const uint8_t>() const {  // NOLINT
    return span();
  }
  absl::string_view chars() const {
    return {reinterpret_cast<const char*>(data_), size_};
  }

 private:
  const uint8_t* data_ = nullptr;
  size_t size_ = 0;
};

}  // namespace gdwire

#endif  // GDWIRE_CODEC_BYTES_H_
