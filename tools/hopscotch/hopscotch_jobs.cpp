// gamesolver hopscotch: solve a deal, verify a play, statistics over seeded deals.
#include "tools/hopscotch/hopscotch_jobs.h"

#include <atomic>
#include <iomanip>
#include <iostream>
#include <limits>
#include <map>
#include <numeric>
#include <sstream>
#include <stdexcept>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include "engine/core/errors.h"
#include "engine/hopscotch/heuristic_player.h"
#include "engine/hopscotch/search_tableau.h"
#include "engine/hopscotch/tableau.h"
#include "solvers/common/progress.h"
#include "solvers/deal/max_score_search.h"
#include "solvers/deal/nested_rollouts.h"
#include "solvers/io/checked_text_file.h"
#include "tools/common/report_builder.h"
#include "tools/common/statistics.h"
#include "tools/draw/hopscotch_drawing.h"
#include "tools/hopscotch/exact_endgame.h"
#include "tools/hopscotch/hopscotch_play_file.h"

namespace gs::tools {

// What the deal searches take from the game (these live with them, so the engine cannot assert them).
static_assert(StagedDealGame<hopscotch::SearchTableau> && WinOnlyRules<hopscotch::SearchTableau>);

namespace {

using hopscotch::SearchTableau;
using hopscotch::Tableau;
using Search = MaxScoreSearch<SearchTableau>;
using SearchResult = Search::Result;

// A deal decided with the stock order known: the exact search's verdict, or a win that nested
// rollouts found.
struct Decision {
  SearchResult::Outcome outcome = SearchResult::kUnresolved;
  int score = 0;
  bool score_exact = false;  // a lost deal's best score, proved
  std::vector<hopscotch::Play> plays;
  std::uint64_t nodes = 0, rollouts = 0;
};

// Nested rollouts of `level` (solvers/deal/nested_rollouts.h): a win, or a better score found.
void roll_out(const hopscotch::Deal& deal, int level, Decision& d) {
  const hopscotch::KnownStockRollouts game;
  const auto r = NestedRollouts<hopscotch::KnownStockRollouts>(game).run(Tableau(deal), level);
  d.rollouts += r.rollouts;
  if (r.score > d.score || d.plays.empty()) d.score = r.score, d.plays = r.line;
  if (r.score == Tableau::kMaxScore) d.outcome = SearchResult::kWon;
}

// The exact search within `limit` nodes (0: none): its verdict replaces what rollouts found.
void search_deal(Search& search, const hopscotch::Deal& deal, std::uint64_t limit, Decision& d) {
  SearchTableau tableau(deal);
  MaxScoreOptions search_options;
  search_options.node_limit = limit;
  const SearchResult r = search.solve(tableau, search_options);
  d.nodes += r.nodes;
  d.outcome = r.outcome;
  if (r.outcome != SearchResult::kUnresolved || r.score >= d.score)
    d.score = r.score, d.score_exact = r.score_exact, d.plays = hopscotch::plays_of(r.line);
}

// Nested rollouts of level 2 first (milliseconds; they win most deals), then the exact search
// for up to kFirstNodes nodes, then, while the deal is open, rollouts of levels 3 (under a
// second) up to `rollout_level`, then the search again for the rest of `node_limit` (0: no
// limit). The search proves losses and wins the deals that rollouts miss; rollouts win in
// milliseconds to seconds deals that take the search hundreds of millions of nodes.
// `rollout_level` 0: the search alone.
constexpr std::uint64_t kFirstNodes = 300'000;

Decision decide_deal(Search& search, const hopscotch::Deal& deal, std::uint64_t node_limit, int rollout_level) {
  Decision d;
  if (rollout_level == 0) {
    search_deal(search, deal, node_limit, d);
    return d;
  }
  roll_out(deal, std::min(rollout_level, 2), d);
  if (d.outcome == SearchResult::kWon) return d;
  const bool capped = node_limit == 0 || node_limit > kFirstNodes;
  search_deal(search, deal, capped ? kFirstNodes : node_limit, d);
  for (int level = 3; level <= rollout_level && d.outcome == SearchResult::kUnresolved; ++level)
    roll_out(deal, level, d);
  // Open, or lost with its best score not yet proved: the search goes on with the rest.
  const bool open = d.outcome == SearchResult::kUnresolved || (d.outcome == SearchResult::kLost && !d.score_exact);
  if (open && capped) search_deal(search, deal, node_limit == 0 ? 0 : node_limit - kFirstNodes, d);
  return d;
}

nlohmann::json won_json(SearchResult::Outcome outcome) {
  if (outcome == SearchResult::kUnresolved) return nullptr;
  return outcome == SearchResult::kWon;
}

// Replays a play by the rules (the plays' names to `names` when given): a play is reported only
// if it is legal, and a win only if its play reaches 48.
void check_play(const hopscotch::Deal& deal, bool won, const std::vector<hopscotch::Play>& plays,
                std::vector<std::string>* names = nullptr) {
  const int score = hopscotch::score_by_the_rules(deal, plays, names);
  if (score < 0 || (won && score != Tableau::kMaxScore))
    throw std::logic_error("internal error: the play found for deal " + hopscotch::format_deal(deal) +
                           " does not replay");
}

void print_plays(std::ostream& out, const std::vector<std::string>& plays) {
  for (std::size_t i = 0; i < plays.size(); ++i)
    out << (i % 8 == 0 ? "  " : " ") << std::setw(9) << std::left << plays[i]
        << (i % 8 == 7 || i + 1 == plays.size() ? "\n" : "");
  out << std::right;
}

// A game played without seeing the stock, by the options' player; with exact_last its last
// cards by `endgame`, and `winnable` says whether the stock-seeing player could still have won
// there.
struct NormalGame {
  int score = 0;
  bool winnable_at_handover = false;
};
NormalGame play_normally(Tableau& tableau, const HopscotchOptions& options, std::uint64_t seed, ExactEndgame& endgame,
                         std::vector<hopscotch::Play>* line = nullptr, std::uint64_t* imagined = nullptr) {
  NormalGame game;
  game.score = options.samples
                   ? hopscotch::play_with_sampling(
                         tableau, {.samples = options.samples, .seed = seed, .stop_with_left = options.exact_last},
                         line, imagined)
                   : hopscotch::play_without_seeing_stock(tableau, line, options.exact_last);
  if (options.exact_last) {
    game.winnable_at_handover = endgame.winnable(tableau);
    game.score = endgame.play(tableau, line);
  }
  return game;
}

}  // namespace

Report hopscotch_solve(const hopscotch::Deal& deal, const std::string& label, const HopscotchOptions& options,
                       const std::string& output, bool normal_play, std::uint64_t seed) {
  const cli::Stopwatch clock;
  Decision result;
  if (normal_play) {
    Tableau tableau(deal);
    ExactEndgame endgame;
    result.score = play_normally(tableau, options, seed, endgame, &result.plays).score;
    result.outcome = result.score == Tableau::kMaxScore ? SearchResult::kWon : SearchResult::kLost;
  } else {
    Search search(options.memo_bits);
    const ProgressReporter progress(options.global.progress(), [] { return std::string("hopscotch: searching"); });
    result = decide_deal(search, deal, options.node_limit, options.rollout_level);
  }
  const std::vector<hopscotch::Play>& line = result.plays;
  const double seconds = clock.seconds();
  std::vector<std::string> plays;
  check_play(deal, result.outcome == SearchResult::kWon, line, &plays);
  if (!output.empty()) write_checked_text(output, format_hopscotch_play(deal, plays, result.score));
  ReportBuilder r;
  r.set("deal", hopscotch::format_deal(deal))
      .set("label", label)
      .set("player", normal_play ? "normal" : "known-stock")
      .set("won", won_json(result.outcome))
      .set("score", result.score)
      .set("plays", plays)
      .set("seconds", seconds);
  if (!normal_play)
    r.set("nodes", result.nodes).set("rollouts", result.rollouts).set("score_exact", result.score_exact);
  if (!output.empty()) r.set("output", output);
  const std::string who = normal_play ? "Normal play (stock unseen)" : "Stock known";
  r.raw("Deal " + label + ": " + hopscotch::format_deal(deal) + "\n").raw(who);
  if (result.outcome == SearchResult::kWon)
    r.raw(": WON, all 48 cards reach the foundations");
  else if (result.outcome == SearchResult::kLost)
    r.raw(r.fill(normal_play ? ": lost, score {score} of 48" : ": LOST, best score {score} of 48") +
          (normal_play || result.score_exact ? "" : " or more (node limit hit while maximising)"));
  else
    r.raw(r.fill(": UNRESOLVED at the node limit (best score found {score})"));
  if (!normal_play) r.raw(r.fill(" ({rollouts} rollouts, {nodes} nodes)"));
  r.line(", {seconds:.3} s")
      .line("Play (" + std::to_string(plays.size()) +
            " moves; CARD>Fn foundation, CARD>Rn reserve, Rn:CARD>Fm reserve to foundation):");
  std::ostringstream listed;
  print_plays(listed, plays);
  r.raw(listed.str());
  if (!output.empty()) r.raw("Play written to " + output + "\n");
  return r.build(draw::hopscotch_svg(deal, line, line.size(),
                                     "Hopscotch deal " + label + ": " + (normal_play ? "normal play" : "stock known")));
}

Report hopscotch_verify(const std::string& path, const HopscotchOptions& /*options*/, bool& valid) {
  std::ostringstream text;
  const HopscotchVerification v = verify_hopscotch_play(path);
  valid = v.valid;
  text << path << ": " << v.plays << " plays, score " << v.score;
  if (v.valid)
    text << (v.score == 48 ? ": valid win\n" : ": valid play\n");
  else
    text << ": INVALID: " << v.reason << "\n";
  return Report{nlohmann::json{{"file", path},
                               {"valid", v.valid},
                               {"reason", v.reason},
                               {"deal", hopscotch::format_deal(v.deal)},
                               {"plays", v.plays},
                               {"score", v.score},
                               {"claimed_score", v.claimed_score}},
                text.str()};
}

Replay hopscotch_replay(const std::string& path) {
  const HopscotchVerification v = verify_hopscotch_play(path);
  // Only what `hopscotch verify` accepts is drawn: a page must not show a score the plays never make.
  if (!v.valid) throw DataError(shown_path(path) + ": " + v.reason + " (gamesolver hopscotch verify says why)");
  Replay replay{.title = "Hopscotch: " + path};
  hopscotch::Tableau t(v.deal);
  for (std::size_t shown = 0; shown <= v.played.size(); ++shown) {
    replay.frames.push_back(
        draw::hopscotch_svg(v.deal, v.played, shown,
                            "Hopscotch, play " + std::to_string(shown) + " of " + std::to_string(v.played.size())));
    replay.captions.push_back(shown == 0 ? "deal" : std::to_string(shown) + ". " + t.move_name(v.played[shown - 1]));
    if (shown < v.played.size()) t.apply(v.played[shown]);
  }
  // The final tableau in the words of describe(): foundations and reserves.
  replay.final_position = t.describe();
  return replay;
}

namespace {

struct DealOutcome {
  SearchResult::Outcome outcome = SearchResult::kUnresolved;
  int score = 0;
  bool score_exact = false;
  double seconds = 0;
  std::uint64_t nodes = 0, rollouts = 0;
};

// Decides deals seed, seed + 1, ...: each first within the node limit (with rollouts up to level
// 3), then the deals left open again (--retry-nodes, with rollouts of --rollout-level above 3),
// then in rounds of growing budgets (--growing-budget). `rounds` counts the budgets tried.
std::vector<DealOutcome> decide_deals(std::uint64_t deals, std::uint64_t seed, const HopscotchOptions& options,
                                      int& rounds_tried) {
  std::vector<DealOutcome> outcomes(deals);
  std::atomic<std::uint64_t> done{0}, won{0};
  std::atomic<int> rounds{1};
  tbb::enumerable_thread_specific<Search> searches([&] { return Search(options.memo_bits); });
  const ProgressReporter progress(options.global.progress(), [&] {
    return "hopscotch stats: " + std::to_string(done.load()) + "/" + std::to_string(deals) + " deals, " +
           std::to_string(won.load()) + " won" + (rounds > 1 ? ", round " + std::to_string(rounds.load()) : "");
  });
  // Deal i: the first try decides it within `limit` nodes (decide_deal, with rollouts up to
  // level 3); a later one runs rollouts of `retry_level` (none: 0), then the search within
  // `limit`, its time added to the first's.
  auto decide = [&](Search& search, std::uint64_t i, std::uint64_t limit, bool first, int retry_level) {
    const hopscotch::Deal deal = hopscotch::deal_from_seed(seed + i);
    const cli::Stopwatch deal_clock;
    Decision r;
    if (first) {
      r = decide_deal(search, deal, limit, std::min(options.rollout_level, 3));
    } else {
      if (retry_level > 0) roll_out(deal, retry_level, r);
      if (r.outcome != SearchResult::kWon) search_deal(search, deal, limit, r);
    }
    check_play(deal, r.outcome == SearchResult::kWon, r.plays);
    DealOutcome& o = outcomes[i];
    o.seconds += deal_clock.seconds();
    o.outcome = r.outcome;
    o.score = r.score;
    o.score_exact = r.score_exact;
    o.nodes += r.nodes;
    o.rollouts += r.rollouts;
    won += r.outcome == SearchResult::kWon;
  };
  tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, deals, 1), [&](const auto& range) {
    for (std::uint64_t i = range.begin(); i != range.end(); ++i) {
      decide(searches.local(), i, options.node_limit, true, 0);
      ++done;
    }
  });
  const auto unresolved = [&] {
    std::vector<std::uint64_t> again;
    for (std::uint64_t i = 0; i < deals; ++i)
      if (outcomes[i].outcome == SearchResult::kUnresolved) again.push_back(i);
    return again;
  };
  // The deals `again` tried once more: the first retry with rollouts of the highest level
  // (--rollout-level, above 3), each with `limit` nodes of search.
  bool retried = false;
  const auto try_again = [&](const std::vector<std::uint64_t>& again, std::uint64_t limit) {
    const int level = retried || options.rollout_level <= 3 ? 0 : options.rollout_level;
    retried = true;
    tbb::parallel_for(std::size_t{0}, again.size(), std::size_t{1},
                      [&](std::size_t k) { decide(searches.local(), again[k], limit, false, level); });
  };
  if (options.retry_nodes) try_again(unresolved(), options.retry_nodes);
  // Growing budgets: a few deals need far more nodes than the rest, and each round costs 4 times
  // the one before, so the rounds cost at most a third more than the last one alone.
  if (options.growing_budget)
    for (std::uint64_t limit = options.node_limit; limit != 0;) {
      const std::vector<std::uint64_t> again = unresolved();
      if (again.empty()) break;
      limit = limit > std::numeric_limits<std::uint64_t>::max() / 4 ? 0 : limit * 4;  // 0: no limit, the last round
      ++rounds;
      try_again(again, limit);
    }
  rounds_tried = rounds.load();
  return outcomes;
}

// Won, lost (with their best scores) and unresolved deals, and the time a deal took; returns the
// lost deals' best scores, counted by score.
std::map<int, std::uint64_t> tally(const std::vector<DealOutcome>& outcomes, std::uint64_t seed, ReportBuilder& r,
                                   std::vector<double>& seconds) {
  std::uint64_t won = 0, lost = 0, open = 0, nodes = 0, rollouts = 0, inexact = 0;
  std::map<int, std::uint64_t> lost_scores;
  nlohmann::json unresolved_seeds = nlohmann::json::array();  // to try again with more nodes
  for (std::uint64_t i = 0; i < outcomes.size(); ++i) {
    const DealOutcome& o = outcomes[i];
    seconds.push_back(o.seconds);
    nodes += o.nodes, rollouts += o.rollouts;
    if (o.outcome == SearchResult::kWon)
      ++won;
    else if (o.outcome == SearchResult::kLost)
      ++lost, ++lost_scores[o.score], inexact += !o.score_exact;
    else
      ++open, unresolved_seeds.push_back(seed + i);
  }
  const std::uint64_t deals = outcomes.size();
  // Unresolved deals may be either: the interval runs from "all lost" to "all won".
  const auto low = wilson_interval(won, deals).first, high = wilson_interval(won + open, deals).second;
  nlohmann::json scores = nlohmann::json::object();
  for (const auto& [score, count] : lost_scores) scores[std::to_string(score)] = count;
  r.set("won", won)
      .set("lost", lost)
      .set("unresolved", open)
      .set("unresolved_seeds", unresolved_seeds)
      .set("win_rate", deals ? static_cast<double>(won) / static_cast<double>(deals) : 0.0)
      .set("ci95", {low, high})
      .set("lost_scores", scores)
      .set("lost_scores_inexact", inexact)
      .set("seconds_median", percentile(seconds, 0.5))
      .set("seconds_p99", percentile(seconds, 0.99))
      .set("seconds_max", percentile(seconds, 1.0))
      .set("nodes", nodes)
      .set("rollouts", rollouts);
  return lost_scores;
}

void stats_text(std::uint64_t seed, bool growing_budget, const std::map<int, std::uint64_t>& lost_scores,
                ReportBuilder& r) {
  const auto deals = r.get("deals").get<std::uint64_t>();
  const auto ms = [&](const std::string& key, int digits) { return fixed(1000 * r.get(key).get<double>(), digits); };
  r.line("Hopscotch, deals {seed} to " + std::to_string(seed + deals - 1) + " ({deals} deals), stock order known:")
      .line("  won {won}, lost {lost}, unresolved {unresolved}")
      .line("  winnable: {win_rate:%2} %, 95 % interval {ci95.0:%2} to {ci95.1:%2} %");
  if (growing_budget)
    r.line("  decided in {rounds} round" + std::string(r.get("rounds").get<int>() > 1 ? "s" : "") +
           " of node budgets ({node_limit} a deal, then 4 times more for the deals still open)");
  r.raw("  best scores of lost deals:");
  for (const auto& [score, count] : lost_scores) r.raw(" " + std::to_string(score) + ":" + std::to_string(count));
  if (r.get("lost_scores_inexact").get<std::uint64_t>())
    r.raw(r.fill(" ({lost_scores_inexact} of them lower bounds: node limit hit while maximising)"));
  r.line()
      .line("  time per deal: median " + ms("seconds_median", 2) + " ms, 99th percentile " + ms("seconds_p99", 1) +
            r.fill(" ms, max {seconds_max:.3} s; {rollouts} rollouts, {nodes} nodes"))
      .line("Wall {seconds:.1} s with {threads} threads, peak memory {peak_memory_mib:.0} MiB");
}

}  // namespace

Report hopscotch_stats(std::uint64_t deals, std::uint64_t seed, const HopscotchOptions& options) {
  const cli::Stopwatch clock;
  int rounds = 1;
  const std::vector<DealOutcome> outcomes = decide_deals(deals, seed, options, rounds);
  ReportBuilder r;
  std::vector<double> seconds;
  r.set("deals", deals).set("seed", seed);
  const std::map<int, std::uint64_t> lost_scores = tally(outcomes, seed, r, seconds);
  r.set("node_limit", options.node_limit)
      .set("retry_nodes", options.retry_nodes)
      .set("rounds", rounds)
      .set("seconds", clock.seconds())
      .set("threads", options.threads)
      .set("peak_memory_mib", cli::peak_memory_mib());
  stats_text(seed, options.growing_budget, lost_scores, r);
  return r.build(draw::time_histogram_svg(
      seconds, "Hopscotch: time to decide each of " + std::to_string(deals) + " deals (stock known)"));
}

Report hopscotch_normal_stats(std::uint64_t deals, std::uint64_t seed, const HopscotchOptions& options) {
  const cli::Stopwatch clock;
  std::vector<int> scores(deals);
  std::vector<double> seconds(deals);
  tbb::enumerable_thread_specific<ExactEndgame> endgames;
  std::atomic<std::uint64_t> done{0}, won{0}, imagined{0}, winnable{0};
  {
    const ProgressReporter progress(options.global.progress(), [&] {
      return "hopscotch stats --normal: " + std::to_string(done.load()) + "/" + std::to_string(deals) + " deals, " +
             std::to_string(won.load()) + " won";
    });
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, deals, 1), [&](const auto& range) {
      for (std::uint64_t i = range.begin(); i != range.end(); ++i) {
        const cli::Stopwatch deal_clock;
        const auto deal = hopscotch::deal_from_seed(seed + i);
        Tableau tableau(deal);
        std::vector<hopscotch::Play> line;
        std::uint64_t games = 0;
        const NormalGame game = play_normally(tableau, options, seed + i, endgames.local(), &line, &games);
        scores[i] = game.score;
        imagined += games;
        winnable += game.winnable_at_handover;
        check_play(deal, scores[i] == Tableau::kMaxScore, line);
        seconds[i] = deal_clock.seconds();
        won += scores[i] == Tableau::kMaxScore;
        ++done;
      }
    });
  }
  const double mean_score = std::accumulate(scores.begin(), scores.end(), 0.0) / static_cast<double>(deals);
  const auto ci = wilson_interval(won.load(), deals);
  ReportBuilder r;
  r.set("deals", deals)
      .set("seed", seed)
      .set("player", "normal")
      .set("samples", options.samples)
      .set("won", won.load())
      .set("win_rate", static_cast<double>(won.load()) / static_cast<double>(deals))
      .set("ci95", {ci.first, ci.second})
      .set("mean_score", mean_score)
      .set("imagined_games", imagined.load())
      .set("seconds_mean", std::accumulate(seconds.begin(), seconds.end(), 0.0) / static_cast<double>(deals))
      .set("seconds_median", percentile(seconds, 0.5))
      .set("seconds_p99", percentile(seconds, 0.99))
      .set("seconds", clock.seconds())
      .set("threads", options.threads)
      .set("peak_memory_mib", cli::peak_memory_mib());
  if (options.exact_last) r.set("exact_last", options.exact_last).set("winnable_at_handover", winnable.load());
  const auto ms = [&](const std::string& key) { return fixed(1000 * r.get(key).get<double>(), 1); };
  r.line("Hopscotch, deals {seed} to " + std::to_string(seed + deals - 1) +
         " ({deals} deals), played without seeing the stock (" +
         (options.samples ? "{samples} imagined orders a decision" : std::string("plain heuristic")) +
         (options.exact_last ? ", the last {exact_last} cards played exactly" : "") + "):")
      .line(
          "  won {won}: {win_rate:%2} %, 95 % interval {ci95.0:%2} to {ci95.1:%2} %; mean score {mean_score:.2} of 48")
      .line("  time per deal: mean " + ms("seconds_mean") + " ms, median " + ms("seconds_median") +
            " ms, 99th percentile " + ms("seconds_p99") + " ms; {imagined_games} imagined games");
  if (options.exact_last)
    r.line(
        "  {winnable_at_handover} games could still be won with {exact_last} cards to turn by a player seeing the "
        "stock (" +
        fixed(100.0 * static_cast<double>(winnable.load()) / static_cast<double>(deals), 2) +
        " %): no player could win more of them from there");
  r.line("Wall {seconds:.1} s with {threads} threads, peak memory {peak_memory_mib:.0} MiB");
  return r.build(draw::time_histogram_svg(
      seconds, "Hopscotch: time to play each of " + std::to_string(deals) + " deals without seeing the stock"));
}

}  // namespace gs::tools
