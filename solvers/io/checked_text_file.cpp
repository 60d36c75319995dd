#include "solvers/io/checked_text_file.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "engine/core/errors.h"
#include "engine/core/read_file.h"
#include "solvers/io/output_file.h"

namespace gs {

namespace {
constexpr const char* kPrefix = "checksum: fnv1a64 ";
}  // namespace

std::string hex16(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

std::uint64_t fnv1a64(std::string_view bytes, std::uint64_t h) {
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

void write_checked_text(const std::string& path, const std::string& body) {
  std::string text = body;
  if (!text.empty() && text.back() != '\n') text += '\n';
  text += kPrefix + hex16(fnv1a64(text)) + "\n";
  if (path == "-") {
    if (!(std::cout << text).flush()) throw DataError("cannot write standard output (disk full or closed?)");
    return;
  }
  write_file_atomically(path, text);
}

std::string read_checked_text(const std::string& path, std::uintmax_t limit) {
  const std::string text = read_file<DataError>(path, limit, "checked text file");
  const auto pos = text.rfind(kPrefix);
  if (pos == std::string::npos || (pos > 0 && text[pos - 1] != '\n'))
    throw DataError(path + ": no checksum line (is this a gamesolver file?)");
  std::string body = text.substr(0, pos);
  std::string stated = text.substr(pos + std::string(kPrefix).size());
  while (!stated.empty() && (stated.back() == '\n' || stated.back() == '\r')) stated.pop_back();
  if (stated != hex16(fnv1a64(body))) throw DataError(path + ": checksum mismatch (the file was altered or truncated)");
  return body;
}

RecordFile read_record_file(const std::string& path, const std::string& magic, const std::string& version,
                            const std::string& kind) {
  std::istringstream in(read_checked_text(path, kRecordFileLimit));
  std::string header;
  std::getline(in, header);
  std::istringstream head(header);
  std::string file_magic, file_version;
  head >> file_magic >> file_version;
  if (file_magic != magic) throw DataError(path + ": not a gamesolver " + kind + " file");
  if (file_version != version)
    throw DataError(path + ": unsupported format version '" + clipped(file_version) + "' (this build reads " + version +
                    ")");
  RecordFile file;
  for (std::string kv; head >> kv;) {
    const auto eq = kv.find('=');
    if (eq == std::string::npos || eq == 0) throw DataError(path + ": malformed header word '" + clipped(kv) + "'");
    if (!file.header.emplace(kv.substr(0, eq), kv.substr(eq + 1)).second)
      throw DataError(path + ": header names " + kv.substr(0, eq) + "= twice");
  }
  for (std::string line; std::getline(in, line);) {
    const auto colon = line.find(": ");
    if (colon == std::string::npos) throw DataError(path + ": malformed line '" + clipped(line) + "'");
    file.records.emplace_back(line.substr(0, colon), line.substr(colon + 2));
  }
  return file;
}

}  // namespace gs
