// `gamesolver hunt`: option parsing and dispatch to the jobs.
#include "engine/core/errors.h"
#include "tools/cli.h"
#include "tools/hunt_jobs.h"
#include "tools/subcommands.h"

namespace gs::tools {

namespace {

const char* kUsage = R"(Usage: gamesolver hunt build  --game G --dir DIR [--up-to L]    solve the layers into table files
       gamesolver hunt probe  --game G --dir DIR [--position P]  value, distance and every move's value
       gamesolver hunt stats  --game G --dir DIR                 won / drawn / lost per layer and side
       gamesolver hunt verify --game G --dir DIR                 re-check every value against its successors

Games: fox-hounds (Fox and Hounds; --size 4, 6 or 8, default 8), tigers-goats (Tigers and
Goats, the sliding phase: every goat placed, 0 to 4 captured, positions up to symmetry),
fox-geese (Fox and Geese endgames: 4 to --max-geese geese, default 8, up to the mirror).

Retrograde analysis: every position gets its value for the side to move (win, loss, draw) and
the plies to the end with best play (wins fastest, losses slowest). One table file per layer
(header with game, variant, layer, index scheme and counts; checksums; zstd), written
atomically; build loads the layers already on disk, so an interrupted build resumes.

Fox and Hounds positions: rows 1 (top) to 8 separated by '/', cells F, H and '.', then ' f'
(fox to move) or ' h'. The start is '....F.../......../......../......../......../......../......../.H.H.H.H f'.
Tigers and Goats positions: rows separated by '/', cells T, G and '.', then the side to move
(g or t), goats in hand and goats captured: 'TGGGT/GGGGG/GG.GG/GGGGG/TG.GT g 0 1'.
Fox and Geese positions: rows separated by '/' (the short rows as 3 cells), cells F, G and
'.', then 'f' or 'g': '.../.../......./FG.G.../......G/.../... f'.

Examples:
  gamesolver hunt build --game fox-hounds --dir tables      value of the start: hounds win in 44 plies
  gamesolver hunt probe --game fox-hounds --dir tables
  gamesolver hunt verify --game fox-hounds --dir tables
  gamesolver hunt build --game tigers-goats --dir tables    88,260,972 positions up to symmetry
  gamesolver hunt build --game fox-geese --dir tables       endgames of 4 to 8 geese
)";

}  // namespace

int run_hunt(const std::vector<std::string>& args) {
  HuntOptions options;
  int up_to = -1;
  bool raw = false;
  namespace po = boost::program_options;
  po::options_description hunt("hunt options");
  hunt.add_options()
      ("game", po::value<std::string>(&options.game)->default_value("fox-hounds"), "fox-hounds, tigers-goats or fox-geese")
      ("size", po::value<int>(&options.size)->default_value(8), "fox-hounds: board size (4, 6 or 8)")
      ("max-geese", po::value<int>(&options.max_geese)->default_value(8), "fox-geese: endgames with 4 to N geese (4..13)")
      ("dir", po::value<std::string>(&options.dir), "directory of the table files")
      ("up-to", po::value<int>(&up_to), "build: solve layers 0..L only")
      ("raw", po::bool_switch(&raw), "build: store tables without zstd compression")
      ("position,p", po::value<std::string>(&options.position), "probe: the position (default: the start)");
  cli::Positionals words;
  po::variables_map vm;
  if (!cli::parse_subcommand(args, hunt, options.global, words, vm, kUsage)) return 0;
  const cli::ThreadLimit threads(options.global.threads);
  options.threads = threads.threads();
  options.compress = !raw;
  if (vm.count("up-to")) {
    if (up_to < 0) throw InputError("--up-to must be a layer number (0 or more)");
    options.up_to = up_to;
  }
  if (!words.file.empty()) throw InputError("unexpected argument '" + words.file + "'");
  const std::string& mode = words.mode;
  if (mode != "build" && mode != "probe" && mode != "stats" && mode != "verify")
    throw InputError(mode.empty() ? "hunt needs a mode: build, probe, stats or verify" : "unknown hunt mode '" + mode + "' (expected build, probe, stats or verify)");
  if (options.dir.empty()) throw InputError("hunt " + mode + " needs --dir DIR");
  if (mode != "probe" && !options.position.empty()) throw InputError("--position applies to probe");
  if (mode == "build") {
    cli::emit_json(options.global, hunt_build(options));
    return 0;
  }
  if (mode == "probe") {
    cli::emit_json(options.global, hunt_probe(options));
    return 0;
  }
  if (mode == "stats") {
    cli::emit_json(options.global, hunt_stats(options));
    return 0;
  }
  bool valid = false;
  cli::emit_json(options.global, hunt_verify(options, valid));
  return valid ? 0 : 1;
}

}  // namespace gs::tools
