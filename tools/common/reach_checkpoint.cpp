#include "tools/common/reach_checkpoint.h"

#include <zstd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/core/errors.h"
#include "solvers/io/checked_text_file.h"
#include "solvers/io/output_file.h"
#include "solvers/io/stale_temporaries.h"

namespace gs::tools {

namespace {

constexpr const char* kFormat = "gamesolver-reach v1";
constexpr const char* kMarksMagic = "gamesolver-reach-marks v1";

const std::string& made(const std::string& dir) {
  std::filesystem::create_directories(dir);
  return dir;
}

std::string_view bytes_of(const std::vector<std::uint64_t>& words) {
  return {reinterpret_cast<const char*>(words.data()), words.size() * sizeof(std::uint64_t)};
}

}  // namespace

ReachCheckpoint::ReachCheckpoint(const std::string& dir, std::string identity)
    : dir_(dir), identity_(std::move(identity)), lock_(made(dir)) {
  remove_stale_temporaries(dir_);  // a killed run's: no live writer holds them while we hold the lock
}

std::string ReachCheckpoint::marks_path(int layer) const {
  char name[32];
  std::snprintf(name, sizeof name, "marks-%04d.zst", layer);
  return (std::filesystem::path(dir_) / name).string();
}

std::optional<ReachProgress> ReachCheckpoint::load() const {
  const std::string path = (std::filesystem::path(dir_) / "reach.json").string();
  if (!std::filesystem::exists(path)) return std::nullopt;
  try {
    const nlohmann::json j = nlohmann::json::parse(read_checked_text(path, kRecordFileLimit));
    if (j.at("format") != kFormat) throw DataError(path + ": not a reach checkpoint of this version");
    if (j.at("identity") != identity_)
      throw DataError(path + " is the checkpoint of " + j.at("identity").get<std::string>() + ", not of " + identity_ +
                      ": use another directory");
    ReachProgress p;
    p.next = j.at("next").get<int>();
    p.rows = j.at("rows");
    p.total = j.at("total").get<std::uint64_t>();
    p.index_total = j.at("index_total").get<std::uint64_t>();
    p.expanded = j.at("expanded").get<std::uint64_t>();
    if (!p.rows.is_array() || p.next < -1) throw DataError(path + ": damaged checkpoint");
    return p;
  } catch (const nlohmann::json::exception&) {
    throw DataError(path + ": damaged checkpoint (not the JSON this toolkit writes)");
  }
}

void ReachCheckpoint::save_marks(int layer, const std::vector<std::uint64_t>& words) const {
  const std::string_view raw = bytes_of(words);
  std::string packed(ZSTD_compressBound(raw.size()), '\0');
  const std::size_t size = ZSTD_compress(packed.data(), packed.size(), raw.data(), raw.size(), 1);
  if (ZSTD_isError(size)) throw DataError(marks_path(layer) + ": compression failed");
  packed.resize(size);
  std::ostringstream head;
  head << kMarksMagic << " identity=" << identity_ << " layer=" << layer << " words=" << words.size()
       << " fnv1a64=" << hex16(fnv1a64(raw)) << "\n";
  write_file_atomically(marks_path(layer), head.str() + packed);
}

std::vector<std::uint64_t> ReachCheckpoint::load_marks(int layer, std::size_t words) const {
  const std::string path = marks_path(layer);
  std::ifstream in(path, std::ios::binary);
  std::string head;
  if (!in || !std::getline(in, head)) throw DataError(path + ": missing (the checkpoint needs it)");
  std::ostringstream expected;
  expected << kMarksMagic << " identity=" << identity_ << " layer=" << layer << " words=" << words << " fnv1a64=";
  if (head.rfind(expected.str(), 0) != 0) throw DataError(path + ": marks of another layer, game or size");
  const std::string packed((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<std::uint64_t> out(words);
  const std::size_t size = ZSTD_decompress(out.data(), words * sizeof(std::uint64_t), packed.data(), packed.size());
  if (ZSTD_isError(size) || size != words * sizeof(std::uint64_t) ||
      "fnv1a64=" + hex16(fnv1a64(bytes_of(out))) != head.substr(head.rfind("fnv1a64=")))
    throw DataError(path + ": damaged marks");
  return out;
}

void ReachCheckpoint::save(const ReachProgress& p) const {
  const nlohmann::json j = {{"format", kFormat},     {"identity", identity_}, {"next", p.next},
                            {"rows", p.rows},        {"total", p.total},      {"index_total", p.index_total},
                            {"expanded", p.expanded}};
  write_checked_text((std::filesystem::path(dir_) / "reach.json").string(), j.dump(1) + "\n");
  for (const auto& entry : std::filesystem::directory_iterator(dir_)) {
    const std::string name = entry.path().filename().string();
    int layer = 0;
    if (std::sscanf(name.c_str(), "marks-%d.zst", &layer) == 1 && layer > p.next) std::filesystem::remove(entry.path());
  }
}

}  // namespace gs::tools
