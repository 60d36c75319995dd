// Calls an action once after a time limit unless destroyed first: how a long job with many
// cancellable searches stops them all at --time-limit (the searches poll their own flags; the
// action sets them).
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace gs {

class Deadline {
 public:
  // seconds <= 0: never.
  Deadline(double seconds, std::function<void()> action) {
    if (seconds <= 0) return;
    thread_ = std::thread([this, seconds, action = std::move(action)] {
      std::unique_lock lock(mutex_);
      if (!wake_.wait_for(lock, std::chrono::duration<double>(seconds), [&] { return done_; })) {
        passed_ = true;
        action();
      }
    });
  }
  ~Deadline() {
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
  }
  Deadline(const Deadline&) = delete;
  Deadline& operator=(const Deadline&) = delete;

  bool passed() const {
    std::lock_guard lock(mutex_);
    return passed_;
  }

 private:
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false, passed_ = false;
  std::thread thread_;
};

}  // namespace gs
