// Copyright 2026 The gdwire Authors.
//
// tests/alloc_counter.h: counts heap allocations for the zero-allocation
// tests. Linking //tests:alloc_counter replaces the global operator new /
// delete of the test binary (malloc underneath); while `counting` is true
// on a thread, every operator new on it adds one to `allocations`.
//
//   gdwire::test_alloc::allocations = 0;
//   gdwire::test_alloc::counting = true;
//   ...;                                   // the code under test
//   gdwire::test_alloc::counting = false;
//   EXPECT_EQ(gdwire::test_alloc::allocations, 0u);

#ifndef GDWIRE_TESTS_ALLOC_COUNTER_H_
#define GDWIRE_TESTS_ALLOC_COUNTER_H_

#include <cstdint>

namespace gdwire {
namespace test_alloc {

extern thread_local bool counting;
extern thread_local uint64_t allocations;

}  // namespace test_alloc
}  // namespace gdwire

#endif  // GDWIRE_TESTS_ALLOC_COUNTER_H_
