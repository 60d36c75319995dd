#include "tools/common/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <system_error>

#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "engine/core/errors.h"
#include "tools/common/cli.h"

extern char** environ;

namespace gs::cli {

namespace {

constexpr std::size_t kErrTail = 8192;

struct Pipe {
  int fd[2] = {-1, -1};
  Pipe() {
    if (pipe2(fd, O_CLOEXEC) != 0)
      throw DataError(std::string("cannot make a pipe: ") + std::generic_category().message(errno));
  }
  ~Pipe() {
    for (int f : fd)
      if (f >= 0) close(f);
  }
  void close_end(int i) {
    close(fd[i]);
    fd[i] = -1;
  }
};

}  // namespace

ChildResult run_child(const std::vector<std::string>& argv) {
  Pipe out, err;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out.fd[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err.fd[1], 2);
  std::vector<char*> args;
  args.reserve(argv.size() + 1);
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const Stopwatch clock;
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) throw DataError("cannot run " + argv[0] + ": " + std::generic_category().message(spawned));
  out.close_end(1);
  err.close_end(1);

  ChildResult r;
  std::array<pollfd, 2> fds = {{{out.fd[0], POLLIN, 0}, {err.fd[0], POLLIN, 0}}};
  std::array<char, 1 << 16> buffer;
  for (int open_fds = 2; open_fds > 0;) {
    if (poll(fds.data(), fds.size(), -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (std::size_t i = 0; i < fds.size(); ++i) {
      if (fds[i].fd < 0 || fds[i].revents == 0) continue;
      const ssize_t n = read(fds[i].fd, buffer.data(), buffer.size());
      if (n <= 0) {
        fds[i].fd = -1;  // poll ignores negative descriptors
        --open_fds;
        continue;
      }
      std::string& to = i == 0 ? r.out : r.err;
      to.append(buffer.data(), static_cast<std::size_t>(n));
      if (i == 1 && r.err.size() > 2 * kErrTail) r.err.erase(0, r.err.size() - kErrTail);
    }
  }
  int status = 0;
  rusage usage{};
  while (wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
  }
  r.wall_seconds = clock.seconds();
  r.peak_mib = static_cast<double>(usage.ru_maxrss) / 1024.0;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  if (r.err.size() > kErrTail) r.err.erase(0, r.err.size() - kErrTail);
  return r;
}

std::string self_executable() { return std::filesystem::read_symlink("/proc/self/exe").string(); }

}  // namespace gs::cli
