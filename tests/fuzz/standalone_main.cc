// Copyright 2026 The gdwire Authors.
//
// Used instead of libFuzzer's main() when not building with --config=fuzz
// (e.g. with gcc): runs LLVMFuzzerTestOneInput on every file given on the
// command line (the seed corpus), so each fuzz target is also a plain test.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

int main(int argc, char** argv) {
  int files = 0;
  for (int i = 1; i < argc; ++i) {
    if (argv[i][0] == '-') continue;  // libFuzzer flags
    std::ifstream f(argv[i], std::ios::binary);
    std::string d((std::istreambuf_iterator<char>(f)),
                  std::istreambuf_iterator<char>());
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(d.data()),
                           d.size());
    ++files;
  }
  LLVMFuzzerTestOneInput(nullptr, 0);
  std::printf("replayed %d inputs\n", files);
  return 0;
}
