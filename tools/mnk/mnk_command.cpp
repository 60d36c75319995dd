// `gamesolver mnk` and `gamesolver tictactoe`: the commands' declarations and options.
#include "engine/core/errors.h"
#include "engine/core/game.h"
#include "engine/mnk/mnk_game.h"
#include "engine/mnk/packed_mnk.h"
#include "solvers/io/output_file.h"
#include "tools/common/command.h"
#include "tools/mnk/mnk_jobs.h"
#include "tools/mnk/mnk_record_game.h"

namespace gs::tools {

namespace {

struct MnkCommandOptions {
  MnkOptions job;
  std::string position, output, table, first = "human", solver = "auto";
  bool tictactoe = false;
  int m = 3, n = 3, k = 3;  // tictactoe only: refused when given
};

MnkOptions job_of(MnkCommandOptions& o, const Invocation& in) {
  if (o.job.table_bits < 10 || o.job.table_bits > 32) throw InputError("--table-bits must be between 10 and 32");
  o.job.solver = parse_mnk_solver(o.solver);
  if (o.job.memory_gib < 0 || o.job.memory_gib > 1024) throw InputError("--memory must be between 0 and 1024 GiB");
  cli::check_memory_fits(o.job.memory_gib * double(1 << 30), "--memory", "give a smaller --memory");
  o.job.global = in.global;
  o.job.threads = in.threads;
  return o.job;
}

// The game of the parameters (m,n,k) or tic-tac-toe.
mnk::MnkGame game_of(const MnkCommandOptions& o, const Invocation& in) {
  if (!o.tictactoe) return mnk::MnkGame(in.integer("m"), in.integer("n"), in.integer("k"));
  if (in.given("m") || in.given("n") || in.given("k"))
    throw InputError("tictactoe is 3,3,3: use gamesolver mnk for other sizes");
  return mnk::MnkGame(3, 3, 3);
}

const char* kAbout =
    R"(m columns, n rows (1..8 each), k in a row wins; X moves first. --all takes boards up to 16 cells.
Positions: rows top to bottom separated by '/', cells X, O and '.', e.g. 'X.O/.X./...'.
Cells in moves: column letter and row number from the bottom (a1 is the bottom-left corner).
)";

const char* kExamples =
    R"(  gamesolver tictactoe --all                       5,478 positions, 765 up to symmetry, a draw
  gamesolver mnk --m 4 --n 4 --k 3                 first player wins
  gamesolver mnk --m 6 --n 6 --k 5                 a draw: neither side can win the maker-breaker relaxation
  gamesolver tictactoe --position 'X.O/.X./...'
  gamesolver tictactoe --all --output ttt.table && gamesolver mnk probe --table ttt.table --position 'X../.../...'
  gamesolver mnk certify --m 6 --n 5 --k 4 --output mnk654.cert.zst && gamesolver certificate check mnk654.cert.zst
)";

Command make_mnk(Command command, bool tictactoe) {
  return make_command<MnkCommandOptions>(
      std::move(command),
      [tictactoe](po::options_description& d, MnkCommandOptions& o) {
        o.tictactoe = tictactoe;
        d.add_options()("all", po::bool_switch(),
                        "strong solution: every reachable position with its value (boards up to 4x4)")(
            "position,p", po::value<std::string>(&o.position), "a position: the value of every legal move")(
            "play", po::bool_switch(), "play against perfect play in the terminal")(
            "first", po::value<std::string>(&o.first)->default_value("human"),
            "with --play: who moves first, human or engine")(
            "output,o", po::value<std::string>(&o.output),
            "with --all: write the solution table to FILE; certify: the certificate")(
            "table", po::value<std::string>(&o.table), "with probe: the table file to read")(
            "table-bits", po::value<int>(&o.job.table_bits)->default_value(24),
            "alpha-beta: transposition table of 2^N entries (16 bytes each)")(
            "solver", po::value<std::string>(&o.solver)->default_value("auto"),
            "auto, alpha-beta or df-pn (proofs: the maker-breaker relaxation's bounds and proof-number search, "
            "empty board only; auto: the relaxation's bound, then alpha-beta up to 25 cells, df-pn beyond)")(
            "memory", po::value<double>(&o.job.memory_gib)->default_value(0),
            "df-pn: GiB for its tables at most (0: 1 GiB; more for big boards)");
        if (tictactoe)
          d.add_options()("m", po::value<int>(&o.m)->default_value(3), "3 (use gamesolver mnk for other sizes)")(
              "n", po::value<int>(&o.n)->default_value(3), "3")("k", po::value<int>(&o.k)->default_value(3), "3");
      },
      {
          {{.name = "value",
            .synopsis = "[--position P] [options]",
            .summary = "value and best move of the empty board, or the value of every move of P",
            .is_default = true,
            .draws = true},
           [](MnkCommandOptions& o, const Invocation& in) {
             const MnkOptions options = job_of(o, in);
             const mnk::MnkGame game = game_of(o, in);
             if (!o.output.empty()) throw InputError("--output applies to --all and certify");
             const auto asked = in.vm.count("position") ? std::optional<std::string>(o.position) : std::nullopt;
             cli::emit(options.global, mnk_weak(game, options, asked));
             return 0;
           }},
          {{.name = "all",
            .synopsis = "--all [--output FILE] [options]",
            .summary = "strong solution with statistics (up to 16 cells)",
            .is_switch = true},
           [](MnkCommandOptions& o, const Invocation& in) {
             const MnkOptions options = job_of(o, in);
             const mnk::MnkGame game = game_of(o, in);
             if (game.cells() > 16)
               throw InputError("--all enumerates every position: boards of at most 16 cells (4x4)");
             if (!o.position.empty()) throw InputError("--all solves from the empty board: drop --position");
             check_output_path(o.output, "--output");
             cli::emit(options.global, mnk_strong(game, options, o.output));
             return 0;
           }},
          {{.name = "probe",
            .synopsis = "probe --table FILE --position P",
            .summary = "look a position up in a written table",
            .draws = true},
           [](MnkCommandOptions& o, const Invocation& in) {
             const MnkOptions options = job_of(o, in);
             if (o.table.empty() || o.position.empty())
               throw InputError("usage: gamesolver mnk probe --table FILE --position P");
             cli::emit(options.global, mnk_probe(o.table, o.position, options));
             return 0;
           }},
          {{.name = "certify",
            .synopsis = "certify [--position P] --output FILE",
            .summary = "a win of the side to move as a certificate that `gamesolver certificate check` proves "
                       "(docs/certificates.md; boards of up to 32 cells)"},
           [](MnkCommandOptions& o, const Invocation& in) {
             const MnkOptions options = job_of(o, in);
             const mnk::MnkGame game = game_of(o, in);
             if (o.output.empty()) throw InputError("mnk certify needs --output FILE");
             check_output_path(o.output, "--output");
             const auto asked = in.vm.count("position") ? std::optional<std::string>(o.position) : std::nullopt;
             cli::emit(options.global, mnk_certify(game, options, asked, o.output));
             return 0;
           }},
          {{.name = "play",
            .synopsis = "--play [--first engine]",
            .summary = "play against perfect play in the terminal",
            .is_switch = true},
           [](MnkCommandOptions& o, const Invocation& in) {
             const MnkOptions options = job_of(o, in);
             const mnk::MnkGame game = game_of(o, in);
             if (o.first != "human" && o.first != "engine") throw InputError("--first must be human or engine");
             return mnk_play(game, options, o.first == "human");
           }},
      });
}

// Move sequences of a depth; play stops at a line or a full board.
std::uint64_t perft(const mnk::PackedMnk& game, mnk::PackedMnk::Position s, int depth) {
  if (depth == 0) return 1;
  if (game.terminal(s)) return 0;
  std::uint64_t total = 0;
  for_each_successor(game, s, [&](int, mnk::PackedMnk::Position next) { total += perft(game, next, depth - 1); });
  return total;
}

std::vector<SelfCheck> mnk_self_checks() {
  const mnk::MnkGame game(3, 3, 3);
  return {{
      .game = "tictactoe",
      .positions = {".../.../...", "X.O/.X./...", "XOX/OXO/OX."},
      .round_trip = [game](const std::string& text) { return game.format(game.parse(text)); },
      .perft =
          [game](int depth) {
            const mnk::PackedMnk packed(game);
            return perft(packed, packed.start(), depth);
          },
      // Tic-tac-toe move sequences: 9, 9 x 8, 9 x 8 x 7 (no game ends before the fifth ply).
      .perft_reference = {9, 72, 504},
  }};
}

}  // namespace

std::vector<BenchEntry> mnk_bench_entries();  // tools/mnk/mnk_bench.cpp

Command mnk_command() {
  return make_mnk(
      {.name = "mnk",
       .summary = "m,n,k-games: value and best move, move values, strong solution, probe",
       .parameters = {{.name = "m", .default_value = "3", .min = 1, .max = 8, .help = "columns"},
                      {.name = "n", .default_value = "3", .min = 1, .max = 8, .help = "rows"},
                      {.name = "k", .default_value = "3", .min = 1, .max = 8, .help = "in a row to win"}},
       .about = kAbout,
       .examples = kExamples,
       .self_checks = mnk_self_checks,
       .bench = mnk_bench_entries(),
       .replays = {{.describes = "an m,n,k game record (the play page's download)",
                    .takes = [](const nlohmann::json& j) { return game_record_name(j) == MnkRecordGame::kName; },
                    .replay = [](const std::string&, const nlohmann::json* record,
                                 int) { return mnk_record_replay(*record); }}}},
      false);
}

Command tictactoe_command() {
  return make_mnk({.name = "tictactoe",
                   .summary = "tic-tac-toe: gamesolver mnk with m = n = k = 3",
                   .about = kAbout,
                   .examples = kExamples,
                   .self_checks = mnk_self_checks},
                  true);
}

}  // namespace gs::tools
