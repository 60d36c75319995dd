// One job at a time in a directory of resumable files: two analyses writing the same layer
// files would each rename over the other's, and a sweep of stale temporaries must know that no
// live job is writing there. The lock is an exclusive flock on DIR/.lock, which the kernel
// releases when its holder dies, so a killed job never leaves the directory locked.
#pragma once

#include <string>

namespace gs {

class DirectoryLock {
 public:
  // Takes the lock, creating DIR/.lock if needed; DataError naming `dir` if another job (another
  // process or another thread of this one) holds it.
  explicit DirectoryLock(const std::string& dir);
  ~DirectoryLock();
  DirectoryLock(const DirectoryLock&) = delete;
  DirectoryLock& operator=(const DirectoryLock&) = delete;

  // Whether some live job holds DIR's lock (false when DIR has none).
  static bool held(const std::string& dir);

 private:
  int fd_ = -1;
};

}  // namespace gs
