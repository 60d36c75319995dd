// Reading a whole file a user named, or one the toolkit wrote: a directory, a device or a file
// larger than the caller expects is refused with a reason that names the path, before anything
// is read (a board named /dev/zero must not fill the memory; a folder in place of a table must
// not give a stream library's message).
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace gs {

// Error: InputError for a user's input, DataError for the toolkit's own files. `what` names the
// kind of file in messages ("board file", "table file").
template <class Error>
std::string read_file(const std::string& path, std::uintmax_t limit, const std::string& what) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(status)) throw Error("cannot read " + what + " " + path + ": no such file");
  if (std::filesystem::is_directory(status)) throw Error(path + " is a directory, not a " + what);
  if (!std::filesystem::is_regular_file(status)) throw Error(path + " is not a regular file (a " + what + " is)");
  const std::uintmax_t size = std::filesystem::file_size(path, ec);
  if (!ec && size > limit)
    throw Error(path + " has " + std::to_string(size) + " bytes: a " + what + " has at most " + std::to_string(limit));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot read " + what + " " + path);
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw Error("cannot read " + what + " " + path);
  return text.str();
}

}  // namespace gs
