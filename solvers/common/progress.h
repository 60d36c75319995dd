// Progress on stderr for long jobs. A reporter thread asks the job for a one-line status about
// once a second, but only once the job has run for more than 1.5 s, so quick jobs print nothing.
// On a terminal the line is redrawn in place; otherwise a plain line is written every 5 s.
// The status callback runs on the reporter thread: it must only read atomics or immutable data.
#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace gs {

class ProgressReporter {
 public:
  ProgressReporter(bool enabled, std::function<std::string()> status);
  ~ProgressReporter();
  ProgressReporter(const ProgressReporter&) = delete;
  ProgressReporter& operator=(const ProgressReporter&) = delete;

 private:
  void run();

  std::function<std::string()> status_;
  bool tty_ = false;
  bool printed_ = false;
  bool stop_ = false;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::thread thread_;
};

}  // namespace gs
