// Reading a whole file a user named, or one the toolkit wrote: a directory, a device or a file
// larger than the caller expects is refused with a reason that names the path, before anything
// is read (a board named /dev/zero must not fill the memory; a folder in place of a table must
// not give a stream library's message).
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include "engine/core/errors.h"

namespace gs {

// The size of a regular file a caller is about to read, refused (Error, naming `path`) when it
// is missing, a directory or device, or larger than `limit` bytes.
template <class Error>
std::uintmax_t checked_file_size(const std::string& given, std::uintmax_t limit, const std::string& what) {
  const std::string path = shown_path(given);
  std::error_code ec;
  const auto status = std::filesystem::status(given, ec);
  if (ec && ec != std::errc::no_such_file_or_directory)
    throw Error("cannot read " + what + " " + path + ": " + ec.message());
  if (!std::filesystem::exists(status)) throw Error("cannot read " + what + " " + path + ": no such file");
  if (std::filesystem::is_directory(status)) throw Error(path + " is a directory, not a " + what);
  if (!std::filesystem::is_regular_file(status)) throw Error(path + " is not a regular file (a " + what + " is)");
  const std::uintmax_t size = std::filesystem::file_size(given, ec);
  if (ec) throw Error("cannot read " + what + " " + path + ": " + ec.message());
  if (size > limit)
    throw Error(path + " has " + std::to_string(size) + " bytes: a " + what + " has at most " + std::to_string(limit));
  return size;
}

// Error: InputError for a user's input, DataError for the toolkit's own files. `what` names the
// kind of file in messages ("board file", "table file"). Read straight into the result: the
// file costs its size in memory, once.
template <class Error>
std::string read_file(const std::string& path, std::uintmax_t limit, const std::string& what) {
  const std::uintmax_t size = checked_file_size<Error>(path, limit, what);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot read " + what + " " + shown_path(path));
  std::string text(static_cast<std::size_t>(size), '\0');
  in.read(text.data(), static_cast<std::streamsize>(size));
  if (in.bad() || static_cast<std::uintmax_t>(in.gcount()) != size)
    throw Error("cannot read " + what + " " + shown_path(path));
  return text;
}

}  // namespace gs
