// A fresh directory under the system's temporary directory, removed with everything in it at
// the end of the scope; named by process and a counter, so tests running side by side never share
// one. And the bytes of a file written there.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace gs::testing {

class TempDir {
 public:
  explicit TempDir(const std::string& prefix = "gs-test")
      : path_(std::filesystem::temp_directory_path() /
              (prefix + "-" + std::to_string(counter_++) + "-" + std::to_string(getpid()))) {
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() { std::filesystem::remove_all(path_); }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string str() const { return path_.string(); }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  static inline int counter_ = 0;
  std::filesystem::path path_;
};

// A file's bytes ("" when it cannot be read), to compare what two runs wrote.
inline std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace gs::testing
