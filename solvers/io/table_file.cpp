#include "solvers/io/table_file.h"

#include <zstd.h>

#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include "engine/core/errors.h"
#include "solvers/io/checked_text_file.h"

namespace gs {

namespace {

constexpr const char* kMagic = "gamesolver-table";
constexpr const char* kVersion = "v1";
constexpr const char* kChecksum = "checksum: fnv1a64 ";

std::string entry_bytes(const std::vector<std::uint16_t>& entries) {
  std::string bytes(entries.size() * 2, '\0');
  for (std::size_t i = 0; i < entries.size(); ++i) {
    bytes[2 * i] = static_cast<char>(entries[i] & 0xff);
    bytes[2 * i + 1] = static_cast<char>(entries[i] >> 8);
  }
  return bytes;
}

std::uint64_t number(const std::map<std::string, std::string>& fields, const std::string& key,
                     const std::string& path) {
  const auto it = fields.find(key);
  if (it == fields.end()) throw DataError(path + ": header lacks '" + key + "'");
  try {
    return std::stoull(it->second);
  } catch (const std::exception&) {
    throw DataError(path + ": bad number in '" + key + ": " + it->second + "'");
  }
}

}  // namespace

void write_table_file(const std::string& path, const TableHeader& h, const std::vector<std::uint16_t>& entries,
                      bool compress) {
  std::string payload = entry_bytes(entries);
  if (compress) {
    std::string packed(ZSTD_compressBound(payload.size()), '\0');
    const std::size_t n = ZSTD_compress(packed.data(), packed.size(), payload.data(), payload.size(), 3);
    if (ZSTD_isError(n)) throw DataError(path + ": zstd: " + ZSTD_getErrorName(n));
    packed.resize(n);
    payload.swap(packed);
  }
  std::ostringstream head;
  head << kMagic << ' ' << kVersion << " game=" << h.game << " variant=" << h.variant << " layer=" << h.layer
       << " index=" << h.index_scheme << "\n"
       << "positions: " << h.positions << "\nwins: " << h.wins << "\nlosses: " << h.losses << "\ndraws: " << h.draws
       << "\nlongest: " << h.longest << "\nencoding: " << (compress ? "zstd" : "raw")
       << "\npayload-bytes: " << payload.size() << "\npayload: fnv1a64 " << hex16(fnv1a64(payload)) << "\n";
  std::string file = head.str();
  file += kChecksum + hex16(fnv1a64(file)) + "\n";
  file += payload;
  write_file_atomically(path, file);
}

TableFile read_table_file(const std::string& path, const TableHeader& expected) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw DataError("cannot read " + path);
  std::string file((std::istreambuf_iterator<char>(in)), {});
  const auto mark = file.find(std::string("\n") + kChecksum);
  const auto header_end = mark == std::string::npos ? mark : file.find('\n', mark + 1);
  if (header_end == std::string::npos || file.compare(0, std::strlen(kMagic), kMagic) != 0)
    throw DataError(path + ": not a gamesolver table file");
  const std::string header = file.substr(0, mark + 1);
  if (file.substr(mark + 1 + std::strlen(kChecksum), 16) != hex16(fnv1a64(header)))
    throw DataError(path + ": header checksum mismatch (file altered or damaged)");
  std::istringstream lines(header);
  std::string first;
  std::getline(lines, first);
  std::istringstream words(first);
  std::string magic, version;
  words >> magic >> version;
  if (version != kVersion)
    throw DataError(path + ": unsupported table version '" + version + "' (this build reads " + kVersion + ")");
  std::map<std::string, std::string> fields;
  for (std::string kv; words >> kv;)
    if (const auto eq = kv.find('='); eq != std::string::npos) fields[kv.substr(0, eq)] = kv.substr(eq + 1);
  for (std::string line; std::getline(lines, line);)
    if (const auto colon = line.find(": "); colon != std::string::npos)
      fields[line.substr(0, colon)] = line.substr(colon + 2);

  TableFile t;
  TableHeader& h = t.header;
  h.game = fields["game"];
  h.variant = fields["variant"];
  h.index_scheme = fields["index"];
  h.layer = static_cast<int>(number(fields, "layer", path));
  h.positions = number(fields, "positions", path);
  h.wins = number(fields, "wins", path);
  h.losses = number(fields, "losses", path);
  h.draws = number(fields, "draws", path);
  h.longest = static_cast<int>(number(fields, "longest", path));
  auto mismatch = [&](const std::string& what, const std::string& got, const std::string& want) {
    if (got != want) throw DataError(path + ": " + what + " is '" + got + "', expected '" + want + "'");
  };
  mismatch("game", h.game, expected.game);
  mismatch("variant", h.variant, expected.variant);
  mismatch("index scheme", h.index_scheme, expected.index_scheme);
  mismatch("layer", std::to_string(h.layer), std::to_string(expected.layer));
  mismatch("size", std::to_string(h.positions), std::to_string(expected.positions));

  const std::string_view payload = std::string_view(file).substr(header_end + 1);
  if (payload.size() != number(fields, "payload-bytes", path))
    throw DataError(path + ": payload truncated or too long");
  if (fields["payload"] != "fnv1a64 " + hex16(fnv1a64(payload)))
    throw DataError(path + ": payload checksum mismatch (file altered or damaged)");
  std::string bytes;
  if (fields["encoding"] == "zstd") {
    bytes.resize(h.positions * 2);
    const std::size_t n = ZSTD_decompress(bytes.data(), bytes.size(), payload.data(), payload.size());
    if (ZSTD_isError(n) || n != bytes.size())
      throw DataError(path + ": payload does not decompress to the stated size");
  } else if (fields["encoding"] == "raw") {
    bytes = payload;
  } else {
    throw DataError(path + ": unknown encoding '" + fields["encoding"] + "'");
  }
  if (bytes.size() != h.positions * 2)
    throw DataError(path + ": payload holds " + std::to_string(bytes.size() / 2) + " entries, header says " +
                    std::to_string(h.positions));
  t.entries.resize(h.positions);
  for (std::size_t i = 0; i < t.entries.size(); ++i)
    t.entries[i] = static_cast<std::uint16_t>(static_cast<unsigned char>(bytes[2 * i]) |
                                              static_cast<unsigned char>(bytes[2 * i + 1]) << 8);
  return t;
}

}  // namespace gs
