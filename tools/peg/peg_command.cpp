// `gamesolver peg`: the command's declaration (parameters, modes, help) and its options.
#include <map>

#include "engine/core/errors.h"
#include "engine/peg/board_file.h"
#include "engine/peg/notation.h"
#include "engine/peg/puzzle.h"
#include "solvers/common/perft.h"
#include "solvers/io/output_file.h"
#include "tools/common/command.h"
#include "tools/peg/peg_jobs.h"
#include "tools/peg/peg_solution_file.h"

namespace gs::tools {

namespace {

struct PegCommandOptions {
  PegJobOptions job;
  std::string start, position, finish;
  bool no_class = false, games = false;
  double memory_gib = 0;
  std::uint64_t meeting_positions = 0;
  std::string fewest_method = "auto";
};

// The request of the solve-like modes, from --board, --start, --position and --finish.
PegRequestOptions request_of(const PegCommandOptions& o, const Invocation& in) {
  PegRequestOptions request;
  request.board = in.text("board");
  if (in.vm.count("start")) request.start = o.start;
  if (in.vm.count("position")) request.position = o.position;
  if (in.vm.count("finish")) request.finish = o.finish;
  return request;
}

PegJobOptions job_of(PegCommandOptions& o, const Invocation& in) {
  if (in.vm.count("table-bits") && (o.job.table_bits < 10 || o.job.table_bits > 34))
    throw InputError("--table-bits must be between 10 and 34");
  if (in.vm.count("time-limit") && !(o.job.time_limit > 0 && o.job.time_limit <= 1e7))
    throw InputError("--time-limit must be a positive number of seconds, at most 10,000,000");
  // Beyond that a beam's layers (about 32 bytes a position, each jump a layer) outgrow the machine.
  if (o.job.beam_width > 10'000'000) throw InputError("--beam-width must be at most 10000000");
  if (in.vm.count("memory") && !(o.memory_gib >= 0.01 && o.memory_gib <= 1024))
    throw InputError("--memory must be between 0.01 and 1024 (GiB)");
  // The layer table's default: half the machine, at most 16 GiB (the table is the analysis's
  // only large allocation; the layers themselves are on disk).
  const double memory = in.vm.count("memory") ? o.memory_gib * double(1 << 30)
                                              : std::min(cli::physical_memory_bytes() / 2, 16.0 * double(1 << 30));
  cli::check_memory_fits(memory, "--memory", "give a smaller --memory: a layer that needs more is built in passes");
  o.job.memory_bytes = static_cast<std::size_t>(memory);
  if (in.vm.count("meeting-positions")) {
    if (o.meeting_positions == 0) throw InputError("--meeting-positions must be a positive number of positions");
    o.job.meeting_positions = o.meeting_positions;
  }
  const std::map<std::string, FewestMethod> methods = {
      {"auto", FewestMethod::automatic}, {"meeting", FewestMethod::meeting}, {"layers", FewestMethod::layers}};
  if (!methods.contains(o.fewest_method))
    throw InputError("--fewest-method must be auto, meeting or layers, not '" + o.fewest_method + "'");
  o.job.fewest_method = methods.at(o.fewest_method);
  o.job.global = in.global;
  o.job.threads = in.threads;
  o.job.class_pruning = !o.no_class;
  return o.job;
}

int solve_like(PegCommandOptions& o, const Invocation& in, Report (*job)(const PegRequest&, const PegJobOptions&)) {
  const PegJobOptions options = job_of(o, in);
  check_output_path(options.output, "--output");
  const PegRequest request = resolve_peg_request(request_of(o, in));
  cli::emit(options.global, job(request, options));
  return 0;
}

const char* kAbout = R"(Holes are named by column letter (a, b, ... left to right) and row number (1, 2, ... bottom
to top): the English centre is d4. A position is a grid (x peg, o empty hole, . no hole, rows
top to bottom separated by '/') or a list of occupied holes ("d2,d3,e4").
)";

const char* kExamples =
    R"(  gamesolver peg                                   English board, centre start, finish in the centre
  gamesolver peg --board french --start c1 --finish any --output sol.txt
  gamesolver peg verify sol.txt
  gamesolver peg --board triangle5                 top-corner start, last peg anywhere
  gamesolver peg --position 'd2,d3,d4,e4' --finish any --steps
  gamesolver peg --analyze                         every reachable position, layer by layer, and every
                                                   game: 577,116,156,815,309,849,672
  gamesolver peg --analyze --board diamond --start e2 --dir diamond-e2 --memory 12
                                                   layer files kept in diamond-e2; rerun to resume
  gamesolver peg --all-starts --board english      which finishes each start hole allows
  gamesolver peg --all-starts --board french --output sols   and a solution file for each
  gamesolver peg --all-starts --board wiegleb --time-limit 600
                                                   what 10 minutes decide; the pairs left are listed
  gamesolver peg --board wiegleb --start e8 --finish e8
                                                   found by a beam search (--beam-width) in seconds
  gamesolver peg --all-starts --board triangle6 --time-limit 0.1 --meet-open
                                                   the pairs left decided from both ends
  gamesolver peg --fewest-moves                    18 moves, proved minimal
  gamesolver peg --board triangle5 --start a5 --finish b3 --meet
                                                   unsolvable, proved from both ends
  gamesolver peg --svg solution.svg                the solution drawn move by move
  gamesolver peg --analyze --svg layers.svg        a chart of the positions per number of pegs
  gamesolver peg --board my-board.txt              a board file (see docs/commands.md, 'Board files')
)";

}  // namespace

std::vector<BenchEntry> peg_bench_entries();  // tools/peg/peg_bench.cpp

Command peg_command() {
  Command command{
      .name = "peg",
      .summary = "peg solitaire: solve, verify, analyze, all starts, fewest moves",
      .parameters = {{.name = "board", .default_value = "english", .help = "built-in board name or board file"}},
      .about = kAbout,
      .examples = kExamples,
      .self_checks =
          [] {
            const peg::Board board = peg::load_board("english");
            return std::vector<SelfCheck>{{
                .game = "peg (english)",
                .positions = {"..xxx../..xxx../xxxxxxx/xxxoxxx/xxxxxxx/..xxx../..xxx..",
                              "..ooo../..oxo../ooxxxoo/oooxooo/ooooooo/..ooo../..ooo.."},
                .round_trip =
                    [board](const std::string& text) {
                      return peg::position_grid(board, peg::parse_position(board, text));
                    },
                .perft =
                    [board](int depth) {
                      const peg::PegPuzzle puzzle(board, board.all_holes(), board.symmetries());
                      return perft(puzzle, board.all_holes() & ~bit(*board.centre()), depth);
                    },
                // Jump sequences from the centre vacancy: 4 jumps into the centre, then 3 each; no
                // two of these lead to one position, so they equal OEIS A112737's 4 and 12.
                .perft_reference = {4, 12},
            }};
          },
      .bench = peg_bench_entries(),
      .replays = {{.describes = "a peg solution file (peg --output)",
                   .first_word = kPegSolutionMagic,
                   .replay = [](const std::string& path, const nlohmann::json*, int) { return peg_replay(path); }}},
  };
  auto solve = [](PegCommandOptions& o, const Invocation& in) { return solve_like(o, in, peg_solve); };
  return make_command<PegCommandOptions>(
      std::move(command),
      [](po::options_description& d, PegCommandOptions& o) {
        d.add_options()("start,s", po::value<std::string>(&o.start),
                        "the hole left empty at the start (default: the board's start, usually the centre)")(
            "position,p", po::value<std::string>(&o.position), "start from this position instead (grid or hole list)")(
            "finish,f", po::value<std::string>(&o.finish),
            "hole for the last peg, or 'any' (default: the centre, else any)")(
            "analyze", po::bool_switch(), "enumerate every reachable position layer by layer, with counts")(
            "games", po::bool_switch(&o.games),
            "accepted for old scripts: --analyze always counts every game (jump sequences until no jump is "
            "possible), the dead ends per layer and the shortest game")(
            "dir", po::value<std::string>(&o.job.dir),
            "--analyze, --fewest-moves, --meet, --all-starts --meet-open: keep the layer files (sorted, "
            "compressed) in DIR; a stopped analysis rerun with the same "
            "DIR resumes after its last finished layer (default: a temporary directory, removed at the end)")(
            "memory", po::value<double>(&o.memory_gib),
            "layer jobs (as --dir): GiB for the layer being built; a layer that needs more is built in several passes "
            "(default: half the machine's memory, at most 16)")(
            "all-starts", po::bool_switch(), "for every start hole, the holes where the last peg can finish")(
            "fewest-moves", po::bool_switch(),
            "a solution with the fewest moves (one peg's run of jumps), proved minimal")(
            "fewest-method", po::value<std::string>(&o.fewest_method),
            "--fewest-moves: 'meeting': searches counted in moves from the start and back from the finish until "
            "they meet, in memory (stops undecided past --memory); 'layers': the moves over every position that "
            "can finish, layers on disk past --memory (--dir keeps them, resumable); 'auto' (default): the "
            "meeting, then the layers if it stops")(
            "meet", po::bool_switch(),
            "decide one start and finish exhaustively: the positions reachable from the start meet the "
            "complements of those reachable backwards from the finish, or none do (a proof)")(
            "output,o", po::value<std::string>(&o.job.output),
            "write the solution to FILE (solve and --fewest-moves); with --all-starts a directory, one verified "
            "solution file a solvable start/finish pair")("steps", po::bool_switch(&o.job.steps),
                                                          "print the board after every jump")(
            "no-class-pruning", po::bool_switch(&o.no_class),
            "search even when position classes already prove the problem unsolvable")(
            "table-bits", po::value<int>(&o.job.table_bits),
            "dead-position tables: 2^N entries in all, 8 bytes each, touched only as used (default: 26; "
            "--all-starts: holes - 8, at most 30 and an eighth of the memory)")(
            "time-limit", po::value<double>(&o.job.time_limit),
            "--all-starts: stop the searches still running after this many seconds and report their pairs as "
            "undecided, with the positions searched (default: none, every pair is decided)")(
            "search-positions", po::value<std::uint64_t>(&o.job.search_positions),
            "--all-starts without --time-limit: each pair's search runs rounds of 100,000 positions, then 4 "
            "times more each round, while a round's budget is at most this many; the meeting of both halves (as "
            "--meet) decides the pairs left open (default: 400000000, rounds up to 102.4 M positions)")(
            "beam-width", po::value<std::size_t>(&o.job.beam_width),
            "solve and --all-starts: before the exhaustive search (solve: after its first 2 M positions) beam "
            "searches keep the most compact positions of each layer, 1,000, then 10 times more each try, up to "
            "this many; they find solutions only, and prove nothing when they find none (default: 100000; 0: none)")(
            "meeting-positions", po::value<std::uint64_t>(&o.meeting_positions),
            "--meet, --all-starts and --fewest-moves: stop a meeting before its halves would pass this many "
            "canonical positions (the next layer is guessed from the last two) and report its pair undecided "
            "(default: none for --meet; 2000000000 for --all-starts; --fewest-moves: --memory / 32 bytes)")(
            "last-positions", po::value<std::uint64_t>(&o.job.last_positions),
            "--fewest-moves: when the meeting's halves stop, its last steps look one move further at a time, "
            "without storing what they generate, while the next step would generate at most this many positions "
            "(guessed from a sample; 0: one move only; default: 50000000000, about an hour on 2 cores)")(
            "meet-open", po::bool_switch(&o.job.meet_open),
            "--all-starts: decide the pairs still open after --time-limit by the meeting of both halves (as "
            "--meet), one pair and its reverse at a time; with --dir their layer files are kept there and a rerun "
            "resumes them");
      },
      {
          {{.name = "solve",
            .synopsis = "[solve] [options]",
            .summary = "find a solution or prove there is none (the default)",
            .is_default = true,
            .draws = true,
            .own_options = {"beam-width"}},
           solve},
          {{.name = "verify",
            .synopsis = "verify FILE [options]",
            .summary = "replay a solution file",
            .takes_file = true},
           [](PegCommandOptions& o, const Invocation& in) {
             bool valid = false;
             const PegJobOptions options = job_of(o, in);
             cli::emit(options.global, peg_verify(in.file, options, valid));
             return valid ? 0 : 1;
           }},
          {{.name = "boards", .synopsis = "boards [options]", .summary = "list the built-in boards"},
           [](PegCommandOptions& o, const Invocation& in) {
             const PegJobOptions options = job_of(o, in);
             cli::emit(options.global, peg_boards(options));
             return 0;
           }},
          {{.name = "analyze",
            .synopsis = "--analyze [options]",
            .summary = "every reachable position, layer by layer, with exact counts",
            .is_switch = true,
            .draws = true,
            .own_options = {"dir", "memory"}},
           [](PegCommandOptions& o, const Invocation& in) {
             if (!o.job.output.empty()) throw InputError("--output applies to solve and --fewest-moves");
             return solve_like(o, in, peg_analyze);
           }},
          {{.name = "all-starts",
            .synopsis = "--all-starts [options]",
            .summary = "for every start hole, the holes where the last peg can finish",
            .is_switch = true,
            .draws = true,
            .own_options = {"time-limit", "search-positions", "meet-open", "dir", "memory", "beam-width",
                            "meeting-positions"}},
           [](PegCommandOptions& o, const Invocation& in) {
             const PegJobOptions options = job_of(o, in);
             if (in.vm.count("start") || in.vm.count("position") || in.vm.count("finish"))
               throw InputError("--all-starts tries every start and finish: drop --start, --position and --finish");
             if (options.meet_open && !in.vm.count("time-limit"))
               throw InputError("--meet-open decides the pairs --time-limit leaves open: give --time-limit");
             const bool limited = in.vm.count("time-limit") > 0;
             if (limited && in.vm.count("search-positions"))
               throw InputError("--search-positions bounds the searches when no --time-limit does: give one of them");
             if (limited && !options.meet_open &&
                 (in.vm.count("dir") || in.vm.count("memory") || in.vm.count("meeting-positions")))
               throw InputError(
                   "--dir, --memory and --meeting-positions apply to the meetings, which --time-limit leaves out "
                   "unless --meet-open");
             cli::emit(options.global, peg_all_starts(peg::load_board(in.text("board")), options));
             return 0;
           }},
          {{.name = "fewest-moves",
            .synopsis = "--fewest-moves [options]",
            .summary = "a solution with the fewest moves, proved minimal",
            .is_switch = true,
            .draws = true,
            .own_options = {"dir", "memory", "fewest-method", "meeting-positions"}},
           [](PegCommandOptions& o, const Invocation& in) {
             const PegJobOptions options = job_of(o, in);
             if (in.vm.count("dir") && options.fewest_method == FewestMethod::meeting)
               throw InputError("--dir keeps the layers of --fewest-method layers or auto, not of the meeting");
             check_output_path(options.output, "--output");
             PegRequestOptions request = request_of(o, in);
             request.any_start_allowed = true;
             cli::emit(options.global, peg_fewest_moves(resolve_peg_request(request), options));
             return 0;
           }},
          {{.name = "meet",
            .synopsis = "--meet [options]",
            .summary = "one start and finish decided exhaustively from both ends",
            .is_switch = true,
            .draws = true,
            .own_options = {"dir", "memory", "meeting-positions"}},
           [](PegCommandOptions& o, const Invocation& in) { return solve_like(o, in, peg_meet); }},
      });
}

}  // namespace gs::tools
