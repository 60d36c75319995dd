// Fixed-width little-endian integers in byte strings, for the binary parts of table and block
// files (the same bytes on every machine).
#pragma once

#include <cstdint>
#include <string>

namespace gs {

inline void put_le64(std::string& out, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

inline std::uint64_t get_le64(const char* p) {
  std::uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(p[i]);
  return v;
}

}  // namespace gs
