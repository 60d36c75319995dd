#include "solvers/common/progress.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>

namespace gs {

ProgressReporter::ProgressReporter(bool enabled, std::function<std::string()> status) : status_(std::move(status)) {
  if (!enabled) return;
  tty_ = isatty(STDERR_FILENO);
  thread_ = std::thread([this] { run(); });
}

ProgressReporter::~ProgressReporter() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
  if (printed_ && tty_) std::fputs("\r\x1b[K", stderr);
}

void ProgressReporter::run() {
  using namespace std::chrono;
  const auto start = steady_clock::now();
  std::unique_lock lock(mutex_);
  if (wake_.wait_for(lock, milliseconds(1500), [this] { return stop_; })) return;
  const auto period = tty_ ? seconds(1) : seconds(5);
  do {
    const double elapsed = duration<double>(steady_clock::now() - start).count();
    const std::string line = "[" + std::to_string(static_cast<int>(elapsed)) + " s] " + status_();
    if (tty_)
      std::fprintf(stderr, "\r\x1b[K%s", line.c_str());
    else
      std::fprintf(stderr, "%s\n", line.c_str());
    std::fflush(stderr);
    printed_ = true;
  } while (!wake_.wait_for(lock, period, [this] { return stop_; }));
}

}  // namespace gs
