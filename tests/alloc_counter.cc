// Copyright 2026 The gdwire Authors.
//
// The counting global operator new / delete of tests/alloc_counter.h.

#include "tests/alloc_counter.h"

#include <cstddef>
#include <cstdlib>
#include <new>

namespace gdwire {
namespace test_alloc {
thread_local bool counting = false;
thread_local uint64_t allocations = 0;
}  // namespace test_alloc
}  // namespace gdwire

void* operator new(size_t n) {
  if (gdwire::test_alloc::counting) ++gdwire::test_alloc::allocations;
  void* p = std::malloc(n == 0 ? 1 : n);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}
void* operator new[](size_t n) { return operator new(n); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }
void operator delete[](void* p, size_t) noexcept { std::free(p); }
