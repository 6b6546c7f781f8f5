// Copyright 2026 The gdwire Authors.
//
// benchmarks/compare/alternatives.cc: what a backend developer would use
// instead of Godot's wire format, on the same logical traffic (written by
// `compare_bench --export`, benchmarks/compare/export.h): simdjson (DOM
// and On-Demand) on one JSON text per message, msgpack-cxx on MessagePack
// objects back to back. Every message is parsed on its own, as a server
// gets them, and every field is read. Built and run by
// benchmarks/compare/compare.sh (Debian's libsimdjson-dev and
// libmsgpack-cxx-dev, outside Bazel):
//
//   g++ -std=c++17 -O3 -march=native -DMSGPACK_NO_BOOST alternatives.cc \
//       -lsimdjson -o alternatives
//   alternatives [--seconds=0.5] traffic.json traffic.msgpack
//
// Prints lines in compare_bench's format (benchmarks/compare/
// compare_bench.cc): RESULT {"payload": "traffic", "row": ..., "bytes":
// (the JSON or MessagePack bytes), "values": messages, "best_s", ...}.
//
//   simdjson DOM        dom::parser (reused) + a walk over every value
//   simdjson On-Demand  ondemand::parser (reused) + code that knows the
//                       schema reading every field by name
//   msgpack-cxx         msgpack::unpack (an object tree per message) + a
//                       walk over every value

#include <simdjson.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <msgpack.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

struct Timing {
  double best = 0, median = 0;
  int runs = 0;
};

Timing Measure(double seconds, const std::function<bool()>& fn, bool* ok) {
  std::vector<double> t;
  const auto until = Clock::now() + std::chrono::duration<double>(seconds);
  do {
    const auto t0 = Clock::now();
    if (!fn()) *ok = false;
    t.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
  } while ((Clock::now() < until || t.size() < 3) && t.size() < 1000);
  std::sort(t.begin(), t.end());
  return {t.front(), t[t.size() / 2], static_cast<int>(t.size())};
}

void Print(const char* row, size_t bytes, size_t values, const Timing& t) {
  std::printf(
      "RESULT {\"payload\": \"traffic\", \"row\": \"%s\", \"kind\": "
      "\"decode\", \"bytes\": %zu, \"values\": %zu, \"best_s\": %.9g, "
      "\"median_s\": %.9g, \"runs\": %d, \"zero_copy\": false}\n",
      row, bytes, values, t.best, t.median, t.runs);
  std::fflush(stdout);
}

std::string ReadFile(const char* path) {
  std::ifstream f(path, std::ios::binary);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

// ---- simdjson DOM: every value ---------------------------------------------

uint64_t Walk(simdjson::dom::element e) {
  using simdjson::dom::element_type;
  uint64_t s = 0;
  switch (e.type()) {
    case element_type::ARRAY: {
      const simdjson::dom::array a = e.get_array().value_unsafe();
      for (simdjson::dom::element c : a) s += Walk(c);
      break;
    }
    case element_type::OBJECT: {
      const simdjson::dom::object o = e.get_object().value_unsafe();
      for (simdjson::dom::key_value_pair kv : o) {
        s += kv.key.size() + Walk(kv.value);
      }
      break;
    }
    case element_type::INT64:
      s += static_cast<uint64_t>(e.get_int64().value_unsafe());
      break;
    case element_type::UINT64:
      s += e.get_uint64().value_unsafe();
      break;
    case element_type::DOUBLE:
      s += static_cast<uint64_t>(e.get_double().value_unsafe());
      break;
    case element_type::STRING:
      s += e.get_string().value_unsafe().size();
      break;
    case element_type::BOOL:
      s += e.get_bool().value_unsafe();
      break;
    case element_type::NULL_VALUE:
      break;
  }
  return s;
}

// ---- simdjson On-Demand: the schema ----------------------------------------

uint64_t Reals(simdjson::ondemand::value v) {
  uint64_t s = 0;
  for (double x : v.get_array()) s += static_cast<uint64_t>(x);
  return s;
}

// One pass over the message's fields in order (optional fields need no
// second search), each read as the schema says.
uint64_t Player(simdjson::ondemand::object p) {
  uint64_t s = 0;
  s += int64_t(p["id"]);
  s += std::string_view(p["name"]).size();
  s += Reals(p["pos"]);
  s += Reals(p["vel"]);
  s += Reals(p["rot"]);
  s += int64_t(p["hp"]);
  s += int64_t(p["flags"]);
  s += std::string_view(p["anim"]).size();
  for (int64_t item : p["inventory"]) s += item;
  return s;
}

uint64_t Message(simdjson::ondemand::document& doc) {
  uint64_t s = 0;
  for (simdjson::ondemand::field f : doc.get_object()) {
    const std::string_view key = f.unescaped_key();
    if (key == "type" || key == "voice") {
      s += std::string_view(f.value()).size();
    } else if (key == "tick") {
      s += int64_t(f.value());
    } else if (key == "players") {
      for (simdjson::ondemand::object p : f.value()) s += Player(p);
    } else if (key == "path") {
      for (simdjson::ondemand::value point : f.value()) s += Reals(point);
    } else {
      throw std::runtime_error("unexpected field");
    }
  }
  return s;
}

// ---- msgpack-cxx: every value ----------------------------------------------

uint64_t Walk(const msgpack::object& o) {
  uint64_t s = 0;
  switch (o.type) {
    case msgpack::type::POSITIVE_INTEGER:
      s += o.via.u64;
      break;
    case msgpack::type::NEGATIVE_INTEGER:
      s += static_cast<uint64_t>(o.via.i64);
      break;
    case msgpack::type::FLOAT32:
    case msgpack::type::FLOAT64:
      s += static_cast<uint64_t>(o.via.f64);
      break;
    case msgpack::type::STR:
      s += o.via.str.size + (o.via.str.size ? uint8_t(o.via.str.ptr[0]) : 0);
      break;
    case msgpack::type::BIN:
      s += o.via.bin.size;
      break;
    case msgpack::type::ARRAY:
      for (uint32_t i = 0; i < o.via.array.size; ++i) {
        s += Walk(o.via.array.ptr[i]);
      }
      break;
    case msgpack::type::MAP:
      for (uint32_t i = 0; i < o.via.map.size; ++i) {
        s += Walk(o.via.map.ptr[i].key) + Walk(o.via.map.ptr[i].val);
      }
      break;
    case msgpack::type::BOOLEAN:
      s += o.via.boolean;
      break;
    default:
      break;
  }
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  double seconds = 0.5;
  std::vector<const char*> files;
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--seconds=", 10) == 0) {
      seconds = std::atof(argv[i] + 10);
    } else {
      files.push_back(argv[i]);
    }
  }
  if (files.size() != 2) {
    std::fprintf(stderr, "usage: alternatives [--seconds=S] JSON MSGPACK\n");
    return 2;
  }
  std::printf("SIMDJSON %d.%d.%d (%s)\n", simdjson::SIMDJSON_VERSION_MAJOR,
              simdjson::SIMDJSON_VERSION_MINOR,
              simdjson::SIMDJSON_VERSION_REVISION,
              simdjson::get_active_implementation()->name().c_str());
  std::printf("MSGPACK %s\n", msgpack_version());
  bool ok = true;
  volatile uint64_t sink = 0;

  // One JSON text per line; the buffer is padded once at its end, and each
  // message is followed by the next, so every message has its padding.
  const simdjson::padded_string json(ReadFile(files[0]));
  std::vector<std::pair<size_t, size_t>> lines;  // offset, length
  for (size_t pos = 0; pos < json.size();) {
    const char* nl = static_cast<const char*>(
        std::memchr(json.data() + pos, '\n', json.size() - pos));
    const size_t end = nl ? size_t(nl - json.data()) : json.size();
    if (end > pos) lines.emplace_back(pos, end - pos);
    pos = end + 1;
  }
  simdjson::dom::parser dom;
  Print("simdjson DOM", json.size(), lines.size(),
        Measure(
            seconds,
            [&] {
              uint64_t s = 0;
              for (auto [off, len] : lines) {
                simdjson::dom::element e;
                if (dom.parse(json.data() + off, len, false).get(e))
                  return false;
                s += Walk(e);
              }
              sink = sink + s;
              return true;
            },
            &ok));
  simdjson::ondemand::parser od;
  Print("simdjson On-Demand", json.size(), lines.size(),
        Measure(
            seconds,
            [&] {
              uint64_t s = 0;
              try {
                for (auto [off, len] : lines) {
                  simdjson::ondemand::document doc = od.iterate(
                      json.data() + off, len,
                      json.size() + simdjson::SIMDJSON_PADDING - off);
                  s += Message(doc);
                }
              } catch (const std::exception& e) {
                std::fprintf(stderr, "simdjson On-Demand: %s\n", e.what());
                return false;
              }
              sink = sink + s;
              return true;
            },
            &ok));

  const std::string mp = ReadFile(files[1]);
  size_t messages = 0;
  for (size_t off = 0; off < mp.size(); ++messages) {
    msgpack::object_handle oh = msgpack::unpack(mp.data(), mp.size(), off);
  }
  Print("msgpack-cxx", mp.size(), messages,
        Measure(
            seconds,
            [&] {
              uint64_t s = 0;
              size_t off = 0;
              try {
                while (off < mp.size()) {
                  msgpack::object_handle oh =
                      msgpack::unpack(mp.data(), mp.size(), off);
                  s += Walk(oh.get());
                }
              } catch (const std::exception& e) {
                std::fprintf(stderr, "msgpack-cxx: %s\n", e.what());
                return false;
              }
              sink = sink + s;
              return true;
            },
            &ok));
  if (messages != lines.size()) {
    std::fprintf(stderr,
                 "alternatives: %zu JSON lines, %zu MessagePack objects\n",
                 lines.size(), messages);
    ok = false;
  }
  return ok ? 0 : 1;
}
