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

}  // namespace

Report peg_all_starts(const peg::Board& board, const PegJobOptions& options) {
  std::ostringstream text;
  const cli::Stopwatch clock;
  if (!options.output.empty()) std::filesystem::create_directories(options.output);  // fails before the work
  const SymmetryGroup& group = board.symmetries();
  std::vector<Pair> pairs = representative_pairs(board);
  link_reverse_pairs(board, pairs);

  // A pair and its reverse share one cancel flag (set by the first to answer, or by the time
  // limit) and one claim (taken by the first complete answer, kept even past the limit).
  std::vector<std::atomic<bool>> cancel(pairs.size()), claimed(pairs.size());  // by the lower index of the two
  const Deadline deadline(options.time_limit, [&] {
    for (auto& c : cancel) c = true;
  });
  std::atomic<std::size_t> done{0}, stage_total{pairs.size()};
  std::atomic<int> stage{0};
  std::atomic<int> round{0};
  std::optional<ProgressReporter> reporter;  // the meetings report their own progress
  reporter.emplace(options.global.progress(), [&] {
    static constexpr const char* kStages[] = {"pagoda proofs", "beam searches", "searches"};
    return std::string(kStages[stage.load()]) + ": " + std::to_string(done.load()) + " of " +
           std::to_string(stage_total.load()) + " start/finish pairs decided" +
           (stage.load() == 2 ? ", round " + std::to_string(round.load()) : "");
  });
  // 1. Pagoda proofs: a small linear program a pair.
  tbb::parallel_for(std::size_t{0}, pairs.size(), std::size_t{1}, [&](std::size_t i) {
    Pair& p = pairs[i];
    if (auto pagoda = pagoda_proof(board, board.all_holes() & ~bit(p.start), p.finish)) {
      p.proof = Proof::pagoda;
      p.pagoda = std::move(*pagoda);
    }
    ++done;
  });
  // A pair whose reverse has a pagoda proof is unsolvable too; the rest are searched, each pair
  // racing its reverse: the first to answer decides both and cancels the other.
  std::vector<std::size_t> searched;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    Pair& p = pairs[i];
    if (p.proof != Proof::none) continue;
    if (pairs[p.reverse].proof == Proof::pagoda)
      p.proof = Proof::reverse;
    else
      searched.push_back(i);
  }
  // The puzzle towards each finish, pruned by every pagoda proved towards it, and its endgames.
  std::map<int, peg::PegPuzzle> puzzles;
  std::map<int, std::vector<LayerSet>> endgames;
  const cli::Stopwatch endgame_clock;
  std::size_t endgame_positions = 0;
  for (std::size_t i : searched) {
    const int f = pairs[i].finish;
    if (puzzles.contains(f)) continue;
    peg::PegPuzzle puzzle(board, bit(f), group.stabiliser({bit(f)}));
    for (const Pair& p : pairs)
      if (p.finish == f && p.proof == Proof::pagoda) puzzle.add_pagoda(p.pagoda);
    endgames[f] = peg_endgames(puzzle);
    for (const LayerSet& l : endgames[f]) endgame_positions += l.size();
    puzzles.emplace(f, std::move(puzzle));
  }
  const double endgame_seconds = endgame_clock.seconds();
  // Pair i decided (its solution when solvable, `nodes` the work that decided it), and so its reverse.
  const auto decide = [&](std::size_t i, Proof proof, bool solvable, std::vector<peg::Jump> solution,
                          std::uint64_t nodes) {
    Pair& won = pairs[i];
    won.proof = proof;
    won.solvable = solvable;
    won.solution = std::move(solution);
    won.nodes = nodes;
    done += 1;
    if (won.reverse == i) return;
    Pair& other = pairs[won.reverse];
    other.proof = Proof::reverse;
    other.solvable = won.solvable;
    other.nodes = won.nodes;
    const BitPermutation& g = group[won.reverse_symmetry];
    for (auto j = won.solution.rbegin(); j != won.solution.rend(); ++j)
      other.solution.push_back(image_of(board, g, *j));
    done += 1;
  };
  const peg::Position full = board.all_holes();
  const auto still_open = [&](std::size_t i) { return !cancel[std::min(i, pairs[i].reverse)].load(); };

  // 2. Beam searches, a pair and its reverse racing: they find in seconds most solutions, some
  // that the searches would take billions of positions to reach (and on the smaller boards they
  // are faster than the searches' first rounds). A beam that finds nothing proves nothing; the
  // searches take the pair on.
  stage = 1;
  done = 0;
  stage_total = searched.size();
  tbb::parallel_for(std::size_t{0}, searched.size(), std::size_t{1}, [&](std::size_t k) {
    const std::size_t i = searched[k], shared = std::min(i, pairs[i].reverse);
    if (cancel[shared]) return;
    const PegBeamResult beam = peg_beam(
        puzzles.at(pairs[i].finish), full & ~bit(pairs[i].start),
        {.max_width = options.beam_width, .goal_layers = &endgames.at(pairs[i].finish), .cancel = &cancel[shared]});
    pairs[i].beam_nodes = beam.nodes;
    if (!beam.solved || claimed[shared].exchange(true)) return;
    cancel[shared] = true;
    pairs[i].by_beam = true;
    decide(i, Proof::search, true, beam.solution, 0);
  });
  std::vector<std::size_t> open = searched;
  std::erase_if(open, [&](std::size_t i) { return !still_open(i); });

  // 3. Searches for the rest, towards each finish pruned by every pagoda proved towards it.
  stage = 2;
  std::map<int, std::unique_ptr<DeadTable>> tables;
  for (std::size_t i : open) tables[pairs[i].finish];
  const int table_bits = options.table_bits > 0 ? options.table_bits : default_table_bits(board);
  const int bits =
      std::max(16, table_bits - static_cast<int>(std::bit_width(std::max<std::size_t>(tables.size(), 1) - 1)));
  for (auto& [f, table] : tables) table = std::make_unique<DeadTable>(bits, Pages::huge);
  // Pairs run in parallel, each search serial: many small searches keep every core busy. They
  // advance in rounds of growing budgets, all open pairs a round, so that a few long searches
  // cannot keep the short ones from starting (what a --time-limit decides is then what is easy).
  std::vector<std::unique_ptr<PagodaLearningSearch>> searches(pairs.size());
  std::vector<LearningResult> results(pairs.size());
  for (std::size_t i : open)
    searches[i] = std::make_unique<PagodaLearningSearch>(puzzles.at(pairs[i].finish),
                                                         DfsOptions{.threads = 1,
                                                                    .split_depth = 0,
                                                                    .table_bits = bits,
                                                                    .goal_layers = &endgames.at(pairs[i].finish),
                                                                    .cancel = &cancel[std::min(i, pairs[i].reverse)]},
                                                         tables.at(pairs[i].finish).get(), kAllStartsLearning);
  // Without a time limit the searches stop at their budget, and the meetings decide the rest.
  const bool meet = options.meet_open || options.time_limit <= 0;
  for (; !open.empty(); ++round) {
    const std::uint64_t budget = kAllStartsLearning.budget(round);  // 0: none
    if (options.time_limit <= 0 && (budget == 0 || budget > options.search_positions)) break;
    tbb::parallel_for(std::size_t{0}, open.size(), std::size_t{1}, [&](std::size_t k) {
      const std::size_t i = open[k], shared = std::min(i, pairs[i].reverse);
      if (cancel[shared]) return;  // answered by the reverse, or out of time
      if (!searches[i]->advance(full & ~bit(pairs[i].start), results[i])) return;  // next round
      if (!results[i].search.complete) return;                                     // cancelled
      if (claimed[shared].exchange(true)) return;                                  // the reverse answered first
      cancel[shared] = true;
      decide(i, Proof::search, results[i].search.solved, copy_jumps(results[i].search.path), results[i].search.nodes);
    });
    std::erase_if(open, [&](std::size_t i) { return !still_open(i); });
  }
  for (std::size_t i : searched)
    if (searches[i] && pairs[i].proof != Proof::search)
      pairs[i].tried = results[i].search.nodes;  // cancelled: its work still counts
  searches.clear();
  tables.clear();
  reporter.reset();

  // 4. The meeting of both halves for each pair left open (once for a pair and its reverse), one
  // after another: each uses every core.
  const std::uint64_t meeting_positions = options.meeting_positions.value_or(kAllStartsMeetingPositions);
  int meetings = 0, stopped_meetings = 0;
  if (meet && options.global.progress()) {
    // Which pairs the meetings take, before the first of them starts (each may take long).
    std::string names;
    for (std::size_t i : searched)
      if (pairs[i].proof == Proof::none && pairs[i].reverse >= i)
        names += " " + peg::hole_name(board, pairs[i].start) + "-" + peg::hole_name(board, pairs[i].finish);
    if (!names.empty())
      std::cerr << "[" << board.name() << "] the meetings decide the pairs left open:" << names << "\n";
  }
  if (meet)
    for (std::size_t i : searched) {
      Pair& p = pairs[i];
      if (p.proof != Proof::none) continue;  // decided, or the reverse of a pair a meeting decided
      const std::string start = peg::hole_name(board, p.start), finish = peg::hole_name(board, p.finish);
      PegJobOptions o = options;
      if (!options.dir.empty()) o.dir = options.dir + "/" + board.name() + "-" + start + "-" + finish;
      o.meeting_positions = meeting_positions;
      const MeetAnswer a = meet_pair(make_peg_request(board, board.all_holes() & ~bit(p.start), finish), o);
      p.forward_layers = a.halves.forward_sizes, p.backward_layers = a.halves.backward_sizes;
      if (a.halves.stopped) {  // undecided, with the work it took
        p.tried += a.positions();
        ++stopped_meetings;
        continue;
      }
      decide(i, Proof::meeting, a.halves.solvable, a.jumps, a.positions());
      ++meetings;
    }

  // Spread each pair's answer over its orbit.
  struct Answer {
    const Pair* pair = nullptr;
    int symmetry = 0;  // maps the searched pair onto this one
  };
  std::vector<std::vector<Answer>> answers(board.holes(), std::vector<Answer>(board.holes()));
  for (const Pair& p : pairs)
    for (int g = 0; g < group.order(); ++g) answers[group[g](p.start)][group[g](p.finish)] = {&p, g};

  int solvable_starts = 0, solvable_pairs = 0, by_pagoda = 0, by_search = 0, by_meeting = 0, by_class = 0, written = 0,
      undecided = 0;
  std::uint64_t nodes = 0;
  int by_reverse = 0, by_beam = 0;
  for (const Pair& p : pairs) {
    if (p.proof != Proof::reverse) nodes += p.nodes;
    nodes += p.tried + p.beam_nodes;
    by_reverse += p.proof == Proof::reverse;
    by_beam += p.by_beam;
  }
  nlohmann::json list = nlohmann::json::array();
  text << "Board:  " << board_summary(board) << "\n\nstart  finishes (holes where the last peg can be)\n";
  for (int s = 0; s < board.holes(); ++s) {
    nlohmann::json finishes = nlohmann::json::array(), proofs = nlohmann::json::array(), open = nlohmann::json::array();
    for (int f = 0; f < board.holes(); ++f) {
      const Answer& a = answers[s][f];
      if (!a.pair) {
        ++by_class;
        continue;
      }
      const BitPermutation& g = group[a.symmetry];
      if (a.pair->proof == Proof::none) {  // stopped by --time-limit, or its meeting by --meeting-positions
        const Pair& reverse = pairs[a.pair->reverse];
        const auto work = [](const Pair& p) { return p.tried + p.beam_nodes; };
        const std::uint64_t tried = work(*a.pair) + (&reverse == a.pair ? 0 : work(reverse));
        open.push_back({{"finish", peg::hole_name(board, f)}, {"positions_searched", tried}});
        ++undecided;
      } else if (a.pair->solvable) {
        finishes.push_back(peg::hole_name(board, f));
        ++solvable_pairs;
        if (options.output.empty()) continue;
        std::vector<peg::Jump> jumps;
        for (const peg::Jump& j : a.pair->solution) jumps.push_back(image_of(board, g, j));
        const PegRequest request = make_peg_request(board, board.all_holes() & ~bit(s), peg::hole_name(board, f));
        const std::string path = options.output + "/" + board.name() + "-" + peg::hole_name(board, s) + "-" +
                                 peg::hole_name(board, f) + ".txt";
        write_checked_text(path, format_peg_solution(request, jumps));
        const PegVerification v = verify_peg_solution(path);
        if (!v.valid) throw std::logic_error(path + ": the written solution does not verify: " + v.reason);
        ++written;
      } else if (a.pair->proof == Proof::pagoda) {
        proofs.push_back({{"finish", peg::hole_name(board, f)},
                          {"proof", "pagoda"},
                          {"pagoda", peg::pagoda_text(board, peg::image_of(a.pair->pagoda, g))}});
        ++by_pagoda;
      } else if (a.pair->proof == Proof::reverse && pairs[a.pair->reverse].proof == Proof::pagoda) {
        // The reverse problem (start f, finish s) weighs less than its finish: its pagoda, turned
        // from the reverse's representative onto (f, s).
        const BitPermutation& back = group[group.inverse_of(a.pair->reverse_symmetry)];
        const peg::Pagoda image = peg::image_of(peg::image_of(pairs[a.pair->reverse].pagoda, back), g);
        proofs.push_back({{"finish", peg::hole_name(board, f)},
                          {"proof", "pagoda of the reverse problem (start " + peg::hole_name(board, f) + ", finish " +
                                        peg::hole_name(board, s) + ")"},
                          {"pagoda", peg::pagoda_text(board, image)}});
        ++by_pagoda;
      } else if (const Pair& met = a.pair->proof == Proof::reverse ? pairs[a.pair->reverse] : *a.pair;
                 met.proof == Proof::meeting) {
        proofs.push_back(
            {{"finish", peg::hole_name(board, f)},
             {"proof", &met == a.pair ? std::string("meeting of both halves")
                                      : "meeting of both halves of the reverse problem (start " +
                                            peg::hole_name(board, f) + ", finish " + peg::hole_name(board, s) + ")"},
             {"forward_layers", met.forward_layers},
             {"backward_layers", met.backward_layers}});
        ++by_meeting;
      } else {
        proofs.push_back({{"finish", peg::hole_name(board, f)},
                          {"proof", a.pair->proof == Proof::reverse
                                        ? "exhaustive search of the reverse problem (start " +
                                              peg::hole_name(board, f) + ", finish " + peg::hole_name(board, s) + ")"
                                        : std::string("exhaustive search")},
                          {"positions", a.pair->nodes}});
        ++by_search;
      }
    }
    solvable_starts += !finishes.empty();
    text << std::left << std::setw(7) << peg::hole_name(board, s) << std::right;
    if (finishes.empty()) text << "(none)";
    for (const auto& f : finishes) text << f.get<std::string>() << ' ';
    if (!open.empty()) {
      text << " undecided:";
      for (const auto& f : open) text << ' ' << f["finish"].get<std::string>();
    }
    text << "\n";
    list.push_back(
        {{"start", peg::hole_name(board, s)}, {"finishes", finishes}, {"unsolvable", proofs}, {"undecided", open}});
  }
  // The picture: each start hole with the number of holes its last peg can finish on.
  draw::Diagram picture = draw::peg_diagram(board, 0);
  picture.caption = board.name() + ": finish holes from each start";
  for (int s = 0; s < board.holes(); ++s) {
    const std::size_t count = list[static_cast<std::size_t>(s)]["finishes"].size();
    picture.labels.push_back({.point = s, .text = std::to_string(count), .kind = count ? "win" : "loss"});
  }
  const double seconds = clock.seconds();
  text << "\n"
       << solvable_starts << " of " << board.holes() << " start holes can finish with one peg; " << solvable_pairs
       << " solvable start/finish pairs"
       << (written ? " (" + std::to_string(written) + " solution files written and verified)" : "")
       << ".\nUnsolvable pairs: " << by_class << " by position class, " << by_pagoda << " by a pagoda function, "
       << by_search << " by exhaustive search"
       << (meet ? ", " + std::to_string(by_meeting) + " by the meeting of both halves" : "") << " (" << by_reverse
       << " pairs up to symmetry decided by their reverse problem).\n";
  if (undecided && stopped_meetings)
    text << "Undecided: " << undecided << " pairs (" << stopped_meetings
         << " up to symmetry, with their reverses), their meetings stopped before their halves would pass "
         << meeting_positions << " canonical positions (--meeting-positions; the table above is incomplete).\n";
  else if (undecided)
    text << "Undecided: " << undecided << " pairs, their searches stopped by --time-limit " << options.time_limit
         << " s (the table above is incomplete; --meet-open decides them).\n";
  text << pairs.size() << " pairs up to symmetry ("
       << (by_beam ? std::to_string(by_beam) + " solved by beam searches, " : "")
       << (meetings ? std::to_string(meetings) + " decided by meetings, with their reverses, " : "")
       << "the rest by the tests and searches above), " << nodes << " positions expanded, " << seconds << " s with "
       << options.threads << " thread(s), peak memory " << static_cast<int>(cli::peak_memory_mib()) << " MiB\n";
  return Report{nlohmann::json{{"board", board.name()},
                               {"pairs", list},
                               {"solvable_starts", solvable_starts},
                               {"solvable_pairs", solvable_pairs},
                               {"unsolvable_by_class", by_class},
                               {"unsolvable_by_pagoda", by_pagoda},
                               {"unsolvable_by_search", by_search},
                               {"unsolvable_by_meeting", by_meeting},
                               {"meetings", meetings},
                               {"stopped_meetings", stopped_meetings},
                               {"meeting_positions", meet ? nlohmann::json(meeting_positions) : nlohmann::json()},
                               {"found_by_beam", by_beam},
                               {"beam_width", options.beam_width},
                               {"solution_files", written},
                               {"complete", undecided == 0},
                               {"undecided_pairs", undecided},
                               {"time_limit", options.time_limit},
                               {"search_positions",
                                options.time_limit > 0 ? nlohmann::json() : nlohmann::json(options.search_positions)},
                               {"searches", pairs.size()},
                               {"decided_by_reverse", by_reverse},
                               {"nodes", nodes},
                               {"seconds", seconds},
                               {"threads", options.threads},
                               {"table_bits", table_bits},
                               {"endgame_positions", endgame_positions},
                               {"endgame_seconds", endgame_seconds},
                               {"peak_memory_mib", cli::peak_memory_mib()}},
                text.str(), draw::diagram_svg(picture)};
}

}  // namespace gs::tools
