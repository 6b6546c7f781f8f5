// Copyright 2026 The gdwire Authors.
//
// tools/cli/ordered_output.h: bytes made on worker threads and written out
// strictly in the order they were asked for (`gdwire capture`: the lines of
// a batch of messages are formatted on a worker while the calling thread
// decodes the next packets).
//
// Each Submit()ted job appends its bytes to a string of its own; a job runs
// on one of threads - 1 workers, or on the calling thread when it would
// otherwise wait, and the strings are written to the FILE by the calling
// thread only, in submission order, inside Submit() and Flush(). At most
// 2 x threads jobs are submitted and not yet written: Submit() then writes
// (or runs) the oldest first. With threads = 1 a job runs inside Submit()
// and its bytes are written at once. A job is destroyed on the calling
// thread, after its bytes were written (what it owns is freed where it was
// made).
//
//   OrderedOutput out(/*threads=*/4, stdout);
//   for (Batch& b : batches) {
//     out.Submit([b = std::move(b)](std::string* bytes) { Format(b, bytes); });
//   }
//   out.Flush();  // everything written, in order, and stdout flushed

#ifndef GDWIRE_TOOLS_CLI_ORDERED_OUTPUT_H_
#define GDWIRE_TOOLS_CLI_ORDERED_OUTPUT_H_

#include <condition_variable>  // NOLINT: std::condition_variable
#include <cstdio>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>  // NOLINT: std::mutex
#include <string>
#include <thread>  // NOLINT: std::thread
#include <vector>

namespace gdwire {
namespace cli {

class OrderedOutput {
 public:
  // Appends a job's bytes to *out; runs on any thread (it must not touch
  // what the calling thread changes meanwhile).
  using Job = std::function<void(std::string* out)>;

  // `threads`: 0 = every core; 1 = each job runs in Submit().
  OrderedOutput(int threads, std::FILE* file);
  ~OrderedOutput();  // Flush()es and stops the workers.
  OrderedOutput(const OrderedOutput&) = delete;
  OrderedOutput& operator=(const OrderedOutput&) = delete;

  void Submit(Job job);
  // Writes the bytes of every job submitted, in order, and flushes the FILE.
  void Flush();

 private:
  struct Slot {
    Job job;
    std::string bytes;
    bool done = false;  // guarded by mu_
  };
  void Work();
  // Runs one job of todo_ on the calling thread, if there is one.
  bool RunOne(std::unique_lock<std::mutex>* lock);
  // Writes the finished slots at the front of pending_; while more than
  // `keep` are pending, waits (or runs a job) for the front one.
  void WriteDone(size_t keep);

  std::FILE* const file_;
  size_t limit_ = 0;  // pending slots before Submit() waits
  std::mutex mu_;
  std::condition_variable work_cv_, done_cv_;
  std::deque<Slot*> todo_;  // guarded by mu_
  bool stop_ = false;       // guarded by mu_
  // The calling thread's: slots in submission order, and spare ones.
  std::deque<std::unique_ptr<Slot>> pending_;
  std::vector<std::unique_ptr<Slot>> spares_;
  std::string inline_bytes_;
  std::vector<std::thread> workers_;
};

}  // namespace cli
}  // namespace gdwire

#endif  // GDWIRE_TOOLS_CLI_ORDERED_OUTPUT_H_
