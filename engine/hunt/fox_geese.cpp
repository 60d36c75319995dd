#include "engine/hunt/fox_geese.h"

#include <sstream>

#include "engine/core/errors.h"

namespace gs::hunt {

namespace {

// A function, not a global: a game built during another file's static initialisation (a
// registry, a benchmark list) must not see it empty.
const std::vector<std::string>& cross() {
  static const std::vector<std::string> rows = {"  ooo  ", "  ooo  ", "ooooooo", "ooooooo",
                                                "ooooooo", "  ooo  ", "  ooo  "};
  return rows;
}

// The symmetries of the board that keep every point on its row: up must stay up.
SymmetryGroup row_preserving(const HuntBoard& board) {
  std::vector<BitPermutation> kept;
  for (int g = 0; g < board.symmetries().order(); ++g) {
    bool keeps = true;
    for (int p = 0; p < board.points(); ++p) keeps = keeps && board.row(board.symmetries()[g](p)) == board.row(p);
    if (keeps) kept.push_back(board.symmetries()[g]);
  }
  return SymmetryGroup(std::move(kept));
}

int checked_geese(int max_geese) {
  if (max_geese < 4 || max_geese > FoxAndGeese::kGeese) throw InputError("Fox and Geese tables hold 4 to 13 geese");
  return max_geese;
}

}  // namespace

FoxAndGeese::FoxAndGeese(int max_geese, bool reduce)
    : board_(cross()),
      max_geese_(checked_geese(max_geese)),
      reduce_(reduce),
      mirror_(reduce ? row_preserving(board_) : SymmetryGroup({board_.symmetries()[0]})),
      index_(board_.points(), 1, mirror_) {
  goose_steps_.assign(static_cast<std::size_t>(board_.points()), 0);
  goose_origins_ = goose_steps_;
  for (int p = 0; p < board_.points(); ++p)
    for_each_bit(board_.neighbours(p), [&](int q) {
      if (board_.row(q) >= board_.row(p)) goose_steps_[static_cast<std::size_t>(p)] |= bit(q);    // down or sideways
      if (board_.row(q) <= board_.row(p)) goose_origins_[static_cast<std::size_t>(p)] |= bit(q);  // whence a goose came
    });
}

FoxAndGeese::Position FoxAndGeese::start() const {
  Position p;
  p.fox = board_.point_at(4, 4);
  for (int q = 0; q < board_.points(); ++q)
    if (board_.row(q) <= 3) p.geese |= bit(q);
  return p;
}

std::optional<Outcome> FoxAndGeese::terminal(const Position& p) const {
  if (popcount(p.geese) <= kFoxWinsAt) return p.fox_to_move ? Outcome::kWin : Outcome::kLoss;
  return std::nullopt;
}

LayerIndex FoxAndGeese::locate(const Position& p) const {
  const int geese = popcount(p.geese);
  if (geese <= kFoxWinsAt) return {-1, 0};
  return {geese - kFoxWinsAt - 1, index_.rank(bit(p.fox), p.geese) * 2 + (p.fox_to_move ? 0 : 1)};
}

std::optional<FoxAndGeese::Position> FoxAndGeese::unrank(int layer, std::uint64_t index) const {
  const auto placement = index_.unrank(index / 2, layer + kFoxWinsAt + 1);
  if (!placement) return std::nullopt;
  return Position{lowest_bit(placement->first), placement->second, index % 2 == 0};
}

FoxAndGeese::Position FoxAndGeese::parse(const std::string& text) const {
  const auto space = text.rfind(' ');
  const std::string grid = space == std::string::npos ? text : text.substr(0, space);
  const std::string side = space == std::string::npos ? "" : text.substr(space + 1);
  if (side != "f" && side != "g")
    throw InputError("position '" + text + "': end with ' f' (fox to move) or ' g' (geese)");
  Position p;
  p.fox_to_move = side == "f";
  int foxes = 0;
  for (const auto& [point, cell] : board_.parse_grid(grid)) {
    if (cell == 'F')
      p.fox = point, ++foxes;
    else if (cell == 'G')
      p.geese |= bit(point);
    else if (cell != '.')
      throw InputError(std::string("position: bad cell '") + cell + "' (F, G or .)");
  }
  if (foxes != 1) throw InputError("position: exactly one fox expected, " + std::to_string(foxes) + " given");
  if (popcount(p.geese) > kGeese) throw InputError("position: at most 13 geese");
  return p;
}

std::string FoxAndGeese::format(const Position& p) const {
  std::string grid = board_.grid([&](int q) { return q == p.fox ? 'F' : has_bit(p.geese, q) ? 'G' : '.'; });
  std::string compact;
  for (char c : grid)
    if (c != ' ') compact += c;  // the short rows without their missing corners
  return compact + (p.fox_to_move ? " f" : " g");
}

std::string FoxAndGeese::move_name(const Position& from, const Position& to) const {
  if (from.fox != to.fox) {
    const int captures = popcount(from.geese) - popcount(to.geese);
    return board_.point_name(from.fox) + (captures ? "x" + std::to_string(captures) : "-") + board_.point_name(to.fox);
  }
  const Bitboard moved = from.geese ^ to.geese;
  return board_.point_name(lowest_bit(moved & from.geese)) + "-" + board_.point_name(lowest_bit(moved & to.geese));
}

}  // namespace gs::hunt
