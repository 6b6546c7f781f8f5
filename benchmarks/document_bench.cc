// Copyright 2026 The gdwire Authors.
//
// The reusable indexed document (codec/document) on game traffic and on
// one Array of player Dictionaries, with the push parser and the lazy views
// in the same run (issue 10):
//
//   bazel run -c opt //benchmarks:document_bench
//
// Rows (MB/s of the message bytes; items = messages):
//   BM_<Payload>PushParser      push parser, whole buffer, every field read
//                               by the handler (the baseline)
//   BM_<Payload>DocumentParse   document::Parser::Parse of each message
//   BM_<Payload>DocumentRead    Parse + every field read through Element
//   BM_<Payload>ViewWalk        view::MessageView Open + Validate per message
//   BM_<Payload>ViewRead        view::MessageView Open + every field read
//                               through the lazy views' accessors/cursors
//   BM_<Payload>PushParserPieces  the push parser fed 1400-byte pieces
//                               (every payload, Traffic and Players too)
// Payloads: Traffic (~1 MiB of godot4 snapshot messages, traffic.h) and
// Players (one Array of 20,000 player Dictionaries, ~5 MB); text of each
// kind, about 4 MiB each so that a ratio of times is a ratio of MB/s (the
// shapes of benchmarks/compare/godot4/payloads.gd): StrAscii, StrAccent,
// StrCyrillic (one PackedStringArray of "item_%d_hello", "item_%d_héllo",
// "предмет_%d_меч"), ChatAscii and ChatSpanish (one Array of {name, chat}
// Dictionaries in English and in Spanish).

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/types/span.h"
#include "benchmark/benchmark.h"
#include "benchmarks/compare/handlers.h"
#include "benchmarks/document_touch.h"
#include "benchmarks/traffic.h"
#include "codec/document/document.h"
#include "codec/reference/encoder.h"
#include "codec/stream/parser.h"
#include "codec/view/view.h"

namespace gdwire {
namespace bench {
namespace {

absl::Span<const uint8_t> AsSpan(const std::string& s) {
  return absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(s.data()),
                             s.size());
}

struct Payload {
  std::string bytes;
  std::vector<size_t> offsets;  // message starts
};

const Payload& TheTraffic() {
  static const Payload* p = [] {
    Traffic t = GameTraffic(1 << 20);
    return new Payload{std::move(t.bytes), std::move(t.offsets)};
  }();
  return *p;
}

// One Array of 20,000 player Dictionaries (the players of the traffic's
// snapshot messages, in order).
const Payload& ThePlayers() {
  static const Payload* p = [] {
    Traffic t = GameTraffic(8 << 20);
    Array all;
    for (const Variant& m : t.values) {
      if (m.type() != Type::kDictionary) continue;
      const Variant* ps = m.dictionary().Find(Variant::StringName("players"));
      if (ps == nullptr || ps->type() != Type::kArray) continue;
      for (const Variant& pl : ps->array().items) {
        if (all.items.size() < 20000) all.items.push_back(pl);
      }
    }
    std::string bytes =
        reference::Encode(Variant::MakeArray(std::move(all)), EncodeOptions())
            .value();
    return new Payload{std::move(bytes), {0}};
  }();
  return *p;
}

// About 4 MiB of wire bytes: values made by `make(i)` until then.
template <typename F>
Payload TextPayload(bool packed, F make) {
  constexpr size_t kTarget = 4 << 20;
  Variant v;
  size_t bytes = 8;
  if (packed) {
    std::vector<std::string> names;
    for (int i = 0; bytes < kTarget; ++i) {
      names.push_back(make(i));
      bytes += 4 + names.back().size() + 4;
    }
    v = Variant::PackedStrings(std::move(names));
  } else {
    Array all;
    for (int i = 0; bytes < kTarget; ++i) {
      Dictionary d;
      const std::string both = make(i);  // "name|chat"
      const size_t bar = both.find('|');
      std::string name = both.substr(0, bar);
      std::string chat = both.substr(bar + 1);
      bytes += 40 + name.size() + chat.size();
      d.Set(Variant::String("name"), Variant::String(std::move(name)));
      d.Set(Variant::String("chat"), Variant::String(std::move(chat)));
      all.items.push_back(Variant::MakeDictionary(std::move(d)));
    }
    v = Variant::MakeArray(std::move(all));
  }
  return Payload{reference::Encode(v, EncodeOptions()).value(), {0}};
}

const Payload& StrAscii() {
  static const Payload* p = new Payload(TextPayload(
      true, [](int i) { return absl::StrCat("item_", i, "_hello"); }));
  return *p;
}
const Payload& StrAccent() {
  static const Payload* p = new Payload(TextPayload(
      true, [](int i) { return absl::StrCat("item_", i, "_h\xc3\xa9llo"); }));
  return *p;
}
const Payload& StrCyrillic() {
  static const Payload* p = new Payload(TextPayload(true, [](int i) {
    return absl::StrCat(
        "\xd0\xbf\xd1\x80\xd0\xb5\xd0\xb4\xd0\xbc\xd0\xb5\xd1\x82_", i,
        "_\xd0\xbc\xd0\xb5\xd1\x87");
  }));
  return *p;
}
// "name|chat".
const Payload& ChatAscii() {
  static const Payload* p = new Payload(TextPayload(false, [](int i) {
    return absl::StrCat("player_", i,
                        "|good game, see you at the north gate at ", i,
                        " o'clock");
  }));
  return *p;
}
const Payload& ChatSpanish() {
  static const Payload* p = new Payload(TextPayload(false, [](int i) {
    return absl::StrCat("jugador_", i,
                        "_\xc3\xb1|\xc2\xa1"
                        "buena partida! nos vemos en la "
                        "puerta norte a las ",
                        i, ", se\xc3\xb1or");
  }));
  return *p;
}

void Report(benchmark::State& state, const Payload& p) {
  state.SetBytesProcessed(
      static_cast<int64_t>(state.iterations() * p.bytes.size()));
  state.SetItemsProcessed(
      static_cast<int64_t>(state.iterations() * p.offsets.size()));
}

// Message i's bytes.
absl::Span<const uint8_t> Message(const Payload& p, size_t i) {
  const size_t end =
      i + 1 < p.offsets.size() ? p.offsets[i + 1] : p.bytes.size();
  return AsSpan(p.bytes).subspan(p.offsets[i], end - p.offsets[i]);
}

void PushParser(benchmark::State& state, const Payload& p) {
  for (auto _ : state) {
    TouchHandler h;
    stream::Parser<TouchHandler> parser(&h, DecodeOptions());
    if (!parser.Feed(AsSpan(p.bytes)).ok() || !parser.Finish().ok()) {
      state.SkipWithError("parse error");
    }
    benchmark::DoNotOptimize(h.sum);
  }
  Report(state, p);
}

void PushParserPieces(benchmark::State& state, const Payload& p) {
  const auto all = AsSpan(p.bytes);
  for (auto _ : state) {
    TouchHandler h;
    stream::Parser<TouchHandler> parser(&h, DecodeOptions());
    bool ok = true;
    for (size_t i = 0; i < all.size(); i += 1400) {
      ok &= parser.Feed(all.subspan(i, std::min<size_t>(1400, all.size() - i)))
                .ok();
    }
    if (!ok || !parser.Finish().ok()) state.SkipWithError("parse error");
    benchmark::DoNotOptimize(h.sum);
  }
  Report(state, p);
}

// What a document row does with each message: parse it, parse it and read
// every field, or only check it (Parser::Check: no Dictionary indexes, no
// root; what gdwire::Validate and `gdwire validate` run).
enum class DocumentPass { kParse, kRead, kCheck };

void DocumentParse(benchmark::State& state, const Payload& p,
                   DocumentPass pass) {
  document::Parser parser;
  const DecodeOptions opts;
  for (auto _ : state) {
    uint64_t sum = 0;
    for (size_t i = 0; i < p.offsets.size(); ++i) {
      document::ParseResult r = pass == DocumentPass::kCheck
                                    ? parser.Check(Message(p, i), opts)
                                    : parser.Parse(Message(p, i), opts);
      if (!r.ok()) state.SkipWithError("parse error");
      sum += pass == DocumentPass::kRead ? TouchDocument(r.root) : r.consumed;
    }
    benchmark::DoNotOptimize(sum);
  }
  Report(state, p);
}

void ViewWalk(benchmark::State& state, const Payload& p) {
  for (auto _ : state) {
    for (size_t i = 0; i < p.offsets.size(); ++i) {
      auto doc = view::MessageView::Open(Message(p, i), DecodeOptions());
      if (!doc.ok() || !doc->Validate().ok()) state.SkipWithError("view");
    }
  }
  Report(state, p);
}

// Every field read through the lazy views (the view-side twin of
// TouchDocument): scalars, text, math components, every Array element and
// Dictionary entry; packed arrays by reference (size only).
uint64_t TouchView(const view::ValueView& v, bool* ok) {
  switch (v.type()) {
    case Type::kNil:
      return 1;
    case Type::kBool: {
      auto b = v.as_bool();
      *ok &= b.ok();
      return b.ok() && *b;
    }
    case Type::kInt: {
      auto i = v.as_int();
      *ok &= i.ok();
      return i.ok() ? static_cast<uint64_t>(*i) : 0;
    }
    case Type::kFloat: {
      auto f = v.as_float();
      *ok &= f.ok();
      return f.ok() ? static_cast<uint64_t>(*f) : 0;
    }
    case Type::kString:
    case Type::kStringName: {
      auto t = v.as_string_view();
      *ok &= t.ok();
      return t.ok() ? t->size() + (t->empty() ? 0 : uint8_t((*t)[0])) : 0;
    }
    case Type::kArray: {
      auto a = v.array();
      if (!a.ok()) return *ok = false;
      uint64_t sum = a->size();
      for (const auto& e : a->elements()) {
        if (!e.ok()) return *ok = false;
        sum += TouchView(*e, ok);
      }
      return sum;
    }
    case Type::kDictionary: {
      auto d = v.dictionary();
      if (!d.ok()) return *ok = false;
      uint64_t sum = d->size();
      for (const auto& e : d->entries()) {
        if (!e.ok()) return *ok = false;
        sum += TouchView(e->key, ok) + TouchView(e->value, ok);
      }
      return sum;
    }
    default:
      break;
  }
  if (const int n = RealComponents(v.type())) {
    double r[16];
    *ok &= v.reals(absl::MakeSpan(r, n)).ok();
    uint64_t sum = 0;
    for (int i = 0; i < n; ++i) sum += static_cast<uint64_t>(r[i]);
    return sum;
  }
  if (IsPackedArray(v.type()) && v.type() != Type::kPackedStringArray) {
    auto p = v.packed_array();
    *ok &= p.ok();
    return p.ok() ? p->size() : 0;
  }
  *ok &= v.Validate().ok();  // the rest (not in this traffic)
  return 0;
}

void ViewRead(benchmark::State& state, const Payload& p) {
  for (auto _ : state) {
    uint64_t sum = 0;
    bool ok = true;
    for (size_t i = 0; i < p.offsets.size(); ++i) {
      auto doc = view::MessageView::Open(Message(p, i), DecodeOptions());
      if (!doc.ok()) {
        ok = false;
        continue;
      }
      sum += TouchView(doc->root(), &ok);
    }
    if (!ok) state.SkipWithError("view read");
    benchmark::DoNotOptimize(sum);
  }
  Report(state, p);
}

void BM_TrafficPushParser(benchmark::State& s) { PushParser(s, TheTraffic()); }
void BM_TrafficPushParserPieces(benchmark::State& s) {
  PushParserPieces(s, TheTraffic());
}
void BM_TrafficDocumentParse(benchmark::State& s) {
  DocumentParse(s, TheTraffic(), DocumentPass::kParse);
}
void BM_TrafficDocumentRead(benchmark::State& s) {
  DocumentParse(s, TheTraffic(), DocumentPass::kRead);
}
void BM_TrafficDocumentCheck(benchmark::State& s) {
  DocumentParse(s, TheTraffic(), DocumentPass::kCheck);
}
void BM_PlayersDocumentCheck(benchmark::State& s) {
  DocumentParse(s, ThePlayers(), DocumentPass::kCheck);
}
void BM_TrafficViewWalk(benchmark::State& s) { ViewWalk(s, TheTraffic()); }
void BM_PlayersPushParser(benchmark::State& s) { PushParser(s, ThePlayers()); }
void BM_PlayersPushParserPieces(benchmark::State& s) {
  PushParserPieces(s, ThePlayers());
}
void BM_PlayersDocumentParse(benchmark::State& s) {
  DocumentParse(s, ThePlayers(), DocumentPass::kParse);
}
void BM_PlayersDocumentRead(benchmark::State& s) {
  DocumentParse(s, ThePlayers(), DocumentPass::kRead);
}
void BM_PlayersViewWalk(benchmark::State& s) { ViewWalk(s, ThePlayers()); }
void BM_TrafficViewRead(benchmark::State& s) { ViewRead(s, TheTraffic()); }
void BM_PlayersViewRead(benchmark::State& s) { ViewRead(s, ThePlayers()); }

#define GDWIRE_TEXT_ROWS(P)                                            \
  void BM_##P##PushParser(benchmark::State& s) { PushParser(s, P()); } \
  void BM_##P##PushParserPieces(benchmark::State& s) {                 \
    PushParserPieces(s, P());                                          \
  }                                                                    \
  void BM_##P##DocumentParse(benchmark::State& s) {                    \
    DocumentParse(s, P(), DocumentPass::kParse);                       \
  }                                                                    \
  void BM_##P##DocumentRead(benchmark::State& s) {                     \
    DocumentParse(s, P(), DocumentPass::kRead);                        \
  }                                                                    \
  void BM_##P##ViewWalk(benchmark::State& s) { ViewWalk(s, P()); }     \
  void BM_##P##ViewRead(benchmark::State& s) { ViewRead(s, P()); }     \
  BENCHMARK(BM_##P##PushParser);                                       \
  BENCHMARK(BM_##P##PushParserPieces);                                 \
  BENCHMARK(BM_##P##DocumentParse);                                    \
  BENCHMARK(BM_##P##DocumentRead);                                     \
  BENCHMARK(BM_##P##ViewWalk);                                         \
  BENCHMARK(BM_##P##ViewRead)
GDWIRE_TEXT_ROWS(StrAscii);
GDWIRE_TEXT_ROWS(StrAccent);
GDWIRE_TEXT_ROWS(StrCyrillic);
GDWIRE_TEXT_ROWS(ChatAscii);
GDWIRE_TEXT_ROWS(ChatSpanish);

BENCHMARK(BM_TrafficPushParser);
BENCHMARK(BM_TrafficPushParserPieces);
BENCHMARK(BM_TrafficDocumentParse);
BENCHMARK(BM_TrafficDocumentRead);
BENCHMARK(BM_TrafficDocumentCheck);
BENCHMARK(BM_TrafficViewWalk);
BENCHMARK(BM_TrafficViewRead);
BENCHMARK(BM_PlayersPushParser);
BENCHMARK(BM_PlayersPushParserPieces);
BENCHMARK(BM_PlayersDocumentParse);
BENCHMARK(BM_PlayersDocumentRead);
BENCHMARK(BM_PlayersDocumentCheck);
BENCHMARK(BM_PlayersViewWalk);
BENCHMARK(BM_PlayersViewRead);

}  // namespace
}  // namespace bench
}  // namespace gdwire

BENCHMARK_MAIN();
