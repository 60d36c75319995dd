#include "tools/common/scratch_directory.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <filesystem>

#include "engine/core/errors.h"

namespace gs::cli {

namespace fs = std::filesystem;

namespace {

// The directory the handlers remove: an open descriptor and its path, set before they are
// installed (a signal handler may use neither malloc nor std::filesystem).
std::atomic<int> scratch_fd{-1};
char scratch_path[4096];
struct sigaction previous_int {
}, previous_term{};

// Unlinks every entry of the directory and of its subdirectories (a few levels), with raw system
// calls only.
void empty_directory(int fd, int levels) {
  alignas(8) char buffer[4096];
  struct Entry {
    ino64_t ino;
    off64_t off;
    unsigned short reclen;
    unsigned char type;
    char name[1];
  };
  ::lseek(fd, 0, SEEK_SET);
  for (long n; (n = ::syscall(SYS_getdents64, fd, buffer, sizeof buffer)) > 0;)
    for (long at = 0; at < n;) {
      const auto* e = reinterpret_cast<const Entry*>(buffer + at);
      at += e->reclen;
      if (std::strcmp(e->name, ".") == 0 || std::strcmp(e->name, "..") == 0) continue;
      if (e->type == DT_DIR && levels > 0) {
        if (const int sub = ::openat(fd, e->name, O_RDONLY | O_DIRECTORY | O_CLOEXEC); sub >= 0) {
          empty_directory(sub, levels - 1);
          ::close(sub);
        }
        ::unlinkat(fd, e->name, AT_REMOVEDIR);
      } else {
        ::unlinkat(fd, e->name, 0);
      }
    }
}

// `timeout` and a terminal signal the process and its group alike, so the signal can come twice,
// to two threads at once: the second must not end the process while the first still removes.
std::atomic<bool> removing{false};

extern "C" void remove_scratch_and_die(int signal) {
  if (removing.exchange(true)) return;  // the first handler ends the process once it is done
  const int fd = scratch_fd.exchange(-1);
  if (fd >= 0) {
    // Worker threads may still rename a file in between two passes: try until it is empty.
    for (int pass = 0; pass < 100; ++pass) {
      empty_directory(fd, 3);
      if (::rmdir(scratch_path) == 0) break;
    }
  }
  ::signal(signal, SIG_DFL);
  ::raise(signal);
}

bool is_scratch_name(const std::string& name, const std::string& prefix) {
  const std::string head = "gamesolver-" + prefix + "-";
  return name.rfind(head, 0) == 0 && name.size() > head.size() &&
         name.find_first_not_of("0123456789", head.size()) == std::string::npos;
}

}  // namespace

ScratchDirectory::ScratchDirectory(const std::string& prefix) {
  const fs::path tmp = fs::temp_directory_path();
  std::error_code ec;
  // What killed jobs left: a directory with a lock nobody holds (one without a lock file may be
  // a job's that is just starting, and is left alone).
  for (const auto& entry : fs::directory_iterator(tmp, ec)) {
    const std::string name = entry.path().filename().string();
    if (!is_scratch_name(name, prefix) || !fs::exists(entry.path() / ".lock", ec)) continue;
    if (!DirectoryLock::held(entry.path().string())) fs::remove_all(entry.path(), ec);
  }
  path_ = (tmp / ("gamesolver-" + prefix + "-" + std::to_string(::getpid()))).string();
  fs::remove_all(path_, ec);
  fs::create_directories(path_, ec);
  if (ec) throw DataError("cannot make a temporary directory " + path_ + ": " + ec.message());
  lock_.emplace(path_);
  if (path_.size() < sizeof scratch_path && scratch_fd.load() < 0) {
    std::memcpy(scratch_path, path_.c_str(), path_.size() + 1);
    scratch_fd = ::open(path_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    struct sigaction on_signal {};
    on_signal.sa_handler = remove_scratch_and_die;
    sigaction(SIGINT, &on_signal, &previous_int);
    sigaction(SIGTERM, &on_signal, &previous_term);
  }
}

ScratchDirectory::~ScratchDirectory() {
  if (std::strcmp(scratch_path, path_.c_str()) == 0) {
    sigaction(SIGINT, &previous_int, nullptr);
    sigaction(SIGTERM, &previous_term, nullptr);
    if (const int fd = scratch_fd.exchange(-1); fd >= 0) ::close(fd);
    scratch_path[0] = '\0';
  }
  lock_.reset();
  std::error_code ec;
  fs::remove_all(path_, ec);
}

}  // namespace gs::cli
