// Copyright 2026 The gdwire Authors.
//
// tests/interop/echo_report.h: how the interop echo server (echo_server.cc)
// reports a mismatch: texts clipped for stderr, where two texts first
// differ, a value's bytes in hex, and the full details appended to the
// --dump file.
//
//   OpenDump("/tmp/mismatches.txt");  // optional
//   Dump("conn 1 message 3", mine, engine, HexOf(value, dialect));

#ifndef GDWIRE_TESTS_INTEROP_ECHO_REPORT_H_
#define GDWIRE_TESTS_INTEROP_ECHO_REPORT_H_

#include <string>

#include "absl/strings/string_view.h"
#include "codec/types.h"
#include "codec/variant.h"

namespace gdwire {
namespace interop {

// Opens (appends to) the dump file; false with errno set when it cannot.
bool OpenDump(const std::string& path);

// Appends a mismatch's full texts and bytes to the dump file, if open.
void Dump(const std::string& what, absl::string_view mine,
          absl::string_view engine, const std::string& hex);

// `s`, cut after a few hundred characters for a one-line report.
std::string Clip(absl::string_view s);

// Where two texts first differ, for mismatch reports.
std::string FirstDiff(absl::string_view a, absl::string_view b);

// The value's reference encoding in hex ("?" when it does not encode).
std::string HexOf(const Variant& v, Dialect d);

}  // namespace interop
}  // namespace gdwire

#endif  // GDWIRE_TESTS_INTEROP_ECHO_REPORT_H_
