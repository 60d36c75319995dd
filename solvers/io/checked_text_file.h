// Text files that carry their own checksum and are written atomically. The last line is
// "checksum: fnv1a64 <16 hex digits>", the FNV-1a hash of every byte before it. Writing goes to
// a temporary file in the same directory, then renames it over the target, so a reader never
// sees a half-written file.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "solvers/io/output_file.h"  // write_file_atomically

namespace gs {

// FNV-1a of `bytes`; pass a previous result as `h` to hash data that comes in pieces.
constexpr std::uint64_t kFnv1a64Basis = 0xcbf29ce484222325ULL;
std::uint64_t fnv1a64(std::string_view bytes, std::uint64_t h = kFnv1a64Basis);
std::string hex16(std::uint64_t value);  // 16 lowercase hex digits

// Appends the checksum line and writes atomically; throws DataError on failure. "-" = stdout.
void write_checked_text(const std::string& path, const std::string& body);
// The body without its checksum line; throws DataError if unreadable, unsigned or altered, or
// larger than `limit` bytes (refused before it is read: each format knows how large it can be).
std::string read_checked_text(const std::string& path, std::uintmax_t limit);
constexpr std::uintmax_t kSmallFileLimit = std::uintmax_t{1} << 20;    // statistics, records of a job
constexpr std::uintmax_t kRecordFileLimit = std::uintmax_t{64} << 20;  // solutions, plays, game records

// A checked text file of records: a first line "MAGIC VERSION [key=value ...]", then lines
// "key: value". Throws DataError when the file is unreadable or altered, is not a MAGIC file,
// has another version, or has a line without ": ". `kind` names the file in messages.
struct RecordFile {
  std::map<std::string, std::string> header;                 // the key=value words of line 1
  std::vector<std::pair<std::string, std::string>> records;  // in file order
};
// At most kRecordFileLimit bytes.
RecordFile read_record_file(const std::string& path, const std::string& magic, const std::string& version,
                            const std::string& kind);

}  // namespace gs
