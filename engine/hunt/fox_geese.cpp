#include "engine/hunt/fox_geese.h"

#include <algorithm>
#include <sstream>

#include "engine/core/combinatorics.h"

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
  if (max_geese < 4 || max_geese > FoxAndGeese::kMaxGeese)
    throw InputError("Fox and Geese tables hold 4 to 17 geese (the rules' game has 13)");
  return max_geese;
}

}  // namespace

FoxAndGeese::FoxAndGeese(const Variant& v)
    : board_(cross()),
      max_geese_(checked_geese(v.max_geese)),
      reduce_(v.reduced),
      by_row_sum_(v.layers == Layers::per_row_sum),
      mirror_(v.reduced ? row_preserving(board_) : SymmetryGroup({board_.symmetries()[0]})),
      index_(board_.points(), 1, mirror_) {
  goose_steps_.assign(static_cast<std::size_t>(board_.points()), 0);
  goose_origins_ = goose_sideways_ = goose_steps_;
  for (int p = 0; p < board_.points(); ++p)
    for_each_bit(board_.neighbours(p), [&](int q) {
      const auto at = static_cast<std::size_t>(p);
      if (board_.row(q) >= board_.row(p)) goose_steps_[at] |= bit(q);    // down or sideways
      if (board_.row(q) <= board_.row(p)) goose_origins_[at] |= bit(q);  // whence a goose came
      if (board_.row(q) == board_.row(p)) goose_sideways_[at] |= bit(q);
    });
  for (int q = 0; q < board_.points(); ++q) mirror_point_.push_back(mirror_[mirror_.order() - 1](q));
  for (int q = 0; q < board_.points(); ++q) row_points_[static_cast<std::size_t>(board_.row(q))] |= bit(q);
  const int free_points = board_.points() - 1;
  layer_of_.assign(static_cast<std::size_t>(max_geese_) + 1, {});
  if (!by_row_sum_) {
    for (int geese = kFoxWinsAt + 1; geese <= max_geese_; ++geese) {
      layer_of_[static_cast<std::size_t>(geese)] = {static_cast<int>(layers_.size())};
      layers_.push_back({geese, -1});
      const std::uint64_t per_class = binomial(free_points, geese);
      std::vector<std::uint64_t> offsets;
      for (std::uint64_t c = 0; c <= index_.classes(); ++c) offsets.push_back(c * per_class);
      offsets_.push_back(std::move(offsets));
    }
    return;
  }
  // The free points' rows depend only on the fox's row (points are numbered row by row).
  for (int row = 1; row <= 7; ++row) {
    const int fox = lowest_bit(row_points_[static_cast<std::size_t>(row)]);
    std::vector<int> rows;
    for (int q = 0; q < board_.points(); ++q)
      if (q != fox) rows.push_back(board_.row(q));
    by_rows_.emplace_back(std::move(rows), max_geese_);
  }
  for (std::uint32_t c = 0; c < index_.classes(); ++c)
    class_row_.push_back(static_cast<std::uint8_t>(board_.row(lowest_bit(index_.class_set(c)))));
  const int heaviest = 7 * max_geese_;
  for (int geese = kFoxWinsAt + 1; geese <= max_geese_; ++geese) {
    layer_of_[static_cast<std::size_t>(geese)].assign(static_cast<std::size_t>(heaviest) + 1, -1);
    for (int sum = heaviest; sum >= 0; --sum) {  // the largest row sum first: a step down leads there
      std::vector<std::uint64_t> offsets{0};
      for (std::uint32_t c = 0; c < index_.classes(); ++c)
        offsets.push_back(offsets.back() + geese_of_class(c).count(geese, sum));
      if (offsets.back() == 0) continue;
      layer_of_[static_cast<std::size_t>(geese)][static_cast<std::size_t>(sum)] = static_cast<int>(layers_.size());
      layers_.push_back({geese, sum});
      offsets_.push_back(std::move(offsets));
    }
  }
}

int FoxAndGeese::row_sum(Bitboard geese) const {
  int sum = 0;
  for (std::size_t row = 1; row < row_points_.size(); ++row)
    sum += static_cast<int>(row) * popcount(geese & row_points_[row]);
  return sum;
}

int FoxAndGeese::layer_of(int geese, int sum) const {
  if (geese <= kFoxWinsAt || geese > max_geese_) return -1;
  const auto& by_sum = layer_of_[static_cast<std::size_t>(geese)];
  if (!by_row_sum_) return by_sum[0];
  return sum < 0 || sum >= static_cast<int>(by_sum.size()) ? -1 : by_sum[static_cast<std::size_t>(sum)];
}

std::string FoxAndGeese::layer_name(int layer) const {
  const Layer& l = layers_[static_cast<std::size_t>(layer)];
  return std::to_string(l.geese) + " geese" + (l.row_sum < 0 ? "" : ", row sum " + std::to_string(l.row_sum));
}

std::vector<int> FoxAndGeese::layers_read(int layer) const {
  const Layer& l = layers_[static_cast<std::size_t>(layer)];
  std::vector<int> read;
  if (!by_row_sum_) {
    for (int earlier = 0; earlier < layer; ++earlier) read.push_back(earlier);
    return read;
  }
  if (const int down = layer_of(l.geese, l.row_sum + 1); down >= 0) read.push_back(down);
  for (int geese = kFoxWinsAt + 1; geese < l.geese; ++geese) {
    const int captured = l.geese - geese;  // each from row 1 to 7
    for (int sum = l.row_sum - 7 * captured; sum <= l.row_sum - captured; ++sum)
      if (const int at = layer_of(geese, sum); at >= 0) read.push_back(at);
  }
  std::sort(read.begin(), read.end());
  return read;
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
  const std::uint64_t side = p.fox_to_move ? 0 : 1;
  if (!by_row_sum_) return {layer_of(geese, 0), index_.rank(bit(p.fox), p.geese) * 2 + side};
  const int layer = layer_of(geese, row_sum(p.geese));
  const auto rep = index_.representative(bit(p.fox), p.geese);
  const std::uint64_t rank = geese_of_class(rep.cls).rank(compress_bits(rep.b_set, index_.free_set(rep.cls)));
  return {layer, (offsets_[static_cast<std::size_t>(layer)][rep.cls] + rank) * 2 + side};
}

void FoxAndGeese::step_frames(const Position& p, StepFrames& frames) const {
  frames.count = 0;
  if (!by_row_sum_) return;
  const int geese = popcount(p.geese);
  const auto rep = index_.representative(bit(p.fox), p.geese);
  frames.cls = rep.cls;
  const int sum = row_sum(p.geese);
  frames.same = layer_of(geese, sum);
  frames.down = layer_of(geese, sum + 1);
  const int point = lowest_bit(index_.class_set(rep.cls));
  const Bitboard free = index_.free_set(rep.cls);
  for (const bool mirrored : {false, true}) {
    if (mirrored && mirror_.order() == 1) continue;  // not reduced: the identity alone
    if ((mirrored ? mirror_point_[static_cast<std::size_t>(p.fox)] : p.fox) != point) continue;
    const Bitboard image = mirrored ? mirror_[mirror_.order() - 1].apply(p.geese) : p.geese;
    const auto n = static_cast<std::size_t>(frames.count++);
    frames.mirrored[n] = mirrored;
    frames.image[n] = image;
    frames.moves[n].emplace(geese_of_class(rep.cls), compress_bits(image, free));
  }
}

LayerIndex FoxAndGeese::locate_step(const StepFrames& frames, int from, int to, bool stays) const {
  std::size_t n = 0;
  Bitboard least = ~Bitboard{0};
  for (std::size_t f = 0; f < static_cast<std::size_t>(frames.count); ++f) {
    const auto map = [&](int q) { return frames.mirrored[f] ? mirror_point_[static_cast<std::size_t>(q)] : q; };
    const Bitboard image = frames.image[f] ^ bit(map(from)) ^ bit(map(to));
    if (image < least) least = image, n = f;
  }
  const auto map = [&](int q) { return frames.mirrored[n] ? mirror_point_[static_cast<std::size_t>(q)] : q; };
  const Bitboard free = index_.free_set(frames.cls);
  const auto local = [&](int q) { return popcount(free & (bit(map(q)) - 1)); };
  const int layer = stays ? frames.same : frames.down;
  const std::uint64_t rank = frames.moves[n]->rank_moved(local(from), local(to));
  return {layer, (offsets_[static_cast<std::size_t>(layer)][frames.cls] + rank) * 2};
}

std::optional<FoxAndGeese::Position> FoxAndGeese::unrank(int layer, std::uint64_t index) const {
  const Layer& l = layers_[static_cast<std::size_t>(layer)];
  if (!by_row_sum_) {
    const auto placement = index_.unrank(index / 2, l.geese);
    if (!placement) return std::nullopt;
    return Position{lowest_bit(placement->first), placement->second, index % 2 == 0};
  }
  const auto& offsets = offsets_[static_cast<std::size_t>(layer)];
  const std::uint64_t i = index / 2;
  const auto cls =
      static_cast<std::uint32_t>(std::upper_bound(offsets.begin(), offsets.end(), i) - offsets.begin() - 1);
  const Bitboard geese =
      expand_bits(geese_of_class(cls).unrank(i - offsets[cls], l.geese, l.row_sum), index_.free_set(cls));
  if (!index_.is_representative(cls, geese)) return std::nullopt;
  return Position{lowest_bit(index_.class_set(cls)), geese, index % 2 == 0};
}

FoxAndGeese::Position FoxAndGeese::parse(const std::string& text) const {
  const auto space = text.rfind(' ');
  const std::string grid = space == std::string::npos ? text : text.substr(0, space);
  const std::string side = space == std::string::npos ? "" : text.substr(space + 1);
  if (side != "f" && side != "g")
    throw InputError("position '" + clipped(text) + "': end with ' f' (fox to move) or ' g' (geese)");
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
  if (popcount(p.geese) > kMaxGeese) throw InputError("position: at most 17 geese");
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
  // The fox's move, even one whose chain of jumps ends where it began.
  if (from.fox_to_move) {
    const int captures = popcount(from.geese) - popcount(to.geese);
    return board_.point_name(from.fox) + (captures ? "x" + std::to_string(captures) : "-") + board_.point_name(to.fox);
  }
  const Bitboard moved = from.geese ^ to.geese;
  return board_.point_name(lowest_bit(moved & from.geese)) + "-" + board_.point_name(lowest_bit(moved & to.geese));
}

}  // namespace gs::hunt
