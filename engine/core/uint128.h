// Exact counts that overflow 64 bits (numbers of jump sequences, games).
#pragma once

#include <string>

namespace gs {

__extension__ using uint128 = unsigned __int128;  // GCC and Clang extension

inline std::string to_decimal(uint128 v) {
  if (v == 0) return "0";
  std::string s;
  while (v) {
    s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(v % 10)));
    v /= 10;
  }
  return s;
}

}  // namespace gs
