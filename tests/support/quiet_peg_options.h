// Options of a peg job run from a test: JSON only, no progress, both cores.
#pragma once

#include "tools/peg/peg_jobs.h"

namespace gs::testing {

inline tools::PegJobOptions quiet_peg_options() {
  tools::PegJobOptions options;
  options.global.json = "-";
  options.global.quiet = true;
  options.threads = 2;
  return options;
}

}  // namespace gs::testing
