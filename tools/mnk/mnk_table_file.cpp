#include "tools/mnk/mnk_table_file.h"

#include <sstream>

#include "engine/core/errors.h"
#include "engine/mnk/mnk_game.h"
#include "solvers/io/checked_text_file.h"

namespace gs::tools {

namespace {
constexpr const char* kMagic = "gamesolver-mnk-table";
constexpr const char* kVersion = "v1";
}  // namespace

void write_mnk_table(const std::string& path, int m, int n, int k, const std::vector<MnkTableRecord>& records) {
  std::ostringstream text;
  text << kMagic << ' ' << kVersion << " m=" << m << " n=" << n << " k=" << k << " positions=" << records.size()
       << " index=canonical-packed\n";
  for (const auto& r : records)
    text << std::hex << r.position << std::dec << ' ' << sign_of(r.value.outcome) << ' ' << r.value.distance << '\n';
  write_checked_text(path, text.str());
}

MnkTable read_mnk_table(const std::string& path) {
  const std::string body = read_checked_text(path);
  std::istringstream in(body);
  std::string header;
  std::getline(in, header);
  std::istringstream words(header);
  std::string magic, version, m, n, k;
  words >> magic >> version >> m >> n >> k;
  MnkTable table;
  const auto number = [&](const std::string& field, const char* name) {
    if (field.rfind(std::string(name) + "=", 0) != 0) return -1;
    try {
      return std::stoi(field.substr(2));
    } catch (const std::exception&) {
      return -1;
    }
  };
  table.m = number(m, "m"), table.n = number(n, "n"), table.k = number(k, "k");
  if (magic != kMagic || version != kVersion || table.m < 0 || table.n < 0 || table.k < 0)
    throw DataError(path + ": not a gamesolver m,n,k table (or an unsupported version)");
  try {
    const mnk::MnkGame game(table.m, table.n, table.k);  // a game this build plays: the file's fault if not
  } catch (const InputError& e) {
    throw DataError(path + ": " + e.what());
  }
  for (std::string line; std::getline(in, line);) {
    std::istringstream fields(line);
    std::uint64_t position;
    int value, distance;
    if (!(fields >> std::hex >> position >> std::dec >> value >> distance) || value < -1 || value > 1)
      throw DataError(path + ": malformed record '" + line + "'");
    table.values[position] = {outcome_of_sign(value), distance};
  }
  return table;
}

}  // namespace gs::tools
