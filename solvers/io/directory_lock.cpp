#include "solvers/io/directory_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>
#include <system_error>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "engine/core/errors.h"

namespace gs {

namespace {

std::string lock_path(const std::string& dir) { return (std::filesystem::path(dir) / ".lock").string(); }

}  // namespace

DirectoryLock::DirectoryLock(const std::string& dir) {
  fd_ = ::open(lock_path(dir).c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
  if (fd_ < 0) throw DataError("cannot lock " + dir + ": " + std::generic_category().message(errno));
  // flock locks belong to an open file description: a second open of the same file, even by
  // another thread of this process, conflicts with this one.
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd_);
    throw DataError(dir + " is in use by another running job: wait for it, or use another directory");
  }
}

DirectoryLock::~DirectoryLock() {
  if (fd_ >= 0) ::close(fd_);
}

bool DirectoryLock::held(const std::string& dir) {
  const int fd = ::open(lock_path(dir).c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool free = ::flock(fd, LOCK_EX | LOCK_NB) == 0;
  ::close(fd);
  return !free;
}

}  // namespace gs
