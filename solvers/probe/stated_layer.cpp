#include "solvers/probe/stated_layer.h"

#include "engine/core/errors.h"
#include "solvers/io/checked_text_file.h"

namespace gs {

namespace {
constexpr const char* kStatedMagic = "gamesolver-stated";
constexpr const char* kStatedVersion = "v1";
}  // namespace

std::string stated_path(const std::string& table_path) {
  const std::string suffix = ".gst";
  const bool gst = table_path.size() > suffix.size() &&
                   table_path.compare(table_path.size() - suffix.size(), suffix.size(), suffix) == 0;
  return (gst ? table_path.substr(0, table_path.size() - suffix.size()) : table_path) + ".stated";
}

std::string write_stated_layer(const std::string& path, const TableHeader& expected, const StatedLayer& stated) {
  const std::string body = std::string(kStatedMagic) + " " + kStatedVersion + " game=" + expected.game +
                           " variant=" + expected.variant + " layer=" + std::to_string(expected.layer) +
                           "\nplain-variant: " + stated.plain_variant + "\nplain-checksum: " + stated.plain_checksum +
                           "\nquiet-plies: " + std::to_string(stated.quiet_plies) + "\n";
  write_checked_text(path, body);
  return hex16(fnv1a64(body));
}

StatedLayer read_stated_layer(const std::string& path, const TableHeader& expected) {
  const RecordFile file = read_record_file(path, kStatedMagic, kStatedVersion, "stated layer");
  auto header = [&](const std::string& key) {
    const auto it = file.header.find(key);
    return it == file.header.end() ? std::string() : it->second;
  };
  if (header("game") != expected.game || header("variant") != expected.variant ||
      header("layer") != std::to_string(expected.layer))
    throw DataError(path + ": not layer " + std::to_string(expected.layer) + " of " + expected.game + " " +
                    expected.variant);
  StatedLayer stated;
  for (const auto& [key, value] : file.records) {
    if (key == "plain-variant") stated.plain_variant = value;
    if (key == "plain-checksum") stated.plain_checksum = value;
    if (key == "quiet-plies") stated.quiet_plies = std::atoi(value.c_str());
  }
  if (stated.plain_checksum.size() != 16 || stated.quiet_plies < 1)
    throw DataError(path + ": incomplete stated layer (plain-checksum, quiet-plies)");
  stated.checksum = hex16(fnv1a64(read_checked_text(path, kRecordFileLimit)));
  return stated;
}

}  // namespace gs
