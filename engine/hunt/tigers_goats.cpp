#include "engine/hunt/tigers_goats.h"

#include <sstream>

#include "engine/core/combinatorics.h"
#include "engine/core/errors.h"

namespace gs::hunt {

namespace {
constexpr int kTigers = 4;
}

TigersAndGoats::TigersAndGoats(int n, int goats, int win_captures, bool reduce)
    : board_(HuntBoard::square(n)), n_(n), goats_(goats), win_captures_(win_captures), reduce_(reduce) {
  if (n < 3 || n > 5) throw InputError("Tigers and Goats boards are 3x3 to 5x5");
  if (goats < win_captures || goats > n * n - kTigers) throw InputError("Tigers and Goats: bad number of goats");
  const SymmetryGroup& group = board_.symmetries();
  const int elements = reduce ? group.order() : 1;
  const auto sets = binomial(board_.points(), kTigers);
  class_of_.resize(sets);
  to_class_.resize(sets);
  for (std::uint64_t r = 0; r < sets; ++r) {
    const Bitboard tigers = unrank_k_subset(r, kTigers);
    Bitboard least = tigers;
    for (int g = 0; g < elements; ++g) least = std::min(least, group[g].apply(tigers));
    for (int g = 0; g < elements; ++g)
      if (group[g].apply(tigers) == least) to_class_[r] |= static_cast<std::uint8_t>(1 << g);
    if (least == tigers) {  // the smallest set of its orbit comes first in rank order
      std::uint8_t fixing = 0;
      for (int g = 0; g < elements; ++g)
        if (group[g].apply(tigers) == tigers) fixing |= static_cast<std::uint8_t>(1 << g);
      stabiliser_.push_back(fixing);
      class_tigers_.push_back(tigers);
      std::vector<int> free;
      for (int p = 0; p < board_.points(); ++p)
        if (!has_bit(tigers, p)) free.push_back(p);
      free_points_.push_back(free);
    }
    class_of_[r] = least == tigers ? static_cast<std::uint32_t>(class_tigers_.size() - 1)
                                   : class_of_[static_cast<std::size_t>(rank_k_subset(least))];
  }
}

std::string TigersAndGoats::variant() const {
  return std::to_string(n_) + "x" + std::to_string(n_) + "-goats" + std::to_string(goats_) + "-win" + std::to_string(win_captures_) +
         (reduce_ ? "" : "-unreduced");
}

TigersAndGoats::Position TigersAndGoats::start() const {
  Position p;
  for (int r : {1, n_})
    for (int c : {1, n_}) p.tigers |= bit(board_.point_at(r, c));
  p.in_hand = goats_;
  return p;
}

std::optional<Outcome> TigersAndGoats::terminal(const Position& p) const {
  if (p.captured >= win_captures_) return p.tigers_to_move ? Outcome::kWin : Outcome::kLoss;
  return std::nullopt;
}

std::uint64_t TigersAndGoats::layer_size(int layer) const {
  return 2 * class_tigers_.size() * binomial(board_.points() - kTigers, goats_on_board(layer));
}

LayerIndex TigersAndGoats::locate(const Position& p) const {
  if (p.captured >= win_captures_) return {-1, 0};
  const int layer = win_captures_ - 1 - p.captured;
  const auto r = static_cast<std::size_t>(rank_k_subset(p.tigers));
  const std::uint32_t cls = class_of_[r];
  Bitboard goats = ~Bitboard{0};  // the smallest image among the maps onto the class's tiger set
  for_each_bit(to_class_[r], [&](int g) { goats = std::min(goats, board_.symmetries()[g].apply(p.goats)); });
  // The goats as a subset of the free points (points without a tiger, in order).
  const Bitboard tigers = class_tigers_[cls];
  Bitboard compressed = 0;
  for_each_bit(goats, [&](int q) { compressed |= bit(popcount(~tigers & low_bits(q))); });
  const std::uint64_t per_class = binomial(board_.points() - kTigers, goats_on_board(layer));
  return {layer, (cls * per_class + rank_k_subset(compressed)) * 2 + (p.tigers_to_move ? 1 : 0)};
}

std::optional<TigersAndGoats::Position> TigersAndGoats::unrank(int layer, std::uint64_t index) const {
  Position p;
  p.tigers_to_move = index % 2 == 1;
  index /= 2;
  const int goats = goats_on_board(layer);
  const std::uint64_t per_class = binomial(board_.points() - kTigers, goats);
  const auto cls = static_cast<std::size_t>(index / per_class);
  const auto& free = free_points_[cls];
  for_each_bit(unrank_k_subset(index % per_class, goats), [&](int j) { p.goats |= bit(free[static_cast<std::size_t>(j)]); });
  p.tigers = class_tigers_[cls];
  p.captured = win_captures_ - 1 - layer;
  bool smallest = true;
  for_each_bit(stabiliser_[cls], [&](int g) { smallest = smallest && board_.symmetries()[g].apply(p.goats) >= p.goats; });
  if (!smallest) return std::nullopt;
  return p;
}

TigersAndGoats::Position TigersAndGoats::parse(const std::string& text) const {
  std::istringstream in(text);
  std::string grid, side;
  int in_hand = -1, captured = -1;
  in >> grid >> side >> in_hand >> captured;
  if (!in || (side != "g" && side != "t"))
    throw InputError("position '" + text + "': expected GRID SIDE IN-HAND CAPTURED, e.g. 'T...T/...../...../...../T...T g 20 0'");
  Position p;
  p.tigers_to_move = side == "t";
  for (const auto& [point, cell] : board_.parse_grid(grid)) {
    if (cell == 'T') p.tigers |= bit(point);
    else if (cell == 'G') p.goats |= bit(point);
    else if (cell != '.') throw InputError(std::string("position: bad cell '") + cell + "' (T, G or .)");
  }
  p.in_hand = in_hand;
  p.captured = captured;
  if (popcount(p.tigers) != kTigers) throw InputError("position: 4 tigers expected, " + std::to_string(popcount(p.tigers)) + " given");
  if (in_hand < 0 || captured < 0 || captured > win_captures_ || popcount(p.goats) + in_hand + captured != goats_)
    throw InputError("position: goats on the board, in hand and captured must add up to " + std::to_string(goats_));
  return p;
}

std::string TigersAndGoats::format(const Position& p) const {
  return board_.grid([&](int q) { return has_bit(p.tigers, q) ? 'T' : has_bit(p.goats, q) ? 'G' : '.'; }) + (p.tigers_to_move ? " t " : " g ") +
         std::to_string(p.in_hand) + " " + std::to_string(p.captured);
}

std::string TigersAndGoats::move_name(const Position& from, const Position& to) const {
  const Bitboard moved_tigers = from.tigers ^ to.tigers;
  if (moved_tigers)
    return board_.point_name(lowest_bit(moved_tigers & from.tigers)) + (to.captured > from.captured ? "x" : "-") +
           board_.point_name(lowest_bit(moved_tigers & to.tigers));
  const Bitboard moved_goats = from.goats ^ to.goats;
  if (to.in_hand < from.in_hand) return board_.point_name(lowest_bit(moved_goats));
  return board_.point_name(lowest_bit(moved_goats & from.goats)) + "-" + board_.point_name(lowest_bit(moved_goats & to.goats));
}

}  // namespace gs::hunt
