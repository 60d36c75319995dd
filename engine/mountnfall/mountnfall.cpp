#include "engine/mountnfall/mountnfall.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <sstream>

#include "engine/core/errors.h"

namespace gs::mountnfall {

namespace {

constexpr int kFileStep[kDirections] = {0, 1, 1, 1, 0, -1, -1, -1};
constexpr int kRankStep[kDirections] = {1, 1, 0, -1, -1, -1, 0, 1};
const char* const kDirectionNames[kDirections] = {"n", "ne", "e", "se", "s", "sw", "w", "nw"};

}  // namespace

MountNFall::MountNFall(int size, int triangle) : n_(size), t_(triangle) {
  if (size < 4 || size > kMaxSize) throw InputError("Mount'n Fall boards are 4x4 to 8x8");
  if (triangle < 1 || triangle > size - 1) throw InputError("the start triangles need a side from 1 to n - 1");
}

int MountNFall::step(int s, int d) const {
  const int file = s % n_ + kFileStep[d], rank = s / n_ + kRankStep[d];
  return file < 0 || file >= n_ || rank < 0 || rank >= n_ ? -1 : rank * n_ + file;
}

Position MountNFall::start() const {
  Position p;
  for (int rank = 0; rank < n_; ++rank)
    for (int file = 0; file < n_; ++file) {
      if (file + rank < t_) p.cells[cell_index(rank, file)] = -1;
      if ((n_ - 1 - file) + (n_ - 1 - rank) < t_) p.cells[cell_index(rank, file)] = 1;
    }
  return p;
}

Position MountNFall::play(const Position& p, const Move& m) const {
  Position q = p;
  const bool white = p.white_to_move;
  const std::int8_t sign = white ? 1 : -1;
  if (m.kind == Move::kPileUp) {
    int lifted = 0;
    for (int s = m.from; s != m.to; s = step(s, m.direction)) {
      q.cells[static_cast<std::size_t>(s)] = 0;
      ++lifted;
    }
    q.cells[m.to] = static_cast<std::int8_t>(q.cells[m.to] + sign * lifted);
  } else {
    const int height = own_height(p.cells[m.from], white);
    q.cells[m.from] = sign;
    for (int k = 1, t = m.from; k < height; ++k) {
      t = step(t, m.direction);
      auto& cell = q.cells[static_cast<std::size_t>(t)];
      cell = own_height(cell, white) == 1 ? static_cast<std::int8_t>(2 * sign)
                                          : sign;  // single -> muret; empty or enemy -> single
    }
  }
  q.white_to_move = !white;
  return q;
}

bool MountNFall::noisy(const Position& p, const Move& m) const {
  if (m.kind != Move::kCollapse) return false;
  const int height = own_height(p.cells[m.from], p.white_to_move);
  for (int k = 1, t = m.from; k < height; ++k) {
    t = step(t, m.direction);
    if (own_height(p.cells[static_cast<std::size_t>(t)], !p.white_to_move) > 0) return true;
  }
  return false;
}

int MountNFall::material(const Position& p) const {
  int white = 0;
  for (int s = 0; s < n_ * n_; ++s) white += p.cells[static_cast<std::size_t>(s)];
  return p.white_to_move ? white : -white;
}

int MountNFall::mobility(const Position& p) const {
  int moves = 0;
  for_each_move(p, [&](const Move&) { ++moves; });
  return moves;
}

int MountNFall::evaluate(const Position& p) const {
  Position other = p;
  other.white_to_move = !p.white_to_move;
  return 100 * material(p) + mobility(p) - mobility(other);
}

std::uint64_t MountNFall::hash(const Position& p) const {
  std::uint64_t h = p.white_to_move ? 0x9e3779b97f4a7c15ULL : 0;
  for (int s = 0; s < n_ * n_; ++s) {
    h ^= static_cast<std::uint64_t>(static_cast<std::uint8_t>(p.cells[static_cast<std::size_t>(s)])) << ((s % 8) * 8);
    if (s % 8 == 7 || s == n_ * n_ - 1) h = (h ^ (h >> 31)) * 0xbf58476d1ce4e5b9ULL;
  }
  return h ^ (h >> 29);
}

bool MountNFall::is_legal(const Position& p, const Move& m) const {
  bool found = false;
  for_each_move(p, [&](const Move& legal) { found = found || legal == m; });
  return found;
}

std::string MountNFall::square_name(int square) const {
  return std::string(1, static_cast<char>('a' + square % n_)) + std::to_string(square / n_ + 1);
}

std::string MountNFall::move_name(const Move& m) const {
  if (m.kind == Move::kPileUp) return square_name(m.from) + "-" + square_name(m.to);
  return square_name(m.from) + ">" + kDirectionNames[m.direction];
}

Move MountNFall::parse_move(const Position& p, const std::string& text) const {
  std::optional<Move> named;
  for_each_move(p, [&](const Move& m) {
    if (!named && move_name(m) == text) named = m;
  });
  if (named) return *named;
  throw InputError("move '" + clipped(text) +
                   "' is not legal here (pile-ups as a2-c2, collapses as d6>e with n ne e se s sw w nw)");
}

Position MountNFall::parse(const std::string& text) const {
  const auto space = text.rfind(' ');
  const std::string side = space == std::string::npos ? "" : text.substr(space + 1);
  if (side != "w" && side != "b")
    throw InputError("position '" + clipped(text) + "': end with ' w' or ' b' (side to move)");
  std::vector<std::string> rows;
  std::istringstream in(text.substr(0, space));
  for (std::string row; std::getline(in, row, '/');) rows.push_back(row);
  if (static_cast<int>(rows.size()) != n_)
    throw InputError("position: " + std::to_string(n_) + " rows expected, " + std::to_string(rows.size()) + " given");
  Position p;
  p.white_to_move = side == "w";
  int pawns[2] = {0, 0};
  for (int r = 0; r < n_; ++r) {
    const std::string& row = rows[static_cast<std::size_t>(r)];
    const int rank = n_ - 1 - r;
    int file = 0;
    for (std::size_t i = 0; i < row.size(); ++file) {
      if (file >= n_)
        throw InputError("position: rank " + std::to_string(rank + 1) + " has more than " + std::to_string(n_) +
                         " cells");
      const char c = row[i];
      if (c == '.') {
        ++i;
        continue;
      }
      if (c != 'w' && c != 'b')
        throw InputError(std::string("position: bad cell '") + c + "' on rank " + std::to_string(rank + 1) +
                         " (., w<h> or b<h>)");
      std::size_t j = i + 1;
      while (j < row.size() && std::isdigit(static_cast<unsigned char>(row[j]))) ++j;
      // At most 3 digits are read (heights are 1 to 15): a longer run is refused, not overflowed.
      const int height = j > i + 1 && j - i - 1 <= 3 ? std::stoi(row.substr(i + 1, j - i - 1)) : 0;
      if (height < 1 || height > kMaxHeight)
        throw InputError("position: stack heights are 1 to 15 ('" + clipped(row.substr(i, j - i)) + "')");
      p.cells[cell_index(rank, file)] = static_cast<std::int8_t>(c == 'w' ? height : -height);
      pawns[c == 'w' ? 0 : 1] += height;
      i = j;
    }
    if (file != n_)
      throw InputError("position: rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " cells, not " +
                       std::to_string(n_));
  }
  const int most = t_ * (t_ + 1) / 2;
  if (pawns[0] > most || pawns[1] > most)
    throw InputError("position: more than " + std::to_string(most) + " pawns of one colour");
  return p;
}

std::string MountNFall::format(const Position& p) const {
  std::string out;
  for (int rank = n_ - 1; rank >= 0; --rank) {
    if (rank < n_ - 1) out += '/';
    for (int file = 0; file < n_; ++file) {
      const int cell = p.cells[cell_index(rank, file)];
      out += cell == 0 ? "." : (cell > 0 ? "w" : "b") + std::to_string(std::abs(cell));
    }
  }
  return out + (p.white_to_move ? " w" : " b");
}

}  // namespace gs::mountnfall
