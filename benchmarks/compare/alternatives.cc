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

// ---- Writing the same messages from structs
// -----------------------------------
//
// The writers' side (issue 23): each message written from the plain structs
// a server holds (the same fields the gdwire writer row writes), by
// msgpack-cxx's packer (the bytes of traffic.msgpack, checked) and by
// simdjson. simdjson 3.0.1 (Debian) has no public builder: its closest is
// simdjson::internal::mini_formatter, the writer behind simdjson::minify
// and to_string (not public API; the later `builder::string_builder` does
// not exist in 3.0.1). The voice bytes' base64 text is made outside the
// timing (JSON has no bytes).

struct PlayerS {
  int64_t id = 0, hp = 0, flags = 0;
  std::string name, anim;
  float pos[3] = {}, vel[3] = {}, rot[4] = {};
  std::vector<int64_t> inventory;
  bool has_inventory = false;
};

struct MessageS {
  std::string type;
  int64_t tick = 0;
  std::vector<PlayerS> players;
  bool extra = false;
  std::vector<float> path;  // x, y, z per point
  std::string voice, voice_base64;
};

std::string Str(const msgpack::object& o) {
  if (o.type != msgpack::type::STR) throw std::runtime_error("not a string");
  return std::string(o.via.str.ptr, o.via.str.size);
}
int64_t Int(const msgpack::object& o) { return o.as<int64_t>(); }
void Floats(const msgpack::object& o, float* out, size_t n) {
  if (o.type != msgpack::type::ARRAY || o.via.array.size != n) {
    throw std::runtime_error("not a vector");
  }
  for (size_t i = 0; i < n; ++i) out[i] = o.via.array.ptr[i].as<float>();
}

std::string Base64(const std::string& in) {
  static const char* k =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  size_t i = 0;
  for (; i + 2 < in.size(); i += 3) {
    const uint32_t v =
        uint8_t(in[i]) << 16 | uint8_t(in[i + 1]) << 8 | uint8_t(in[i + 2]);
    out += {k[v >> 18], k[(v >> 12) & 63], k[(v >> 6) & 63], k[v & 63]};
  }
  if (i + 1 == in.size()) {
    const uint32_t v = uint8_t(in[i]) << 16;
    out += {k[v >> 18], k[(v >> 12) & 63], '=', '='};
  } else if (i + 2 == in.size()) {
    const uint32_t v = uint8_t(in[i]) << 16 | uint8_t(in[i + 1]) << 8;
    out += {k[v >> 18], k[(v >> 12) & 63], k[(v >> 6) & 63], '='};
  }
  return out;
}

// The structs of one MessagePack message (the traffic's shape).
MessageS FromMsgpack(const msgpack::object& o) {
  MessageS m;
  if (o.type != msgpack::type::MAP) throw std::runtime_error("not a map");
  for (uint32_t i = 0; i < o.via.map.size; ++i) {
    const std::string key = Str(o.via.map.ptr[i].key);
    const msgpack::object& v = o.via.map.ptr[i].val;
    if (key == "type") {
      m.type = Str(v);
    } else if (key == "tick") {
      m.tick = Int(v);
    } else if (key == "players") {
      for (uint32_t k = 0; k < v.via.array.size; ++k) {
        const msgpack::object& po = v.via.array.ptr[k];
        PlayerS p;
        for (uint32_t j = 0; j < po.via.map.size; ++j) {
          const std::string pk = Str(po.via.map.ptr[j].key);
          const msgpack::object& pv = po.via.map.ptr[j].val;
          if (pk == "id")
            p.id = Int(pv);
          else if (pk == "name")
            p.name = Str(pv);
          else if (pk == "pos")
            Floats(pv, p.pos, 3);
          else if (pk == "vel")
            Floats(pv, p.vel, 3);
          else if (pk == "rot")
            Floats(pv, p.rot, 4);
          else if (pk == "hp")
            p.hp = Int(pv);
          else if (pk == "flags")
            p.flags = Int(pv);
          else if (pk == "anim")
            p.anim = Str(pv);
          else if (pk == "inventory") {
            p.has_inventory = true;
            for (uint32_t q = 0; q < pv.via.array.size; ++q) {
              p.inventory.push_back(Int(pv.via.array.ptr[q]));
            }
          } else {
            throw std::runtime_error("unexpected player field");
          }
        }
        m.players.push_back(std::move(p));
      }
    } else if (key == "path") {
      m.extra = true;
      for (uint32_t k = 0; k < v.via.array.size; ++k) {
        float xyz[3];
        Floats(v.via.array.ptr[k], xyz, 3);
        m.path.insert(m.path.end(), xyz, xyz + 3);
      }
    } else if (key == "voice") {
      if (v.type != msgpack::type::BIN) throw std::runtime_error("voice");
      m.voice.assign(v.via.bin.ptr, v.via.bin.size);
      m.voice_base64 = Base64(m.voice);
    } else {
      throw std::runtime_error("unexpected field");
    }
  }
  return m;
}

template <typename Packer>
void PackKey(Packer& pk, const char* k, size_t n) {
  pk.pack_str(static_cast<uint32_t>(n));
  pk.pack_str_body(k, static_cast<uint32_t>(n));
}
template <typename Packer>
void PackStr(Packer& pk, const std::string& s) {
  pk.pack_str(static_cast<uint32_t>(s.size()));
  pk.pack_str_body(s.data(), static_cast<uint32_t>(s.size()));
}
template <typename Packer>
void PackFloats(Packer& pk, const float* x, size_t n) {
  pk.pack_array(static_cast<uint32_t>(n));
  for (size_t i = 0; i < n; ++i) pk.pack_float(x[i]);
}

void Pack(msgpack::packer<msgpack::sbuffer>& pk, const MessageS& m) {
#define KEY(k) PackKey(pk, k, sizeof(k) - 1)
  pk.pack_map(m.extra ? 5 : 3);
  KEY("type");
  PackStr(pk, m.type);
  KEY("tick");
  pk.pack_int64(m.tick);
  KEY("players");
  pk.pack_array(static_cast<uint32_t>(m.players.size()));
  for (const PlayerS& p : m.players) {
    pk.pack_map(p.has_inventory ? 9 : 8);
    KEY("id");
    pk.pack_int64(p.id);
    KEY("name");
    PackStr(pk, p.name);
    KEY("pos");
    PackFloats(pk, p.pos, 3);
    KEY("vel");
    PackFloats(pk, p.vel, 3);
    KEY("rot");
    PackFloats(pk, p.rot, 4);
    KEY("hp");
    pk.pack_int64(p.hp);
    KEY("flags");
    pk.pack_int64(p.flags);
    KEY("anim");
    PackStr(pk, p.anim);
    if (p.has_inventory) {
      KEY("inventory");
      pk.pack_array(static_cast<uint32_t>(p.inventory.size()));
      for (int64_t x : p.inventory) pk.pack_int64(x);
    }
  }
  if (m.extra) {
    KEY("path");
    pk.pack_array(static_cast<uint32_t>(m.path.size() / 3));
    for (size_t i = 0; i < m.path.size(); i += 3) {
      PackFloats(pk, m.path.data() + i, 3);
    }
    KEY("voice");
    pk.pack_bin(static_cast<uint32_t>(m.voice.size()));
    pk.pack_bin_body(m.voice.data(), static_cast<uint32_t>(m.voice.size()));
  }
#undef KEY
}

void JsonFloats(simdjson::internal::mini_formatter& f, const float* x,
                size_t n) {
  f.start_array();
  for (size_t i = 0; i < n; ++i) {
    if (i) f.comma();
    f.number(static_cast<double>(x[i]));
  }
  f.end_array();
}

void Json(simdjson::internal::mini_formatter& f, const MessageS& m) {
  f.start_object();
  f.key("type");
  f.string(m.type);
  f.comma();
  f.key("tick");
  f.number(m.tick);
  f.comma();
  f.key("players");
  f.start_array();
  for (size_t i = 0; i < m.players.size(); ++i) {
    const PlayerS& p = m.players[i];
    if (i) f.comma();
    f.start_object();
    f.key("id");
    f.number(p.id);
    f.comma();
    f.key("name");
    f.string(p.name);
    f.comma();
    f.key("pos");
    JsonFloats(f, p.pos, 3);
    f.comma();
    f.key("vel");
    JsonFloats(f, p.vel, 3);
    f.comma();
    f.key("rot");
    JsonFloats(f, p.rot, 4);
    f.comma();
    f.key("hp");
    f.number(p.hp);
    f.comma();
    f.key("flags");
    f.number(p.flags);
    f.comma();
    f.key("anim");
    f.string(p.anim);
    if (p.has_inventory) {
      f.comma();
      f.key("inventory");
      f.start_array();
      for (size_t k = 0; k < p.inventory.size(); ++k) {
        if (k) f.comma();
        f.number(p.inventory[k]);
      }
      f.end_array();
    }
    f.end_object();
  }
  f.end_array();
  if (m.extra) {
    f.comma();
    f.key("path");
    f.start_array();
    for (size_t i = 0; i < m.path.size(); i += 3) {
      if (i) f.comma();
      JsonFloats(f, m.path.data() + i, 3);
    }
    f.end_array();
    f.comma();
    f.key("voice");
    f.string(m.voice_base64);
  }
  f.end_object();
}

void PrintEncode(const char* row, size_t bytes, size_t values,
                 const Timing& t) {
  std::printf(
      "RESULT {\"payload\": \"traffic\", \"row\": \"%s\", \"kind\": "
      "\"encode\", \"bytes\": %zu, \"values\": %zu, \"best_s\": %.9g, "
      "\"median_s\": %.9g, \"runs\": %d, \"zero_copy\": false}\n",
      row, bytes, values, t.best, t.median, t.runs);
  std::fflush(stdout);
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
  // The writers: the same messages from structs.
  std::vector<MessageS> structs;
  bool structs_ok = true;
  try {
    for (size_t off = 0; off < mp.size();) {
      msgpack::object_handle oh = msgpack::unpack(mp.data(), mp.size(), off);
      structs.push_back(FromMsgpack(oh.get()));
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "alternatives: structs: %s\n", e.what());
    ok = structs_ok = false;
  }
  if (structs_ok) {
    msgpack::sbuffer sb(1 << 20);
    msgpack::packer<msgpack::sbuffer> pk(&sb);
    auto pack_all = [&] {
      sb.clear();
      for (const MessageS& m : structs) Pack(pk, m);
      return true;
    };
    pack_all();
    if (sb.size() != mp.size() ||
        std::memcmp(sb.data(), mp.data(), mp.size())) {
      // msgpack-cxx 4 packs a float that holds an integer as an integer.
      std::fprintf(stderr,
                   "alternatives: note: the packer's bytes differ from "
                   "traffic.msgpack's (%zu vs %zu bytes)\n",
                   sb.size(), mp.size());
    }
    PrintEncode("msgpack-cxx packer", sb.size(), structs.size(),
                Measure(seconds, pack_all, &ok));
    simdjson::internal::mini_formatter f;
    auto json_all = [&] {
      f.clear();
      for (const MessageS& m : structs) Json(f, m);
      return true;
    };
    json_all();
    PrintEncode("simdjson mini_formatter", f.str().size(), structs.size(),
                Measure(seconds, json_all, &ok));
  }
  if (messages != lines.size()) {
    std::fprintf(stderr,
                 "alternatives: %zu JSON lines, %zu MessagePack objects\n",
                 lines.size(), messages);
    ok = false;
  }
  return ok ? 0 : 1;
}
