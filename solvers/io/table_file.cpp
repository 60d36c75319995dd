#include "solvers/io/table_file.h"

#include <zstd.h>

#include <algorithm>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "engine/core/errors.h"
#include "engine/core/read_file.h"
#include "engine/core/value.h"
#include "solvers/io/checked_text_file.h"
#include "solvers/io/little_endian.h"
#include "solvers/probe/value_table.h"

namespace gs {

namespace {

constexpr const char* kTableMagic = "gamesolver-table";
constexpr const char* kTableVersion = "v2";
constexpr const char* kChecksum = "checksum: fnv1a64 ";
constexpr std::uint64_t kBlockPositions = kTableBlockPositions;

// Distances are stored in one byte each when every one fits, else in two.
int distance_bytes_for(int longest) { return longest < 256 ? 1 : 2; }

bool decided(std::uint16_t entry) {
  const auto o = static_cast<Outcome>(entry & 3);
  return o == Outcome::kWin || o == Outcome::kLoss;
}

// A block's bytes before compression: 2-bit values, then the distances of wins and losses.
std::string pack_block(const std::uint16_t* entries, std::size_t n, int distance_bytes) {
  std::string out((n + 3) / 4, '\0');
  for (std::size_t i = 0; i < n; ++i) out[i / 4] = static_cast<char>(out[i / 4] | (entries[i] & 3) << (2 * (i % 4)));
  for (std::size_t i = 0; i < n; ++i)
    if (decided(entries[i]))
      for (int b = 0; b < distance_bytes; ++b) out.push_back(static_cast<char>((entries[i] >> 2) >> (8 * b)));
  return out;
}

void unpack_block(std::string_view bytes, std::size_t n, int distance_bytes, std::uint16_t* out,
                  const std::string& path) {
  const std::size_t values = (n + 3) / 4;
  if (bytes.size() < values) throw DataError(path + ": a block is shorter than its values");
  std::size_t at = values;
  for (std::size_t i = 0; i < n; ++i) {
    out[i] = static_cast<std::uint16_t>((static_cast<unsigned char>(bytes[i / 4]) >> (2 * (i % 4))) & 3);
    if (!decided(out[i])) continue;
    if (at + distance_bytes > bytes.size()) throw DataError(path + ": a block lacks distances");
    int d = 0;
    for (int b = 0; b < distance_bytes; ++b) d |= static_cast<unsigned char>(bytes[at++]) << (8 * b);
    out[i] = static_cast<std::uint16_t>(out[i] | d << 2);
  }
  if (at != bytes.size()) throw DataError(path + ": a block holds more distances than its wins and losses");
}

std::uint64_t number(const std::map<std::string, std::string>& fields, const std::string& key,
                     const std::string& path) {
  const auto it = fields.find(key);
  if (it == fields.end()) throw DataError(path + ": header lacks '" + clipped(key) + "'");
  std::uint64_t value = 0;
  const std::string& text = it->second;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || text.empty())
    throw DataError(path + ": bad number in '" + key + ": " + clipped(text) + "'");
  return value;
}

// Where a file's parts are, from its header and block index (both checked).
struct Layout {
  TableHeader header;
  bool compressed = false;
  int distance_bytes = 1;
  std::uint64_t blocks = 0, payload_bytes = 0;
  std::uint64_t payload_start = 0;     // file offset of the payload
  std::vector<std::uint64_t> offsets;  // blocks + 1, into the payload
  std::vector<std::uint64_t> hashes;   // per block, of its stored bytes

  std::uint64_t block_size(std::uint64_t b) const {
    return std::min(kBlockPositions, header.positions - b * kBlockPositions);
  }
};

// `head`: the file's first bytes, at least through the header (the block index is read by
// `read_at(offset, size)`).
template <class ReadAt>
Layout read_layout(const std::string& head, ReadAt&& read_at, const std::string& path, const TableHeader& expected) {
  const auto mark = head.find(std::string("\n") + kChecksum);
  const auto header_end = mark == std::string::npos ? mark : head.find('\n', mark + 1);
  if (header_end == std::string::npos || head.compare(0, std::strlen(kTableMagic), kTableMagic) != 0)
    throw DataError(path + ": not a gamesolver table file");
  const std::string header = head.substr(0, mark + 1);
  if (head.substr(mark + 1 + std::strlen(kChecksum), 16) != hex16(fnv1a64(header)))
    throw DataError(path + ": header checksum mismatch (file altered or damaged)");
  std::istringstream lines(header);
  std::string first;
  std::getline(lines, first);
  std::istringstream words(first);
  std::string magic, version;
  words >> magic >> version;
  if (version != kTableVersion)
    throw DataError(path + ": unsupported table version '" + clipped(version) + "' (this build reads " + kTableVersion +
                    "): build the tables again");
  std::map<std::string, std::string> fields;
  for (std::string kv; words >> kv;)
    if (const auto eq = kv.find('='); eq != std::string::npos) fields[kv.substr(0, eq)] = kv.substr(eq + 1);
  for (std::string line; std::getline(lines, line);)
    if (const auto colon = line.find(": "); colon != std::string::npos)
      fields[line.substr(0, colon)] = line.substr(colon + 2);

  Layout l;
  TableHeader& h = l.header;
  h.checksum = hex16(fnv1a64(header));
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
    if (got != want)
      throw DataError(path + ": " + what + " is '" + clipped(got) + "', expected '" + clipped(want) + "'");
  };
  mismatch("game", h.game, expected.game);
  mismatch("variant", h.variant, expected.variant);
  mismatch("index scheme", h.index_scheme, expected.index_scheme);
  mismatch("layer", std::to_string(h.layer), std::to_string(expected.layer));
  mismatch("size", std::to_string(h.positions), std::to_string(expected.positions));
  if (fields["encoding"] != "zstd" && fields["encoding"] != "raw")
    throw DataError(path + ": unknown encoding '" + clipped(fields["encoding"]) + "'");
  l.compressed = fields["encoding"] == "zstd";
  l.distance_bytes = static_cast<int>(number(fields, "distance-bytes", path));
  if (l.distance_bytes != distance_bytes_for(h.longest) || h.longest > 65535 / 4)
    throw DataError(path + ": distance-bytes " + std::to_string(l.distance_bytes) + " does not fit longest " +
                    std::to_string(h.longest));
  if (h.wins > h.positions || h.losses > h.positions - h.wins || h.draws > h.positions - h.wins - h.losses)
    throw DataError(path + ": more wins, losses and draws than positions");
  if (number(fields, "block-positions", path) != kBlockPositions)
    throw DataError(path + ": blocks of " + fields["block-positions"] + " positions (this build reads " +
                    std::to_string(kBlockPositions) + ")");
  l.blocks = number(fields, "blocks", path);
  if (l.blocks != (h.positions + kBlockPositions - 1) / kBlockPositions)
    throw DataError(path + ": " + std::to_string(l.blocks) + " blocks do not hold " + std::to_string(h.positions) +
                    " positions");
  l.payload_bytes = number(fields, "payload-bytes", path);
  const std::uint64_t index_bytes = (2 * l.blocks + 1) * 8;
  const std::string index = read_at(header_end + 1, index_bytes);
  if (index.size() != index_bytes) throw DataError(path + ": block index truncated");
  if (fields["block-index"] != "fnv1a64 " + hex16(fnv1a64(index)))
    throw DataError(path + ": block index checksum mismatch (file altered or damaged)");
  for (std::uint64_t b = 0; b <= l.blocks; ++b) l.offsets.push_back(get_le64(index.data() + 8 * b));
  for (std::uint64_t b = 0; b < l.blocks; ++b) l.hashes.push_back(get_le64(index.data() + 8 * (l.blocks + 1 + b)));
  for (std::uint64_t b = 0; b < l.blocks; ++b)
    if (l.offsets[b] > l.offsets[b + 1]) throw DataError(path + ": block index out of order");
  if (l.offsets.front() != 0 || l.offsets.back() != l.payload_bytes)
    throw DataError(path + ": block index does not span the payload");
  // A block's stored bytes: at most 3 a position packed (values and two distance bytes), at most
  // zstd's bound of that compressed. A bigger one is refused before anything is read.
  for (std::uint64_t b = 0; b < l.blocks; ++b)
    if (l.offsets[b + 1] - l.offsets[b] > ZSTD_compressBound(3 * l.block_size(b)))
      throw DataError(path + ": block " + std::to_string(b) + " is larger than its positions allow");
  l.payload_start = header_end + 1 + index_bytes;
  return l;
}

// Checks a block's stored bytes against the block index.
void check_block(const Layout& l, std::uint64_t b, std::string_view stored, const std::string& path) {
  if (fnv1a64(stored) != l.hashes[b])
    throw DataError(path + ": block " + std::to_string(b) + " checksum mismatch (file altered or damaged)");
}

// Checks a block's stored bytes and unpacks them into out[0, block_size(b)).
void decode_block(const Layout& l, std::uint64_t b, std::string_view stored, std::uint16_t* out,
                  const std::string& path) {
  check_block(l, b, stored, path);
  const std::uint64_t n = l.block_size(b);
  if (!l.compressed) return unpack_block(stored, n, l.distance_bytes, out, path);
  const unsigned long long size = ZSTD_getFrameContentSize(stored.data(), stored.size());
  if (size == ZSTD_CONTENTSIZE_ERROR || size == ZSTD_CONTENTSIZE_UNKNOWN || size > n * 3)
    throw DataError(path + ": block " + std::to_string(b) + " is not a zstd frame of its size");
  std::string bytes(size, '\0');
  const std::size_t got = ZSTD_decompress(bytes.data(), bytes.size(), stored.data(), stored.size());
  if (ZSTD_isError(got) || got != size) throw DataError(path + ": block " + std::to_string(b) + " does not unpack");
  unpack_block(bytes, n, l.distance_bytes, out, path);
}

// A whole layer file in memory, its header, block index and size checked: for reading every block.
struct WholeFile {
  std::string bytes;
  Layout layout;
  std::string_view block(std::uint64_t b) const {
    return std::string_view(bytes).substr(layout.payload_start + layout.offsets[b],
                                          layout.offsets[b + 1] - layout.offsets[b]);
  }
};

// The header and block index are read and checked first: a file longer than they say (or one
// whose header belongs to another layer) is refused before its payload is read.
WholeFile read_whole_file(const std::string& path, const TableHeader& expected) {
  WholeFile f;
  const std::uintmax_t size = checked_file_size<DataError>(path, UINTMAX_MAX, "table file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw DataError("cannot read table file " + path);
  const auto read_at = [&](std::uint64_t at, std::uint64_t n) {
    std::string bytes(static_cast<std::size_t>(std::min<std::uint64_t>(n, size - std::min<std::uint64_t>(at, size))),
                      '\0');
    in.clear();
    in.seekg(static_cast<std::streamoff>(at));
    in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    bytes.resize(static_cast<std::size_t>(in.gcount()));
    return bytes;
  };
  f.layout = read_layout(read_at(0, 4096), read_at, path, expected);
  if (size != f.layout.payload_start + f.layout.payload_bytes)
    throw DataError(path + ": payload truncated or too long");
  f.bytes = read_at(0, size);
  if (f.bytes.size() != size) throw DataError("cannot read table file " + path);
  return f;
}

}  // namespace

std::vector<std::string> encode_table_blocks(const TableHeader& h, const std::vector<std::uint16_t>& entries,
                                             std::uint64_t first, std::uint64_t last, bool compress) {
  const int distance_bytes = distance_bytes_for(h.longest);
  std::vector<std::string> stored;
  for (std::uint64_t b = first; b < last; ++b) {
    const std::uint64_t begin = b * kBlockPositions, n = std::min(kBlockPositions, entries.size() - begin);
    std::string bytes = pack_block(entries.data() + begin, n, distance_bytes);
    if (compress) {
      std::string packed(ZSTD_compressBound(bytes.size()), '\0');
      const std::size_t size = ZSTD_compress(packed.data(), packed.size(), bytes.data(), bytes.size(), 3);
      if (ZSTD_isError(size)) throw DataError(std::string("zstd: ") + ZSTD_getErrorName(size));
      packed.resize(size);
      bytes.swap(packed);
    }
    stored.push_back(std::move(bytes));
  }
  return stored;
}

std::string table_file_head(const TableHeader& h, bool compress, const std::vector<std::uint64_t>& sizes,
                            const std::vector<std::uint64_t>& checksums, std::string& checksum) {
  std::string index;
  std::uint64_t offset = 0;
  put_le64(index, 0);
  for (const auto size : sizes) put_le64(index, offset += size);
  for (const auto c : checksums) put_le64(index, c);
  std::ostringstream head;
  head << kTableMagic << ' ' << kTableVersion << " game=" << h.game << " variant=" << h.variant << " layer=" << h.layer
       << " index=" << h.index_scheme << "\n"
       << "positions: " << h.positions << "\nwins: " << h.wins << "\nlosses: " << h.losses << "\ndraws: " << h.draws
       << "\nlongest: " << h.longest << "\nencoding: " << (compress ? "zstd" : "raw")
       << "\nblock-positions: " << kBlockPositions << "\ndistance-bytes: " << distance_bytes_for(h.longest)
       << "\nblocks: " << sizes.size() << "\npayload-bytes: " << offset << "\nblock-index: fnv1a64 "
       << hex16(fnv1a64(index)) << "\n";
  std::string file = head.str();
  checksum = hex16(fnv1a64(file));
  return file + kChecksum + checksum + "\n" + index;
}

std::uint64_t table_block_checksum(std::string_view stored) { return fnv1a64(stored); }

std::string write_table_file(const std::string& path, const TableHeader& h, const std::vector<std::uint16_t>& entries,
                             bool compress) {
  const std::uint64_t blocks = (entries.size() + kBlockPositions - 1) / kBlockPositions;
  std::vector<std::string> stored;
  try {
    stored = encode_table_blocks(h, entries, 0, blocks, compress);
  } catch (const DataError& e) {
    throw DataError(path + ": " + e.what());
  }
  std::vector<std::uint64_t> sizes, checksums;
  for (const auto& b : stored) sizes.push_back(b.size()), checksums.push_back(fnv1a64(b));
  std::string checksum;
  std::string file = table_file_head(h, compress, sizes, checksums, checksum);
  std::uint64_t payload = 0;
  for (const auto size : sizes) payload += size;
  file.reserve(file.size() + payload);
  for (const auto& b : stored) file += b;
  write_file_atomically(path, file);
  return checksum;
}

TableHeader read_table_blocks(const std::string& path, const TableHeader& expected,
                              const std::function<void(const TableHeader&)>& start,
                              const std::function<void(std::span<const std::uint16_t>)>& block) {
  const WholeFile f = read_whole_file(path, expected);
  const TableHeader& h = f.layout.header;
  start(h);
  std::vector<std::uint16_t> entries(kBlockPositions);
  LayerStats s;
  for (std::uint64_t b = 0; b < f.layout.blocks; ++b) {
    const std::span<const std::uint16_t> unpacked(entries.data(), f.layout.block_size(b));
    decode_block(f.layout, b, f.block(b), entries.data(), path);
    count_entries(unpacked, s);
    block(unpacked);
  }
  // The header's figures are what build and stats report: they must be the values'.
  if (s.wins != h.wins || s.losses != h.losses || s.draws != h.draws || s.longest != h.longest)
    throw DataError(path + ": the header's counts or longest (" + std::to_string(h.longest) +
                    ") are not its values' (longest " + std::to_string(s.longest) + ")");
  return h;
}

TableFile read_table_file(const std::string& path, const TableHeader& expected) {
  TableFile t;
  t.header = read_table_blocks(
      path, expected, [&](const TableHeader& h) { t.entries.reserve(h.positions); },
      [&](std::span<const std::uint16_t> block) { t.entries.insert(t.entries.end(), block.begin(), block.end()); });
  return t;
}

TableHeader check_table_file(const std::string& path, const TableHeader& expected) {
  const WholeFile f = read_whole_file(path, expected);
  for (std::uint64_t b = 0; b < f.layout.blocks; ++b) check_block(f.layout, b, f.block(b), path);
  return f.layout.header;
}

struct TableBlocks::State {
  std::string path;
  std::ifstream file;
  Layout layout;
  struct Cached {
    std::uint64_t block;
    std::vector<std::uint16_t> entries;
  };
  std::vector<Cached> cache;  // most recent last

  std::string read_at(std::uint64_t at, std::uint64_t n) {
    std::string bytes(n, '\0');
    file.clear();
    file.seekg(static_cast<std::streamoff>(at));
    file.read(bytes.data(), static_cast<std::streamsize>(n));
    bytes.resize(static_cast<std::size_t>(file.gcount()));
    return bytes;
  }
};

TableBlocks::TableBlocks(const std::string& path, const TableHeader& expected) : state_(std::make_unique<State>()) {
  State& s = *state_;
  s.path = path;
  // A folder opens as a stream and reads as nothing: named here, as read_file names it.
  if (std::filesystem::is_directory(path)) throw DataError(path + " is a directory, not a table file");
  s.file.open(path, std::ios::binary);
  if (!s.file) throw DataError("cannot read " + path);
  s.file.seekg(0, std::ios::end);
  const auto size = static_cast<std::uint64_t>(s.file.tellg());
  const std::string head = s.read_at(0, std::min<std::uint64_t>(size, 4096));
  s.layout = read_layout(
      head, [&](std::uint64_t at, std::uint64_t n) { return s.read_at(at, n); }, path, expected);
  if (size != s.layout.payload_start + s.layout.payload_bytes)
    throw DataError(path + ": payload truncated or too long");
}

void TableBlocks::check_blocks() {
  State& s = *state_;
  const Layout& l = s.layout;
  for (std::uint64_t b = 0; b < l.blocks; ++b)
    check_block(l, b, s.read_at(l.payload_start + l.offsets[b], l.offsets[b + 1] - l.offsets[b]), s.path);
}

TableBlocks::TableBlocks(TableBlocks&&) noexcept = default;
TableBlocks& TableBlocks::operator=(TableBlocks&&) noexcept = default;
TableBlocks::~TableBlocks() = default;

const TableHeader& TableBlocks::header() const { return state_->layout.header; }

std::uint16_t TableBlocks::entry(std::uint64_t index) {
  State& s = *state_;
  const Layout& l = s.layout;
  if (index >= l.header.positions) throw DataError(s.path + ": index " + std::to_string(index) + " past the layer");
  const std::uint64_t b = index / kBlockPositions;
  auto it = std::find_if(s.cache.begin(), s.cache.end(), [&](const State::Cached& c) { return c.block == b; });
  if (it == s.cache.end()) {
    constexpr std::size_t kKept = 8;
    if (s.cache.size() == kKept) s.cache.erase(s.cache.begin());
    State::Cached c{b, std::vector<std::uint16_t>(l.block_size(b))};
    decode_block(l, b, s.read_at(l.payload_start + l.offsets[b], l.offsets[b + 1] - l.offsets[b]), c.entries.data(),
                 s.path);
    s.cache.push_back(std::move(c));
    it = s.cache.end() - 1;
  }
  return it->entries[index % kBlockPositions];
}

}  // namespace gs
