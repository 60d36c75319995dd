#include "tools/certificate/checker_rules.h"

#include <array>
#include <bit>
#include <cctype>
#include <charconv>
#include <sstream>

#include "engine/core/errors.h"

namespace gs::tools {

namespace {

// ---- What the three hunt games share: points on a grid, "(row,column)" names, grid texts ----

constexpr std::array<std::array<int, 2>, 8> kDirections = {
    {{-1, 0}, {1, 0}, {0, -1}, {0, 1}, {-1, -1}, {-1, 1}, {1, -1}, {1, 1}}};

// The rows of a grid text, separated by '/'.
std::vector<std::string> split_rows(const std::string& text) {
  std::vector<std::string> rows(1);
  for (const char ch : text)
    if (ch == '/')
      rows.emplace_back();
    else
      rows.back().push_back(ch);
  return rows;
}

// The points of a grid (rows of 'o' for a point, ' ' for none), numbered in reading order; `off`
// is what a text writes in a cell that is no point (Fox and Hounds: '.' on the light squares).
class Points {
 public:
  explicit Points(std::vector<std::string> shape, char off = ' ') : shape_(std::move(shape)), off_(off) {
    for (int r = 1; r <= rows(); ++r)
      for (int c = 1; c <= columns(); ++c) {
        index_.push_back(shape_[r - 1][c - 1] == 'o' ? static_cast<int>(row_.size()) : -1);
        if (index_.back() >= 0) row_.push_back(r), column_.push_back(c);
      }
  }
  int rows() const { return static_cast<int>(shape_.size()); }
  int columns() const { return static_cast<int>(shape_[0].size()); }
  int count() const { return static_cast<int>(row_.size()); }
  int row(int p) const { return row_[p]; }
  int column(int p) const { return column_[p]; }
  int at(int r, int c) const {
    return r < 1 || c < 1 || r > rows() || c > columns() ? -1 : index_[(r - 1) * columns() + c - 1];
  }
  std::string name(int p) const { return "(" + std::to_string(row_[p]) + "," + std::to_string(column_[p]) + ")"; }

  // The neighbour of p along a line in direction d, -1 if none. Lines (hunt-games.md): between
  // orthogonal neighbours, and diagonals through every point whose row + column is even.
  int along_line(int p, const std::array<int, 2>& d) const {
    const bool diagonal = d[0] != 0 && d[1] != 0;
    if (diagonal && (row_[p] + column_[p]) % 2 != 0) return -1;
    return at(row_[p] + d[0], column_[p] + d[1]);
  }

  // Rows separated by '/', one character a cell (' ' where there is no point); `short_rows`:
  // a row whose points are a middle run may be written as that run alone (the cross's arms).
  std::string grid(const std::vector<char>& cell, bool short_rows) const {
    std::string out;
    for (int r = 1; r <= rows(); ++r) {
      if (r > 1) out += '/';
      for (int c = 1; c <= columns(); ++c) {
        const int p = at(r, c);
        if (p >= 0)
          out += cell[p];
        else if (!short_rows)
          out += off_;
      }
    }
    return out;
  }
  // The cell characters of a grid text, by point; DataError if its shape differs.
  std::vector<char> cells(const std::string& text, bool short_rows) const {
    const std::vector<std::string> lines = split_rows(text);
    if (static_cast<int>(lines.size()) != rows())
      throw DataError("a grid of " + std::to_string(rows()) + " rows separated by '/' was expected");
    std::vector<char> cell(count(), '?');
    for (int r = 1; r <= rows(); ++r) {
      std::vector<int> here;
      for (int c = 1; c <= columns(); ++c)
        if (at(r, c) >= 0) here.push_back(at(r, c));
      const std::string& line = lines[r - 1];
      if (short_rows && line.size() == here.size()) {
        for (std::size_t i = 0; i < here.size(); ++i) cell[here[i]] = line[i];
        continue;
      }
      if (static_cast<int>(line.size()) != columns())
        throw DataError("row " + std::to_string(r) + " has " + std::to_string(line.size()) + " cells");
      for (int c = 1; c <= columns(); ++c) {
        const int p = at(r, c);
        if (p >= 0)
          cell[p] = line[c - 1];
        else if (line[c - 1] != off_)
          throw DataError("row " + std::to_string(r) + " has a piece off the board's points");
      }
    }
    return cell;
  }

 private:
  std::vector<std::string> shape_;
  char off_;
  std::vector<int> index_, row_, column_;
};

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

int small_number(const std::string& text, const std::string& what) {
  int n = -1;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (error != std::errc() || end != text.data() + text.size() || n < 0 || n > 99)
    throw DataError(what + " is not a small number: " + clipped(text));
  return n;
}

std::uint64_t bit(int i) { return std::uint64_t{1} << i; }

// The grid text of a fox and a set of pieces (hounds, geese).
std::string fox_and_pieces(const Points& points, int fox, std::uint64_t pieces, char piece, bool short_rows) {
  std::vector<char> cell(points.count(), '.');
  for (int p = 0; p < points.count(); ++p)
    if (pieces & bit(p)) cell[p] = piece;
  cell[fox] = 'F';
  return points.grid(cell, short_rows);
}

// ---- Fox and Hounds: the dark squares of an n x n board, diagonal steps ----

class FoxAndHoundsRules : public CheckerRules {
 public:
  explicit FoxAndHoundsRules(int n) : n_(n), points_(shape(n), '.') {}

  std::uint64_t parse(const std::string& text) const override {
    const std::vector<std::string> w = words(text);
    if (w.size() != 2 || (w[1] != "f" && w[1] != "h")) throw DataError("not 'GRID f' or 'GRID h'");
    const std::vector<char> cell = points_.cells(w[0], false);
    int fox = -1, hounds = 0;
    std::uint64_t set = 0;
    for (int p = 0; p < points_.count(); ++p) {
      if (cell[p] == 'F') fox = fox < 0 ? p : -2;
      if (cell[p] == 'H') set |= bit(p), ++hounds;
      if (cell[p] != 'F' && cell[p] != 'H' && cell[p] != '.') throw DataError("a cell is not F, H or '.'");
    }
    if (fox < 0 || hounds != n_ / 2) throw DataError("not one fox and " + std::to_string(n_ / 2) + " hounds");
    return key(fox, set, w[1] == "f");
  }
  std::string format(std::uint64_t k) const override {
    return fox_and_pieces(points_, fox(k), hounds(k), 'H', false) + (fox_to_move(k) ? " f" : " h");
  }
  int to_move(std::uint64_t k) const override { return fox_to_move(k) ? 0 : 1; }
  std::string side_name(int side) const override { return side == 0 ? "fox" : "hounds"; }

  std::vector<CheckerMove> moves(std::uint64_t k) const override {
    std::vector<CheckerMove> out;
    if (over(k)) return out;
    const auto occupied = [&](int p) { return p == fox(k) || (hounds(k) & bit(p)); };
    if (fox_to_move(k)) {  // one square diagonally, forward or back
      for (const auto& d : kDirections) {
        const int to = points_.along_line(fox(k), d);  // only diagonal neighbours are points
        if (to >= 0 && !occupied(to))
          out.push_back({points_.name(fox(k)) + "-" + points_.name(to), key(to, hounds(k), false)});
      }
      return out;
    }
    for (int from = 0; from < points_.count(); ++from) {  // a hound: one square diagonally towards row 1
      if (!(hounds(k) & bit(from))) continue;
      for (const auto& d : kDirections) {
        const int to = d[0] == -1 ? points_.along_line(from, d) : -1;
        if (to >= 0 && !occupied(to))
          out.push_back(
              {points_.name(from) + "-" + points_.name(to), key(fox(k), hounds(k) ^ bit(from) ^ bit(to), true)});
      }
    }
    return out;
  }

  int winner(std::uint64_t k) const override {
    if (over(k)) return 0;
    return moves(k).empty() ? 1 - to_move(k) : -1;  // a side that cannot move loses
  }

 private:
  static std::vector<std::string> shape(int n) {
    std::vector<std::string> rows(n, std::string(n, ' '));
    for (int r = 1; r <= n; ++r)
      for (int c = 1; c <= n; ++c)
        if ((r + c) % 2 == 0) rows[r - 1][c - 1] = 'o';
    return rows;
  }
  static std::uint64_t key(int fox, std::uint64_t hounds, bool fox_to_move) {
    return hounds | std::uint64_t(fox) << 32 | std::uint64_t(fox_to_move) << 40;
  }
  static int fox(std::uint64_t k) { return static_cast<int>(k >> 32 & 0xFF); }
  static std::uint64_t hounds(std::uint64_t k) { return k & 0xFFFFFFFF; }
  static bool fox_to_move(std::uint64_t k) { return k >> 40 & 1; }
  // The fox has won: on the last row, or no hound on a row greater than the fox's.
  bool over(std::uint64_t k) const {
    if (points_.row(fox(k)) == n_) return true;
    for (int p = 0; p < points_.count(); ++p)
      if ((hounds(k) & bit(p)) && points_.row(p) > points_.row(fox(k))) return false;
    return true;
  }

  int n_;
  Points points_;
};

// ---- Tigers and Goats: n x n points, placements, captures by single jumps ----

class TigersAndGoatsRules : public CheckerRules {
 public:
  TigersAndGoatsRules(int n, int goats, int win) : goats_(goats), win_(win), points_(square(n)) {}

  std::uint64_t parse(const std::string& text) const override {
    const std::vector<std::string> w = words(text);
    if (w.size() != 4 || (w[1] != "g" && w[1] != "t")) throw DataError("not 'GRID g|t IN-HAND CAPTURED'");
    const std::vector<char> cell = points_.cells(w[0], false);
    std::uint64_t tigers = 0, goats = 0;
    for (int p = 0; p < points_.count(); ++p) {
      if (cell[p] == 'T') tigers |= bit(p);
      if (cell[p] == 'G') goats |= bit(p);
      if (cell[p] != 'T' && cell[p] != 'G' && cell[p] != '.') throw DataError("a cell is not T, G or '.'");
    }
    const int hand = small_number(w[2], "goats in hand"), captured = small_number(w[3], "goats captured");
    if (std::popcount(tigers) != 4) throw DataError("not four tigers");
    if (std::popcount(goats) + hand + captured != goats_)
      throw DataError("goats on the board, in hand and captured do not make " + std::to_string(goats_));
    return key(tigers, goats, hand, captured, w[1] == "t");
  }
  std::string format(std::uint64_t k) const override {
    std::vector<char> cell(points_.count(), '.');
    for (int p = 0; p < points_.count(); ++p) {
      if (tigers(k) & bit(p)) cell[p] = 'T';
      if (goats(k) & bit(p)) cell[p] = 'G';
    }
    return points_.grid(cell, false) + (tigers_to_move(k) ? " t " : " g ") + std::to_string(hand(k)) + " " +
           std::to_string(captured(k));
  }
  int to_move(std::uint64_t k) const override { return tigers_to_move(k) ? 1 : 0; }
  std::string side_name(int side) const override { return side == 0 ? "goats" : "tigers"; }
  int progress_limit() const override { return 120; }  // plies without a placement or capture

  std::vector<CheckerMove> moves(std::uint64_t k) const override {
    std::vector<CheckerMove> out;
    if (captured(k) >= win_) return out;
    const std::uint64_t tg = tigers(k), gt = goats(k);
    const auto empty = [&](int p) { return p >= 0 && !((tg | gt) & bit(p)); };
    if (!tigers_to_move(k) && hand(k) > 0) {  // a goat placed on any empty point
      for (int p = 0; p < points_.count(); ++p)
        if (empty(p)) out.push_back({points_.name(p), key(tg, gt | bit(p), hand(k) - 1, captured(k), true)});
      return out;
    }
    const std::uint64_t movers = tigers_to_move(k) ? tg : gt;
    for (int from = 0; from < points_.count(); ++from) {
      if (!(movers & bit(from))) continue;
      for (const auto& d : kDirections) {
        const int to = points_.along_line(from, d);
        if (empty(to)) {  // a step along a line
          const std::uint64_t moved = bit(from) | bit(to);
          out.push_back({points_.name(from) + "-" + points_.name(to),
                         tigers_to_move(k) ? key(tg ^ moved, gt, hand(k), captured(k), false)
                                           : key(tg, gt ^ moved, hand(k), captured(k), true)});
        }
        if (!tigers_to_move(k) || to < 0 || !(gt & bit(to))) continue;
        const int beyond = points_.along_line(to, d);  // a tiger's jump over a goat: a capture
        if (empty(beyond))
          out.push_back({points_.name(from) + "x" + points_.name(beyond),
                         key(tg ^ bit(from) ^ bit(beyond), gt ^ bit(to), hand(k), captured(k) + 1, false)});
      }
    }
    return out;
  }

  int winner(std::uint64_t k) const override {
    if (captured(k) >= win_) return 1;
    return moves(k).empty() ? 1 - to_move(k) : -1;  // no tiger can move: the goats win; no goat: the tigers
  }

 private:
  static std::vector<std::string> square(int n) { return std::vector<std::string>(n, std::string(n, 'o')); }
  static std::uint64_t key(std::uint64_t tigers, std::uint64_t goats, int hand, int captured, bool tigers_to_move) {
    return tigers | goats << 25 | std::uint64_t(hand) << 50 | std::uint64_t(captured) << 55 |
           std::uint64_t(tigers_to_move) << 60;
  }
  static std::uint64_t tigers(std::uint64_t k) { return k & 0x1FFFFFF; }
  static std::uint64_t goats(std::uint64_t k) { return k >> 25 & 0x1FFFFFF; }
  static int hand(std::uint64_t k) { return static_cast<int>(k >> 50 & 31); }
  static int captured(std::uint64_t k) { return static_cast<int>(k >> 55 & 31); }
  static bool tigers_to_move(std::uint64_t k) { return k >> 60 & 1; }

  int goats_, win_;
  Points points_;
};

// ---- Fox and Geese: the 33-point cross, chains of captures ----

class FoxAndGeeseRules : public CheckerRules {
 public:
  FoxAndGeeseRules() : points_({"  ooo  ", "  ooo  ", "ooooooo", "ooooooo", "ooooooo", "  ooo  ", "  ooo  "}) {}

  std::uint64_t parse(const std::string& text) const override {
    const std::vector<std::string> w = words(text);
    // The grid may hold spaces (short rows padded to 7): the side is the last word.
    const std::size_t cut = text.find_last_of(' ');
    if (w.size() < 2 || cut == std::string::npos || (w.back() != "f" && w.back() != "g"))
      throw DataError("not 'GRID f' or 'GRID g'");
    const std::vector<char> cell = points_.cells(text.substr(0, cut), true);
    int fox = -1;
    std::uint64_t geese = 0;
    for (int p = 0; p < points_.count(); ++p) {
      if (cell[p] == 'F') fox = fox < 0 ? p : -2;
      if (cell[p] == 'G') geese |= bit(p);
      if (cell[p] != 'F' && cell[p] != 'G' && cell[p] != '.') throw DataError("a cell is not F, G or '.'");
    }
    if (fox < 0 || std::popcount(geese) > 13) throw DataError("not one fox and at most 13 geese");
    return key(fox, geese, w.back() == "f");
  }
  std::string format(std::uint64_t k) const override {
    return fox_and_pieces(points_, fox(k), geese(k), 'G', true) + (fox_to_move(k) ? " f" : " g");
  }
  int to_move(std::uint64_t k) const override { return fox_to_move(k) ? 0 : 1; }
  std::string side_name(int side) const override { return side == 0 ? "fox" : "geese"; }
  int progress_limit() const override { return 120; }  // moves (plies) without a capture

  std::vector<CheckerMove> moves(std::uint64_t k) const override {
    std::vector<CheckerMove> out;
    if (std::popcount(geese(k)) <= 3) return out;  // the fox's 10th capture has ended the game
    const std::uint64_t gs = geese(k);
    if (fox_to_move(k)) {
      for (const auto& d : kDirections) {  // a step along a line
        const int to = points_.along_line(fox(k), d);
        if (to >= 0 && !(gs & bit(to)))
          out.push_back({points_.name(fox(k)) + "-" + points_.name(to), key(to, gs, false)});
      }
      jumps(fox(k), fox(k), gs, 0, out);
      return out;
    }
    for (int from = 0; from < points_.count(); ++from) {  // a goose: down, sideways or diagonally down
      if (!(gs & bit(from))) continue;
      for (const auto& d : kDirections) {
        if (d[0] < 0) continue;
        const int to = points_.along_line(from, d);
        if (to >= 0 && to != fox(k) && !(gs & bit(to)))
          out.push_back({points_.name(from) + "-" + points_.name(to), key(fox(k), gs ^ bit(from) ^ bit(to), true)});
      }
    }
    return out;
  }

  int winner(std::uint64_t k) const override {
    if (std::popcount(geese(k)) <= 3) return 0;
    return moves(k).empty() ? 1 - to_move(k) : -1;  // geese that cannot move lose, so does a fox
  }

 private:
  // Every chain of jumps from `at` (the fox started on `start`): each jump captures the goose it
  // passes, and the fox may stop after any of them (each prefix is a move).
  void jumps(int start, int at, std::uint64_t geese, int captures, std::vector<CheckerMove>& out) const {
    for (const auto& d : kDirections) {
      const int over = points_.along_line(at, d);
      if (over < 0 || !(geese & bit(over))) continue;
      const int to = points_.along_line(over, d);
      if (to < 0 || (geese & bit(to))) continue;
      const std::uint64_t left = geese ^ bit(over);
      out.push_back(
          {points_.name(start) + "x" + std::to_string(captures + 1) + points_.name(to), key(to, left, false)});
      jumps(start, to, left, captures + 1, out);
    }
  }
  static std::uint64_t key(int fox, std::uint64_t geese, bool fox_to_move) {
    return geese | std::uint64_t(fox) << 33 | std::uint64_t(fox_to_move) << 40;
  }
  static int fox(std::uint64_t k) { return static_cast<int>(k >> 33 & 63); }
  static std::uint64_t geese(std::uint64_t k) { return k & ((std::uint64_t{1} << 33) - 1); }
  static bool fox_to_move(std::uint64_t k) { return k >> 40 & 1; }

  Points points_;
};

// ---- m,n,k: m columns, n rows, k in a row (docs/rules/mnk.md) ----

class MnkRules : public CheckerRules {
 public:
  MnkRules(int m, int n, int k) : m_(m), n_(n), k_(k) {}

  std::uint64_t parse(const std::string& text) const override {
    const std::vector<std::string> rows = split_rows(text);
    if (static_cast<int>(rows.size()) != n_) throw DataError(std::to_string(n_) + " rows separated by '/' expected");
    std::uint64_t x = 0, o = 0;
    for (int r = 0; r < n_; ++r) {
      if (static_cast<int>(rows[r].size()) != m_) throw DataError("a row of " + std::to_string(m_) + " cells expected");
      for (int c = 0; c < m_; ++c) {
        const char ch = rows[r][c];
        if (ch == 'X') x |= bit(r * m_ + c);
        if (ch == 'O') o |= bit(r * m_ + c);
        if (ch != 'X' && ch != 'O' && ch != '.') throw DataError("a cell is not X, O or '.'");
      }
    }
    const int xs = std::popcount(x), os = std::popcount(o);
    if (xs != os && xs != os + 1) throw DataError("X moves first: X has as many pieces as O or one more");
    if (line(x) && line(o)) throw DataError("both players have a line");
    return x | o << 32;
  }
  std::string format(std::uint64_t k) const override {
    std::string out;
    for (int r = 0; r < n_; ++r) {
      if (r > 0) out += '/';
      for (int c = 0; c < m_; ++c) out += (k & bit(r * m_ + c)) ? 'X' : (k >> 32 & bit(r * m_ + c)) ? 'O' : '.';
    }
    return out;
  }
  int to_move(std::uint64_t k) const override {
    return std::popcount(k & 0xFFFFFFFF) == std::popcount(k >> 32) ? 0 : 1;
  }
  std::string side_name(int side) const override { return side == 0 ? "X" : "O"; }

  std::vector<CheckerMove> moves(std::uint64_t k) const override {
    std::vector<CheckerMove> out;
    if (winner(k) != kGoesOn) return out;
    const std::uint64_t taken = (k | k >> 32) & 0xFFFFFFFF;
    for (int r = 0; r < n_; ++r)
      for (int c = 0; c < m_; ++c) {
        if (taken & bit(r * m_ + c)) continue;
        const std::string name =
            std::string(1, static_cast<char>('a' + c)) + std::to_string(n_ - r);  // a1: bottom left
        out.push_back({name, k | bit(r * m_ + c) << (to_move(k) == 0 ? 0 : 32)});
      }
    return out;
  }

  int winner(std::uint64_t k) const override {
    if (line(k & 0xFFFFFFFF)) return 0;
    if (line(k >> 32)) return 1;
    return std::popcount((k | k >> 32) & 0xFFFFFFFF) == m_ * n_ ? kDrawn : kGoesOn;
  }

 private:
  // k in a row among the cells of `set`: across, down, and both diagonals.
  bool line(std::uint64_t set) const {
    for (int r = 0; r < n_; ++r)
      for (int c = 0; c < m_; ++c)
        for (const auto& d : {std::array<int, 2>{0, 1}, {1, 0}, {1, 1}, {1, -1}}) {
          int i = 0;
          while (i < k_ && r + i * d[0] < n_ && c + i * d[1] >= 0 && c + i * d[1] < m_ &&
                 (set & bit((r + i * d[0]) * m_ + c + i * d[1])))
            ++i;
          if (i == k_) return true;
        }
    return false;
  }
  int m_, n_, k_;
};

// "NxN" or "NxN-goatsG-winW...": the numbers after each prefix.
int variant_number(const std::string& variant, const std::string& after, const std::string& what) {
  const std::size_t at = variant.find(after);
  if (at == std::string::npos) throw DataError("the variant " + clipped(variant) + " names no " + what);
  std::size_t end = at + after.size();
  while (end < variant.size() && std::isdigit(static_cast<unsigned char>(variant[end]))) ++end;
  return small_number(variant.substr(at + after.size(), end - at - after.size()), what);
}

}  // namespace

std::unique_ptr<CheckerRules> checker_rules(const std::string& game, const std::string& variant) {
  if (game == "fox-hounds") {
    const int n = variant_number("x" + variant, "x", "board size");
    if ((n != 4 && n != 6 && n != 8) || variant != std::to_string(n) + "x" + std::to_string(n))
      throw DataError("Fox and Hounds is played on 4x4, 6x6 or 8x8, not " + clipped(variant));
    return std::make_unique<FoxAndHoundsRules>(n);
  }
  if (game == "tigers-goats") {
    const int n = variant_number("x" + variant, "x", "board size");
    const int goats = variant_number(variant, "-goats", "number of goats");
    const int win = variant_number(variant, "-win", "captures that win");
    if (n < 3 || n > 5 || goats < 1 || goats > 21 || win < 1)
      throw DataError("not a Tigers and Goats variant this checker knows: " + clipped(variant));
    return std::make_unique<TigersAndGoatsRules>(n, goats, win);
  }
  if (game == "fox-geese") {
    if (!variant.starts_with("geese")) throw DataError("not a Fox and Geese variant: " + clipped(variant));
    return std::make_unique<FoxAndGeeseRules>();
  }
  if (game == "mnk") {
    const int m = variant_number("," + variant, ",", "number of columns");
    const int n = variant_number(variant.substr(variant.find(',') + 1), "", "number of rows");
    const int k = variant_number(variant.substr(variant.rfind(',')), ",", "line length");
    if (m < 1 || n < 1 || m * n > 32 || k < 1 ||
        variant != std::to_string(m) + "," + std::to_string(n) + "," + std::to_string(k))
      throw DataError("not an m,n,k game of at most 32 cells: " + clipped(variant));
    return std::make_unique<MnkRules>(m, n, k);
  }
  throw DataError("no checker for the game " + clipped(game) + " (known: fox-hounds, tigers-goats, fox-geese, mnk)");
}

}  // namespace gs::tools
