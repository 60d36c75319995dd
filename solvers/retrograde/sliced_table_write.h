// A layer's table file written by the ranks of a distributed build, each rank its own blocks
// (the slice of the index it solved; ranks.h): the ranks encode their blocks, share each
// block's stored size and checksum, so every rank knows the file's head (header and block
// index) and where its blocks go; rank 0 creates the temporary file and writes the head, every
// rank writes its blocks in place and syncs them, then rank 0 renames the file over the layer's.
// The bytes are exactly write_table_file's (table_file.h); a rank killed part-way leaves only
// a temporary, removed by the next build (stale_temporaries.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "solvers/distributed/ranks.h"
#include "solvers/io/table_file.h"

namespace gs {

// [begin, end): this rank's slice, cut at whole blocks (kTableBlockPositions). Returns the
// header's checksum (the same on every rank).
std::string write_table_file_in_slices(const std::string& path, const TableHeader& header,
                                       const std::vector<std::uint16_t>& entries, bool compress, Ranks& ranks,
                                       std::uint64_t begin, std::uint64_t end);

}  // namespace gs
