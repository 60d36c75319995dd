// Shared by the fuzz targets (libFuzzer): the input as text, a file holding it for readers that
// take a path, and the one rule of every target: a parser may refuse its input only by
// InputError or DataError (the toolkit's errors, mapped to exit 2 and 1); anything else (a
// crash, a sanitizer report, another exception, a failed round trip) is a finding.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "engine/core/errors.h"
#include "solvers/io/checked_text_file.h"

namespace gs::fuzz {

inline std::string text_of(const std::uint8_t* data, std::size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

// Runs `body`; the toolkit's own refusals are expected, everything else escapes to libFuzzer.
template <class F>
void refusals_allowed(F&& body) {
  try {
    body();
  } catch (const InputError&) {
  } catch (const DataError&) {
  }
}

// A round trip that does not hold is a finding: stop with the two texts.
inline void check_round_trip(bool holds, const std::string& first, const std::string& second) {
  if (holds) return;
  std::fprintf(stderr, "round trip failed:\n  %s\n  %s\n", first.c_str(), second.c_str());
  std::abort();
}

// A file for readers that take a path: in /dev/shm when there is one (no disk writes per run).
inline std::string scratch_path(const char* name) {
  const char* dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
  return std::string(dir) + "/gamesolver-fuzz-" + std::to_string(getpid()) + "-" + name;
}

inline void put_file(const std::string& path, std::string_view bytes) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) std::abort();
  std::fwrite(bytes.data(), 1, bytes.size(), f);
  std::fclose(f);
}

// The input as a checked text file: signed when its first byte is even (so the reader's parser
// is reached, not only its checksum test), as is otherwise.
inline void put_checked_file(const std::string& path, const std::uint8_t* data, std::size_t size) {
  if (size == 0) return put_file(path, "");
  const std::string body = text_of(data + 1, size - 1);
  if (data[0] % 2) return put_file(path, body);
  put_file(path, body + "checksum: fnv1a64 " + hex16(fnv1a64(body)) + "\n");
}

// The whole body of a target for a reader of checked text files: the input as such a file
// (put_checked_file), read by `read(path)`.
template <class Read>
int fuzz_checked_file(const std::uint8_t* data, std::size_t size, const std::string& path, Read&& read) {
  put_checked_file(path, data, size);
  refusals_allowed([&] { read(path); });
  return 0;
}

}  // namespace gs::fuzz
