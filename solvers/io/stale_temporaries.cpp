#include "solvers/io/stale_temporaries.h"

#include <signal.h>

#include <cerrno>
#include <filesystem>
#include <system_error>

namespace gs {

int remove_stale_temporaries(const std::string& dir) {
  int removed = 0;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(dir, error)) {
    const std::string name = entry.path().filename().string();
    const std::size_t at = name.rfind(".tmp.");
    if (at == std::string::npos || at + 5 == name.size()) continue;
    const std::string digits = name.substr(at + 5);
    if (digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos) continue;
    const long pid = std::stol(digits);
    // kill(pid, 0) sends nothing: ESRCH says no such process (EPERM: one that is not ours, alive).
    if (pid > 0 && kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH && entry.is_regular_file(error))
      removed += std::filesystem::remove(entry.path(), error) ? 1 : 0;
  }
  return removed;
}

}  // namespace gs
