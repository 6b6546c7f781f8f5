// Copyright 2026 The gdwire Authors.

#include "tools/cli/ordered_output.h"

#include <utility>

namespace gdwire {
namespace cli {

OrderedOutput::OrderedOutput(int threads, std::FILE* file) : file_(file) {
  if (threads <= 0) {
    threads = static_cast<int>(std::thread::hardware_concurrency());
  }
  if (threads < 1) threads = 1;
  limit_ = 2 * static_cast<size_t>(threads);
  for (int i = 1; i < threads; ++i) workers_.emplace_back([this] { Work(); });
}

OrderedOutput::~OrderedOutput() {
  Flush();
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  work_cv_.notify_all();
  for (std::thread& t : workers_) t.join();
}

void OrderedOutput::Submit(Job job) {
  if (workers_.empty()) {
    inline_bytes_.clear();
    job(&inline_bytes_);
    std::fwrite(inline_bytes_.data(), 1, inline_bytes_.size(), file_);
    return;
  }
  std::unique_ptr<Slot> slot;
  if (spares_.empty()) {
    slot = std::make_unique<Slot>();
  } else {
    slot = std::move(spares_.back());
    spares_.pop_back();
  }
  slot->job = std::move(job);
  slot->bytes.clear();
  slot->done = false;
  {
    std::lock_guard<std::mutex> lock(mu_);
    todo_.push_back(slot.get());
  }
  work_cv_.notify_one();
  pending_.push_back(std::move(slot));
  WriteDone(limit_);
}

void OrderedOutput::Flush() {
  WriteDone(0);
  std::fflush(file_);
}

void OrderedOutput::Work() {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    work_cv_.wait(lock, [this] { return stop_ || !todo_.empty(); });
    if (todo_.empty()) return;  // stop_
    RunOne(&lock);
  }
}

bool OrderedOutput::RunOne(std::unique_lock<std::mutex>* lock) {
  if (todo_.empty()) return false;
  Slot* slot = todo_.front();
  todo_.pop_front();
  lock->unlock();
  slot->job(&slot->bytes);
  lock->lock();
  slot->done = true;
  done_cv_.notify_all();
  return true;
}

void OrderedOutput::WriteDone(size_t keep) {
  while (!pending_.empty()) {
    Slot* front = pending_.front().get();
    {
      std::unique_lock<std::mutex> lock(mu_);
      if (pending_.size() <= keep && !front->done) return;
      // Over the limit: help with the jobs not yet taken, then wait.
      while (!front->done) {
        if (!RunOne(&lock)) done_cv_.wait(lock);
      }
    }
    std::fwrite(front->bytes.data(), 1, front->bytes.size(), file_);
    front->job = nullptr;  // what it owns is freed on this thread
    spares_.push_back(std::move(pending_.front()));
    pending_.pop_front();
  }
}

}  // namespace cli
}  // namespace gdwire
