#include "tools/certificate/certificate_writer.h"

#include <algorithm>

namespace gs::tools {

Report write_certificate_report(const std::string& path, const CertificateHeader& header,
                                std::vector<CertificateRecord> records, const std::string& claim,
                                const nlohmann::json& extra, const cli::Stopwatch& clock) {
  std::sort(records.begin(), records.end(),
            [](const CertificateRecord& a, const CertificateRecord& b) { return a.position < b.position; });
  const std::uint64_t bytes = write_certificate(path, header, records);
  const double seconds = clock.seconds();
  const std::string text = claim + "\n  certificate " + path + ": " + std::to_string(records.size()) +
                           " positions where " + side_in_text(header.strategy) +
                           (side_is_singular(header.strategy) ? " moves, " : " move, ") + std::to_string(bytes) +
                           " bytes\n  " + std::to_string(seconds) + " s, peak " +
                           std::to_string(static_cast<int>(cli::peak_memory_mib())) + " MiB\n";
  nlohmann::json json{{"game", header.game},
                      {"variant", header.variant},
                      {"position", header.position},
                      {"side_to_move", header.to_move},
                      {"value", header.value},
                      {"winner", header.winner},
                      {"strategy", header.strategy},
                      {"distance", header.distance},
                      {"certificate", path},
                      {"records", records.size()},
                      {"bytes", bytes},
                      {"seconds", seconds},
                      {"peak_memory_mib", cli::peak_memory_mib()}};
  json.update(extra);
  return Report{std::move(json), text};
}

}  // namespace gs::tools
