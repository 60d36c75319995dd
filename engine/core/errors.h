// Error kinds shared by engines and tools. The command maps InputError to exit code 2 (the
// request itself is wrong) and DataError to exit code 1 (a file or computation failed).
#pragma once

#include <stdexcept>
#include <string>

namespace gs {

struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct DataError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace gs
