// The benchmark suite: the entries every registered command declares (tools/common/bench_entry.h),
// in the registry's order.
#pragma once

#include <string>
#include <vector>

#include "tools/common/bench_entry.h"

namespace gs::tools {

const std::vector<BenchEntry>& bench_entries();
// The entries of a suite (the smaller suites' included), in a fixed order.
std::vector<BenchEntry> suite_entries(Suite suite);
Suite parse_suite(const std::string& text);  // InputError for another word
std::string suite_name(Suite suite);

}  // namespace gs::tools
