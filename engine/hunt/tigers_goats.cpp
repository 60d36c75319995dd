#include "engine/hunt/tigers_goats.h"

#include <sstream>

#include "engine/core/combinatorics.h"
#include "engine/core/errors.h"

namespace gs::hunt {

namespace {
constexpr int kTigers = 4;
}

namespace {
SymmetryGroup identity_only(const SymmetryGroup& group) { return SymmetryGroup({group[0]}); }
int checked_size(int n) {
  if (n < 3 || n > 5) throw InputError("Tigers and Goats boards are 3x3 to 5x5");
  return n;
}
}  // namespace

TigersAndGoats::TigersAndGoats(const Variant& v)
    : board_(HuntBoard::square(checked_size(v.size))),
      n_(v.size),
      goats_(v.goats),
      win_captures_(v.win_captures),
      reduce_(v.reduced),
      whole_game_(v.phase == Phase::whole),
      group_(v.reduced ? board_.symmetries() : identity_only(board_.symmetries())),
      index_(board_.points(), kTigers, group_) {
  if (win_captures_ < 1) throw InputError("Tigers and Goats: the tigers need at least one capture to win");
  if (goats_ < win_captures_ || goats_ > n_ * n_ - kTigers)
    throw InputError("Tigers and Goats: " + std::to_string(goats_) + " goats do not fit a " + std::to_string(n_) + "x" +
                     std::to_string(n_) + " board with " + std::to_string(win_captures_) + " captures to win");
  layer_of_.assign(static_cast<std::size_t>(goats_ + 1) * static_cast<std::size_t>(win_captures_) * 3, -1);
  auto add = [&](int h, int c, int side) {
    layer_of_[layer_slot(h, c, side)] = static_cast<int>(layers_.size());
    layers_.push_back({h, c, side});
  };
  for (int h = 0; h <= (whole_game_ ? goats_ : 0); ++h)
    for (int c = win_captures_ - 1; c >= 0; --c)
      if (h + c <= goats_) {
        if (h == 0) {
          add(h, c, kBothSides);
        } else {
          add(h, c, 0);
          add(h, c, 1);
        }
      }
}

int TigersAndGoats::layer_id(int in_hand, int captured, int side) const {
  if (in_hand < 0 || captured >= win_captures_ || in_hand + captured > goats_) return -1;
  return layer_of_[layer_slot(in_hand, captured, in_hand == 0 ? kBothSides : side)];
}

std::vector<int> TigersAndGoats::layers_read(int layer) const {
  const Layer& l = layers_[static_cast<std::size_t>(layer)];
  std::vector<int> read;
  auto add = [&](int h, int c, int side) {
    if (const int id = layer_id(h, c, side); id >= 0) read.push_back(id);
  };
  if (l.side != 1) add(l.in_hand - 1, l.captured, 1);  // a placement (sliding phase: none)
  if (l.side != 0) add(l.in_hand, l.captured + 1, 0);  // a capture
  if (l.side == 1) add(l.in_hand, l.captured, 0);      // a tiger's step while goats are in hand
  return read;
}

std::string TigersAndGoats::layer_name(int layer) const {
  const Layer& l = layers_[static_cast<std::size_t>(layer)];
  std::string captured = std::to_string(l.captured) + " captured";
  if (!whole_game_) return captured;
  return std::to_string(l.in_hand) + " in hand, " + captured +
         (l.side == kBothSides ? ""
          : l.side == 1        ? ", tigers to move"
                               : ", goats to move");
}

std::string TigersAndGoats::variant() const {
  return std::to_string(n_) + "x" + std::to_string(n_) + "-goats" + std::to_string(goats_) + "-win" +
         std::to_string(win_captures_) + (whole_game_ ? "-whole" : "") + (reduce_ ? "" : "-unreduced");
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
  const int sides = layers_[static_cast<std::size_t>(layer)].side == kBothSides ? 2 : 1;
  return sides * index_.size(goats_on_board(layer));
}

LayerIndex TigersAndGoats::locate(const Position& p) const {
  if (p.captured >= win_captures_) return {-1, 0};
  const int layer = layer_id(p.in_hand, p.captured, p.tigers_to_move ? 1 : 0);
  const std::uint64_t placement = index_.rank(p.tigers, p.goats);
  return {layer, p.in_hand > 0 ? placement : placement * 2 + (p.tigers_to_move ? 1 : 0)};
}

std::optional<TigersAndGoats::Position> TigersAndGoats::unrank(int layer, std::uint64_t index) const {
  const Layer& l = layers_[static_cast<std::size_t>(layer)];
  const bool both = l.side == kBothSides;
  const auto placement = index_.unrank(both ? index / 2 : index, goats_on_board(layer));
  if (!placement) return std::nullopt;
  return Position{placement->first, placement->second, l.in_hand, l.captured, both ? index % 2 == 1 : l.side == 1};
}

TigersAndGoats::Position TigersAndGoats::parse(const std::string& text) const {
  std::istringstream in(text);
  std::string grid, side;
  int in_hand = -1, captured = -1;
  in >> grid >> side >> in_hand >> captured;
  std::string rest;
  if (!in || (side != "g" && side != "t") || in >> rest)  // nothing may follow: '... 0.5' is not '... 0'
    throw InputError("position '" + clipped(text) +
                     "': expected GRID SIDE IN-HAND CAPTURED, e.g. 'T...T/...../...../...../T...T g 20 0'");
  Position p;
  p.tigers_to_move = side == "t";
  for (const auto& [point, cell] : board_.parse_grid(grid)) {
    if (cell == 'T')
      p.tigers |= bit(point);
    else if (cell == 'G')
      p.goats |= bit(point);
    else if (cell != '.')
      throw InputError(std::string("position: bad cell '") + cell + "' (T, G or .)");
  }
  p.in_hand = in_hand;
  p.captured = captured;
  if (popcount(p.tigers) != kTigers)
    throw InputError("position: 4 tigers expected, " + std::to_string(popcount(p.tigers)) + " given");
  if (in_hand < 0 || captured < 0 || in_hand > goats_ || captured > win_captures_ ||
      popcount(p.goats) + in_hand + captured != goats_)
    throw InputError("position: goats on the board, in hand and captured must add up to " + std::to_string(goats_));
  return p;
}

std::string TigersAndGoats::format(const Position& p) const {
  return board_.grid([&](int q) {
    return has_bit(p.tigers, q) ? 'T' : has_bit(p.goats, q) ? 'G' : '.';
  }) + (p.tigers_to_move ? " t " : " g ") +
         std::to_string(p.in_hand) + " " + std::to_string(p.captured);
}

std::string TigersAndGoats::move_name(const Position& from, const Position& to) const {
  const Bitboard moved_tigers = from.tigers ^ to.tigers;
  if (moved_tigers)
    return board_.point_name(lowest_bit(moved_tigers & from.tigers)) + (to.captured > from.captured ? "x" : "-") +
           board_.point_name(lowest_bit(moved_tigers & to.tigers));
  const Bitboard moved_goats = from.goats ^ to.goats;
  if (to.in_hand < from.in_hand) return board_.point_name(lowest_bit(moved_goats));
  return board_.point_name(lowest_bit(moved_goats & from.goats)) + "-" +
         board_.point_name(lowest_bit(moved_goats & to.goats));
}

}  // namespace gs::hunt
