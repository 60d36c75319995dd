#include "solvers/io/output_file.h"

#include <fcntl.h>
#include <unistd.h>
#include <system_error>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <optional>

#include "engine/core/errors.h"
#include "solvers/io/stale_temporaries.h"

namespace gs {

namespace fs = std::filesystem;

namespace {

// The file a write to `path` lands in: symlinks followed (to a target that may not exist yet).
// A link to a pipe, socket or device is kept as it is: /dev/stdout leads through
// /proc/self/fd/1 to "pipe:[1234]", which is no path, but open() follows the link itself.
fs::path written_path(const std::string& path) {
  fs::path p = path;
  for (int hops = 0;; ++hops) {
    std::error_code ec;
    if (!fs::is_symlink(fs::symlink_status(p, ec))) return p;
    const fs::file_status behind = fs::status(p, ec);
    if (!ec && fs::exists(behind) && !fs::is_regular_file(behind) && !fs::is_directory(behind)) return p;
    if (hops == 40) throw DataError("cannot write " + path + ": too many levels of symbolic links");
    const fs::path link = fs::read_symlink(p, ec);
    if (ec) throw DataError("cannot write " + path + ": " + ec.message());
    p = link.is_absolute() ? link : p.parent_path() / link;
  }
}

// Where a write to `path` goes: the file behind any symlinks, whether it is written in place (a
// device or pipe: nothing to rename over) and its directory. A directory is refused.
struct Destination {
  fs::path target, dir;
  bool in_place = false;
};

Destination destination_of(const std::string& path) {
  Destination d{.target = written_path(path)};
  std::error_code ec;
  const fs::file_status status = fs::status(d.target, ec);
  if (fs::is_directory(status)) throw DataError("cannot write " + path + ": it is a directory");
  d.in_place = fs::exists(status) && !fs::is_regular_file(status);
  d.dir = d.target.parent_path().empty() ? fs::path(".") : d.target.parent_path();
  return d;
}

[[noreturn]] void fail(const std::string& path, int error) {
  throw DataError("cannot write " + path + ": " + std::generic_category().message(error));
}

void write_all(int fd, std::string_view bytes, const std::string& path) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail(path, n < 0 ? errno : ENOSPC);
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
}

}  // namespace

bool same_destination(const std::string& a, const std::string& b) {
  const auto file_of = [](const std::string& path) -> std::optional<fs::path> {
    if (path.empty() || path == "-") return std::nullopt;
    try {
      const Destination d = destination_of(path);
      if (!d.in_place) return d.target;
    } catch (const DataError&) {  // a directory: no file to collide with
    }
    return std::nullopt;
  };
  const auto ta = file_of(a), tb = file_of(b);
  if (!ta || !tb) return false;
  std::error_code ec;
  if (fs::equivalent(*ta, *tb, ec) && !ec) return true;
  const fs::path ca = fs::weakly_canonical(fs::absolute(*ta), ec);
  if (ec) return false;
  const fs::path cb = fs::weakly_canonical(fs::absolute(*tb), ec);
  return !ec && ca == cb;
}

void check_output_path(const std::string& path, std::string_view option) {
  if (path.empty() || path == "-") return;
  const Destination d = destination_of(path);
  if (d.in_place) {
    if (::access(d.target.c_str(), W_OK) != 0) fail(path, errno);
    return;
  }
  std::error_code ec;
  if (!fs::is_directory(d.dir, ec))
    throw DataError("cannot write " + path + " (" + std::string(option) + "): no directory " + d.dir.string());
  if (::access(d.dir.c_str(), W_OK | X_OK) != 0)
    throw DataError("cannot write " + path + " (" + std::string(option) + "): directory " + d.dir.string() +
                    " is not writable");
}

void write_file_atomically(const std::string& path, std::string_view bytes) {
  if (path == "-") {
    if (!(std::cout << bytes).flush()) throw DataError("cannot write standard output (disk full or closed?)");
    return;
  }
  const Destination d = destination_of(path);
  if (d.in_place) {
    const int fd = ::open(d.target.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) fail(path, errno);
    try {
      write_all(fd, bytes, path);
    } catch (...) {
      ::close(fd);
      throw;
    }
    if (::close(fd) != 0) fail(path, errno);
    return;
  }
  const std::string tmp = temporary_path(d.target.string());
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) fail(path, errno);
  lock_temporary(fd);  // ours until renamed or dead (stale_temporaries.h)
  int error = 0;
  try {
    write_all(fd, bytes, path);
  } catch (...) {
    ::close(fd);
    ::unlink(tmp.c_str());
    throw;
  }
  if (::fsync(fd) != 0) error = errno;  // the data on disk before the name points at it
  if (::close(fd) != 0 && !error) error = errno;
  if (error) {
    ::unlink(tmp.c_str());
    fail(path, error);
  }
  rename_into_place(tmp, d.target.string(), path);
}

void rename_into_place(const std::string& tmp, const std::string& target, const std::string& shown) {
  if (::rename(tmp.c_str(), target.c_str()) != 0) {
    const int error = errno;
    ::unlink(tmp.c_str());
    fail(shown, error);
  }
  // The rename itself on disk: sync the directory (best effort; some file systems refuse).
  const fs::path dir = fs::path(target).parent_path().empty() ? fs::path(".") : fs::path(target).parent_path();
  if (const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
}

}  // namespace gs
