// gamesolver peg: --analyze, --fewest-moves and --meet.
#include <algorithm>
#include <atomic>
#include <bit>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <map>
#include <mutex>
#include <numeric>
#include <optional>

#include <tbb/parallel_for_each.h>

#include "engine/peg/notation.h"
#include "engine/peg/puzzle.h"
#include "solvers/common/hash.h"
#include "solvers/common/progress.h"
#include "solvers/dfs/dfs_solver.h"
#include "solvers/io/checked_text_file.h"
#include "solvers/layered/fewest_moves_meeting.h"
#include "solvers/layered/game_statistics.h"
#include "solvers/layered/layered_search.h"
#include "solvers/layered/meet_in_the_middle.h"
#include "solvers/layered/streamed_fewest_moves.h"
#include "solvers/layered/streamed_layers.h"
#include "tools/common/report_builder.h"
#include "tools/common/scratch_directory.h"
#include "tools/draw/column_chart.h"
#include "tools/peg/pagoda_learning.h"
#include "tools/peg/peg_jobs.h"
#include "tools/peg/peg_meet.h"
#include "tools/peg/peg_report.h"
#include "tools/peg/peg_solution_file.h"

namespace gs::tools {

// The capabilities the peg solvers take from the puzzle (they live with their solvers, so the
// engine cannot assert them; a drifted signature would be skipped).
static_assert(StreamedPuzzle<peg::PegPuzzle> && PieceMoves<peg::PegPuzzle> && Doomed<peg::PegPuzzle> &&
              Graded<peg::PegPuzzle>);

namespace {

// Symmetries usable for layered passes: they must fix the start (so counts are per orbit) and
// the finish set (so "can still finish" is a property of the orbit).
SymmetryGroup layered_group(const PegRequest& request) {
  // Every start together (--start any) is a set every symmetry of the board keeps.
  if (request.any_start) return request.board.symmetries().stabiliser({request.finishes});
  return request.board.symmetries().stabiliser({request.start, request.finishes});
}

// The starts of the layered passes whose position class allows one of the finishes (the others
// cannot finish): the request's, or with --start any every single vacancy. None: no passes.
std::vector<peg::Position> layered_starts(const PegRequest& request) {
  const peg::Board& board = request.board;
  const peg::PositionClasses classes(board);
  std::vector<peg::Position> candidates = {request.start}, starts;
  if (request.any_start) {
    candidates.clear();
    for (int h = 0; h < board.holes(); ++h) candidates.push_back(board.all_holes() & ~bit(h));
  }
  for (const peg::Position start : candidates)
    if (request.finishes & classes.feasible_finishes(start)) starts.push_back(start);
  return starts;
}

// The position after playing `jumps` from `start`.
peg::Position after(peg::Position start, const std::vector<peg::Jump>& jumps) {
  for (const peg::Jump& j : jumps) start ^= j.all;
  return start;
}

std::string sizes_text(const std::vector<std::uint64_t>& sizes) {
  std::ostringstream text;
  for (std::size_t i = 0; i < sizes.size(); ++i) text << (i ? " " : "") << sizes[i];
  return text.str();
}

std::string layer_status(const LayerProgress& progress, const char* what) {
  const std::uint64_t generated = progress.generated.load();
  return std::string(what) + ": depth " + std::to_string(progress.depth.load()) + ", " +
         std::to_string(progress.states.load()) + " canonical positions" +
         (generated ? ", " + std::to_string(generated) + " more generated, not stored" : "");
}

// The analysis files: --dir (kept, so a stopped analysis resumes), else a scratch directory
// removed at the end, on SIGINT or SIGTERM, or by the next job after a kill.
class AnalysisDir {
 public:
  explicit AnalysisDir(const std::string& dir) : path_(dir) {
    if (path_.empty()) path_ = scratch_.emplace("analysis").path();
  }
  const std::string& path() const { return path_; }
  // A scratch directory is locked from its creation to its removal; a --dir the analysis locks.
  bool locked() const { return scratch_.has_value(); }

 private:
  std::optional<cli::ScratchDirectory> scratch_;
  std::string path_;
};

// Names the problem in every analysis file, so a directory cannot mix two analyses. The name is
// only a label: what changes the answer is the jump table (every (from, over, to), which the
// hole numbering, grid and geometry determine), the start and finishes, and the set of
// symmetries that picks each orbit's representative. A digest of all of them is the key.
std::string problem_name(const PegRequest& request, const SymmetryGroup& group) {
  std::string bytes;
  const auto add = [&](std::uint64_t v) { bytes.append(reinterpret_cast<const char*>(&v), sizeof v); };
  add(static_cast<std::uint64_t>(request.board.holes()));
  for (const peg::Jump& j : request.board.jumps())
    add(static_cast<std::uint64_t>(j.from) | static_cast<std::uint64_t>(j.over) << 8 |
        static_cast<std::uint64_t>(j.to) << 16);
  std::vector<std::vector<Bitboard>> elements;
  for (int g = 0; g < group.order(); ++g) {
    std::vector<Bitboard> images;
    images.reserve(static_cast<std::size_t>(request.board.holes()));
    for (int h = 0; h < request.board.holes(); ++h) images.push_back(group[g].apply(bit(h)));
    elements.push_back(std::move(images));
  }
  std::sort(elements.begin(), elements.end());
  for (const auto& images : elements)
    for (const Bitboard b : images) add(b);
  char digest[17];
  std::snprintf(digest, sizeof digest, "%016llx", static_cast<unsigned long long>(fnv1a64(bytes)));
  return "peg board=" + request.board.name() + " holes=" + std::to_string(request.board.holes()) +
         " jumps=" + peg::geometry_name(request.board.geometry()) +
         " start=" + (request.any_start ? std::string("any") : std::to_string(request.start)) +
         " finishes=" + std::to_string(request.finishes) + " symmetries=" + std::to_string(group.order()) +
         " rules=" + digest;
}

// The streamed passes' options for a request, its files in `dir`.
StreamedOptions streamed_options(const PegRequest& request, const SymmetryGroup& group, const AnalysisDir& dir,
                                 const PegJobOptions& options, LayerProgress& progress) {
  return {.dir = dir.path(),
          .problem = problem_name(request, group),
          .memory_bytes = options.memory_bytes,
          .progress = &progress,
          .durable = !options.dir.empty(),
          .locked = dir.locked(),
          // Without --dir, nothing to resume from: layers stay in memory while they take a
          // sixteenth of the budget.
          .memory_layers_bytes = options.dir.empty() ? options.memory_bytes / 16 : 0};
}

}  // namespace

namespace {

// Positions and positions that can still finish per number of pegs (log scale).
std::string layer_chart(const peg::Board& board, const PegRequest& request, const nlohmann::json& layers) {
  draw::ColumnChart chart{.title = "Reachable positions of " + board.name() + " from " + request.start_label +
                                   " (finish " + request.finish_label + ")",
                          .x_axis = "pegs on the board",
                          .y_axis = "positions",
                          .series = {"positions", "can still finish", "dead ends"},
                          .values = {{}, {}, {}},
                          .log_scale = true};
  for (const auto& l : layers) {
    chart.labels.push_back(std::to_string(l["pegs"].get<int>()));
    chart.values[0].push_back(static_cast<double>(l["total"].get<std::uint64_t>()));
    chart.values[1].push_back(static_cast<double>(l["finish_reachable_total"].get<std::uint64_t>()));
    chart.values[2].push_back(static_cast<double>(l["dead_ends_total"].get<std::uint64_t>()));
  }
  return draw::svg_column_chart(chart);
}

}  // namespace

namespace {

// One row a layer (jumps made, pegs left, positions, those that can finish, dead ends, games
// ending there), and the totals.
void layer_rows(const StreamedAnalysis& analysis, int start_pegs, ReportBuilder& r) {
  nlohmann::json rows = nlohmann::json::array();
  std::uint64_t canonical = 0, total = 0, alive_canonical = 0, alive_total = 0;
  for (std::size_t d = 0; d < analysis.layers.size(); ++d) {
    const StreamedLayer& l = analysis.layers[d];
    canonical += l.canonical, total += l.total, alive_canonical += l.alive_canonical, alive_total += l.alive_total;
    rows.push_back({{"jumps", d},
                    {"pegs", start_pegs - static_cast<int>(d)},
                    {"canonical", l.canonical},
                    {"total", l.total},
                    {"finish_reachable_canonical", l.alive_canonical},
                    {"finish_reachable_total", l.alive_total},
                    {"dead_ends_canonical", l.dead_canonical},
                    {"dead_ends_total", l.dead_total},
                    {"games_ending", to_decimal(l.games)},
                    {"bytes", l.bytes},
                    {"ranges", l.ranges}});
  }
  r.set("layers", rows)
      .set("positions", {{"canonical", canonical}, {"total", total}})
      .set("finish_reachable", {{"canonical", alive_canonical}, {"total", alive_total}});
}

// The single-peg finishes with their path counts, in the deepest layer (the only one whose counts
// are kept to the end). The count of an orbit's canonical state holds for each of its holes.
void finishes(const StreamedLayers<peg::PegPuzzle>& streamed, std::size_t deepest, const peg::Board& board,
              const SymmetryGroup& group, ReportBuilder& r) {
  nlohmann::json list = nlohmann::json::array();
  uint128 all_solutions = 0;
  const StateFileReader last = streamed.layer_with_counts(deepest);
  std::vector<std::uint64_t> states;
  std::vector<uint128> counts;
  for (std::size_t b = 0; b < last.blocks(); ++b) {
    last.read_block(b, states, &counts);
    for (int h = 0; h < board.holes(); ++h) {
      const std::uint64_t orbit_state = group.canonical(bit(h));
      const auto it = std::lower_bound(states.begin(), states.end(), orbit_state);
      if (it == states.end() || *it != orbit_state) continue;
      // The orbit's sum, shared by each of its holes (the group fixes the start).
      const uint128 sum = counts[static_cast<std::size_t>(it - states.begin())];
      const auto orbit = static_cast<unsigned>(group.orbit_size(orbit_state));
      if (sum % orbit != 0) throw std::logic_error("path counts not divisible by orbit size");
      const uint128 n = sum / orbit;
      list.push_back({{"hole", peg::hole_name(board, h)}, {"solutions", to_decimal(n)}});
      all_solutions += n;
    }
  }
  r.set("finishes", list).set("solutions", to_decimal(all_solutions));
}

// Games in all, and the line of a shortest one (a game ends when no jump is possible).
void games(const StreamedLayers<peg::PegPuzzle>& streamed, const StreamedAnalysis& analysis,
           const peg::PegPuzzle& puzzle, const PegRequest& request, ReportBuilder& r) {
  uint128 count = 0;
  bool overflow = analysis.overflow;
  int shortest = -1;
  for (std::size_t d = 0; d < analysis.layers.size(); ++d) {
    if (__builtin_add_overflow(count, analysis.layers[d].games, &count)) overflow = true;
    if (shortest < 0 && analysis.layers[d].dead_canonical > 0) shortest = static_cast<int>(d);
  }
  r.set("games", {{"games", to_decimal(count)}, {"exact", !overflow}});
  if (shortest < 0) return;
  std::vector<StateFileReader> layers;
  for (int d = 0; d <= shortest; ++d) layers.push_back(streamed.layer(static_cast<std::size_t>(d)));
  const std::vector<peg::Jump> line = copy_jumps(
      line_to(puzzle, layers, request.start, analysis.layers[static_cast<std::size_t>(shortest)].first_dead, shortest));
  r.set("games.shortest_dead_end", {{"jumps", shortest},
                                    {"pegs_left", popcount(request.start) - shortest},
                                    {"line", jump_names(request.board, line)}});
}

// The table of layers, the finishes, the games and the cost, as a person reads them.
void analysis_text(const PegRequest& request, const std::string& dir, ReportBuilder& r) {
  r.raw("Board:  " + board_summary(request.board) + "\n")
      .line("Start:  {start}    Finish: {finish}    Symmetries used: {symmetries}")
      .line();
  nlohmann::json rows = r.get("layers");
  rows.push_back({{"jumps", "all"},
                  {"canonical", r.get("positions.canonical")},
                  {"total", r.get("positions.total")},
                  {"finish_reachable_canonical", r.get("finish_reachable.canonical")},
                  {"finish_reachable_total", r.get("finish_reachable.total")}});
  r.table({{"jumps", "jumps", 6},
           {"pegs", "pegs", 6},
           {"canonical", "canonical", 13},
           {"total", "total", 13},
           {"can finish (canonical)", "finish_reachable_canonical", 25},
           {"can finish (total)", "finish_reachable_total", 21},
           {"dead ends (total)", "dead_ends_total", 20},
           {"games ending here", "games_ending", 0}},
          rows);
  r.line().line("Single-peg finishes reachable, with the number of jump sequences to each:");
  for (const auto& f : r.get("finishes"))
    r.raw("  " + f["hole"].get<std::string>() + "  " + f["solutions"].get<std::string>() + "\n");
  if (r.get("finishes").empty()) r.line("  none");
  r.line().raw(r.fill("Games (jump sequences from the start until no jump is possible): {games.games}") +
               (r.get("games.exact").get<bool>() ? "" : " (NOT EXACT: a count passed 2^128)") + "\n");
  if (r.has("games.shortest_dead_end")) {
    r.raw(
        r.fill("Shortest game: {games.shortest_dead_end.jumps} jumps, then no jump is possible with "
               "{games.shortest_dead_end.pegs_left} pegs left (the most pegs any game can leave):"));
    for (const auto& j : r.get("games.shortest_dead_end.line")) r.raw(" " + j.get<std::string>());
    r.line();
  }
  r.line().raw(r.fill("{seconds:g} s with {threads} thread(s), peak memory {peak_memory_mib:int} MiB, "));
  if (r.get("layer_memory_bytes").get<std::uint64_t>() > 0)
    r.line(fixed(r.get("layer_memory_bytes").get<double>() / (1 << 20), 1) + " MiB of layers held in memory");
  else
    r.raw(fixed(r.get("disk_bytes").get<double>() / (1 << 20), 1) + " MiB of layer files" +
          (dir.empty() ? " (temporary)" : " in " + dir) + "\n");
}

}  // namespace

Report peg_analyze(const PegRequest& request, const PegJobOptions& options) {
  const cli::Stopwatch clock;
  const SymmetryGroup group = layered_group(request);
  const peg::PegPuzzle puzzle(request.board, request.finishes, group);
  AnalysisDir dir(options.dir);
  LayerProgress progress;
  StreamedLayers<peg::PegPuzzle> streamed(puzzle, streamed_options(request, group, dir, options, progress));
  const StreamedAnalysis analysis = [&] {
    ProgressReporter reporter(options.global.progress(), [&] { return layer_status(progress, "analysing"); });
    return streamed.run(request.start);
  }();
  const std::size_t deepest = analysis.layers.size() - 1;
  const int start_pegs = popcount(request.start);

  ReportBuilder r;
  r.set("board", request.board.name())
      .set("start", request.start_label)
      .set("finish", request.finish_label)
      .set("symmetries", group.order());
  layer_rows(analysis, start_pegs, r);
  if (start_pegs - static_cast<int>(deepest) == 1)
    finishes(streamed, deepest, request.board, group, r);
  else
    r.set("finishes", nlohmann::json::array()).set("solutions", "0");
  games(streamed, analysis, puzzle, request, r);
  r.set("disk_bytes", analysis.disk_bytes)
      .set("layer_memory_bytes", analysis.memory_bytes)
      .set("dir", options.dir)
      .set("memory_budget_bytes", options.memory_bytes)
      .set("seconds", clock.seconds())
      .set("threads", options.threads)
      .set("peak_memory_mib", cli::peak_memory_mib());
  analysis_text(request, options.dir, r);
  return r.build(layer_chart(request.board, request, r.get("layers")));
}

namespace {

// What either method of --fewest-moves found.
struct FewestAnswer {  // NOLINT(bugprone-exception-escape): as Report (tools/common/cli.h)
  FewestMovesResult<peg::PegPuzzle> result;
  bool stopped = false;
  int moves_at_least = 0;                             // stopped: no solution has fewer moves
  double next_last_positions = 0;                     // stopped: what the next last step would have generated
  std::string proof;                                  // how minimality (or unsolvability) is proved
  std::string work;                                   // the line on what was examined
  nlohmann::json details = nlohmann::json::object();  // the method's own JSON fields
};

// Every reachable position (in memory while the layers fit, on disk past that), then the
// positions that can finish, then the moves over those alone.
FewestAnswer fewest_by_layers(const PegRequest& request, const PegJobOptions& options, const peg::PegPuzzle& puzzle,
                              const std::vector<peg::Position>& starts) {
  FewestAnswer answer;
  std::uint64_t reachable = 0, alive = 0;
  AnalysisDir dir(options.dir);
  LayerProgress progress, tables;
  StreamedLayers<peg::PegPuzzle> streamed(puzzle,
                                          streamed_options(request, puzzle.symmetries(), dir, options, progress));
  std::atomic<bool> analysed = false;
  ProgressReporter reporter(options.global.progress(), [&] {
    return analysed ? layer_status(tables, "fewest-moves tables") : layer_status(progress, "analysing");
  });
  const StreamedAnalysis analysis = streamed.run(starts);
  for (const StreamedLayer& l : analysis.layers) reachable += l.canonical, alive += l.alive_canonical;
  analysed = true;
  answer.result = StreamedFewestMoves<peg::PegPuzzle>(puzzle, streamed, analysis.layers.size() - 1, &tables).solve();
  answer.proof = "every position that can still finish was examined";
  answer.work =
      std::to_string(alive) + " canonical positions that can finish (of " + std::to_string(reachable) + " reachable)";
  answer.details = {{"positions", alive}, {"reachable_positions", reachable}};
  return answer;
}

// Two searches counted in moves, from the starts and back from the finishes, until they meet
// (solvers/layered/fewest_moves_meeting.h); each half pruned by pagodas.
FewestAnswer fewest_by_meeting(const PegRequest& request, const PegJobOptions& options, const peg::PegPuzzle& puzzle,
                               const std::vector<peg::Position>& starts) {
  const peg::Board& board = request.board;
  std::vector<peg::Position> goals;
  for_each_bit(request.finishes, [&](int f) { goals.push_back(bit(f)); });
  // The whole of --memory, before the layers too (auto): the boards whose layers are billions of
  // positions (triangle8) are decided by the meeting's last step or not at all.
  FewestMovesMeeting<peg::PegPuzzle>::Options o{
      .max_states = options.meeting_positions.value_or(0),
      .max_bytes = options.memory_bytes,
      .cannot_finish = [&](peg::Position s) { return puzzle.cannot_finish(s); },
      .max_last_positions = options.last_positions};
  // Back from the finishes, a position the start cannot reach is one whose complement cannot
  // finish on the start's vacancy (the reversed game on complements).
  const Bitboard vacancy = board.all_holes() & ~request.start;
  std::optional<peg::PegPuzzle> dual;
  if (!request.any_start && popcount(vacancy) == 1) {
    dual.emplace(board, vacancy, puzzle.symmetries());
    o.cannot_be_reached = [&, all = board.all_holes()](peg::Position s) { return dual->cannot_finish(all & ~s); };
  }
  LayerProgress progress;
  o.progress = &progress;
  ProgressReporter reporter(options.global.progress(), [&] { return layer_status(progress, "meeting by moves"); });
  FewestMovesMeeting<peg::PegPuzzle> meeting(puzzle, starts, goals, std::move(o));
  const FewestMovesMeetingResult<peg::PegPuzzle> r = meeting.solve();
  FewestAnswer answer;
  answer.result = r;
  answer.stopped = r.stopped;
  answer.moves_at_least = r.moves_at_least;
  answer.next_last_positions = r.next_last_positions;
  const std::uint64_t positions = std::accumulate(r.forward_sizes.begin(), r.forward_sizes.end(), std::uint64_t{0}) +
                                  std::accumulate(r.backward_sizes.begin(), r.backward_sizes.end(), std::uint64_t{0});
  const std::size_t a = r.forward_sizes.size() - 1, b = r.backward_sizes.size() - 1;
  answer.proof = "every position within " + std::to_string(a) + " moves of the start and " + std::to_string(b) +
                 " moves of the finish was compared";
  if (r.last_moves == 1) answer.proof += ", and the positions one move further on one side, not stored";
  if (r.last_moves > 1)
    answer.proof += ", and the positions up to " + std::to_string(r.last_moves) +
                    " moves further on one side, not stored (" + std::to_string(r.last_positions) + " generated)";
  answer.work = std::to_string(positions) +
                " canonical positions in both halves (by moves from the start: " + sizes_text(r.forward_sizes) +
                "; back from the finish: " + sizes_text(r.backward_sizes) + ")";
  answer.details = {{"positions", positions},
                    {"forward_layers", r.forward_sizes},
                    {"backward_layers", r.backward_sizes},
                    {"last_step", r.last_step},
                    {"last_moves", r.last_moves},
                    {"last_positions", r.last_positions},
                    {"next_last_positions", r.next_last_positions},
                    {"sliced_last_steps", r.sliced_steps},
                    {"moves_at_least", r.moves_at_least}};
  return answer;
}

}  // namespace

Report peg_fewest_moves(const PegRequest& request, const PegJobOptions& options) {
  std::ostringstream text;
  const peg::Board& board = request.board;
  const cli::Stopwatch clock;
  const SymmetryGroup group = layered_group(request);
  const peg::PegPuzzle puzzle(board, request.finishes, group);
  const std::vector<peg::Position> starts = layered_starts(request);
  const bool feasible = !starts.empty();
  bool by_layers = options.fewest_method == FewestMethod::layers;
  FewestAnswer answer;
  std::string stopped_meeting;  // auto: why the layers decided
  if (feasible && !by_layers) answer = fewest_by_meeting(request, options, puzzle, starts);
  if (feasible && answer.stopped && options.fewest_method == FewestMethod::automatic) {
    stopped_meeting = "The meeting stopped before its halves would pass --memory or --meeting-positions (" +
                      answer.work + "); the moves over every position that can finish decide.\n";
    by_layers = true;
  }
  if (feasible && by_layers) answer = fewest_by_layers(request, options, puzzle, starts);
  const FewestMovesResult<peg::PegPuzzle>& result = answer.result;
  const auto jumps = copy_jumps(result.path);
  // The problem solved: with --start any, the start the cheapest solution takes.
  PegRequest solved = request;
  if (result.solved) solved.start = result.start, solved.start_label = start_label(board, result.start);
  const double seconds = clock.seconds();
  const std::string finish_hole = result.solved ? peg::hole_name(board, lowest_bit(after(result.start, jumps))) : "";
  const std::string pair = request.any_start || request.finish_label == "any"
                               ? " (from " + solved.start_label + " to " + finish_hole + ")"
                               : "";
  const std::string unsolved =
      answer.stopped ? "Undecided: no solution has fewer than " + std::to_string(answer.moves_at_least) +
                           " moves, but the two halves would pass --memory or --meeting-positions before they meet" +
                           (answer.next_last_positions > 0
                                ? ", and the next last step would generate about " +
                                      std::to_string(static_cast<std::uint64_t>(answer.next_last_positions)) +
                                      " positions, more than --last-positions"
                                : std::string()) +
                           " (give more, or --fewest-method auto or layers, which keeps its layers on disk)."
                     : "Unsolvable: no sequence of jumps ends with one peg on " + request.finish_label +
                           (request.any_start ? " from any single vacancy" : "") +
                           (feasible ? " (proved by exhaustive search)." : " (proved by position class).");
  text << stopped_meeting;
  present_solution(solved, jumps, result.solved,
                   "Fewest moves: " + std::to_string(result.moves) + pair + " (proved: " + answer.proof + ")", unsolved,
                   options.output, options.steps, text);
  text << "\n"
       << (feasible ? answer.work + ", " : std::string()) << seconds << " s with " << options.threads
       << " thread(s), peak memory " << static_cast<int>(cli::peak_memory_mib()) << " MiB\n";
  nlohmann::json json{{"board", board.name()},
                      {"start", request.start_label},
                      {"finish", request.finish_label},
                      {"method", by_layers ? "layers" : "meeting"},
                      {"meeting_stopped", !stopped_meeting.empty()},
                      {"solved", result.solved},
                      {"decided", !answer.stopped},
                      {"moves", result.moves},
                      {"solution_start", result.solved ? solved.start_label : ""},
                      {"solution_finish", finish_hole},
                      {"jumps", jump_names(board, jumps)},
                      {"positions", 0},
                      {"seconds", seconds},
                      {"threads", options.threads},
                      {"peak_memory_mib", cli::peak_memory_mib()}};
  json.update(answer.details);
  return Report{std::move(json), text.str(), "",
                [solved, jumps, ok = result.solved] { return solution_svg(solved, jumps, ok); }};
}

namespace {

// The jump over the same holes mapped by a symmetry.
const peg::Jump& mapped_jump(const peg::Board& board, const BitPermutation& g, const peg::Jump& j) {
  for (const peg::Jump& k : board.jumps())
    if (k.from == g(j.from) && k.over == g(j.over) && k.to == g(j.to)) return k;
  throw std::logic_error("a symmetry of the board maps a jump to no jump");
}

// "N learned pagodas (fingerprint F)": F mixes every weight, so two sets of pagodas are named
// alike only when they are the same.
std::string pagodas_named(const std::vector<peg::Pagoda>& pagodas) {
  std::uint64_t h = pagodas.size();
  for (const peg::Pagoda& p : pagodas)
    for (const std::int32_t w : p.weights) h = mix64(h ^ static_cast<std::uint32_t>(w));
  std::ostringstream text;
  text << pagodas.size() << " learned pagodas (fingerprint " << std::hex << h << ")";
  return text.str();
}

}  // namespace

namespace {

// A symmetry of the board that swaps holes a and b, if one does: it turns a problem from a to b
// into its reverse, so the backward half is the forward half turned (one half is built).
const BitPermutation* swapping_symmetry(const peg::Board& board, int a, int b) {
  for (int g = 0; g < board.symmetries().order(); ++g)
    if (board.symmetries()[g](a) == b && board.symmetries()[g](b) == a) return &board.symmetries()[g];
  return nullptr;
}

// The two halves of a meeting: the backward half is the forward one when `mirror` turns one
// into the other.
struct MeetHalves {
  const StreamedLayers<peg::PegPuzzle>& forward;
  const StreamedLayers<peg::PegPuzzle>& backward;
  const peg::PegPuzzle& forward_puzzle;
  const peg::PegPuzzle& backward_puzzle;
  const BitPermutation* mirror;
  const SymmetryGroup& group;
};

// The solution through the meeting position: the forward line to it, then the backward half's
// line to its complement played in reverse (a jump undone on complements is the same jump),
// turned by the symmetry that makes the two positions one. Mirrored, the backward line is a
// forward line turned. Checked legal and ending on the finish.
std::vector<peg::Jump> joined_line(const MeetHalves& h, const MeetResult& r, peg::Position start,
                                   peg::Position dual_start, int finish) {
  const peg::Board& board = h.forward_puzzle.board();
  const auto complement = [all = board.all_holes()](std::uint64_t s) { return all & ~s; };
  // The layers before each half's meeting depth: a line is traced back through them (the
  // meeting depth's own layer may not have been built: meet_in_the_middle.h).
  std::vector<StateFileReader> a, b;
  for (std::size_t d = 0; d < r.forward_depth; ++d) a.push_back(h.forward.layer(d));
  for (std::size_t d = 0; d < r.backward_depth; ++d) b.push_back(h.backward.layer(d));
  std::vector<peg::Jump> jumps =
      copy_jumps(line_to(h.forward_puzzle, a, start, r.meeting, static_cast<int>(r.forward_depth)));
  const peg::Position m = after(start, jumps);
  std::vector<peg::Jump> back;
  if (h.mirror) {
    // h squared fixes the start and the finish, so h and its inverse canonicalise alike.
    for (const peg::Jump& j :
         copy_jumps(line_to(h.forward_puzzle, b, start, h.group.canonical(h.mirror->apply(complement(m))),
                            static_cast<int>(r.backward_depth))))
      back.push_back(mapped_jump(board, *h.mirror, j));
  } else {
    back = copy_jumps(line_to(h.backward_puzzle, b, dual_start, h.group.canonical(complement(m)),
                              static_cast<int>(r.backward_depth)));
  }
  const peg::Position q = after(dual_start, back);
  int g = 0;
  while (g < h.group.order() && h.group[g].apply(complement(q)) != m) ++g;
  if (g == h.group.order()) throw std::logic_error("the halves' meeting positions are not one orbit");
  for (auto it = back.rbegin(); it != back.rend(); ++it) jumps.push_back(mapped_jump(board, h.group[g], *it));
  peg::Position end = start;
  for (const peg::Jump& j : jumps) {
    if ((end & j.from_over) != j.from_over || (end & j.to_mask)) throw std::logic_error("the joined line is not legal");
    end ^= j.all;
  }
  if (end != bit(finish)) throw std::logic_error("the joined line does not end on the finish");
  return jumps;
}

}  // namespace

MeetAnswer meet_pair(const PegRequest& request, const PegJobOptions& options) {
  const peg::Board& board = request.board;
  if (popcount(request.finishes) != 1)
    throw InputError("--meet decides one start and one finish hole: give --finish HOLE");
  const int finish = lowest_bit(request.finishes);
  // The reverse problem played on complements: from "finish empty" to one peg where the start's
  // vacancy is (a start of several vacancies: to its complement, which the goal test below
  // cannot express, so only single vacancies).
  const Bitboard empty = board.all_holes() & ~request.start;
  if (popcount(empty) != 1) throw InputError("--meet starts from a single vacancy: give --start HOLE");
  const peg::Position dual_start = board.all_holes() & ~bit(finish);
  PegRequest reverse = make_peg_request(board, dual_start, peg::hole_name(board, lowest_bit(empty)));
  const SymmetryGroup group = layered_group(request);
  peg::PegPuzzle forward_puzzle(board, request.finishes, group), backward_puzzle(board, reverse.finishes, group);
  const auto complement = [all = board.all_holes()](std::uint64_t s) { return all & ~s; };
  const std::size_t n = static_cast<std::size_t>(popcount(request.start) - 1);

  MeetAnswer answer{.feasible = !layered_starts(request).empty()};
  MeetResult& r = answer.halves;
  const BitPermutation* mirror = swapping_symmetry(board, lowest_bit(empty), finish);
  if (answer.feasible) {
    // Each half pruned by pagodas towards its own finish, learned from its own playouts.
    const int depth = static_cast<int>(n / 2 + 2);
    const std::vector<peg::Pagoda> forward_pagodas = learn_from_playouts(forward_puzzle, request.start, depth),
                                   backward_pagodas = mirror ? std::vector<peg::Pagoda>{}
                                                             : learn_from_playouts(backward_puzzle, dual_start, depth);
    answer.learned_pagodas = {static_cast<int>(forward_pagodas.size()), static_cast<int>(backward_pagodas.size())};
    AnalysisDir dir(options.dir);
    LayerProgress progress_a, progress_b;
    const auto half = [&](const PegRequest& q, const char* sub, LayerProgress& progress,
                          const std::vector<peg::Pagoda>& pagodas) {
      PegJobOptions o = options;
      o.dir = (std::filesystem::path(dir.path()) / sub).string();
      StreamedOptions so = streamed_options(q, group, dir, o, progress);
      so.dir = o.dir;
      // Pruned layers are not an analysis's: named apart, so `--analyze --dir` refuses them; and
      // layers pruned by other pagodas are not these (a resumed build refuses them).
      so.prune = true, so.problem += " pruned by the golden pagoda and " + pagodas_named(pagodas);
      so.path_counts = false;                                                       // a meeting needs the states alone
      if (options.dir.empty()) so.memory_layers_bytes = options.memory_bytes / 32;  // two halves share the sixteenth
      return so;
    };
    StreamedLayers<peg::PegPuzzle> forward(forward_puzzle, half(request, "forward", progress_a, forward_pagodas));
    std::optional<StreamedLayers<peg::PegPuzzle>> backward;
    if (!mirror) backward.emplace(backward_puzzle, half(reverse, "backward", progress_b, backward_pagodas));
    ProgressReporter reporter(options.global.progress(), [&] {
      return "meeting: forward depth " + std::to_string(progress_a.depth.load()) + ", backward depth " +
             std::to_string(progress_b.depth.load()) + ", " +
             std::to_string(progress_a.states.load() + progress_b.states.load()) + " canonical positions" +
             (progress_a.generated.load() > 0
                  ? ", " + std::to_string(progress_a.generated.load()) + " children of the middle layer checked"
              : progress_a.filtered.load() > 0
                  ? ", " + std::to_string(progress_a.filtered.load()) + " positions of the middle layer in its filter"
                  : "");
    });
    if (mirror)
      r = MeetInTheMiddle(
              forward, forward_puzzle, complement, [mirror](std::uint64_t s) { return mirror->apply(s); },
              options.memory_bytes)
              .solve(request.start, dual_start, n, options.meeting_positions.value_or(0));
    else
      r = MeetInTheMiddle(forward, forward_puzzle, *backward, backward_puzzle, complement)
              .solve(request.start, dual_start, n, options.meeting_positions.value_or(0));
    if (r.solvable)
      answer.jumps = joined_line({.forward = forward,
                                  .backward = mirror ? forward : *backward,
                                  .forward_puzzle = forward_puzzle,
                                  .backward_puzzle = backward_puzzle,
                                  .mirror = mirror,
                                  .group = group},
                                 r, request.start, dual_start, finish);
  }
  return answer;
}

Report peg_meet(const PegRequest& request, const PegJobOptions& options) {
  std::ostringstream text;
  const peg::Board& board = request.board;
  const cli::Stopwatch clock;
  const MeetAnswer answer = meet_pair(request, options);
  const MeetResult& r = answer.halves;
  const std::vector<peg::Jump>& jumps = answer.jumps;
  const bool feasible = answer.feasible;
  const double seconds = clock.seconds();
  const std::uint64_t positions = answer.positions();
  const std::string halves =
      "forward from " + request.start_label + " to depth " + std::to_string(r.forward_depth) + " (" +
      sizes_text(r.forward_sizes) +
      (r.forward_sizes.size() <= r.forward_depth && !r.stopped
           ? "; the last depth's positions were the children of the one before, not stored: the " +
                 std::to_string(r.filter_passed) + " that its filter let through were checked exactly"
           : "") +
      "), backward from " + request.finish_label + " to depth " + std::to_string(r.backward_depth) + " (" +
      sizes_text(r.backward_sizes) +
      (r.mirrored ? "; the forward half turned by the symmetry that swaps start and finish" : "") +
      "; pruned by the golden pagoda and " + std::to_string(answer.learned_pagodas.forward) + " + " +
      std::to_string(answer.learned_pagodas.backward) + " learned pagodas)";
  if (r.stopped)
    text << "Undecided: the next layer would take the halves past --meeting-positions " << *options.meeting_positions
         << " canonical positions, so the meeting stopped (" << halves << ").\n";
  else
    present_solution(request, jumps, r.solvable, "Solvable: the halves meet (" + halves + ").",
                     "Unsolvable: " + (feasible ? "proved by the meeting of both halves: none (" + halves + ")."
                                                : std::string("proved by position class.")),
                     options.output, options.steps, text);
  text << "\n"
       << positions << " canonical positions in both halves, " << seconds << " s with " << options.threads
       << " thread(s), peak memory " << static_cast<int>(cli::peak_memory_mib()) << " MiB\n";
  return Report{
      nlohmann::json{{"board", board.name()},
                     {"start", request.start_label},
                     {"finish", request.finish_label},
                     {"solved", r.solvable},
                     {"decided", !r.stopped},
                     {"proof", r.solvable  ? "solution"
                               : r.stopped ? "none: stopped at --meeting-positions"
                               : feasible  ? "meeting"
                                           : "position class"},
                     {"forward_layers", r.forward_sizes},
                     {"backward_layers", r.backward_sizes},
                     {"mirrored", r.mirrored},
                     {"filter_passed", r.filter_passed},
                     {"learned_pagodas",
                      {{"forward", answer.learned_pagodas.forward}, {"backward", answer.learned_pagodas.backward}}},
                     {"jumps", jump_names(board, jumps)},
                     {"positions", positions},
                     {"seconds", seconds},
                     {"threads", options.threads},
                     {"peak_memory_mib", cli::peak_memory_mib()}},
      text.str(), "", [request, jumps, ok = r.solvable] { return solution_svg(request, jumps, ok); }};
}

}  // namespace gs::tools
