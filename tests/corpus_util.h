// Copyright 2026 The gdwire Authors.
//
// tests/corpus_util.h: loads the real-engine corpus cases (flattened from
// manifest.json by tests/corpus_cases.py) for the corpus tests.

#ifndef GDWIRE_TESTS_CORPUS_UTIL_H_
#define GDWIRE_TESTS_CORPUS_UTIL_H_

#include <string>
#include <utility>
#include <vector>

#include "codec/types.h"

namespace gdwire {
namespace testing {

struct CorpusCase {
  std::string kind;  // "value", "decode", "engine" or "frame"
  std::string name;
  Dialect dialect = Dialect::kGodot4;
  bool full_objects = false;
  std::string input;  // the bytes
  bool expect_accept = true;
  bool has_text = false;
  std::string text;  // engine text (UTF-8, Godot 3 generalised)
  bool has_reencoded = false;
  std::string reencoded;  // engine re-encoding when it differs
  std::vector<std::pair<size_t, size_t>> masks;  // don't-care [a, b)
  std::string godot_error;  // "ERR_..." or "" (frame: the framing name)
};

// Path of a file in the test's runfiles ("tests/data/...").
std::string RunfilePath(const std::string& rel);
std::string ReadFileOrDie(const std::string& path);

// Loads every case of one corpus ("godot3", "godot4", "pandemonium",
// "pandemonium4"); `kind` filters (empty: the value and decode cases).
std::vector<CorpusCase> LoadCorpus(const std::string& dialect_dir,
                                   const std::string& kind = "");

// True when `got` equals one of the engine's byte strings for the case
// (the input, or its re-encoding), ignoring the don't-care bytes.
bool MatchesEngineBytes(const CorpusCase& c, const std::string& got);

// Pandemonium: true when reading the case's input with the engine's defects
// (DecodeOptions::pandemonium_engine_defects) gives another verdict or value
// than reading it as the encoder meant: a mutated input on which the engine
// and gdwire differ because of a documented engine defect.
bool DefectMatters(const CorpusCase& c);

// Godot's error name for an error code ("ERR_INVALID_DATA", ...).
std::string GodotErrorName(int code);

// Gtest-safe case name.
std::string SafeName(const std::string& name);

}  // namespace testing
}  // namespace gdwire

#endif  // GDWIRE_TESTS_CORPUS_UTIL_H_
