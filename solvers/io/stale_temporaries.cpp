#include "solvers/io/stale_temporaries.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <system_error>

namespace gs {

std::string temporary_path(const std::string& path) {
  static std::atomic<unsigned long> next{0};
  return path + ".tmp." + std::to_string(::getpid()) + "-" + std::to_string(next++);
}

bool lock_temporary(int fd) { return ::flock(fd, LOCK_EX | LOCK_NB) == 0; }

int remove_stale_temporaries(const std::string& dir) {
  int removed = 0;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(dir, error)) {
    const std::string name = entry.path().filename().string();
    const std::size_t at = name.rfind(".tmp.");
    if (at == std::string::npos || at + 5 == name.size()) continue;
    const std::string digits = name.substr(at + 5);
    if (digits.find_first_not_of("0123456789-") != std::string::npos || !entry.is_regular_file(error)) continue;
    // Its writer holds a lock on it until it renames it or dies: a lock we can take is a dead
    // writer's (no PID test: PIDs are reused, and a zombie still answers kill(pid, 0)).
    const int fd = ::open(entry.path().c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) continue;
    if (lock_temporary(fd)) removed += std::filesystem::remove(entry.path(), error) ? 1 : 0;
    ::close(fd);
  }
  return removed;
}

}  // namespace gs
