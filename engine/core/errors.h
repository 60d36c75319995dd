// Error kinds shared by engines and tools. The command maps InputError to exit code 2 (the
// request itself is wrong) and DataError to exit code 1 (a file or computation failed).
#pragma once

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <string_view>

namespace gs {

struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct DataError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A user's token as a message quotes it: bytes that are not printable ASCII as \xNN, and cut
// after `limit` characters with its length, so a 10 MB line or a NUL never lands in a message.
inline std::string clipped(std::string_view token, std::size_t limit = 40) {
  std::string out;
  for (std::size_t i = 0; i < token.size() && i < limit; ++i) {
    const auto c = static_cast<unsigned char>(token[i]);
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      char hex[5];
      std::snprintf(hex, sizeof hex, "\\x%02x", c);
      out += hex;
    }
  }
  if (token.size() > limit) out += "... (" + std::to_string(token.size()) + " bytes)";
  return out;
}

// A path as a message quotes it: whole while it could be a real path (at most 255 bytes, every
// byte printable), else clipped to 40 characters like any other token.
inline std::string shown_path(std::string_view path) {
  const bool printable = std::all_of(path.begin(), path.end(), [](char c) {
    return static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7f;
  });
  return path.size() <= 255 && printable ? std::string(path) : clipped(path);
}

}  // namespace gs
