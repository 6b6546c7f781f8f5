// Copyright 2026 The gdwire Authors.
//
// codec/text/internal/out.h: the output of the element writers
// (element_json.cc, element_text.cc): small pieces gather in a buffer on
// the stack and go to the string in large appends. Internal to codec/text.
//
//   std::string s;
//   {
//     internal::Out out(&s);
//     out.append("Vector2(");
//     char* p = out.Reserve(48);
//     out.Commit(WriteSomething(p));
//   }  // flushed into s
// Each Writer holds one for the duration of a call.

#ifndef GDWIRE_CODEC_TEXT_INTERNAL_OUT_H_
#define GDWIRE_CODEC_TEXT_INTERNAL_OUT_H_

#include <cstddef>
#include <cstring>
#include <string>

#include "absl/strings/string_view.h"

namespace gdwire {
namespace text {
namespace internal {

// Appends to a std::string through a 4 KiB buffer (flushed when full, by
// Direct() and at destruction). Reserve(n) needs n <= kBuffer.
class Out {
 public:
  explicit Out(std::string* s) : s_(*s) {}
  ~Out() { Flush(); }

  void push_back(char c) {
    if (p_ == end_) Flush();
    *p_++ = c;
  }
  void append(const char* d, size_t n) {
    if (n > static_cast<size_t>(end_ - p_)) {
      Flush();
      if (n > kBuffer / 2) {
        s_.append(d, n);
        return;
      }
    }
    std::memcpy(p_, d, n);
    p_ += n;
  }
  void append(absl::string_view v) { append(v.data(), v.size()); }
  void append(const char* c) { append(c, std::strlen(c)); }
  // Room for n bytes at the returned pointer; Commit(end) after writing.
  char* Reserve(size_t n) {
    if (n > static_cast<size_t>(end_ - p_)) Flush();
    return p_;
  }
  void Commit(char* end) { p_ = end; }
  size_t size() const { return s_.size() + static_cast<size_t>(p_ - buf_); }
  // Back to an earlier size().
  void Truncate(size_t n) {
    if (n >= s_.size()) {
      p_ = buf_ + (n - s_.size());
    } else {
      s_.resize(n);
      p_ = buf_;
    }
  }
  // The string itself, everything written so far in it.
  std::string* Direct() {
    Flush();
    return &s_;
  }

  static constexpr size_t kBuffer = 4096;

 private:
  void Flush() {
    s_.append(buf_, static_cast<size_t>(p_ - buf_));
    p_ = buf_;
  }
  std::string& s_;
  char buf_[kBuffer];
  char* p_ = buf_;
  char* const end_ = buf_ + kBuffer;
};

}  // namespace internal
}  // namespace text
}  // namespace gdwire

#endif  // GDWIRE_CODEC_TEXT_INTERNAL_OUT_H_
