// `gamesolver hopscotch`: the command's declaration and options.
#include <cmath>
#include <fstream>
#include <sstream>

#include "engine/core/errors.h"
#include "engine/core/read_file.h"
#include "engine/hopscotch/tableau.h"
#include "solvers/io/output_file.h"
#include "tools/common/command.h"
#include "tools/hopscotch/hopscotch_jobs.h"
#include "tools/hopscotch/hopscotch_play_file.h"

namespace gs::tools {

namespace {

struct HopscotchCommandOptions {
  HopscotchOptions job;
  std::uint64_t seed = 1, deals = 0;
  std::string deal_file, cards, output;
  bool normal = false;
};

HopscotchOptions job_of(HopscotchCommandOptions& o, const Invocation& in, bool plays_normally) {
  if (o.job.memo_bits < 10 || o.job.memo_bits > 30) throw InputError("--memo-bits must be between 10 and 30");
  // One table a thread, 40 bytes an entry (hopscotch_jobs.h).
  cli::check_memory_fits(std::ldexp(40.0, o.job.memo_bits) * in.threads,
                         "--memo-bits " + std::to_string(o.job.memo_bits), "give fewer --memo-bits or --threads");
  if (o.job.samples < 0 || o.job.samples > 10000) throw InputError("--samples must be between 0 and 10000");
  // Each level costs one to two orders of magnitude more than the last (nested_rollouts.h).
  if (o.job.rollout_level < 0 || o.job.rollout_level > 5) throw InputError("--rollout-level must be between 0 and 5");
  // Each card more costs about ten times the time: 8 takes seconds a deal and gigabytes.
  if (o.job.exact_last < 0 || o.job.exact_last > 8) throw InputError("--exact-last must be between 0 and 8");
  if (in.given("exact-last") && !plays_normally) throw InputError("--exact-last applies to normal play (--normal)");
  if (in.given("samples") && !plays_normally) throw InputError("--samples applies to normal play (--normal)");
  o.job.global = in.global;
  o.job.threads = in.threads;
  return o.job;
}

std::string read_text(const std::string& path) {
  return read_file<InputError>(path, 1 << 20, "deal file");  // 48 cards: 1 MiB is generous
}

// The deal of solve and play: --seed, --deal or --cards. Normal play's imagined orders come from
// the deal's number; a deal from a file or text gets 0.
struct ChosenDeal {
  hopscotch::Deal deal{};
  std::string label;
  std::uint64_t seed = 0;
};
ChosenDeal chosen_deal(const HopscotchCommandOptions& o, const Invocation& in) {
  if (in.vm.count("deals")) throw InputError("--deals applies to stats");
  // Given but empty is a mistake (an unset shell variable), not a request for deal 1.
  if (in.vm.count("deal") && o.deal_file.empty()) throw InputError("--deal needs a file name");
  if (in.vm.count("cards") && o.cards.empty()) throw InputError("--cards is empty: give the 48 cards in stock order");
  if (!o.deal_file.empty() + !o.cards.empty() + in.given("seed") > 1)
    throw InputError("give one of --seed, --deal and --cards");
  if (!o.deal_file.empty()) return {hopscotch::parse_deal(read_text(o.deal_file)), o.deal_file, 0};
  if (!o.cards.empty()) return {hopscotch::parse_deal(o.cards), "given", 0};
  return {hopscotch::deal_from_seed(o.seed), "seed " + std::to_string(o.seed), o.seed};
}

// Play sequences of a depth, every legal play by the rules.
std::uint64_t perft(hopscotch::Tableau& t, int depth) {
  if (depth == 0) return 1;
  std::vector<hopscotch::Play> plays;
  t.for_each_play([&](const hopscotch::Play& p) { plays.push_back(p); });
  std::uint64_t total = 0;
  for (const auto& p : plays) {
    t.apply(p);
    total += perft(t, depth - 1);
    t.undo(p);
  }
  return total;
}

const char* kAbout = R"(Hopscotch (Calculation): the four foundations climb by 1, 2, 3 and 4 from the Ace, Two, Three
and Four of clubs; the 48 other cards are dealt one at a time and each goes at once to a
foundation or to one of four reserves, whose top cards may later go to the foundations.
A deal is numbered by its seed (the same cards on every platform) or read from a file of 48
cards in stock order (rank A 2..10 J Q K, optional suit C D H S).

Plays: CARD>Fn the dealt card to foundation n, CARD>Rn to reserve n, Rn:CARD>Fm the top of
reserve n to foundation m.

Search: nested rollouts of level 2 (the common-sense rules below, nested twice: milliseconds),
then rounds of short depth-first probes and beam searches, each round twice the last, until a
win, a proof that none exists, or --node-limit (nodes: states whose upper bound is asked). A
deal still open after 300,000 nodes gets nested rollouts of levels 3 (under a second) to
--rollout-level (4: seconds) before more search (stats: level 4 in its second round). Rollouts
only find wins; losses are proved by the search.

Normal play (--normal) sees what a person at the table sees, never the stock. At each choice
(which reserve, which foundation, which reserve top goes up first) it imagines --samples random
orders of the unseen cards, finishes each imagined game with common-sense rules after each
possible play, and makes the play that wins the most of them (then the best score). Its last
--exact-last cards it plays optimally: each play by its exact chance of winning over every
order of the unseen cards; stats --normal also counts how many games a player seeing the stock
could still have won there.
)";

const char* kExamples = R"(  gamesolver hopscotch                          deal 1: won or lost, with the whole play
  gamesolver hopscotch --seed 37 --output p.txt && gamesolver hopscotch verify p.txt
  gamesolver hopscotch --seed 37 --normal       the same deal played without seeing the stock
  gamesolver hopscotch play --seed 7            play deal 7 yourself; type hint for the player's advice
  gamesolver hopscotch stats --deals 10000 --normal
                                                the win rate of normal play, with its interval
  gamesolver hopscotch stats --deals 10000       decides every one of deals 1-10,000 (about 4 minutes)
  gamesolver hopscotch stats --deals 10000 --rollout-level 0 --node-limit 3000000 --retry-nodes 100000000
      --memo-bits 24                            the same by the search alone (about 10 minutes)
)";

}  // namespace

std::vector<BenchEntry> hopscotch_bench_entries();  // tools/hopscotch/hopscotch_bench.cpp

Command hopscotch_command() {
  Command command{
      .name = "hopscotch",
      .summary = "Hopscotch card solitaire: solve a deal, verify a play, statistics",
      .about = kAbout,
      .examples = kExamples,
      .self_checks =
          [] {
            return std::vector<SelfCheck>{{
                .game = "hopscotch",
                .positions = {hopscotch::format_deal(hopscotch::deal_from_seed(1)),
                              hopscotch::format_deal(hopscotch::deal_from_seed(37))},
                .round_trip =
                    [](const std::string& text) { return hopscotch::format_deal(hopscotch::parse_deal(text)); },
                .perft =
                    [](int depth) {
                      hopscotch::Tableau t(hopscotch::deal_from_seed(1));
                      return perft(t, depth);
                    },
                // Deal 1 opens 4D JS. The foundations want 2, 4, 6 and 8, so 4D goes to foundation 2
                // or to one of four reserves (5); JS fits nowhere: after 4D>F2 it has 4 places, after
                // 4D to a reserve 4 places and that reserve's 4D to foundation 2: 4 + 4 x 5 = 24.
                .perft_reference = {5, 24},
            }};
          },
      .bench = hopscotch_bench_entries(),
      .replays = {{.describes = "a Hopscotch play file (hopscotch --output)",
                   .first_word = kHopscotchPlayMagic,
                   .replay = [](const std::string& path, const nlohmann::json*,
                                int) { return hopscotch_replay(path); }}},
  };
  return make_command<HopscotchCommandOptions>(
      std::move(command),
      [](po::options_description& d, HopscotchCommandOptions& o) {
        d.add_options()("seed", po::value<std::uint64_t>(&o.seed)->default_value(1),
                        "deal number (stats: the first deal)")("deal", po::value<std::string>(&o.deal_file),
                                                               "read the deal from FILE (48 cards in stock order)")(
            "cards", po::value<std::string>(&o.cards), "the deal as text (48 cards in stock order)")(
            "normal", po::bool_switch(&o.normal),
            "play without seeing the stock instead of solving (stats: the normal player's win rate)")(
            "output,o", po::value<std::string>(&o.output), "write the play to FILE (checksummed; see verify)")(
            "deals", po::value<std::uint64_t>(&o.deals), "stats: number of deals")(
            "node-limit", po::value<std::uint64_t>(&o.job.node_limit)->default_value(0),
            "stop a deal's search after N nodes and report it unresolved (0 = none; stats without it: 300000, "
            "then rounds of 4 times more for the deals still unresolved until every deal is decided)")(
            "retry-nodes", po::value<std::uint64_t>(&o.job.retry_nodes)->default_value(0),
            "stats: try the deals left unresolved once more with this node limit (0 = no second try)")(
            "memo-bits", po::value<int>(&o.job.memo_bits)->default_value(20),
            "memo of 2^N entries (40 bytes each) per thread")(
            "rollout-level", po::value<int>(&o.job.rollout_level)->default_value(4),
            "stock known: the highest level of nested rollouts tried while a deal is open (0 = the search alone)")(
            "samples", po::value<int>(&o.job.samples)->default_value(256),
            "normal play: random orders of the unseen cards imagined per choice (0 = the plain heuristic; "
            "more wins more deals and takes longer)")(
            "exact-last", po::value<int>(&o.job.exact_last)->default_value(6),
            "normal play: the last N cards played optimally, by the exact win chance of each play (0 = by "
            "imagined orders to the end; each card more costs about ten times the time)");
      },
      {
          {{.name = "solve",
            .synopsis = "[solve] [--seed S | --deal FILE | --cards \"5C KD ...\"] [options]",
            .summary = "decide a deal with the stock order known",
            .is_default = true,
            .draws = true},
           [](HopscotchCommandOptions& o, const Invocation& in) {
             const HopscotchOptions options = job_of(o, in, o.normal);
             check_output_path(o.output, "--output");
             const ChosenDeal chosen = chosen_deal(o, in);
             cli::emit(options.global,
                       hopscotch_solve(chosen.deal, chosen.label, options, o.output, o.normal, chosen.seed));
             return 0;
           }},
          {{.name = "play",
            .synopsis = "play [--seed S | --deal FILE | --cards \"5C KD ...\"] [--samples K] [--exact-last N]",
            .summary = "play a deal yourself in the terminal; 'hint' shows the player's advice"},
           [](HopscotchCommandOptions& o, const Invocation& in) {
             const HopscotchOptions options = job_of(o, in, true);
             if (o.normal || !o.output.empty()) throw InputError("play takes a deal, --samples and --exact-last only");
             const ChosenDeal chosen = chosen_deal(o, in);
             return hopscotch_play(chosen.deal, chosen.label, chosen.seed, options);
           }},
          {{.name = "verify",
            .synopsis = "verify FILE",
            .summary = "replay a play file against the rules",
            .takes_file = true},
           [](HopscotchCommandOptions& o, const Invocation& in) {
             const HopscotchOptions options = job_of(o, in, false);
             bool valid = false;
             cli::emit(options.global, hopscotch_verify(in.file, options, valid));
             return valid ? 0 : 1;
           }},
          {{.name = "stats",
            .synopsis = "stats --deals N [--seed S] [options]",
            .summary = "solve deals S .. S+N-1 in parallel (--normal: play them without seeing the stock)",
            .draws = true},
           [](HopscotchCommandOptions& o, const Invocation& in) {
             HopscotchOptions options = job_of(o, in, o.normal);
             if (!in.vm.count("deals") || o.deals == 0) throw InputError("stats needs --deals N (N > 0)");
             // 48 bytes a deal are kept for the report: a billion would need 48 GB.
             if (o.deals > 100'000'000) throw InputError("--deals must be at most 100000000");
             if (in.vm.count("deal") || in.vm.count("cards") || !o.output.empty())
               throw InputError("stats takes --deals, --seed, --normal, --node-limit, --memo-bits and --samples only");
             if (o.normal) {
               if (in.given("node-limit") || in.given("retry-nodes") || in.given("memo-bits") ||
                   in.given("rollout-level"))
                 throw InputError(
                     "stats --normal plays without searching: it takes no --node-limit, --retry-nodes, "
                     "--memo-bits or --rollout-level");
               cli::emit(options.global, hopscotch_normal_stats(o.deals, o.seed, options));
               return 0;
             }
             // No budget given: 300,000 nodes a deal, then growing rounds until every deal is decided.
             if (in.vm["node-limit"].defaulted()) {
               options.node_limit = 300000;
               options.growing_budget = in.vm["retry-nodes"].defaulted();
             }
             cli::emit(options.global, hopscotch_stats(o.deals, o.seed, options));
             return 0;
           }},
      });
}

}  // namespace gs::tools
