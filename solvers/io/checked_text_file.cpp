#include "solvers/io/checked_text_file.h"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "engine/core/errors.h"
#include "engine/core/read_file.h"

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
    std::cout << text << std::flush;
    return;
  }
  write_file_atomically(path, text);
}

void write_file_atomically(const std::string& path, std::string_view bytes) {
  const std::string tmp = path + ".tmp." + std::to_string(getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.flush();
    if (!out) {
      std::filesystem::remove(tmp);
      throw DataError("cannot write " + path);
    }
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::filesystem::remove(tmp);
    throw DataError("cannot write " + path + ": " + ec.message());
  }
}

std::string read_checked_text(const std::string& path) {
  const std::string text = read_file<DataError>(path, UINTMAX_MAX, "checked text file");
  const auto pos = text.rfind(kPrefix);
  if (pos == std::string::npos || (pos > 0 && text[pos - 1] != '\n'))
    throw DataError(path + ": no checksum line (is this a gamesolver file?)");
  const std::string body = text.substr(0, pos);
  std::string stated = text.substr(pos + std::string(kPrefix).size());
  while (!stated.empty() && (stated.back() == '\n' || stated.back() == '\r')) stated.pop_back();
  if (stated != hex16(fnv1a64(body))) throw DataError(path + ": checksum mismatch (the file was altered or truncated)");
  return body;
}

RecordFile read_record_file(const std::string& path, const std::string& magic, const std::string& version,
                            const std::string& kind) {
  std::istringstream in(read_checked_text(path));
  std::string header;
  std::getline(in, header);
  std::istringstream head(header);
  std::string file_magic, file_version;
  head >> file_magic >> file_version;
  if (file_magic != magic) throw DataError(path + ": not a gamesolver " + kind + " file");
  if (file_version != version)
    throw DataError(path + ": unsupported format version '" + file_version + "' (this build reads " + version + ")");
  RecordFile file;
  for (std::string kv; head >> kv;)
    if (auto eq = kv.find('='); eq != std::string::npos) file.header[kv.substr(0, eq)] = kv.substr(eq + 1);
  for (std::string line; std::getline(in, line);) {
    const auto colon = line.find(": ");
    if (colon == std::string::npos) throw DataError(path + ": malformed line '" + line + "'");
    file.records.emplace_back(line.substr(0, colon), line.substr(colon + 2));
  }
  return file;
}

}  // namespace gs
