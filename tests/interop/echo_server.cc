// Copyright 2026 The gdwire Authors.
//
// tests/interop/echo_server.cc: a gdwire loopback server for live interop
// tests against real Godot engines (tests/interop/run_interop.sh).
//
//   echo_server --dialect=godot4 [--port=0] [--port_file=PATH]
//               [--connections=4] [--timeout_s=300] [--max_messages=N]
//               [--dump=FILE] [--reader=stream|reference]
//
// It listens on 127.0.0.1 only (the port given, or an ephemeral one, printed
// as "listening 127.0.0.1:PORT" and written to --port_file), serves
// connections in one event loop (poll, non-blocking), and exits when
// --connections connections have ended, after --max_messages values (the
// connections still open are cut), or with failure at --timeout_s.
//
// Every connection opens with a hello, a String sent by StreamPeer.put_var:
//   "gdwire-interop echo FRAMING"             the engine sends values
//   "gdwire-interop send FRAMING COUNT SEED"  gdwire sends values
// FRAMING is stream, stream-be (StreamPeer.big_endian) or packet-stream
// (PacketPeerStream). The server answers "ok" (little-endian stream frame);
// from then on every message uses FRAMING.
//
// echo: the engine sends pairs (value, var_to_str(value) as a String). The
//   server decodes both as the bytes arrive, checks gdwire::text::ToText of
//   the value against the engine's text, re-encodes the value with gdwire
//   and sends it back (the engine checks it equals what it sent). A final
//   String "gdwire-interop end N" gives the number of values the engine
//   sent, so lost = N - received.
// send: the server makes COUNT random values from SEED (every type of the
//   dialect, nested; tests/random_variant.h), sends them with up to
//   kWindow in flight; the engine decodes each with get_var and answers
//   (put_var(value), var_to_str(value)). The server checks that the text
//   equals ToText and the engine's re-encoding decodes to the same value
//   (bit for bit).
//
// Output: one "CONN ..." line per connection and a closing
//   "SERVER dialect=... connections=... received=... sent=... lost=0
//    mismatched=0 errors=0" line; exit status 0 only when every connection
// ended cleanly with nothing lost or mismatched.

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "codec/error.h"
#include "codec/frame/frame.h"
#include "codec/options.h"
#include "codec/reference/encoder.h"
#include "codec/reference/utf8.h"
#include "codec/text/text.h"
#include "codec/types.h"
#include "codec/variant.h"
#include "tests/interop/message_reader.h"
#include "tests/random_variant.h"

namespace gdwire {
namespace interop {
namespace {

constexpr int kWindow = 8;          // send mode: values in flight
constexpr int kMaxReports = 5;      // mismatch details printed per connection
constexpr size_t kShowChars = 400;  // text shown per mismatch

struct Flags {
  Dialect dialect = Dialect::kGodot4;
  int port = 0;
  std::string port_file;
  int connections = 1;
  int timeout_s = 300;
  uint64_t max_messages = 0;  // 0: no limit
  std::string dump;  // mismatch details (full texts, bytes) appended here
  MessageReader::Impl reader = MessageReader::Impl::kStream;
};

FILE* g_dump = nullptr;

void Dump(const std::string& what, absl::string_view mine,
          absl::string_view engine, const std::string& hex) {
  if (g_dump == nullptr) return;
  std::fprintf(g_dump,
               "=== %s\n--- bytes\n%s\n--- gdwire\n%.*s\n--- engine\n%.*s\n",
               what.c_str(), hex.c_str(), static_cast<int>(mine.size()),
               mine.data(), static_cast<int>(engine.size()), engine.data());
  std::fflush(g_dump);
}

std::string Clip(absl::string_view s) {
  if (s.size() <= kShowChars) return std::string(s);
  return absl::StrCat(s.substr(0, kShowChars), "...(", s.size(), " bytes)");
}

// Where two texts first differ, for mismatch reports.
std::string FirstDiff(absl::string_view a, absl::string_view b) {
  size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  const size_t from = i < 40 ? 0 : i - 40;
  return absl::StrCat("first difference at byte ", i, ": gdwire \"",
                      Clip(a.substr(from, 120)), "\" engine \"",
                      Clip(b.substr(from, 120)), "\"");
}

std::string HexOf(const Variant& v, Dialect d) {
  EncodeOptions e;
  e.dialect = d;
  absl::StatusOr<std::string> b = reference::Encode(v, e);
  return b.ok() ? absl::BytesToHexString(*b) : "?";
}

struct Totals {
  uint64_t received = 0;
  uint64_t sent = 0;
  uint64_t lost = 0;
  uint64_t mismatched = 0;
  uint64_t errors = 0;
  int connections = 0;
};

class Connection {
 public:
  Connection(int fd, int id, Dialect dialect, MessageReader::Impl impl)
      : fd_(fd),
        id_(id),
        dialect_(dialect),
        reader_(HelloFraming(), Decode(), impl) {}
  ~Connection() {
    if (fd_ >= 0) close(fd_);
  }

  int fd() const { return fd_; }
  bool closed() const { return fd_ < 0; }
  bool wants_write() const { return !out_.empty(); }

  // Reads what is there; false when the peer closed or the connection failed.
  bool OnReadable() {
    uint8_t buf[1 << 16];
    for (;;) {
      const ssize_t n = recv(fd_, buf, sizeof(buf), 0);
      if (n > 0) {
        std::vector<Variant> values;
        Error err = reader_.Feed(absl::MakeConstSpan(buf, n), &values);
        for (Variant& v : values) OnMessage(std::move(v));
        if (!err.ok()) {
          Fail(absl::StrCat("decode error: ", err.ToString()));
          return false;
        }
        if (done_) return false;
        continue;
      }
      if (n == 0) return false;  // peer closed
      if (errno == EINTR) continue;
      if (errno == EAGAIN || errno == EWOULDBLOCK) return true;
      Fail(absl::StrCat("recv: ", std::strerror(errno)));
      return false;
    }
  }

  bool OnWritable() {
    while (!out_.empty()) {
      const ssize_t n = send(fd_, out_.data(), out_.size(), MSG_NOSIGNAL);
      if (n > 0) {
        out_.erase(0, n);
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return true;
      Fail(absl::StrCat("send: ", std::strerror(errno)));
      return false;
    }
    return true;
  }

  uint64_t received() const { return received_; }

  // Ends the connection and adds its counts to `t`; prints its CONN line.
  // `cut`: the server stopped it (--max_messages), so what it did not get
  // to is neither lost nor an error.
  void Finish(Totals* t, bool cut = false) {
    if (cut) {
      // Counted as received; nothing else to judge.
    } else if (mode_ == Mode::kEcho) {
      if (declared_ < 0) {
        Fail("connection ended without its \"end N\" message");
      } else if (static_cast<uint64_t>(declared_) > received_) {
        lost_ = declared_ - received_;
      }
    } else if (mode_ == Mode::kSend) {
      lost_ = sent_ - replies_;
      if (replies_ < count_) {
        Fail(absl::StrCat("only ", replies_, " of ", count_, " replies"));
        // What the engine had not answered (e.g. what it crashed on).
        uint64_t n = replies_;
        for (const Variant& v : inflight_) {
          Dump(absl::StrCat("conn ", id_, " value ", ++n, " unanswered"),
               text::ToText(v, dialect_), "", HexOf(v, dialect_));
        }
      }
    } else {
      Fail("connection ended before its hello");
    }
    std::printf(
        "CONN %d mode=%s framing=%s received=%llu sent=%llu lost=%llu "
        "mismatched=%llu errors=%llu%s\n",
        id_, ModeName(), framing_name_.c_str(),
        static_cast<unsigned long long>(received_),
        static_cast<unsigned long long>(sent_),
        static_cast<unsigned long long>(lost_),
        static_cast<unsigned long long>(mismatched_),
        static_cast<unsigned long long>(errors_),
        skipped_ ? absl::StrCat(" regenerated=", skipped_).c_str() : "");
    std::fflush(stdout);
    t->received += received_;
    t->sent += sent_;
    t->lost += lost_;
    t->mismatched += mismatched_;
    t->errors += errors_;
    t->connections += 1;
    close(fd_);
    fd_ = -1;
  }

 private:
  enum class Mode { kHello, kEcho, kSend };

  static FrameOptions HelloFraming() {
    FrameOptions f;
    f.framing = Framing::kStream;
    return f;
  }
  DecodeOptions Decode() const {
    DecodeOptions d;
    d.dialect = dialect_;
    return d;
  }
  const char* ModeName() const {
    return mode_ == Mode::kEcho   ? "echo"
           : mode_ == Mode::kSend ? "send"
                                  : "hello";
  }

  void Fail(const std::string& what) {
    ++errors_;
    std::fprintf(stderr, "conn %d: %s\n", id_, what.c_str());
  }
  void Mismatch(const std::string& what) {
    if (++mismatched_ <= kMaxReports) {
      std::fprintf(stderr, "conn %d: MISMATCH %s\n", id_, what.c_str());
    }
  }

  void Send(const Variant& v) {
    EncodeOptions e;
    e.dialect = dialect_;
    std::string payload;
    Error err = reference::EncodeTo(v, e, &payload);
    if (!err.ok()) {
      Fail(absl::StrCat("encode: ", err.ToString()));
      return;
    }
    AppendFrame(payload, frame_, &out_);
  }

  void OnMessage(Variant v) {
    switch (mode_) {
      case Mode::kHello:
        return OnHello(v);
      case Mode::kEcho:
        return OnEcho(std::move(v));
      case Mode::kSend:
        return OnSendReply(std::move(v));
    }
  }

  void OnHello(const Variant& v) {
    if (v.type() != Type::kString) {
      Fail("hello is not a String");
      done_ = true;
      return;
    }
    std::vector<std::string> w = absl::StrSplit(v.as_string(), ' ');
    bool ok = w.size() >= 3 && w[0] == "gdwire-interop";
    framing_name_ = ok ? w[2] : "?";
    frame_ = FrameOptions();
    if (framing_name_ == "stream") {
      frame_.framing = Framing::kStream;
    } else if (framing_name_ == "stream-be") {
      frame_.framing = Framing::kStream;
      frame_.big_endian = true;
    } else if (framing_name_ == "packet-stream") {
      frame_.framing = Framing::kPacketStream;
    } else {
      ok = false;
    }
    if (ok && w[1] == "echo" && w.size() == 3) {
      mode_ = Mode::kEcho;
    } else if (ok && w[1] == "send" && w.size() == 5 &&
               absl::SimpleAtoi(w[3], &count_) &&
               absl::SimpleAtoi(w[4], &seed_)) {
      mode_ = Mode::kSend;
      rng_ = std::make_unique<testing::RandomVariant>(seed_);
    } else {
      Fail(absl::StrCat("bad hello: ", Clip(v.as_string())));
      done_ = true;
      return;
    }
    // The ack goes out in the hello's framing; the engine switches after it.
    AppendFrame(*reference::Encode(Variant::String("ok"), EncodeOptionsFor()),
                HelloFraming(), &out_);
    reader_.SetFraming(frame_);
    if (mode_ == Mode::kSend) {
      while (sent_ < count_ && sent_ - replies_ < kWindow) SendNext();
    }
  }

  EncodeOptions EncodeOptionsFor() const {
    EncodeOptions e;
    e.dialect = dialect_;
    return e;
  }

  void OnEcho(Variant v) {
    if (!have_value_) {
      if (v.type() == Type::kString &&
          absl::StartsWith(v.as_string(), "gdwire-interop end ")) {
        int64_t n = -1;
        if (!absl::SimpleAtoi(v.as_string().substr(19), &n) || n < 0) {
          Fail("bad end message");
        }
        declared_ = n;
        done_ = true;
        return;
      }
      pending_ = std::move(v);
      have_value_ = true;
      return;
    }
    have_value_ = false;
    ++received_;
    if (v.type() != Type::kString) {
      Fail(absl::StrCat("message ", received_, ": text is not a String"));
      return;
    }
    const std::string mine = text::ToText(pending_, dialect_);
    if (mine != v.as_string()) {
      Dump(absl::StrCat("conn ", id_, " message ", received_), mine,
           v.as_string(), HexOf(pending_, dialect_));
      Mismatch(absl::StrCat("message ", received_, " (",
                            TypeName(pending_.type()), "): ToText \"",
                            Clip(mine), "\" engine \"", Clip(v.as_string()),
                            "\"; ", FirstDiff(mine, v.as_string())));
    }
    Send(pending_);
    ++sent_;
    pending_ = Variant();
  }

  // Godot 3.2.3 cannot look up a Dictionary key that holds a NaN inside a
  // pool array (its hash_compare uses ==), and its encoder then writes such
  // a key as the String "[Deleted Object]": values with such keys are not
  // sent to it (a value the engine cannot compare).
  static bool HasNanInPool(const Variant& v) {
    switch (v.type()) {
      case Type::kPackedFloat32Array:
      case Type::kPackedColorArray:
        for (float f : v.packed_float32()) {
          if (f != f) return true;
        }
        return false;
      case Type::kPackedVector2Array:
      case Type::kPackedVector3Array:
        for (double d : v.packed_reals()) {
          if (d != d) return true;
        }
        return false;
      case Type::kArray:
        for (const Variant& x : v.array().items) {
          if (HasNanInPool(x)) return true;
        }
        return false;
      case Type::kDictionary:
        for (const auto& kv : v.dictionary().entries) {
          if (HasNanInPool(kv.first) || HasNanInPool(kv.second)) return true;
        }
        return false;
      default:
        return false;
    }
  }
  // A pool array, or an Array holding one (Array OP_LESS compares elements).
  static bool HasPool(const Variant& v) {
    if (v.type() == Type::kArray) {
      for (const Variant& x : v.array().items) {
        if (HasPool(x)) return true;
      }
      return false;
    }
    return v.type() >= Type::kPackedByteArray;
  }
  // Godot 3.2.3 sorts Dictionary keys for var2str with a pool-array
  // OP_LESS that is not an order and reads past the shorter array (it
  // crashes on PoolStringArray keys): at most one key per Dictionary that
  // holds a pool array.
  static bool EngineCanKeyAll(const Variant& v, Dialect d) {
    if (d != Dialect::kGodot3) return true;
    if (v.type() == Type::kArray) {
      for (const Variant& x : v.array().items) {
        if (!EngineCanKeyAll(x, d)) return false;
      }
    } else if (v.type() == Type::kDictionary) {
      int pool_keys = 0;
      for (const auto& kv : v.dictionary().entries) {
        pool_keys += HasPool(kv.first);
        if (pool_keys > 1 || HasNanInPool(kv.first) ||
            !EngineCanKeyAll(kv.first, d) || !EngineCanKeyAll(kv.second, d)) {
          return false;
        }
      }
    }
    return true;
  }

  // Pandemonium (5.3 and 4.9) cannot read back everything its encoder
  // writes (docs/PANDEMONIUM.md): text that is not strict UTF-8 (lone
  // surrogates, code points above U+10FFFF), Vector4/Vector4i inside a
  // container (12 of 16 bytes consumed), a Projection (248 bytes asked for),
  // PoolVector4Array (w read from z), PoolVector4iArray (z written for w), a
  // Nil-typed PackedTypedArray with elements (bools dropped). Its Dictionary
  // key order is no order for pool arrays, and by address for 5.3's
  // StringNames: at most one such key per Dictionary. Such values are not sent.
  static bool PandemoniumReadsBack(const Variant& v, bool inside) {
    switch (v.type()) {
      case Type::kString:
      case Type::kStringName:  // its decoder takes strict UTF-8 only
        return reference::IsEncodableText(v.as_string(), Dialect::kGodot4);
      case Type::kNodePath:
        for (const auto* names :
             {&v.node_path().names, &v.node_path().subnames}) {
          for (const std::string& n : *names) {
            if (!reference::IsEncodableText(n, Dialect::kGodot4)) return false;
          }
        }
        return true;
      case Type::kPackedStringArray:
        for (const std::string& n : v.packed_strings()) {
          if (!reference::IsEncodableText(n, Dialect::kGodot4)) return false;
        }
        return true;
      case Type::kVector4:
      case Type::kVector4i:
        return !inside;
      case Type::kProjection:
      case Type::kPackedVector4Array:
      case Type::kPackedVector4iArray:
        return false;
      case Type::kTypedArray:
      case Type::kPackedTypedArray:
        if (v.type() == Type::kPackedTypedArray &&
            v.array().element_type.builtin == Type::kNil &&
            !v.array().items.empty()) {
          return false;
        }
        [[fallthrough]];
      case Type::kArray:
        for (const Variant& x : v.array().items) {
          if (!PandemoniumReadsBack(x, true)) return false;
        }
        return true;
      case Type::kDictionary: {
        int pool_keys = 0, names = 0;
        for (const auto& kv : v.dictionary().entries) {
          pool_keys += HasPool(kv.first);
          names += kv.first.type() == Type::kStringName;
          if (pool_keys > 1 || names > 1 || HasNanInPool(kv.first) ||
              !PandemoniumReadsBack(kv.first, true) ||
              !PandemoniumReadsBack(kv.second, true)) {
            return false;
          }
        }
        return true;
      }
      default:
        return true;
    }
  }

  Variant MakeValue(uint64_t i) {
    for (int tries = 0;; ++tries) {
      Variant v = MakeValueOnce(i);
      if (tries == 100 ||
          (EngineCanKeyAll(v, dialect_) &&
           (!IsPandemonium(dialect_) || PandemoniumReadsBack(v, false)))) {
        return v;
      }
      ++skipped_;
    }
  }

  Variant MakeValueOnce(uint64_t i) {
    testing::RandomOptions o;
    o.dialect = dialect_;
    o.objects = false;  // full objects need allow_objects on the engine side
    o.max_depth = 3;
    if (i % 97 == 5) {  // now and then a large packed array
      o.max_packed = 20000;
      static const Type kPacked[] = {
          Type::kPackedByteArray,    Type::kPackedInt32Array,
          Type::kPackedFloat32Array, Type::kPackedStringArray,
          Type::kPackedVector2Array, Type::kPackedVector3Array,
          Type::kPackedColorArray};
      return rng_->OfType(kPacked[(i / 97) % 7], o);
    }
    // First round robin over every type of the dialect, then anything.
    const uint32_t n = VariantMax(dialect_);
    if (i < 4 * n) {
      Type t;
      TypeFromWireId(dialect_, static_cast<uint32_t>(i % n), &t);
      if (t != Type::kObject &&
          (!IsPandemonium(dialect_) ||
           PandemoniumReadsBack(Variant::Default(t), false))) {
        return rng_->OfType(t, o);
      }
    }
    return rng_->Make(o);
  }

  void SendNext() {
    Variant v = MakeValue(sent_);
    Send(v);
    inflight_.push_back(std::move(v));
    ++sent_;
  }

  void OnSendReply(Variant v) {
    if (!have_value_) {
      pending_ = std::move(v);
      have_value_ = true;
      return;
    }
    have_value_ = false;
    ++received_;
    if (inflight_.empty()) {
      Fail("reply to nothing");
      return;
    }
    const Variant orig = std::move(inflight_.front());
    inflight_.pop_front();
    ++replies_;
    const std::string mine = text::ToText(orig, dialect_);
    if (v.type() != Type::kString) {
      Fail(absl::StrCat("reply ", replies_, ": text is not a String"));
    } else if (mine != v.as_string()) {
      Dump(absl::StrCat("conn ", id_, " value ", replies_), mine, v.as_string(),
           HexOf(orig, dialect_));
      Mismatch(absl::StrCat("value ", replies_, " (", TypeName(orig.type()),
                            "): ToText \"", Clip(mine), "\" engine \"",
                            Clip(v.as_string()), "\"; ",
                            FirstDiff(mine, v.as_string()), "; bytes ",
                            Clip(HexOf(orig, dialect_))));
    } else if (pending_ != orig) {
      Dump(absl::StrCat("conn ", id_, " value ", replies_, " re-encoded"),
           orig.DebugString(), pending_.DebugString(), HexOf(orig, dialect_));
      Mismatch(absl::StrCat("value ", replies_, " (", TypeName(orig.type()),
                            "): engine re-encoding decodes to ",
                            Clip(pending_.DebugString()), " not ",
                            Clip(orig.DebugString())));
    }
    pending_ = Variant();
    while (sent_ < count_ && sent_ - replies_ < kWindow) SendNext();
    if (replies_ == count_) {
      // Tell the engine we are done: "gdwire-interop end N".
      Send(Variant::String(absl::StrCat("gdwire-interop end ", sent_)));
    }
  }

  int fd_;
  const int id_;
  const Dialect dialect_;
  MessageReader reader_;
  FrameOptions frame_ = HelloFraming();
  std::string framing_name_ = "?";
  Mode mode_ = Mode::kHello;
  std::string out_;
  bool done_ = false;
  bool have_value_ = false;
  Variant pending_;
  int64_t declared_ = -1;
  uint64_t count_ = 0, seed_ = 0;
  std::unique_ptr<testing::RandomVariant> rng_;
  std::deque<Variant> inflight_;
  uint64_t received_ = 0, sent_ = 0, replies_ = 0, lost_ = 0;
  uint64_t mismatched_ = 0, errors_ = 0, skipped_ = 0;
};

bool ParseFlags(int argc, char** argv, Flags* f) {
  for (int i = 1; i < argc; ++i) {
    absl::string_view a = argv[i];
    std::pair<std::string, std::string> kv =
        absl::StrSplit(a, absl::MaxSplits('=', 1));
    bool ok = true;
    if (kv.first == "--dialect") {
      ok = ParseDialect(kv.second, &f->dialect);
    } else if (kv.first == "--port") {
      ok = absl::SimpleAtoi(kv.second, &f->port) && f->port >= 0 &&
           f->port < 65536;
    } else if (kv.first == "--port_file") {
      f->port_file = kv.second;
    } else if (kv.first == "--connections") {
      ok = absl::SimpleAtoi(kv.second, &f->connections) && f->connections > 0;
    } else if (kv.first == "--reader") {
      ok = kv.second == "stream" || kv.second == "reference";
      f->reader = kv.second == "reference" ? MessageReader::Impl::kReference
                                           : MessageReader::Impl::kStream;
    } else if (kv.first == "--dump") {
      f->dump = kv.second;
    } else if (kv.first == "--max_messages") {
      ok = absl::SimpleAtoi(kv.second, &f->max_messages);
    } else if (kv.first == "--timeout_s") {
      ok = absl::SimpleAtoi(kv.second, &f->timeout_s) && f->timeout_s > 0;
    } else {
      ok = false;
    }
    if (!ok) {
      std::fprintf(stderr, "echo_server: bad flag %s\n", argv[i]);
      return false;
    }
  }
  return true;
}

int Main(int argc, char** argv) {
  Flags flags;
  if (!ParseFlags(argc, argv, &flags)) {
    std::fprintf(
        stderr,
        "usage: echo_server --dialect=godot4|godot3|pandemonium [--port=0] "
        "[--port_file=PATH] [--connections=N] [--timeout_s=S] "
        "[--dump=FILE] [--reader=stream|reference] "
        "[--max_messages=N]\n");
    return 2;
  }
  if (!flags.dump.empty()) {
    g_dump = std::fopen(flags.dump.c_str(), "a");
    if (g_dump == nullptr) {
      std::perror(flags.dump.c_str());
      return 1;
    }
  }
  const int lfd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  int one = 1;
  setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);  // 127.0.0.1 only
  addr.sin_port = htons(static_cast<uint16_t>(flags.port));
  if (lfd < 0 || bind(lfd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) ||
      listen(lfd, 8)) {
    std::fprintf(stderr, "echo_server: listen: %s\n", std::strerror(errno));
    return 1;
  }
  socklen_t len = sizeof(addr);
  getsockname(lfd, reinterpret_cast<sockaddr*>(&addr), &len);
  const int port = ntohs(addr.sin_port);
  std::printf("listening 127.0.0.1:%d\n", port);
  std::fflush(stdout);
  if (!flags.port_file.empty()) {
    // Written then renamed, so a reader never sees a partial number.
    const std::string tmp = flags.port_file + ".tmp";
    FILE* f = std::fopen(tmp.c_str(), "w");
    if (f == nullptr) return 1;
    std::fprintf(f, "%d\n", port);
    std::fclose(f);
    std::rename(tmp.c_str(), flags.port_file.c_str());
  }

  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(flags.timeout_s);
  std::vector<std::unique_ptr<Connection>> conns;
  Totals totals;
  int accepted = 0;
  bool timed_out = false;
  bool limit_hit = false;
  while (totals.connections < flags.connections) {
    if (std::chrono::steady_clock::now() > deadline) {
      timed_out = true;
      break;
    }
    if (flags.max_messages > 0) {
      uint64_t live = totals.received;
      for (auto& c : conns) live += c->received();
      if (live >= flags.max_messages) {
        limit_hit = true;
        break;
      }
    }
    std::vector<pollfd> fds;
    fds.push_back({lfd, POLLIN, 0});
    for (auto& c : conns) {
      fds.push_back(
          {c->fd(),
           static_cast<short>(POLLIN | (c->wants_write() ? POLLOUT : 0)), 0});
    }
    if (poll(fds.data(), fds.size(), 200) < 0 && errno != EINTR) {
      std::perror("poll");
      return 1;
    }
    if ((fds[0].revents & POLLIN) && accepted < flags.connections) {
      const int cfd = accept4(lfd, nullptr, nullptr, SOCK_NONBLOCK);
      if (cfd >= 0) {
        setsockopt(cfd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
        conns.push_back(std::make_unique<Connection>(
            cfd, ++accepted, flags.dialect, flags.reader));
      }
    }
    for (size_t i = 1; i < fds.size(); ++i) {
      Connection& c = *conns[i - 1];
      bool alive = true;
      if (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) alive = c.OnReadable();
      // Flush what is queued even when the peer is done sending.
      if (c.wants_write()) alive = c.OnWritable() && alive;
      if (!alive) {
        c.OnWritable();  // best effort: the last replies
        c.Finish(&totals);
      }
    }
    conns.erase(std::remove_if(conns.begin(), conns.end(),
                               [](const std::unique_ptr<Connection>& c) {
                                 return c->closed();
                               }),
                conns.end());
  }
  for (auto& c : conns) c->Finish(&totals, limit_hit);
  close(lfd);
  if (timed_out) {
    std::fprintf(stderr, "echo_server: timed out after %d s\n",
                 flags.timeout_s);
  }
  std::printf(
      "SERVER dialect=%s connections=%d received=%llu sent=%llu lost=%llu "
      "mismatched=%llu errors=%llu%s%s\n",
      std::string(DialectName(flags.dialect)).c_str(), totals.connections,
      static_cast<unsigned long long>(totals.received),
      static_cast<unsigned long long>(totals.sent),
      static_cast<unsigned long long>(totals.lost),
      static_cast<unsigned long long>(totals.mismatched),
      static_cast<unsigned long long>(totals.errors),
      timed_out ? " timed_out" : "", limit_hit ? " max_messages" : "");
  const bool ok = !timed_out && totals.lost == 0 && totals.mismatched == 0 &&
                  totals.errors == 0 &&
                  (limit_hit || totals.connections == flags.connections);
  return ok ? 0 : 1;
}

}  // namespace
}  // namespace interop
}  // namespace gdwire

int main(int argc, char** argv) { return gdwire::interop::Main(argc, argv); }
