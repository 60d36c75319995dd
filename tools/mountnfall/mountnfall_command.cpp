// `gamesolver mountnfall`: the command's declaration and options.
#include "engine/core/errors.h"
#include "engine/mountnfall/mountnfall_index.h"
#include "engine/mountnfall/mountnfall_play.h"
#include "solvers/common/perft.h"
#include "tools/common/command.h"
#include "tools/common/table_jobs.h"
#include "tools/mountnfall/mountnfall_jobs.h"
#include "tools/mountnfall/mountnfall_match.h"
#include "tools/mountnfall/mountnfall_serve.h"

namespace gs::tools {

namespace {

struct MountNFallCommandOptions {
  table_jobs::TableJobOptions tables;
  int depth = 0, table_bits = 22;
  bool exact = false;
  double seconds = 0;
  MatchOptions match;
  std::string first;
};

mountnfall::Position position_of(const mountnfall::MountNFall& game, const std::string& text) {
  return text.empty() ? game.start() : game.parse(text);
}

// One of the four table modes: build, probe, stats, verify.
template <class Job>
Mode<MountNFallCommandOptions> table_mode(ModeInfo info, Job job) {
  return {info, [job, mode = info.name](MountNFallCommandOptions& o, const Invocation& in) {
            table_jobs::TableJobOptions options = o.tables;
            options.global = in.global;
            options.threads = in.threads;
            if (options.dir.empty()) throw InputError("mountnfall " + mode + " needs --dir DIR");
            if (in.integer("size") > 6) throw InputError("exact tables are for boards up to 6x6 (--size)");
            const mountnfall::MountNFallIndex game(in.integer("size"), in.integer("triangle"));
            return job(game, options);
          }};
}

int emit(const table_jobs::TableJobOptions& options, const Report& result) {
  cli::emit(options.global, result);
  return 0;
}

const char* kAbout = R"(Mount'n Fall on an n x n board (4 to 8) with start triangles of side T (T(T+1)/2 pawns each;
the real game: 8x8, T = 5). White moves first by default; both starts are reported. A side
with no legal move loses; positions from which neither side can force an end are draws (the
same values as scoring a repeated position as a draw: a winner's best line never repeats).
Tables: retrograde analysis by layers of pawn counts (see gamesolver hunt --help for files).

Positions: ranks from the top down separated by '/', cells '.' or a colour and a height
('w1', 'b3'), then ' w' or ' b'. Moves: 'a2-c2' (pile-up onto c2), 'd6>e' (collapse east).
)";

const char* kExamples = R"(  gamesolver mountnfall build --size 4 --triangle 2 --dir tables    both starts are draws
  gamesolver mountnfall perft --depth 3                             8x8: 134, 17956, ...
  gamesolver mountnfall analyse --time 5                            the 8x8 start, 5 seconds
  gamesolver mountnfall match --games 100 --time 0.1                engine against the baseline
  mpirun -n 2 gamesolver mountnfall build --size 5 --triangle 2 --dir tables   across 2 MPI ranks
)";

// --time checked against its real range: NaN, infinity or 1e300 seconds never stop, and a
// negative time is a mistake, not a request for the default.
void check_time(const MountNFallCommandOptions& o, const Invocation& in, bool zero_means_depth_only) {
  if (!in.vm.count("time") || in.vm["time"].defaulted()) return;
  const double lowest = zero_means_depth_only ? 0 : 0.001;
  if (!(o.seconds >= lowest && o.seconds <= 1e6))
    throw InputError(std::string("--time must be ") + (zero_means_depth_only ? "0 (depth only) or " : "") +
                     "between 0.001 and 1000000 seconds");
  if (zero_means_depth_only && o.seconds == 0 && o.depth <= 0) throw InputError("--time 0 needs --depth");
}

}  // namespace

std::vector<BenchEntry> mountnfall_bench_entries();  // tools/mountnfall/mountnfall_bench.cpp

Command mountnfall_command() {
  Command command{
      .name = "mountnfall",
      .summary = "Mount'n Fall: exact tables of small boards, perft, analyse",
      .parameters = {{.name = "size", .default_value = "8", .min = 4, .max = 8, .help = "board side"},
                     {.name = "triangle",
                      .default_value = "5",
                      .min = 1,
                      .max = 7,
                      .help = "side of the start triangles (below the board side)"}},
      .about = kAbout,
      .examples = kExamples,
      .self_checks =
          [] {
            const mountnfall::MountNFall game(8, 5);
            return std::vector<SelfCheck>{{
                .game = "mountnfall",
                .positions = {game.format(game.start()),
                              "b3....w2../......../......../......../......../......../......../w1....... w"},
                .round_trip = [game](const std::string& text) { return game.format(game.parse(text)); },
                .perft = [game](int depth) { return perft(game, game.start(), depth); },
                // 134 moves from the 8x8 start (the reference program of docs/rules/mount-n-fall.md); the
                // second ply's 134 each by the start's symmetry.
                .perft_reference = {134, 17956},
            }};
          },
      .bench = mountnfall_bench_entries(),
      .replays = {{.describes = "a Mount'n Fall match result (mountnfall match --json)",
                   .takes = [](const nlohmann::json& j) { return j.is_object() && j.contains("game_results"); },
                   .replay = [](const std::string&, const nlohmann::json* match,
                                int game) { return mountnfall_replay(*match, game); },
                   .many_games = true},
                  {.describes = "a Mount'n Fall game record (the play page's download)",
                   .takes =
                       [](const nlohmann::json& j) { return game_record_name(j) == mountnfall::MountNFallPlay::kName; },
                   .replay = [](const std::string&, const nlohmann::json* record,
                                int) { return mountnfall_record_replay(*record); }}},
  };
  return make_command<MountNFallCommandOptions>(
      std::move(command),
      [](po::options_description& d, MountNFallCommandOptions& o) {
        d.add_options()("dir", po::value<std::string>(&o.tables.dir), "directory of the table files")(
            "position,p", po::value<std::string>(&o.tables.position),
            "probe, perft, analyse: the position (default: the start)")("depth", po::value<int>(&o.depth),
                                                                        "perft, analyse: plies")(
            "time", po::value<double>(&o.seconds)->default_value(0), "analyse: seconds (0: depth only)")(
            "table-bits", po::value<int>(&o.table_bits)->default_value(22),
            "analyse: transposition table of 2^N entries (16 bytes each)")(
            "games", po::value<int>(&o.match.games)->default_value(10), "match: games")(
            "first", po::value<std::string>(&o.first)->default_value("human"),
            "play: who plays White (moves first), human or engine")(
            "player", po::value<std::string>(&o.match.player)->default_value("engine"), "match: engine or baseline")(
            "opponent", po::value<std::string>(&o.match.opponent)->default_value("baseline"),
            "match: engine or baseline")("max-plies", po::value<int>(&o.match.max_plies)->default_value(200),
                                         "match: a game this long is a draw")(
            "exact", po::bool_switch(&o.exact),
            "analyse: no late move reductions (every win and loss at its exact distance)");
      },
      {
          table_mode({.name = "build",
                      .synopsis = "build  --size N --triangle T --dir DIR",
                      .summary = "solve every position of the board"},
                     [](const auto& game, const auto& o) { return emit(o, table_jobs::build(game, o)); }),
          table_mode({.name = "probe",
                      .synopsis = "probe  --size N --triangle T --dir DIR [--position P]",
                      .summary = "a position's value and its moves' values",
                      .draws = true},
                     [](const auto& game, const auto& o) { return emit(o, table_jobs::probe(game, o)); }),
          table_mode({.name = "stats",
                      .synopsis = "stats  --size N --triangle T --dir DIR",
                      .summary = "won / drawn / lost per layer and side",
                      .draws = true},
                     [](const auto& game, const auto& o) { return emit(o, table_jobs::stats(game, o)); }),
          table_mode({.name = "verify",
                      .synopsis = "verify --size N --triangle T --dir DIR",
                      .summary = "re-check every value against its successors"},
                     [](const auto& game, const auto& o) {
                       bool valid = false;
                       cli::emit(o.global, table_jobs::verify(game, o, valid));
                       return valid ? 0 : 1;
                     }),
          {{.name = "perft",
            .synopsis = "perft  [--size N --triangle T] --depth D [--position P]",
            .summary = "move sequences of depth 1..D"},
           [](MountNFallCommandOptions& o, const Invocation& in) {
             if (o.depth < 1 || o.depth > 8) throw InputError("perft needs --depth 1 to 8");
             const mountnfall::MountNFall game(in.integer("size"), in.integer("triangle"));
             cli::emit(in.global, mountnfall_perft(game, position_of(game, o.tables.position), o.depth, in.global));
             return 0;
           }},
          {{.name = "analyse",
            .synopsis = "analyse [--size N --triangle T] [--position P] [--time S] [--depth D] [--exact]",
            .alias = "analyze",
            .summary = "iterative-deepening alpha-beta: score and principal variation"},
           [](MountNFallCommandOptions& o, const Invocation& in) {
             if (o.table_bits < 10 || o.table_bits > 30) throw InputError("--table-bits must be between 10 and 30");
             check_time(o, in, true);
             if (in.vm.count("depth") && (o.depth < 1 || o.depth > 64)) throw InputError("--depth must be 1 to 64");
             const mountnfall::MountNFall game(in.integer("size"), in.integer("triangle"));
             const AnalyseOptions options{
                 .global = in.global,
                 .threads = in.threads,
                 .depth = o.depth,
                 .seconds = o.seconds <= 0 && o.depth <= 0 ? 5 : o.seconds,  // a sensible default
                 .table_bits = o.table_bits,
                 .reductions = !o.exact};
             cli::emit(in.global, mountnfall_analyse(game, position_of(game, o.tables.position), options));
             return 0;
           }},
          {{.name = "play",
            .synopsis = "play [--first engine] [--time S]",
            .summary = "play against the engine in the terminal"},
           [](MountNFallCommandOptions& o, const Invocation& in) {
             if (o.first != "human" && o.first != "engine") throw InputError("--first must be human or engine");
             check_time(o, in, false);
             return mountnfall_play(in.integer("size"), in.integer("triangle"), o.seconds > 0 ? o.seconds : 1.0,
                                    o.first == "human");
           }},
          {{.name = "match",
            .synopsis = "match [--games N] [--time S] [--player P] [--opponent Q] [--max-plies M]",
            .summary = "N games, colours alternating; players engine or baseline"},
           [](MountNFallCommandOptions& o, const Invocation& in) {
             check_time(o, in, false);
             if (o.match.games < 1 || o.match.games > 1000000) throw InputError("--games must be 1 to 1000000");
             MatchOptions match = o.match;
             match.global = in.global;
             match.size = in.integer("size"), match.triangle = in.integer("triangle");
             match.seconds = o.seconds > 0 ? o.seconds : 0.1;
             if (match.max_plies < 1) throw InputError("--max-plies must be at least 1");
             cli::emit(in.global, mountnfall_match(match));
             return 0;
           }},
      });
}

}  // namespace gs::tools
