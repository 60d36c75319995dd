// `gamesolver hunt`: the command's declaration and options.
#include "engine/core/errors.h"
#include "engine/hunt/fox_geese.h"
#include "engine/hunt/fox_hounds.h"
#include "engine/hunt/tigers_goats.h"
#include "solvers/common/perft.h"
#include "solvers/io/output_file.h"
#include "tools/common/command.h"
#include "tools/hunt/hunt_jobs.h"

namespace gs::tools {

namespace {

struct HuntCommandOptions {
  HuntOptions job;
  int up_to = -1;
  bool raw = false;
  std::string side;  // play: the person's side
};

// The job's options for one of the four table modes.
HuntOptions job_of(HuntCommandOptions& o, const Invocation& in, const std::string& mode) {
  HuntOptions options = o.job;
  options.global = in.global;
  options.threads = in.threads;
  options.game = hunt_game_of(in);
  options.rule = hunt_game_spec(options.game).draw_rule ? in.integer("rule") : 0;
  if (options.rule == 1) throw InputError("--rule must be 0 (no draw rule) or 2 or more plies");
  options.counter = in.integer("counter");
  if (mode != "probe" && mode != "play" && in.given("counter")) throw InputError("--counter applies to probe and play");
  if (in.given("counter") && options.rule == 0) throw InputError("--counter needs the draw rule (--rule N)");
  options.line = in.integer("line");
  if (mode != "probe" && in.given("line")) throw InputError("--line applies to probe");
  options.compress = !o.raw;
  if (in.vm.count("up-to")) {
    if (o.up_to < 0) throw InputError("--up-to must be a layer number (0 or more)");
    options.up_to = o.up_to;
  }
  if (options.dir.empty() && mode != "prove" && mode != "reach") throw InputError("hunt " + mode + " needs --dir DIR");
  if (mode != "reach" && in.given("checkpoint-seconds")) throw InputError("--checkpoint-seconds applies to reach");
  if (!(options.checkpoint_seconds >= 0)) throw InputError("--checkpoint-seconds must be 0 or more");
  if (mode != "probe" && mode != "play" && mode != "prove" && mode != "certify" && !options.position.empty())
    throw InputError("--position applies to probe, play, prove and certify");
  if (mode == "certify" && options.output.empty()) throw InputError("hunt certify needs --output FILE");
  if (mode != "certify" && !options.output.empty()) throw InputError("--output applies to certify");
  if (mode == "certify") check_output_path(options.output, "--output");
  for (const char* only_prove : {"nodes", "memory", "samples", "sample-layer", "truth", "truth-max-geese", "seed"})
    if (mode != "prove" && in.vm.count(only_prove) && !in.vm[only_prove].defaulted())
      throw InputError(std::string("--") + only_prove + " applies to prove");
  if (options.samples > 1'000'000) throw InputError("--samples must be at most 1000000");
  if (options.memory_gib <= 0 || options.memory_gib > 1024)
    throw InputError("--memory must be above 0 and at most 1024 GiB");
  cli::check_memory_fits(options.memory_gib * double(1 << 30), "--memory", "give a smaller --memory");
  if (mode != "play" && mode != "certify" && mode != "reach" && !o.side.empty())
    throw InputError("--side applies to play, certify and reach");
  if (mode == "certify" || mode == "reach") options.side = o.side;
  if (mode != "reach" && !options.tables.empty()) throw InputError("--tables applies to reach");
  if (mode != "certify" && in.given("max-records")) throw InputError("--max-records applies to certify");
  if (options.max_records == 0) throw InputError("--max-records must be at least 1");
  if (mode != "verify" && !options.checksums.empty()) throw InputError("--checksums applies to verify");
  return options;
}

template <class Job>
Mode<HuntCommandOptions> table_mode(ModeInfo info, Job job) {
  return {info,
          [job, name = info.name](HuntCommandOptions& o, const Invocation& in) { return job(job_of(o, in, name)); }};
}

int emit(const HuntOptions& options, const Report& result) {
  cli::emit(options.global, result);
  return 0;
}

template <class G>
SelfCheck hunt_check(const std::string& name, const G& game, const std::vector<std::string>& positions,
                     const std::vector<std::uint64_t>& reference) {
  return {.game = name,
          .positions = positions,
          .round_trip = [game](const std::string& text) { return game.format(game.parse(text)); },
          .perft = [game](int depth) { return perft(game, game.start(), depth); },
          .perft_reference = reference};
}

const char* kAbout = R"(Games: fox-hounds (Fox and Hounds; --size 4, 6 or 8, default 8), tigers-goats (Tigers and
Goats, positions up to symmetry: the whole game from the empty board, or with --phase sliding
the sliding phase alone, every goat placed; variants --size 3 to 5, --goats, --win-captures),
fox-geese (Fox and Geese endgames: 4 to --max-geese geese, default 8, up to the mirror;
--max-geese 13 is the rules' whole game: both sets of tables in about 70 minutes on 2 cores,
8 GiB, 875 MB on disk; up to 17 for the positions of the 17-goose game, 3.7 times as many).

Retrograde analysis: every position gets its value for the side to move (win, loss, draw) and
the plies to the end with best play (wins fastest, losses slowest). One table file per layer
(header with game, variant, layer, index scheme and counts; 2-bit values and the distances of
wins and losses, in checksummed zstd blocks that a probe reads one at a time), written
atomically; build loads the layers already on disk, so an interrupted build resumes.

The draw rules (Tigers and Goats: 120 plies without a placement or capture; Fox and Geese: 120
moves without a capture; --rule N, 0 for none): a second set of tables, "-rule120" in the file
names, holds each position's value with the counter at 0 and the plies to the next progress
along the best line; probe --counter C reads them at another counter; stats counts the wins
and losses the rule turns into draws.

Fox and Hounds positions: rows 1 (top) to 8 separated by '/', cells F, H and '.', then ' f'
(fox to move) or ' h'. The start is '....F.../......../......../......../......../......../......../.H.H.H.H f'.
Tigers and Goats positions: rows separated by '/', cells T, G and '.', then the side to move
(g or t), goats in hand and goats captured: 'TGGGT/GGGGG/GG.GG/GGGGG/TG.GT g 0 1'.
Fox and Geese positions: rows separated by '/' (the short rows as 3 cells), cells F, G and
'.', then 'f' or 'g': '.../.../......./FG.G.../......G/.../... f'.
)";

const char* kExamples =
    R"(  gamesolver hunt build --game fox-hounds --dir tables      value of the start: hounds win in 44 plies
  gamesolver hunt probe --game fox-hounds --dir tables --svg start.svg   the moves drawn as arrows
  gamesolver hunt play --game fox-hounds --dir tables --json game.json   then: gamesolver view game.json
  gamesolver hunt verify --game fox-hounds --dir tables
  gamesolver hunt build --game tigers-goats --phase sliding --dir tables
                                                            the sliding phase: 88,260,972 positions
  gamesolver hunt build --game fox-geese --dir tables       endgames of 4 to 8 geese
  gamesolver hunt build --game tigers-goats --size 4 --goats 10 --win-captures 4 --dir t4
                                                            a small variant from the empty board
  gamesolver hunt probe --game tigers-goats --size 4 --goats 10 --win-captures 4 --dir t4 \
      --position 'T..T/.GG./..../T..T t 8 0' --counter 0
  gamesolver hunt prove --game fox-geese --dir tables --position '.../.../......./.G...../.F.G.G./GGG/GGG f'
                                                            9 geese, proved with the 4-8 geese tables at the leaves
  gamesolver hunt certify --game fox-hounds --dir tables --output fh.cert.zst
                                                            the hounds' winning strategy, checked by
                                                            gamesolver certificate check fh.cert.zst
  mpirun -n 4 --hostfile hosts gamesolver hunt build --game fox-geese --max-geese 13 --dir /shared/fg13
                                                            one build across 4 MPI ranks (docs/cluster.md)
)";

}  // namespace

std::vector<BenchEntry> hunt_bench_entries();  // tools/hunt/hunt_bench.cpp

Command hunt_command() {
  Command command{
      .name = "hunt",
      .summary = "hunt games: retrograde endgame tables (build, probe, stats, verify, certify)",
      .parameters =
          {{.name = "game", .default_value = "fox-hounds", .help = "fox-hounds, tigers-goats or fox-geese"},
           {.name = "size",
            .default_value = "0",
            .min = 0,
            .max = 8,
            .help = "board size, 0 for the real game's (fox-hounds: 4, 6 or 8; tigers-goats: 3 to 5)"},
           {.name = "max-geese",
            .default_value = "8",
            .min = 4,
            .max = 17,
            .help = "fox-geese: endgames with 4 to N geese (13: the rules' whole game)"},
           {.name = "goats", .default_value = "20", .min = 1, .max = 21, .help = "tigers-goats: goats in all"},
           {.name = "win-captures",
            .default_value = "5",
            .min = 1,
            .max = 21,
            .help = "tigers-goats: captures that win"},
           {.name = "phase",
            .default_value = "whole",
            .help = "tigers-goats: whole (from the empty board) or sliding (every goat placed)"},
           {.name = "rule",
            .default_value = "120",
            .min = 0,
            .max = 16000,
            .help = "tigers-goats, fox-geese: the draw after N plies without progress (a placement or capture; "
                    "the games': 120); build, probe, stats and verify the tables under it too; 0: plain tables only"},
           {.name = "counter",
            .default_value = "0",
            .min = 0,
            .max = 15999,
            .help = "probe, play: plies since the last progress (placement or capture), for the value under the rule"},
           {.name = "line",
            .default_value = "0",
            .min = 0,
            .max = 10000,
            .help = "probe: the principal line, best move after best move, up to N plies (a won or lost line "
                    "ends at the game's end)"}},
      .about = kAbout,
      .examples = kExamples,
      .self_checks =
          [] {
            return std::vector<SelfCheck>{
                // The fox's two steps from the top row, then the hounds' seven steps up.
                hunt_check("fox-hounds", hunt::FoxAndHounds(8),
                           {"....F.../......../......../......../......../......../......../.H.H.H.H f",
                            "......../......../......F./......../....H.../.H....../......../.....H.H h"},
                           {2, 14}),
                // A goat on any of the 21 free points.
                hunt_check("tigers-goats", hunt::TigersAndGoats(), {"TGGGT/GGGGG/GG.GG/GGGGG/TG.GT g 0 1"}, {21}),
                // The fox in the centre: three steps down or sideways, two diagonals; no capture.
                hunt_check("fox-geese", hunt::FoxAndGeese(13), {".../.../......./FG.G.../......G/.../... f"}, {5}),
            };
          },
      .bench = hunt_bench_entries(),
      .replays = {{.describes = "a hunt game record (hunt play --json, the play page's download)",
                   .takes =
                       [](const nlohmann::json& j) {
                         const auto name = game_record_name(j);
                         return name && is_hunt_game(*name);
                       },
                   .replay = [](const std::string&, const nlohmann::json* record,
                                int) { return hunt_replay(*record); }}},
  };
  return make_command<HuntCommandOptions>(
      std::move(command),
      [](po::options_description& d, HuntCommandOptions& o) {
        d.add_options()("dir", po::value<std::string>(&o.job.dir),
                        "directory of the table files (reach: of its saved progress, to resume)")(
            "checkpoint-seconds", po::value<double>(&o.job.checkpoint_seconds)->default_value(300),
            "reach with --dir: the least time between two saves of its progress")("up-to", po::value<int>(&o.up_to),
                                                                                  "build: solve layers 0..L only")(
            "raw", po::bool_switch(&o.raw), "build: store tables without zstd compression")(
            "checksums", po::value<std::string>(&o.job.checksums),
            "verify: a published checksum list (data/checksums/) the tables must match")(
            "position,p", po::value<std::string>(&o.job.position),
            "probe, play, prove, certify: the position (default: the start)")(
            "output,o", po::value<std::string>(&o.job.output),
            "certify: the certificate file to write (zstd-compressed text, docs/certificates.md)")(
            "nodes", po::value<std::uint64_t>(&o.job.nodes)->default_value(20'000'000),
            "prove: proof-number search's budget in expanded nodes (0: none)")(
            "memory", po::value<double>(&o.job.memory_gib)->default_value(1), "prove: GiB for its tables at most")(
            "samples", po::value<std::uint64_t>(&o.job.samples)->default_value(0),
            "prove: draw N positions of --sample-layer instead of --position, and compare with --truth")(
            "sample-layer", po::value<int>(&o.job.sample_layer)->default_value(-1),
            "prove --samples: a layer of the --truth tables (hunt stats lists them)")(
            "truth", po::value<std::string>(&o.job.truth), "prove --samples: tables holding --sample-layer")(
            "truth-max-geese", po::value<int>(&o.job.truth_max_geese)->default_value(13),
            "prove --samples, fox-geese: the --max-geese of the --truth tables")(
            "seed", po::value<std::uint64_t>(&o.job.seed)->default_value(1), "prove --samples: the random draw")(
            "side", po::value<std::string>(&o.side),
            "play: your side (tigers-goats: goats or tigers; fox-hounds: fox or hounds; fox-geese: fox or geese); "
            "default the side to move; certify, a drawn position: the side whose strategy never loses; reach: "
            "follow that side's strategy (with --tables)")(
            "tables", po::value<std::string>(&o.job.tables),
            "reach --side S: the table files whose first moves S plays (the other side plays every move): the "
            "positions of S's strategy, the size of its certificate")(
            "max-records", po::value<std::uint64_t>(&o.job.max_records)->default_value(100'000'000),
            "certify: stop when the strategy passes N positions (a certificate is held in memory)");
      },
      {
          table_mode({.name = "build",
                      .synopsis = "build  --game G --dir DIR [--up-to L]",
                      .summary = "solve the layers into table files"},
                     [](const HuntOptions& o) { return emit(o, hunt_build(o)); }),
          table_mode({.name = "probe",
                      .synopsis = "probe  --game G --dir DIR [--position P]",
                      .summary = "value, distance and every move's value",
                      .draws = true},
                     [](const HuntOptions& o) { return emit(o, hunt_probe(o)); }),
          Mode<HuntCommandOptions>{
              {.name = "play",
               .synopsis = "play   --game G --dir DIR [--side S] [--position P]",
               .summary = "play against the tables' perfect player in the terminal"},
              [](HuntCommandOptions& o, const Invocation& in) { return hunt_play(job_of(o, in, "play"), o.side); }},
          table_mode(
              {.name = "prove",
               .synopsis = "prove  --game G [--dir DIR] --position P [--nodes N]",
               .summary = "value of a position outside the tables by proof-number search, the tables at its leaves "
                          "(--samples N --sample-layer L --truth DIR2: N positions checked against bigger tables)"},
              [](const HuntOptions& o) { return emit(o, hunt_prove(o)); }),
          table_mode({.name = "stats",
                      .synopsis = "stats  --game G --dir DIR",
                      .summary = "won / drawn / lost per layer and side",
                      .draws = true},
                     [](const HuntOptions& o) { return emit(o, hunt_stats(o)); }),
          table_mode({.name = "sums",
                      .synopsis = "sums   --game G --dir DIR",
                      .summary = "the checksum list of the built layers (as data/checksums/ publishes them)"},
                     [](const HuntOptions& o) { return emit(o, hunt_sums(o)); }),
          table_mode({.name = "certify",
                      .synopsis = "certify --game G --dir DIR [--position P] [--side S] --output FILE",
                      .summary = "the winner's strategy from a won position (a drawn one: --side S, that side's "
                                 "strategy that never loses), as a certificate that `gamesolver certificate check` "
                                 "proves without the tables"},
                     [](const HuntOptions& o) { return emit(o, hunt_certify(o)); }),
          table_mode({.name = "reach",
                      .synopsis = "reach  --game G [--dir DIR] [--tables T [--side S]]",
                      .summary = "the positions of the index that play from the start reaches, per layer (no "
                                 "tables needed; with --dir, resumable: progress saved there every "
                                 "--checkpoint-seconds); with --tables, those a side's strategy reaches (the "
                                 "size of its certificate, up to symmetry)"},
                     [](const HuntOptions& o) { return emit(o, hunt_reach(o)); }),
          table_mode({.name = "verify",
                      .synopsis = "verify --game G --dir DIR [--checksums FILE]",
                      .summary = "re-check every value against its successors"},
                     [](const HuntOptions& o) {
                       bool valid = false;
                       cli::emit(o.global, hunt_verify(o, valid));
                       return valid ? 0 : 1;
                     }),
      });
}

}  // namespace gs::tools
