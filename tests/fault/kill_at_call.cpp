// LD_PRELOAD shim for fault-injection tests: counts the calls that change a directory's names
// (rename, renameat, unlink, unlinkat, remove) and kills its process with SIGKILL just before
// call number GS_KILL_AT performs its change, as a crash or a power cut at that moment would.
// Without GS_KILL_AT it only passes the calls on.
#include <dlfcn.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>

namespace {

std::atomic<long> calls{0};

void maybe_die() {
  static const long kill_at = [] {
    const char* at = std::getenv("GS_KILL_AT");
    return at ? std::atol(at) : 0L;
  }();
  if (kill_at > 0 && ++calls == kill_at) ::kill(::getpid(), SIGKILL);
}

template <class F>
F next(const char* name) {
  return reinterpret_cast<F>(dlsym(RTLD_NEXT, name));
}

}  // namespace

extern "C" {

int rename(const char* from, const char* to) {
  maybe_die();
  static const auto real = next<int (*)(const char*, const char*)>("rename");
  return real(from, to);
}

int renameat(int from_dir, const char* from, int to_dir, const char* to) {
  maybe_die();
  static const auto real = next<int (*)(int, const char*, int, const char*)>("renameat");
  return real(from_dir, from, to_dir, to);
}

int unlink(const char* path) {
  maybe_die();
  static const auto real = next<int (*)(const char*)>("unlink");
  return real(path);
}

int unlinkat(int dir, const char* path, int flags) {
  maybe_die();
  static const auto real = next<int (*)(int, const char*, int)>("unlinkat");
  return real(dir, path, flags);
}

int remove(const char* path) {
  maybe_die();
  static const auto real = next<int (*)(const char*)>("remove");
  return real(path);
}
}
