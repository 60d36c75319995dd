// A layer's rule table stated rather than stored (solvers/common/progress_rule.h proves when):
// a small checked record beside the table files, "<table name>-layerNNN.stated", naming the
// plain table whose values it takes (by its file's checksum) and the bound on play without
// progress that makes them right:
//
//   gamesolver-stated v1 game=tigers-goats variant=5x5-goats20-win5-whole-rule120 layer=9
//   plain-variant: 5x5-goats20-win5-whole
//   plain-checksum: 0123456789abcdef
//   quiet-plies: 2
//   checksum: fnv1a64 ...
#pragma once

#include <string>

#include "solvers/io/table_file.h"

namespace gs {

struct StatedLayer {
  std::string plain_variant, plain_checksum;
  int quiet_plies = 0;
  std::string checksum;  // the record's own, set when written or read
};

// The record's path beside a layer's table file path ("...-layer009.gst" -> "...-layer009.stated").
std::string stated_path(const std::string& table_path);

// Writes atomically; returns the record's checksum. `expected`: game, variant and layer.
std::string write_stated_layer(const std::string& path, const TableHeader& expected, const StatedLayer& stated);

// Throws DataError when unreadable, altered, or not the expected game, variant and layer.
StatedLayer read_stated_layer(const std::string& path, const TableHeader& expected);

}  // namespace gs
