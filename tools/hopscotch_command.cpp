// `gamesolver hopscotch`: option parsing and dispatch to the jobs.
#include <fstream>
#include <sstream>

#include "engine/core/errors.h"
#include "tools/cli.h"
#include "tools/hopscotch_jobs.h"
#include "tools/subcommands.h"

namespace gs::tools {

namespace {

const char* kUsage = R"(Usage: gamesolver hopscotch [solve] [--seed S | --deal FILE | --cards "5C KD ..."] [options]
                                             decide a deal with the stock order known
       gamesolver hopscotch verify FILE      replay a play file against the rules
       gamesolver hopscotch stats --deals N [--seed S] [options]
                                             solve deals S .. S+N-1 in parallel, and play them normally

Hopscotch (Calculation): the four foundations climb by 1, 2, 3 and 4 from the Ace, Two, Three
and Four of clubs; the 48 other cards are dealt one at a time and each goes at once to a
foundation or to one of four reserves, whose top cards may later go to the foundations.
A deal is numbered by its seed (the same cards on every platform) or read from a file of 48
cards in stock order (rank A 2..10 J Q K, optional suit C D H S).

Plays: CARD>Fn the dealt card to foundation n, CARD>Rn to reserve n, Rn:CARD>Fm the top of
reserve n to foundation m.

Examples:
  gamesolver hopscotch                          deal 1: won or lost, with the whole play
  gamesolver hopscotch --seed 37 --output p.txt && gamesolver hopscotch verify p.txt
  gamesolver hopscotch --seed 37 --normal       the same deal played without seeing the stock
  gamesolver hopscotch stats --deals 10000 --json stats.json
  gamesolver hopscotch stats --deals 10000 --node-limit 3000000 --retry-nodes 100000000 --memo-bits 24
                                                decides every one of deals 1-10,000 (about 10 minutes)

Search: rounds of short depth-first probes and beam searches, each round twice the last, until
a win, a proof that none exists, or --node-limit (nodes: states whose upper bound is asked).
)";

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError("cannot read deal file '" + path + "'");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

int run_hopscotch(const std::vector<std::string>& args) {
  HopscotchOptions options;
  std::uint64_t seed = 1, deals = 0;
  std::string deal_file, cards, output;
  bool normal = false;
  namespace po = boost::program_options;
  po::options_description hop("hopscotch options");
  hop.add_options()
      ("seed", po::value<std::uint64_t>(&seed)->default_value(1), "deal number (stats: the first deal)")
      ("deal", po::value<std::string>(&deal_file), "read the deal from FILE (48 cards in stock order)")
      ("cards", po::value<std::string>(&cards), "the deal as text (48 cards in stock order)")
      ("normal", po::bool_switch(&normal), "play without seeing the stock (the heuristic player) instead of solving")
      ("output,o", po::value<std::string>(&output), "write the play to FILE (checksummed; see verify)")
      ("deals", po::value<std::uint64_t>(&deals), "stats: number of deals")
      ("node-limit", po::value<std::uint64_t>(&options.node_limit)->default_value(0),
       "stop a deal's search after N nodes and report it unresolved (0 = none; stats default 300000)")
      ("retry-nodes", po::value<std::uint64_t>(&options.retry_nodes)->default_value(0),
       "stats: try the deals left unresolved once more with this node limit (0 = no second try)")
      ("memo-bits", po::value<int>(&options.memo_bits)->default_value(20), "memo of 2^N entries (40 bytes each) per thread")
      ("samples", po::value<int>(&options.samples)->default_value(16),
       "normal play: random orders of the unseen cards tried per placement (0 = the plain heuristic)");
  cli::Positionals words;
  po::variables_map vm;
  if (!cli::parse_subcommand(args, hop, options.global, words, vm, kUsage)) return 0;
  const std::string& mode = words.mode;
  const std::string& file = words.file;
  const cli::ThreadLimit threads(options.global.threads);
  options.threads = threads.threads();
  if (options.memo_bits < 10 || options.memo_bits > 30) throw InputError("--memo-bits must be between 10 and 30");
  if (options.samples < 0 || options.samples > 10000) throw InputError("--samples must be between 0 and 10000");
  if (!mode.empty() && mode != "solve" && mode != "verify" && mode != "stats")
    throw InputError("unknown hopscotch mode '" + mode + "' (expected solve, verify or stats)");
  if (mode != "verify" && !file.empty()) throw InputError("unexpected argument '" + file + "'");
  if (mode == "verify") {
    if (file.empty()) throw InputError("usage: gamesolver hopscotch verify FILE");
    bool valid = false;
    cli::emit_json(options.global, hopscotch_verify(file, options, valid));
    return valid ? 0 : 1;
  }
  if (mode == "stats") {
    if (!vm.count("deals") || deals == 0) throw InputError("stats needs --deals N (N > 0)");
    if (!deal_file.empty() || !cards.empty() || normal || !output.empty())
      throw InputError("stats takes --deals, --seed, --node-limit, --memo-bits and --samples only");
    if (vm["node-limit"].defaulted()) options.node_limit = 300000;
    cli::emit_json(options.global, hopscotch_stats(deals, seed, options));
    return 0;
  }
  if (vm.count("deals")) throw InputError("--deals applies to stats");
  if (!deal_file.empty() + !cards.empty() + !vm["seed"].defaulted() > 1)
    throw InputError("give one of --seed, --deal and --cards");
  std::string label = "seed " + std::to_string(seed);
  hopscotch::Deal deal{};
  if (!deal_file.empty()) deal = hopscotch::parse_deal(read_text(deal_file)), label = deal_file;
  else if (!cards.empty()) deal = hopscotch::parse_deal(cards), label = "given";
  else deal = hopscotch::deal_from_seed(seed);
  cli::emit_json(options.global, hopscotch_solve(deal, label, options, output, normal));
  return 0;
}

}  // namespace gs::tools
