// Copyright 2026 The gdwire Authors.
//
// DecodeFile: pcap and pcapng files read with libpcap, packet by packet,
// into a capture::Decoder.

#include <pcap/pcap.h>
#include <sys/stat.h>

#include <cstdio>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "codec/capture/capture.h"

namespace gdwire {
namespace capture {

namespace {

// Decodes the capture libpcap reads from `f` (taken: closed here).
absl::Status DecodeOpenFile(FILE* f, const std::string& name, uint64_t total,
                            const CaptureOptions& options, MessageFn on_message,
                            ProblemFn on_problem, ProgressFn progress,
                            CaptureStats* stats) {
  char err[PCAP_ERRBUF_SIZE] = {};
  // pcap_fopen_offline takes the FILE (pcap_close closes it).
  pcap_t* pc = pcap_fopen_offline_with_tstamp_precision(
      f, PCAP_TSTAMP_PRECISION_NANO, err);
  if (pc == nullptr) {
    std::fclose(f);
    return absl::InvalidArgumentError(
        absl::StrCat(name, ": not a pcap or pcapng file (", err, ")"));
  }
  const int link = pcap_datalink(pc);
  if (!Decoder::LinkTypeSupported(link)) {
    const char* link_name = pcap_datalink_val_to_name(link);
    pcap_close(pc);
    return absl::UnimplementedError(absl::StrCat(
        name, ": link type ", link, " (",
        link_name != nullptr ? link_name : "?",
        ") is not supported (Ethernet, Linux cooked, loopback and raw IP "
        "are)"));
  }
  Decoder decoder(options, std::move(on_message), on_problem);
  const bool nano = pcap_get_tstamp_precision(pc) == PCAP_TSTAMP_PRECISION_NANO;
  uint64_t n = 0;
  for (;;) {
    const long at = std::ftell(f);
    pcap_pkthdr* hdr = nullptr;
    const u_char* data = nullptr;
    const int rc = pcap_next_ex(pc, &hdr, &data);
    if (rc == PCAP_ERROR_BREAK) break;  // the end of the file
    if (rc != 1) {
      // A record cut off (or unreadable): report it with its offset; the
      // streams still open are finished below.
      if (on_problem) {
        Problem p;
        p.kind = ProblemKind::kTruncated;
        p.transport = Transport::kTcp;
        p.connection = 0;
        p.offset = at >= 0 ? static_cast<uint64_t>(at) : 0;
        p.text =
            absl::StrCat("the capture file is cut off or damaged at byte ",
                         p.offset, " (record ", n + 1, "): ", pcap_geterr(pc));
        on_problem(p);
      }
      break;
    }
    ++n;
    Timestamp t;
    t.sec = hdr->ts.tv_sec;
    t.nsec =
        static_cast<uint32_t>(nano ? hdr->ts.tv_usec : hdr->ts.tv_usec * 1000);
    decoder.Packet(t, link, absl::MakeConstSpan(data, hdr->caplen), hdr->len);
    if (progress && total > 0 && (n & 1023) == 0) {
      const long pos = std::ftell(f);
      progress(pos >= 0 ? static_cast<uint64_t>(pos) : 0, total);
    }
  }
  decoder.Finish();
  if (progress) progress(total, total);
  pcap_close(pc);
  if (stats != nullptr) *stats = decoder.stats();
  return absl::OkStatus();
}

}  // namespace

absl::Status DecodeFile(const std::string& path, const CaptureOptions& options,
                        MessageFn on_message, ProblemFn on_problem,
                        ProgressFn progress, CaptureStats* stats) {
  // "-": standard input (tcpdump -w - | ...), read as it comes.
  FILE* f = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
  if (f == nullptr) {
    return absl::NotFoundError(absl::StrCat("cannot open ", path));
  }
  struct stat sb;
  const uint64_t total = fstat(fileno(f), &sb) == 0 && S_ISREG(sb.st_mode)
                             ? static_cast<uint64_t>(sb.st_size)
                             : 0;
  return DecodeOpenFile(f, path, total, options, std::move(on_message),
                        std::move(on_problem), std::move(progress), stats);
}

absl::Status DecodeBytes(absl::string_view capture,
                         const CaptureOptions& options, MessageFn on_message,
                         ProblemFn on_problem, CaptureStats* stats) {
  if (capture.empty()) {
    return absl::InvalidArgumentError("an empty capture");
  }
  // fmemopen reads the bytes in place (never written: mode "rb").
  FILE* f = fmemopen(const_cast<char*>(capture.data()), capture.size(), "rb");
  if (f == nullptr) return absl::InternalError("fmemopen failed");
  return DecodeOpenFile(f, "capture", capture.size(), options,
                        std::move(on_message), std::move(on_problem), nullptr,
                        stats);
}

}  // namespace capture
}  // namespace gdwire
