#include "tools/mnk/mnk_table_file.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>

#include "engine/core/errors.h"
#include "engine/mnk/mnk_game.h"
#include "engine/mnk/packed_mnk.h"
#include "solvers/io/checked_text_file.h"

namespace gs::tools {

namespace {
constexpr const char* kMagic = "gamesolver-mnk-table";
constexpr const char* kVersion = "v1";

// What every record of a sound table satisfies whatever its values (a checksum proves only that
// the file is as written, not that the writer was right or that the header names its game): a
// reachable position of this board; a finished game at distance 0 with its outcome (a line of k
// for the last mover under the header's k, or a full board); a game in progress ends later, a
// win after an odd number of plies, a loss after an even one, a draw only when the board is full.
bool consistent_record(const mnk::MnkGame& game, std::uint64_t packed, int value, int distance) {
  const mnk::Position p = mnk::PackedMnk::unpack(packed);
  const int xs = popcount(p.x), os = popcount(p.o);
  if ((p.x & p.o) || ((p.x | p.o) & ~game.full()) || !(xs == os || xs == os + 1)) return false;
  const int empty = game.cells() - xs - os;
  if (value < -1 || value > 1 || distance < 0 || distance > empty) return false;
  if (game.is_terminal(p)) return distance == 0 && value == (game.won_by_last_mover(p) ? -1 : 0);
  if (value == 0) return distance == empty;
  return distance % 2 == (value == 1 ? 1 : 0);
}
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
  const std::string body = read_checked_text(path, std::uintmax_t{1} << 30);
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
  std::optional<mnk::MnkGame> game;
  try {
    game.emplace(table.m, table.n, table.k);  // a game this build plays: the file's fault if not
  } catch (const InputError& e) {
    throw DataError(path + ": " + e.what());
  }
  if (!game->packable()) throw DataError(path + ": a packed table of a board over 32 cells");
  std::uint64_t stated = 0;
  for (std::string word; words >> word;)
    if (word.starts_with("positions=")) stated = std::strtoull(word.c_str() + 10, nullptr, 10);
  for (std::string line; std::getline(in, line);) {
    std::istringstream fields(line);
    std::uint64_t position;
    int value, distance;
    std::string extra;
    if (!(fields >> std::hex >> position >> std::dec >> value >> distance) || (fields >> extra) ||
        !consistent_record(*game, position, value, distance))
      throw DataError(path + ": malformed or impossible record '" + clipped(line) + "'");
    if (!table.values.emplace(position, Value{outcome_of_sign(value), distance}).second)
      throw DataError(path + ": position " + clipped(line) + " is listed twice");
  }
  if (table.values.size() != stated)
    throw DataError(path + ": " + std::to_string(table.values.size()) + " records, the header says " +
                    std::to_string(stated));
  return table;
}

bool looks_like_mnk_table(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string word;
  return in >> word && word == kMagic;
}

Value mnk_table_value(const MnkTable& table, const mnk::MnkGame& game, mnk::Position p) {
  const mnk::PackedMnk packed(game);
  const auto it = table.values.find(packed.canonical(mnk::PackedMnk::pack(p)));
  if (it == table.values.end()) throw DataError("position " + game.format(p) + " is not in the table");
  return it->second;
}

std::vector<MnkTableMove> mnk_table_moves(const MnkTable& table, const mnk::MnkGame& game, mnk::Position p) {
  std::vector<MnkTableMove> moves;
  if (game.is_terminal(p)) return moves;
  game.for_each_move(p, [&](int cell, mnk::Position child) {
    const Value v = mnk_table_value(table, game, child);
    moves.push_back({cell, Value{through(v).outcome, v.distance + 1}});
  });
  std::stable_sort(moves.begin(), moves.end(), [](const MnkTableMove& a, const MnkTableMove& b) {
    if (a.value.outcome != b.value.outcome) return sign_of(a.value.outcome) > sign_of(b.value.outcome);
    return a.value.outcome == Outcome::kWin ? a.value.distance < b.value.distance : a.value.distance > b.value.distance;
  });
  return moves;
}

}  // namespace gs::tools
