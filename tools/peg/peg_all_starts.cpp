// gamesolver peg --all-starts: for every single-vacancy start and single-survivor finish, a
// solution or the proof that there is none. Each pair is decided by the cheapest means that
// works, in this order: position classes (the finish is not in the start's class), a pagoda
// function found by linear programming (tools/peg/pagoda_search.h), beam searches that find most
// solutions in seconds (tools/peg/peg_beam.h), a depth-first search that either finds a solution
// or exhausts the positions (dead-position tables shared by the searches towards one finish,
// pruned by every pagoda found for that finish); and, for what the searches leave open, the
// meeting of both halves (tools/peg/peg_meet.h).
#include <bit>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <map>
#include <optional>

#include <tbb/parallel_for.h>

#include "engine/core/errors.h"
#include "engine/peg/notation.h"
#include "engine/peg/pagoda.h"
#include "engine/peg/puzzle.h"
#include "solvers/common/deadline.h"
#include "solvers/common/progress.h"
#include "solvers/dfs/dfs_solver.h"
#include "solvers/io/checked_text_file.h"
#include "solvers/layered/layered_search.h"
#include "tools/draw/peg_drawing.h"
#include "tools/peg/pagoda_learning.h"
#include "tools/peg/pagoda_search.h"
#include "tools/peg/peg_beam.h"
#include "tools/peg/peg_jobs.h"
#include "tools/peg/peg_meet.h"
#include "tools/peg/peg_report.h"
#include "tools/peg/peg_solution_file.h"

namespace gs::tools {

namespace {

// reverse: decided by the reverse problem (next pair), whose answer is the same.
enum class Proof { none, pagoda, search, meeting, reverse };

// One (start, finish) pair per orbit of the board's symmetries, turned so that the finish is
// the smallest hole of its orbit: the searches towards one finish then share a dead table.
struct Pair {
  int start, finish;  // as searched
  Proof proof = Proof::none;
  bool solvable = false;
  peg::Pagoda pagoda;                                          // proof == pagoda
  std::vector<peg::Jump> solution;                             // solvable
  std::uint64_t nodes = 0;                                     // proof == search or meeting (or reverse, the reverse's)
  std::vector<std::uint64_t> forward_layers, backward_layers;  // proof == meeting: the halves' sizes
  std::uint64_t tried = 0;       // proof != search: positions its search expanded before it was cancelled
  std::uint64_t beam_nodes = 0;  // positions its beam searches expanded
  bool by_beam = false;          // solvable, found by a beam search
  // The reverse problem (start at this finish, finish at this start) is pairs[reverse] turned by
  // symmetry reverse_symmetry: that maps this pair's finish to its start and this start to its finish.
  std::size_t reverse = 0;
  int reverse_symmetry = 0;
};

std::vector<Pair> representative_pairs(const peg::Board& board) {
  const SymmetryGroup& group = board.symmetries();
  const peg::PositionClasses classes(board);
  std::vector<Pair> pairs;
  // Symmetries keep position classes, so each orbit's least image (by finish, then start) is
  // itself among the class-feasible pairs: keep just those.
  for (int s = 0; s < board.holes(); ++s)
    for_each_bit(classes.feasible_finishes(board.all_holes() & ~bit(s)), [&](int f) {
      for (int g = 1; g < group.order(); ++g)
        if (std::pair{group[g](f), group[g](s)} < std::pair{f, s}) return;
      pairs.push_back({.start = s, .finish = f});
    });
  return pairs;
}

// The reverse of (s, f) is (f, s): a solution of one, played backwards on the complements of its
// positions, is a solution of the other (a jump a over b into c takes the complement of the
// position after it to the complement of the position before it), so the two share their answer.
void link_reverse_pairs(const peg::Board& board, std::vector<Pair>& pairs) {
  const SymmetryGroup& group = board.symmetries();
  std::map<std::pair<int, int>, std::size_t> index;
  for (std::size_t i = 0; i < pairs.size(); ++i) index[{pairs[i].start, pairs[i].finish}] = i;
  for (Pair& p : pairs)
    for (int g = 0; g < group.order(); ++g)
      if (auto it = index.find({group[g](p.finish), group[g](p.start)}); it != index.end()) {
        p.reverse = it->second;
        p.reverse_symmetry = g;
        break;
      }
}

// The jump of `board` that symmetry g makes of j.
peg::Jump image_of(const peg::Board& board, const BitPermutation& g, const peg::Jump& j) {
  for (const peg::Jump& k : board.jumps())
    if (k.from == g(j.from) && k.over == g(j.over)) return k;
  throw std::logic_error("a symmetry maps a jump off the board");
}

// Rounds of growing budgets (100,000 positions, then 4 times more each round) with no last
// unbounded round in practice: 24 rounds reach 7e18 positions.
constexpr LearningOptions kAllStartsLearning{.rounds = 24};

// A meeting stops before its halves would pass this many canonical positions (its pair is then
// undecided): the largest meetings the tables need, the diamond's, take 0.5 G.
constexpr std::uint64_t kAllStartsMeetingPositions = 2'000'000'000;

// Table size when --table-bits is not given: 2^(holes - 8) slots, for the bigger search spaces
// of bigger boards (a table larger than the search touches a page of memory an insertion), at
// most an eighth of the memory and 2^30 slots (8 GiB).
int default_table_bits(const peg::Board& board) {
  const double bytes = cli::physical_memory_bytes() / 8.0;
  int bits = 20;
  while (bits < std::min(30, board.holes() - 8) && 8.0 * std::ldexp(1.0, bits + 1) <= bytes) ++bits;
  return bits;
}

// One --all-starts run: the pairs up to symmetry, the flags a pair shares with its reverse, and
// the stages that decide the pairs in turn (each leaves open what it cannot decide).
class AllStarts {
 public:
  AllStarts(const peg::Board& board, const PegJobOptions& options)
      : board_(board),
        options_(options),
        group_(board.symmetries()),
        pairs_(representative_pairs(board)),
        cancel_(pairs_.size()),
        claimed_(pairs_.size()),
        deadline_(options.time_limit, [this] {
          for (auto& c : cancel_) c = true;
        }) {
    link_reverse_pairs(board, pairs_);
    stage_total_ = pairs_.size();
    reporter_.emplace(options.global.progress(), [this] {
      static constexpr const char* kStages[] = {"pagoda proofs", "beam searches", "searches"};
      return std::string(kStages[stage_.load()]) + ": " + std::to_string(done_.load()) + " of " +
             std::to_string(stage_total_.load()) + " start/finish pairs decided" +
             (stage_.load() == 2 ? ", round " + std::to_string(round_.load()) : "");
    });
  }

  // 1. Pagoda proofs: a small linear program a pair. A pair whose reverse has one is unsolvable
  // too; the rest are searched.
  void pagoda_proofs() {
    tbb::parallel_for(std::size_t{0}, pairs_.size(), std::size_t{1}, [&](std::size_t i) {
      Pair& p = pairs_[i];
      if (auto pagoda = pagoda_proof(board_, board_.all_holes() & ~bit(p.start), p.finish)) {
        p.proof = Proof::pagoda;
        p.pagoda = std::move(*pagoda);
      }
      ++done_;
    });
    for (std::size_t i = 0; i < pairs_.size(); ++i) {
      Pair& p = pairs_[i];
      if (p.proof != Proof::none) continue;
      if (pairs_[p.reverse].proof == Proof::pagoda)
        p.proof = Proof::reverse;
      else
        searched_.push_back(i);
    }
  }

  // The puzzle towards each finish that a search needs, pruned by every pagoda proved towards
  // it, and its endgames.
  void prepare_searches() {
    const cli::Stopwatch clock;
    for (std::size_t i : searched_) {
      const int f = pairs_[i].finish;
      if (puzzles_.contains(f)) continue;
      peg::PegPuzzle puzzle(board_, bit(f), group_.stabiliser({bit(f)}));
      for (const Pair& p : pairs_)
        if (p.finish == f && p.proof == Proof::pagoda) puzzle.add_pagoda(p.pagoda);
      endgames_[f] = peg_endgames(puzzle);
      for (const LayerSet& l : endgames_[f]) endgame_positions_ += l.size();
      puzzles_.emplace(f, std::move(puzzle));
    }
    endgame_seconds_ = clock.seconds();
  }

  // 2. Beam searches, a pair and its reverse racing: they find in seconds most solutions, some
  // that the searches would take billions of positions to reach (and on the smaller boards they
  // are faster than the searches' first rounds). A beam that finds nothing proves nothing; the
  // searches take the pair on.
  void beam_searches() {
    stage_ = 1;
    done_ = 0;
    stage_total_ = searched_.size();
    tbb::parallel_for(std::size_t{0}, searched_.size(), std::size_t{1}, [&](std::size_t k) {
      const std::size_t i = searched_[k], shared = std::min(i, pairs_[i].reverse);
      if (cancel_[shared]) return;
      const PegBeamResult beam = peg_beam(puzzles_.at(pairs_[i].finish), board_.all_holes() & ~bit(pairs_[i].start),
                                          {.max_width = options_.beam_width,
                                           .goal_layers = &endgames_.at(pairs_[i].finish),
                                           .cancel = &cancel_[shared]});
      pairs_[i].beam_nodes = beam.nodes;
      if (!beam.solved || claimed_[shared].exchange(true)) return;
      cancel_[shared] = true;
      pairs_[i].by_beam = true;
      decide(i, Proof::search, true, beam.solution, 0);
    });
  }

  // 3. Searches for the rest, towards each finish pruned by every pagoda proved towards it.
  // Pairs run in parallel, each search serial: many small searches keep every core busy. They
  // advance in rounds of growing budgets, all open pairs a round, so that a few long searches
  // cannot keep the short ones from starting (what a --time-limit decides is then what is easy).
  void searches() {
    stage_ = 2;
    std::vector<std::size_t> open = searched_;
    std::erase_if(open, [&](std::size_t i) { return !still_open(i); });
    std::map<int, std::unique_ptr<DeadTable>> tables;
    for (std::size_t i : open) tables[pairs_[i].finish];
    table_bits_ = options_.table_bits > 0 ? options_.table_bits : default_table_bits(board_);
    const int bits =
        std::max(16, table_bits_ - static_cast<int>(std::bit_width(std::max<std::size_t>(tables.size(), 1) - 1)));
    for (auto& [f, table] : tables) table = std::make_unique<DeadTable>(bits, Pages::huge);
    std::vector<std::unique_ptr<PagodaLearningSearch>> searches(pairs_.size());
    std::vector<LearningResult> results(pairs_.size());
    for (std::size_t i : open)
      searches[i] =
          std::make_unique<PagodaLearningSearch>(puzzles_.at(pairs_[i].finish),
                                                 DfsOptions{.threads = 1,
                                                            .split_depth = 0,
                                                            .table_bits = bits,
                                                            .goal_layers = &endgames_.at(pairs_[i].finish),
                                                            .cancel = &cancel_[std::min(i, pairs_[i].reverse)]},
                                                 tables.at(pairs_[i].finish).get(), kAllStartsLearning);
    const peg::Position full = board_.all_holes();
    for (; !open.empty(); ++round_) {
      const std::uint64_t budget = kAllStartsLearning.budget(round_);  // 0: none
      // Without a time limit the searches stop at their budget, and the meetings decide the rest.
      if (options_.time_limit <= 0 && (budget == 0 || budget > options_.search_positions)) break;
      tbb::parallel_for(std::size_t{0}, open.size(), std::size_t{1}, [&](std::size_t k) {
        const std::size_t i = open[k], shared = std::min(i, pairs_[i].reverse);
        if (cancel_[shared]) return;  // answered by the reverse, or out of time
        if (!searches[i]->advance(full & ~bit(pairs_[i].start), results[i])) return;  // next round
        if (!results[i].search.complete) return;                                      // cancelled
        if (claimed_[shared].exchange(true)) return;                                  // the reverse answered first
        cancel_[shared] = true;
        decide(i, Proof::search, results[i].search.solved, copy_jumps(results[i].search.path), results[i].search.nodes);
      });
      std::erase_if(open, [&](std::size_t i) { return !still_open(i); });
    }
    for (std::size_t i : searched_)
      if (searches[i] && pairs_[i].proof != Proof::search)
        pairs_[i].tried = results[i].search.nodes;  // cancelled: its work still counts
    reporter_.reset();                              // the meetings report their own progress
  }

  // 4. The meeting of both halves for each pair left open (once for a pair and its reverse), one
  // after another: each uses every core.
  void meetings() {
    meet_ = options_.meet_open || options_.time_limit <= 0;
    meeting_positions_ = options_.meeting_positions.value_or(kAllStartsMeetingPositions);
    if (!meet_) return;
    if (options_.global.progress()) {
      // Which pairs the meetings take, before the first of them starts (each may take long).
      std::string names;
      for (std::size_t i : searched_)
        if (pairs_[i].proof == Proof::none && pairs_[i].reverse >= i)
          names += " " + peg::hole_name(board_, pairs_[i].start) + "-" + peg::hole_name(board_, pairs_[i].finish);
      if (!names.empty())
        std::cerr << "[" << board_.name() << "] the meetings decide the pairs left open:" << names << "\n";
    }
    for (std::size_t i : searched_) {
      Pair& p = pairs_[i];
      if (p.proof != Proof::none) continue;  // decided, or the reverse of a pair a meeting decided
      const std::string start = peg::hole_name(board_, p.start), finish = peg::hole_name(board_, p.finish);
      PegJobOptions o = options_;
      if (!options_.dir.empty()) o.dir = options_.dir + "/" + board_.name() + "-" + start + "-" + finish;
      o.meeting_positions = meeting_positions_;
      const MeetAnswer a = meet_pair(make_peg_request(board_, board_.all_holes() & ~bit(p.start), finish), o);
      p.forward_layers = a.halves.forward_sizes, p.backward_layers = a.halves.backward_sizes;
      if (a.halves.stopped) {  // undecided, with the work it took
        p.tried += a.positions();
        ++stopped_meetings_;
        continue;
      }
      decide(i, Proof::meeting, a.halves.solvable, a.jumps, a.positions());
      ++meetings_;
    }
  }

  Report report() const;

 private:
  // The answers of every (start, finish) pair, each pair's representative spread over its orbit.
  struct Answer {
    const Pair* pair = nullptr;
    int symmetry = 0;  // maps the searched pair onto this one
  };
  struct Tally {
    int solvable_starts = 0, solvable_pairs = 0, by_pagoda = 0, by_search = 0, by_meeting = 0, by_class = 0,
        written = 0, undecided = 0;
  };
  struct Work {
    std::uint64_t nodes = 0;  // positions expanded
    int by_reverse = 0, by_beam = 0;
    double seconds = 0;
  };

  // Pair i decided (its solution when solvable, `nodes` the work that decided it), and so its reverse.
  void decide(std::size_t i, Proof proof, bool solvable, std::vector<peg::Jump> solution, std::uint64_t nodes) {
    Pair& won = pairs_[i];
    won.proof = proof;
    won.solvable = solvable;
    won.solution = std::move(solution);
    won.nodes = nodes;
    done_ += 1;
    if (won.reverse == i) return;
    Pair& other = pairs_[won.reverse];
    other.proof = Proof::reverse;
    other.solvable = won.solvable;
    other.nodes = won.nodes;
    const BitPermutation& g = group_[won.reverse_symmetry];
    for (auto j = won.solution.rbegin(); j != won.solution.rend(); ++j)
      other.solution.push_back(image_of(board_, g, *j));
    done_ += 1;
  }
  bool still_open(std::size_t i) const { return !cancel_[std::min(i, pairs_[i].reverse)].load(); }

  nlohmann::json start_entry(int s, const std::vector<std::vector<Answer>>& answers, Tally& tally) const;
  void write_solution(int s, int f, const Answer& a) const;
  std::string summary(const Tally& t, const Work& w) const;

  const peg::Board& board_;
  const PegJobOptions& options_;
  const SymmetryGroup& group_;
  const cli::Stopwatch clock_;
  std::vector<Pair> pairs_;
  std::vector<std::size_t> searched_;  // the pairs the searches take, in order
  // A pair and its reverse share one cancel flag (set by the first to answer, or by the time
  // limit) and one claim (taken by the first complete answer, kept even past the limit): both
  // by the lower index of the two.
  std::vector<std::atomic<bool>> cancel_, claimed_;
  Deadline deadline_;
  std::atomic<std::size_t> done_{0}, stage_total_{0};
  std::atomic<int> stage_{0}, round_{0};
  std::optional<ProgressReporter> reporter_;
  std::map<int, peg::PegPuzzle> puzzles_;
  std::map<int, std::vector<LayerSet>> endgames_;
  std::size_t endgame_positions_ = 0;
  double endgame_seconds_ = 0;
  int table_bits_ = 0;
  bool meet_ = false;
  std::uint64_t meeting_positions_ = 0;
  int meetings_ = 0, stopped_meetings_ = 0;
};

// The solution of (s, f), the pair's turned onto it, written and verified.
void AllStarts::write_solution(int s, int f, const Answer& a) const {
  std::vector<peg::Jump> jumps;
  for (const peg::Jump& j : a.pair->solution) jumps.push_back(image_of(board_, group_[a.symmetry], j));
  const PegRequest request = make_peg_request(board_, board_.all_holes() & ~bit(s), peg::hole_name(board_, f));
  const std::string path = options_.output + "/" + board_.name() + "-" + peg::hole_name(board_, s) + "-" +
                           peg::hole_name(board_, f) + ".txt";
  write_checked_text(path, format_peg_solution(request, jumps));
  const PegVerification v = verify_peg_solution(path);
  if (!v.valid) throw std::logic_error(path + ": the written solution does not verify: " + v.reason);
}

// Start s's row of the table: its solvable finishes, its unsolvable ones with their proofs, and
// those left undecided.
nlohmann::json AllStarts::start_entry(int s, const std::vector<std::vector<Answer>>& answers, Tally& tally) const {
  nlohmann::json finishes = nlohmann::json::array(), proofs = nlohmann::json::array(), open = nlohmann::json::array();
  for (int f = 0; f < board_.holes(); ++f) {
    const Answer& a = answers[s][f];
    if (!a.pair) {
      ++tally.by_class;
      continue;
    }
    const BitPermutation& g = group_[a.symmetry];
    // The reverse problem of (s, f), for the proofs that were found on it.
    const std::string of_reverse =
        " of the reverse problem (start " + peg::hole_name(board_, f) + ", finish " + peg::hole_name(board_, s) + ")";
    if (a.pair->proof == Proof::none) {  // stopped by --time-limit, or its meeting by --meeting-positions
      const Pair& reverse = pairs_[a.pair->reverse];
      const auto work = [](const Pair& p) { return p.tried + p.beam_nodes; };
      const std::uint64_t tried = work(*a.pair) + (&reverse == a.pair ? 0 : work(reverse));
      open.push_back({{"finish", peg::hole_name(board_, f)}, {"positions_searched", tried}});
      ++tally.undecided;
    } else if (a.pair->solvable) {
      finishes.push_back(peg::hole_name(board_, f));
      ++tally.solvable_pairs;
      if (options_.output.empty()) continue;
      write_solution(s, f, a);
      ++tally.written;
    } else if (a.pair->proof == Proof::pagoda) {
      proofs.push_back({{"finish", peg::hole_name(board_, f)},
                        {"proof", "pagoda"},
                        {"pagoda", peg::pagoda_text(board_, peg::image_of(a.pair->pagoda, g))}});
      ++tally.by_pagoda;
    } else if (a.pair->proof == Proof::reverse && pairs_[a.pair->reverse].proof == Proof::pagoda) {
      // The reverse problem (start f, finish s) weighs less than its finish: its pagoda, turned
      // from the reverse's representative onto (f, s).
      const BitPermutation& back = group_[group_.inverse_of(a.pair->reverse_symmetry)];
      const peg::Pagoda image = peg::image_of(peg::image_of(pairs_[a.pair->reverse].pagoda, back), g);
      proofs.push_back({{"finish", peg::hole_name(board_, f)},
                        {"proof", "pagoda" + of_reverse},
                        {"pagoda", peg::pagoda_text(board_, image)}});
      ++tally.by_pagoda;
    } else if (const Pair& met = a.pair->proof == Proof::reverse ? pairs_[a.pair->reverse] : *a.pair;
               met.proof == Proof::meeting) {
      proofs.push_back({{"finish", peg::hole_name(board_, f)},
                        {"proof", "meeting of both halves" + (&met == a.pair ? std::string() : of_reverse)},
                        {"forward_layers", met.forward_layers},
                        {"backward_layers", met.backward_layers}});
      ++tally.by_meeting;
    } else {
      proofs.push_back({{"finish", peg::hole_name(board_, f)},
                        {"proof", "exhaustive search" + (a.pair->proof == Proof::reverse ? of_reverse : std::string())},
                        {"positions", a.pair->nodes}});
      ++tally.by_search;
    }
  }
  tally.solvable_starts += !finishes.empty();
  return {{"start", peg::hole_name(board_, s)}, {"finishes", finishes}, {"unsolvable", proofs}, {"undecided", open}};
}

// The closing lines of the report: the tally, what is undecided and why, the work.
std::string AllStarts::summary(const Tally& t, const Work& w) const {
  std::ostringstream text;
  text << t.solvable_starts << " of " << board_.holes() << " start holes can finish with one peg; " << t.solvable_pairs
       << " solvable start/finish pairs"
       << (t.written ? " (" + std::to_string(t.written) + " solution files written and verified)" : "")
       << ".\nUnsolvable pairs: " << t.by_class << " by position class, " << t.by_pagoda << " by a pagoda function, "
       << t.by_search << " by exhaustive search"
       << (meet_ ? ", " + std::to_string(t.by_meeting) + " by the meeting of both halves" : "") << " (" << w.by_reverse
       << " pairs up to symmetry decided by their reverse problem).\n";
  if (t.undecided && stopped_meetings_)
    text << "Undecided: " << t.undecided << " pairs (" << stopped_meetings_
         << " up to symmetry, with their reverses), their meetings stopped before their halves would pass "
         << meeting_positions_ << " canonical positions (--meeting-positions; the table above is incomplete).\n";
  else if (t.undecided)
    text << "Undecided: " << t.undecided << " pairs, their searches stopped by --time-limit " << options_.time_limit
         << " s (the table above is incomplete; --meet-open decides them).\n";
  text << pairs_.size() << " pairs up to symmetry ("
       << (w.by_beam ? std::to_string(w.by_beam) + " solved by beam searches, " : "")
       << (meetings_ ? std::to_string(meetings_) + " decided by meetings, with their reverses, " : "")
       << "the rest by the tests and searches above), " << w.nodes << " positions expanded, " << w.seconds << " s with "
       << options_.threads << " thread(s), peak memory " << static_cast<int>(cli::peak_memory_mib()) << " MiB\n";
  return text.str();
}

Report AllStarts::report() const {
  std::vector<std::vector<Answer>> answers(board_.holes(), std::vector<Answer>(board_.holes()));
  for (const Pair& p : pairs_)
    for (int g = 0; g < group_.order(); ++g) answers[group_[g](p.start)][group_[g](p.finish)] = {&p, g};
  std::uint64_t nodes = 0;
  int by_reverse = 0, by_beam = 0;
  for (const Pair& p : pairs_) {
    if (p.proof != Proof::reverse) nodes += p.nodes;
    nodes += p.tried + p.beam_nodes;
    by_reverse += p.proof == Proof::reverse;
    by_beam += p.by_beam;
  }
  Tally t;
  nlohmann::json list = nlohmann::json::array();
  std::ostringstream text;
  text << "Board:  " << board_summary(board_) << "\n\nstart  finishes (holes where the last peg can be)\n";
  for (int s = 0; s < board_.holes(); ++s) {
    const nlohmann::json entry = start_entry(s, answers, t);
    text << std::left << std::setw(7) << peg::hole_name(board_, s) << std::right;
    if (entry["finishes"].empty()) text << "(none)";
    for (const auto& f : entry["finishes"]) text << f.get<std::string>() << ' ';
    if (!entry["undecided"].empty()) {
      text << " undecided:";
      for (const auto& f : entry["undecided"]) text << ' ' << f["finish"].get<std::string>();
    }
    text << "\n";
    list.push_back(entry);
  }
  // The picture: each start hole with the number of holes its last peg can finish on.
  draw::Diagram picture = draw::peg_diagram(board_, 0);
  picture.caption = board_.name() + ": finish holes from each start";
  for (int s = 0; s < board_.holes(); ++s) {
    const std::size_t count = list[static_cast<std::size_t>(s)]["finishes"].size();
    picture.labels.push_back({.point = s, .text = std::to_string(count), .kind = count ? "win" : "loss"});
  }
  const double seconds = clock_.seconds();
  text << "\n" << summary(t, {.nodes = nodes, .by_reverse = by_reverse, .by_beam = by_beam, .seconds = seconds});
  return Report{nlohmann::json{{"board", board_.name()},
                               {"pairs", list},
                               {"solvable_starts", t.solvable_starts},
                               {"solvable_pairs", t.solvable_pairs},
                               {"unsolvable_by_class", t.by_class},
                               {"unsolvable_by_pagoda", t.by_pagoda},
                               {"unsolvable_by_search", t.by_search},
                               {"unsolvable_by_meeting", t.by_meeting},
                               {"meetings", meetings_},
                               {"stopped_meetings", stopped_meetings_},
                               {"meeting_positions", meet_ ? nlohmann::json(meeting_positions_) : nlohmann::json()},
                               {"found_by_beam", by_beam},
                               {"beam_width", options_.beam_width},
                               {"solution_files", t.written},
                               {"complete", t.undecided == 0},
                               {"undecided_pairs", t.undecided},
                               {"time_limit", options_.time_limit},
                               {"search_positions",
                                options_.time_limit > 0 ? nlohmann::json() : nlohmann::json(options_.search_positions)},
                               {"searches", pairs_.size()},
                               {"decided_by_reverse", by_reverse},
                               {"nodes", nodes},
                               {"seconds", seconds},
                               {"threads", options_.threads},
                               {"table_bits", table_bits_},
                               {"endgame_positions", endgame_positions_},
                               {"endgame_seconds", endgame_seconds_},
                               {"peak_memory_mib", cli::peak_memory_mib()}},
                text.str(), draw::diagram_svg(picture)};
}

}  // namespace

Report peg_all_starts(const peg::Board& board, const PegJobOptions& options) {
  if (!options.output.empty()) std::filesystem::create_directories(options.output);  // fails before the work
  AllStarts run(board, options);
  run.pagoda_proofs();
  run.prepare_searches();
  run.beam_searches();
  run.searches();
  run.meetings();
  return run.report();
}

}  // namespace gs::tools
