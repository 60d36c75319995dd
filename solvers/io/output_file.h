// Files the toolkit writes for users (--json, --svg, --output, table headers): written whole or
// not at all, and checked before a long job starts rather than after it.
#pragma once

#include <string>
#include <string_view>

namespace gs {

// Writes `bytes` to `path` (DataError with the reason on any failure). A regular file (or a new
// one) is written to a temporary in the same directory, synced and renamed over the target, so
// a reader sees the old file or the new one, never half of one, even after a crash. A symlink
// is written through (its target is replaced, not the link); a device or pipe (/dev/stdout,
// /dev/full) is written in place, since there is nothing to rename over: its errors still count.
// "-" is standard output.
void write_file_atomically(const std::string& path, std::string_view bytes);

// The last step of an atomic write, for writers that make their temporary themselves (a table
// written by several processes): renames the written and synced `tmp` over `target` and syncs the
// directory, so the new name survives a crash. DataError naming `shown` (the path as the user
// gave it) on failure; the temporary is then removed.
void rename_into_place(const std::string& tmp, const std::string& target, const std::string& shown);

// Whether writes to `a` and to (or reads of) `b` reach one regular file: the same path once
// symlinks, "." and ".." are resolved, or one existing file under two names (a hard link).
// Standard output ("-"), pipes and devices never collide: each write goes out as it comes.
bool same_destination(const std::string& a, const std::string& b);

// Throws DataError when `path` could not be written: its directory missing or not writable, or
// the path a directory. "-" (stdout) and "" (none) pass. Call it before the work.
void check_output_path(const std::string& path, std::string_view option);

}  // namespace gs
