#include "tools/peg/pagoda_learning.h"

#include <algorithm>
#include <bit>
#include <random>
#include <span>

#include "tools/peg/pagoda_search.h"

namespace gs::tools {

namespace {

// Of `found` (pagodas towards the puzzle's single finish), adds to `puzzle` the few (at most
// `pagodas`) that doom the most `samples` (canonical) not yet doomed, each with its images under
// the puzzle's symmetries. Returns what it added, images included.
std::vector<peg::Pagoda> add_covering_pagodas(peg::PegPuzzle& puzzle, std::vector<peg::Pagoda> found,
                                              std::span<const std::uint64_t> samples, int pagodas) {
  const int finish = lowest_bit(puzzle.finishes());
  std::vector<peg::Pagoda> added;
  // Greedy cover: keep the pagoda that dooms the most samples not yet doomed, a few times.
  std::vector<bool> doomed(samples.size());
  for (std::size_t i = 0; i < samples.size(); ++i) doomed[i] = puzzle.cannot_finish(samples[i]);
  const auto dooms = [&](const peg::Pagoda& p, std::uint64_t s) { return peg::weight_of(p, s) < p.weights[finish]; };
  for (int k = 0; k < pagodas && !found.empty(); ++k) {
    std::size_t best = 0, best_count = 0;
    for (std::size_t i = 0; i < found.size(); ++i) {
      std::size_t count = 0;
      for (std::size_t j = 0; j < samples.size(); ++j) count += !doomed[j] && dooms(found[i], samples[j]);
      if (count > best_count) best = i, best_count = count;
    }
    if (best_count == 0) break;
    for (std::size_t j = 0; j < samples.size(); ++j) doomed[j] = doomed[j] || dooms(found[best], samples[j]);
    // The samples are canonical forms: a pagoda that dooms one dooms its images through the
    // symmetric image of the pagoda, which is as much a pagoda towards the (fixed) finish.
    const SymmetryGroup& group = puzzle.symmetries();
    std::vector<std::vector<std::int32_t>> images;
    for (int g = 0; g < group.order(); ++g) {
      peg::Pagoda image = peg::image_of(found[best], group[g]);
      if (std::find(images.begin(), images.end(), image.weights) != images.end()) continue;
      images.push_back(image.weights);
      puzzle.add_pagoda(image);
      added.push_back(std::move(image));
    }
    found.erase(found.begin() + static_cast<std::ptrdiff_t>(best));
  }
  return added;
}

// Learns from `samples` (canonical positions): keeps the `keep` with the most pegs (a pagoda that
// dooms positions near the start prunes whole subtrees, one that dooms positions near the end
// prunes little), asks the linear program about the first `programs` of them that no bound dooms
// yet, and adds the few pagodas that doom the most kept samples (add_covering_pagodas).
std::vector<peg::Pagoda> learn_from_samples(peg::PegPuzzle& puzzle, std::vector<std::uint64_t> samples,
                                            std::size_t keep, int programs, int pagodas) {
  std::stable_sort(samples.begin(), samples.end(),
                   [](std::uint64_t a, std::uint64_t b) { return popcount(a) > popcount(b); });
  if (samples.size() > keep) samples.resize(keep);
  const int finish = lowest_bit(puzzle.finishes());
  std::vector<peg::Pagoda> found;
  int asked = 0;
  for (std::uint64_t s : samples) {
    if (asked == programs) break;
    if (puzzle.cannot_finish(s)) continue;  // already doomed by a bound: nothing to learn
    ++asked;
    if (auto p = pagoda_proof(puzzle.board(), s, finish)) found.push_back(std::move(*p));
  }
  return add_covering_pagodas(puzzle, std::move(found), samples, pagodas);
}

}  // namespace

PagodaLearningSearch::PagodaLearningSearch(peg::PegPuzzle puzzle, DfsOptions dfs, DeadTable* shared,
                                           LearningOptions learning)
    : puzzle_(std::move(puzzle)), dfs_(dfs), learning_(learning), table_(shared) {
  if (!shared) {
    own_bits_ = std::min(dfs_.table_bits, kProbeTableBits);
    own_ = std::make_unique<DeadTable>(own_bits_);
    table_ = own_.get();
  }
  if (popcount(puzzle_.finishes()) != 1) throw std::logic_error("pagoda learning needs a single finish");
}

std::uint64_t PagodaLearningSearch::nodes() const {
  std::lock_guard lock(current_mutex_);
  return past_nodes_.load() + (current_ ? current_->nodes() : 0);
}

LearningResult PagodaLearningSearch::solve(peg::Position start) {
  LearningResult result;
  while (!advance(start, result)) {
  }
  return result;
}

bool PagodaLearningSearch::advance(peg::Position start, LearningResult& result) {
  // With a table of its own, a first short run on a small table: most problems end within a few
  // thousand positions, and a table sized for the first round would cost them a page fault an
  // insertion (here a fault costs as much as dozens of positions). It runs on one thread:
  // starting worker threads costs more than such a search.
  if (own_ && !probed_) {
    probed_ = true;
    return run(start, kProbeNodes, result, /*serial=*/true);
  }
  const int round = round_++;
  const std::uint64_t budget = learning_.budget(round);
  if (own_) grow_own_table(budget);
  if (run(start, budget, result)) return true;
  learn(start ^ static_cast<std::uint64_t>(round), result);
  return false;
}

bool PagodaLearningSearch::run(peg::Position start, std::uint64_t budget, LearningResult& result, bool serial) {
  DfsOptions options = dfs_;
  options.max_nodes = budget;
  if (serial) options.threads = 1;
  DfsSolver<peg::PegPuzzle> solver(puzzle_, options, *table_);
  {
    std::lock_guard lock(current_mutex_);
    current_ = &solver;
  }
  const DfsResult<peg::PegPuzzle> r = solver.solve(start);
  {
    std::lock_guard lock(current_mutex_);
    current_ = nullptr;
    past_nodes_ += r.nodes;
  }
  result.search.nodes += r.nodes;
  if (!r.complete && !(dfs_.cancel && dfs_.cancel->load())) return false;
  result.search.solved = r.solved;
  result.search.complete = r.complete;
  result.search.path = r.path;
  return true;
}

// A table of its own grows with the budgets, to about 4 slots a node: big enough to remember
// what a round proves, small enough that a short search does not touch (and zero) memory it will
// not use. Big tables go on huge pages (see solvers/common/zeroed_array.h).
int PagodaLearningSearch::own_table_bits(std::uint64_t budget) const {
  return budget ? std::min(dfs_.table_bits, static_cast<int>(std::bit_width(4 * budget))) : dfs_.table_bits;
}

void PagodaLearningSearch::grow_own_table(std::uint64_t budget) {
  const int bits = own_table_bits(budget);
  if (bits <= own_bits_) return;
  auto bigger = std::make_unique<DeadTable>(bits, bits >= kHugeTableBits ? Pages::huge : Pages::normal);
  own_->copy_into(*bigger);
  own_ = std::move(bigger);
  own_bits_ = bits;
  table_ = own_.get();
}

void PagodaLearningSearch::learn(std::uint64_t seed, LearningResult& result) {
  // Drawn four times as many as kept: the kept ones are those with the most pegs.
  result.pagodas += static_cast<int>(
      learn_from_samples(puzzle_, table_->sample(4 * static_cast<std::size_t>(learning_.samples), seed),
                         static_cast<std::size_t>(learning_.samples), learning_.programs, learning_.pagodas)
          .size());
}

std::vector<peg::Pagoda> learn_from_playouts(peg::PegPuzzle& puzzle, peg::Position start, int depth,
                                             PlayoutLearning options) {
  const peg::Board& board = puzzle.board();
  std::mt19937_64 random(options.seed);
  std::vector<peg::Pagoda> added;
  std::vector<const peg::Jump*> jumps;
  for (int round = 0; round < options.rounds; ++round) {
    // Positions the puzzle's bounds do not doom, at depths 1 to `depth`, by random legal jumps.
    std::vector<std::uint64_t> samples;
    for (int tries = 0; samples.size() < static_cast<std::size_t>(options.samples) && tries < 100 * options.samples;
         ++tries) {
      const int length = 1 + static_cast<int>(random() % static_cast<std::uint64_t>(std::max(depth, 1)));
      peg::Position s = start;
      bool alive = true;
      for (int d = 0; d < length && alive; ++d) {
        jumps.clear();
        board.for_each_jump(s, [&](const peg::Jump& j) { jumps.push_back(&j); });
        if (jumps.empty()) break;
        s ^= jumps[random() % jumps.size()]->all;
        alive = !puzzle.cannot_finish(s);
      }
      if (alive) samples.push_back(puzzle.canonical(s));
    }
    const std::size_t kept = samples.size();
    std::vector<peg::Pagoda> now =
        learn_from_samples(puzzle, std::move(samples), kept, options.programs, options.pagodas);
    if (now.empty()) break;
    for (peg::Pagoda& p : now) added.push_back(std::move(p));
  }
  return added;
}

}  // namespace gs::tools
