// Hopscotch: rules, deals, the pruned solver against plain exhaustive search and against the
// exhaustive breadth-first search, the beam's lines, keys loaded back.
#include <gtest/gtest.h>

#include <set>

#include "engine/core/errors.h"
#include "engine/hopscotch/heuristic_player.h"
#include "engine/hopscotch/search_tableau.h"
#include "solvers/deal/layered_deal_search.h"
#include "solvers/deal/max_score_search.h"
#include "tests/support/sanitized.h"

namespace {

using namespace gs;
using namespace gs::hopscotch;

std::string sequence(int f) {
  std::string out;
  for (int k = 0; k < kFoundationSize; ++k) out += (k ? " " : "") + rank_name(foundation_rank(f, k));
  return out;
}

TEST(HopscotchRules, FoundationSequencesAreThoseOfTheRules) {
  EXPECT_EQ(sequence(0), "A 2 3 4 5 6 7 8 9 10 J Q K");
  EXPECT_EQ(sequence(1), "2 4 6 8 10 Q A 3 5 7 9 J K");  // Ace follows Queen: the wrap after King
  EXPECT_EQ(sequence(2), "3 6 9 Q 2 5 8 J A 4 7 10 K");
  EXPECT_EQ(sequence(3), "4 8 Q 3 7 J 2 6 10 A 5 9 K");
}

// The round-robin deal: each card is the next one some foundation needs.
const char* kStraightDeal =
    "2 4 6 8 3 6 9 Q 4 8 Q 3 5 10 2 7 6 Q 5 J 7 A 8 2 8 3 J 6 9 5 A 10 10 7 4 A J 9 7 5 Q J 10 9 K K K K";

TEST(HopscotchRules, FoundationAcceptsOnlyItsNextRank) {
  SearchTableau t(parse_deal(kStraightDeal), MoveRules::kUnrestricted);
  EXPECT_EQ(t.next_rank(0), 2);
  EXPECT_EQ(t.next_rank(1), 4);
  EXPECT_TRUE(t.is_legal({Move::kWasteToFoundation, 0, 0, 0, 0}));   // the 2 onto foundation 1
  EXPECT_FALSE(t.is_legal({Move::kWasteToFoundation, 0, 1, 0, 0}));  // not onto foundation 2
  EXPECT_THROW(t.parse_move("2>F2"), InputError);
  t.apply(t.parse_move("2>F1"));
  EXPECT_EQ(t.next_rank(0), 3);
  EXPECT_EQ(t.foundation_height(0), 2);
}

TEST(HopscotchRules, WasteHoldsOneCardAndReserveTopsGoOnlyToFoundations) {
  SearchTableau t(parse_deal(kStraightDeal), MoveRules::kUnrestricted);
  t.apply(t.parse_move("2>R1"));
  EXPECT_EQ(t.dealt(), 1);
  EXPECT_EQ(t.waste().rank, 4);                    // the next card replaces the one placed
  EXPECT_THROW(t.parse_move("2>F1"), InputError);  // the 2 is no longer the waste
  t.apply(t.parse_move("4>R1"));
  EXPECT_THROW(t.parse_move("R1:2>F1"), InputError);  // only the top (the 4) is playable
  EXPECT_THROW(t.parse_move("R1:4>R2"), InputError);  // reserves never feed reserves
  t.apply(t.parse_move("R1:4>F2"));
  t.apply(t.parse_move("R1:2>F1"));
  EXPECT_EQ(t.score(), 2);
  EXPECT_EQ(t.reserve_size(0), 0);
}

TEST(HopscotchRules, KingClosesAFoundation) {
  SearchTableau t(parse_deal(kStraightDeal), MoveRules::kUnrestricted);
  while (!t.stock_empty()) {
    MoveList moves;
    t.generate_moves(moves);
    const Move* play = nullptr;
    for (const Move& m : moves)
      if (m.kind == Move::kWasteToFoundation) play = &m;
    ASSERT_NE(play, nullptr) << t.describe();
    t.apply(*play);
  }
  EXPECT_EQ(t.score(), 48);
  for (int f = 0; f < kFoundations; ++f) EXPECT_EQ(t.next_rank(f), 0);  // complete at 13 cards
}

TEST(HopscotchDeals, SeedGivesTheSameDealEverywhere) {
  // Fixed by PortableRandom and the Fisher-Yates in the engine, not by the standard library.
  EXPECT_EQ(format_deal(deal_from_seed(1)),
            "4D JS 2H 10S 8H 4H KS 5C 3H 9H 10D QD 3D 8C 9C 5D AS 6C 3S QC 10H 2S 7S JD 8D KH QH QS 6S 5H 6H 2D "
            "10C KD 8S KC AH 5S 9S AD 4S 7D JH 9D 7C 7H JC 6D");
  EXPECT_NE(format_deal(deal_from_seed(2)), format_deal(deal_from_seed(1)));
  std::set<std::string> cards;
  for (const Card& c : deal_from_seed(12345)) cards.insert(card_name(c));
  EXPECT_EQ(cards.size(), 48u);
  EXPECT_FALSE(cards.count("AC") || cards.count("2C") || cards.count("3C") || cards.count("4C"));
}

TEST(HopscotchDeals, ParseRoundTripsAndRefusesMalformedDeals) {
  const Deal seeded = deal_from_seed(7);
  EXPECT_EQ(parse_deal(format_deal(seeded)), seeded);
  EXPECT_EQ(parse_card("t").rank, 10);
  EXPECT_EQ(parse_card("10h"), (Card{10, 'H'}));
  auto message = [](const std::string& text) {
    try {
      parse_deal(text);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  const std::string seeded_text = format_deal(seeded);
  EXPECT_NE(message(seeded_text.substr(0, seeded_text.rfind(' '))).find("47 were given"), std::string::npos);
  EXPECT_NE(message(seeded_text + " 5H").find("48 cards"), std::string::npos);
  std::string twice = seeded_text;
  twice.replace(0, twice.find(' '), card_name(seeded[1]));
  EXPECT_NE(message(twice).find("twice"), std::string::npos);
  std::string club = seeded_text;
  club.replace(0, club.find(' '), "3C");
  EXPECT_NE(message(club).find("starts a foundation"), std::string::npos);
  EXPECT_NE(message("K K K K K").find("more than 4 times"), std::string::npos);
  EXPECT_NE(message("Z").find("bad card"), std::string::npos);
  EXPECT_NE(message("2H " + std::string(kStraightDeal).substr(2)).find("a suit for every card"), std::string::npos);
}

MaxScoreOptions plain_search() {
  MaxScoreOptions o;
  o.prune = false;
  o.canonical = false;
  o.probe_nodes = 0;
  return o;
}

TEST(HopscotchSolver, StraightDealIsWonByEverySearch) {
  for (bool pruned : {true, false}) {
    SearchTableau t(parse_deal(kStraightDeal), pruned ? MoveRules::kNormalForm : MoveRules::kUnrestricted);
    MaxScoreSearch<SearchTableau> search(12);
    const auto r = search.solve(t, pruned ? MaxScoreOptions{} : plain_search());
    EXPECT_EQ(r.outcome, decltype(r)::kWon);
    EXPECT_EQ(r.score, 48);
  }
}

// Two tableaux of one deal, one per move rule, after the same plays.
struct Twin {
  SearchTableau normal, plain;
  explicit Twin(const Deal& d) : normal(d, MoveRules::kNormalForm), plain(d, MoveRules::kUnrestricted) {}
  void apply(const Move& m) {
    normal.apply(m);
    plain.apply(m);
  }
};

// A King over all three Twos and all three Aces: it needs a foundation of 12 cards, and every
// foundation needs a Two or an Ace first (the first a Two, the second an Ace, the others
// both), so the King and the six cards under it never move: no play scores more than 41.
TEST(HopscotchSolver, KingOverTheTwosAndAcesIsAProvedLoss) {
  const Deal deal =
      parse_deal("2 2 2 A A A K 5 6 7 8 9 10 J Q K 3 4 5 6 7 8 9 10 J Q K 3 4 5 6 7 8 9 10 J Q K 3 4 5 6 7 8 9 10 J Q");
  Twin twin(deal);
  for (int i = 0; i < 7; ++i) twin.apply({Move::kWasteToReserve, 0, 0, static_cast<std::uint8_t>(i), 0});
  EXPECT_LE(twin.normal.upper_bound(), 41);
  MaxScoreSearch<SearchTableau> search(20);
  MaxScoreOptions options;
  options.node_limit = 100'000;  // the loss is proved at the root; the best score would take long
  const auto r = search.solve(twin.normal, options);
  EXPECT_EQ(r.outcome, decltype(r)::kLost);
  EXPECT_LE(r.score, 41);
  EXPECT_FALSE(r.score_exact);
}

// Seeded deals played by the heuristic until `left` cards remain in the stock; from there the
// pruned search (normal form, dead-card bound, canonical memo, restarts) must find exactly the
// result of plain exhaustive search (every legal play, no bound, exact memo).
TEST(HopscotchSolver, PrunedSearchAgreesWithPlainSearch) {
  int compared = 0, won = 0, lost = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const Deal deal = deal_from_seed(seed);
    Twin twin(deal);
    Tableau guide(deal);
    std::vector<Play> line;
    play_without_seeing_stock(guide, &line);
    const int left = 7 + static_cast<int>(seed % 4);
    for (const Play& m : line) {
      if (m.kind != Play::kReserveToFoundation && twin.plain.dealt() >= kDealSize - left) break;
      twin.apply(m);
    }
    MaxScoreSearch<SearchTableau> search(20);
    auto plain_options = plain_search();
    // The hardest of these seeds that resolves needs 1,501,250 nodes; 12 resolve within 300,000.
    plain_options.node_limit = gs::testing::whole_or_sanitized<std::uint64_t>(1'600'000, 300'000);
    const auto plain = search.solve(twin.plain, plain_options);
    if (plain.outcome == decltype(plain)::kUnresolved || !plain.score_exact) continue;
    const auto pruned = search.solve(twin.normal, {});
    ++compared;
    EXPECT_EQ(pruned.outcome, plain.outcome) << "seed " << seed;
    EXPECT_EQ(pruned.score, plain.score) << "seed " << seed;
    (plain.outcome == decltype(plain)::kWon ? won : lost) += 1;
  }
  EXPECT_GE(compared, gs::testing::whole_or_sanitized(25, 10));
  EXPECT_GE(won, 3);
  EXPECT_GE(lost, 3);
}

// The same tableau without the Kings rule of the first pass (see SearchTableau, "Kings").
struct WithoutKingsRule : SearchTableau {
  using SearchTableau::SearchTableau;
  void set_win_only(bool) {}
};

// The Kings rule (a dealt King only onto an empty reserve, Kings at a reserve's bottom left out
// of the key) decides every position as the search without it does: seeded deals played by
// the heuristic until 11 to 15 cards remain, where Kings are still to come or lie at the bottom.
TEST(HopscotchSolver, KingsRuleKeepsEveryWinAndLoss) {
  int compared = 0, won = 0, lost = 0, kings = 0;
  for (std::uint64_t seed = 1; seed <= 45; ++seed) {
    const Deal deal = deal_from_seed(seed);
    Tableau guide(deal);
    std::vector<Play> line;
    play_without_seeing_stock(guide, &line);
    const int left = 11 + static_cast<int>(seed % 5);
    SearchTableau with(deal);
    WithoutKingsRule without(deal);
    for (const Play& m : line) {
      if (m.kind != Play::kReserveToFoundation && with.dealt() >= kDealSize - left) break;
      with.apply(m);
      without.apply(m);
    }
    for (int i = with.dealt(); i < kDealSize; ++i) kings += deal[static_cast<std::size_t>(i)].rank == kRanks;
    MaxScoreSearch<SearchTableau> search(20);
    MaxScoreSearch<WithoutKingsRule> plain(20);
    MaxScoreOptions options;
    // The hardest of these seeds decides within 217,000 nodes; 22 decide within 60,000.
    options.node_limit = gs::testing::whole_or_sanitized<std::uint64_t>(230'000, 60'000);
    options.best_score = false;  // a loss is known after the first pass
    // The ruled search first: its tree is the smaller, so where it runs out of nodes the plain one is not run.
    const auto a = search.solve(with, options);
    if (a.outcome == decltype(a)::kUnresolved) continue;
    const auto b = plain.solve(without, options);
    if (b.outcome == decltype(b)::kUnresolved) continue;
    ++compared;
    EXPECT_EQ(a.outcome, b.outcome) << "seed " << seed;
    (a.outcome == decltype(a)::kWon ? won : lost) += 1;
  }
  EXPECT_GE(compared, 20) << won << " won, " << lost << " lost, " << kings << " Kings to come";
  EXPECT_GE(won, 5);
  EXPECT_GE(lost, 5);
  EXPECT_GE(kings, 40);
}

// The dead-card bound never undercuts what is actually reachable. A win comes from the first
// pass, under its win-only rules (a parked King keeps no exclusion), so it is replayed so.
TEST(HopscotchSolver, UpperBoundHoldsAlongSearchedLines) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const Deal deal = deal_from_seed(seed);
    SearchTableau t(deal);
    MaxScoreSearch<SearchTableau> search(20);
    MaxScoreOptions options;
    options.node_limit = 2'000'000;
    const auto r = search.solve(t, options);
    if (r.outcome == decltype(r)::kUnresolved) continue;
    SearchTableau replay(deal);
    replay.set_win_only(r.outcome == decltype(r)::kWon);
    for (const Move& m : r.line) {
      EXPECT_GE(replay.upper_bound(), r.score) << "seed " << seed;
      replay.apply(m);
    }
    EXPECT_EQ(replay.score(), r.score);
    EXPECT_TRUE(replay.finished());
  }
}

TEST(HopscotchSolver, CanonicalKeyIgnoresReserveOrder) {
  const Deal deal = parse_deal(kStraightDeal);
  SearchTableau a(deal), b(deal);
  a.apply({Move::kWasteToReserve, 0, 0, 0, 0});
  a.apply({Move::kWasteToReserve, 2, 0, 1, 0});
  b.apply({Move::kWasteToReserve, 3, 0, 0, 0});
  b.apply({Move::kWasteToReserve, 1, 0, 1, 0});
  EXPECT_EQ(a.key(), b.key());
  EXPECT_NE(a.exact_key(), b.exact_key());
}

// Heuristic play of a seeded deal until `left` cards remain in the stock, in the normal form.
SearchTableau position_near_the_end(std::uint64_t seed, int left) {
  const Deal deal = deal_from_seed(seed);
  Tableau guide(deal);
  SearchTableau t(deal);
  std::vector<Play> line;
  play_without_seeing_stock(guide, &line);
  for (const Play& m : line) {
    if (m.kind != Play::kReserveToFoundation && t.dealt() >= kDealSize - left) break;
    t.apply(m);
  }
  return t;
}

std::vector<SearchTableau::Key> successor_keys(SearchTableau t) {
  std::vector<SearchTableau::Key> keys;
  MoveList moves;
  t.generate_moves(moves);
  for (const Move& m : moves) {
    t.apply(m);
    keys.push_back(t.key());
    t.undo(m);
  }
  std::sort(keys.begin(), keys.end());
  return keys;
}

// The breadth-first search stores states as keys and loads them back: along winning lines (with
// and without the win-only rules, where parked Kings leave the key), a loaded key gives the same
// key and the same set of successor keys as the real state.
TEST(HopscotchTableau, LoadedKeysHaveTheSameFutures) {
  int states = 0, parked_kings = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const Deal deal = deal_from_seed(seed);
    SearchTableau start(deal);
    MaxScoreSearch<SearchTableau> search(16);
    const auto r = search.solve(start, {});
    ASSERT_EQ(r.outcome, decltype(r)::kWon) << "seed " << seed;
    for (bool win_only : {true, false}) {
      SearchTableau t(deal), loaded(deal);
      t.set_win_only(win_only);
      loaded.set_win_only(win_only);
      for (const Move& m : r.line) {
        if (win_only && m.kind == Move::kWasteToReserve && t.rank_of(m.card) == kRanks &&
            t.reserve_size(m.reserve) == 0)
          ++parked_kings;
        t.apply(m);
        loaded.load(t.key());
        ++states;
        ASSERT_EQ(loaded.key(), t.key()) << "seed " << seed;
        EXPECT_EQ(loaded.score(), t.score());
        EXPECT_EQ(loaded.stage(), t.stage());
        EXPECT_EQ(successor_keys(loaded), successor_keys(t)) << "seed " << seed << ", " << t.describe();
      }
    }
  }
  EXPECT_GT(states, 1000);
  EXPECT_GT(parked_kings, 5);
}

// Exhaustive breadth-first search (no width) against the depth-first search, near the end of
// seeded deals: the same wins and losses, and for a lost position the best score of the
// depth-first search's second pass is the highest score the breadth-first search reaches.
TEST(HopscotchSolver, LayeredSearchAgreesWithDepthFirstSearch) {
  int won = 0, lost = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    SearchTableau t = position_near_the_end(seed, 6 + static_cast<int>(seed % 3));
    MaxScoreSearch<SearchTableau> search(18);
    const auto dfs = search.solve(t, {});
    ASSERT_NE(dfs.outcome, decltype(dfs)::kUnresolved);
    LayeredDealSearch<SearchTableau> layered;
    const auto win = layered.reach(t, kDealSize);
    EXPECT_EQ(win.outcome == decltype(win)::kReached, dfs.outcome == decltype(dfs)::kWon) << "seed " << seed;
    EXPECT_NE(win.outcome, decltype(win)::kUnresolved);
    if (dfs.outcome == decltype(dfs)::kWon) {
      ++won;
      continue;
    }
    ++lost;
    ASSERT_TRUE(dfs.score_exact);
    const auto best = layered.reach(t, dfs.score), beyond = layered.reach(t, dfs.score + 1);
    EXPECT_EQ(best.outcome, decltype(best)::kReached) << "seed " << seed;
    EXPECT_EQ(beyond.outcome, decltype(beyond)::kUnreachable) << "seed " << seed;
    SearchTableau replay = t;
    for (const Move& m : best.line) replay.apply(m);
    EXPECT_GE(replay.score(), dfs.score) << "seed " << seed;
  }
  EXPECT_GE(won, 5);
  EXPECT_GE(lost, 5);
}

// A beam's win is a legal play by the rules, card by card, to 48.
TEST(HopscotchSolver, BeamLinesArePlaysByTheRules) {
  int won = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const Deal deal = deal_from_seed(seed);
    SearchTableau t(deal);
    LayeredSearchOptions options;
    options.width = 100;
    const auto r = LayeredDealSearch<SearchTableau>().reach(t, kDealSize, options);
    if (r.outcome != decltype(r)::kReached) continue;
    ++won;
    SearchTableau replay(deal, MoveRules::kUnrestricted);
    for (const Move& m : r.line) {
      if (m.kind == Move::kDecline) continue;
      ASSERT_TRUE(replay.is_legal(m)) << "seed " << seed << ": " << replay.move_name(m);
      replay.apply(m);
    }
    EXPECT_EQ(replay.score(), kDealSize) << "seed " << seed;
  }
  EXPECT_GE(won, 15);
}

// The beam's measure: a Two (wanted now) held down by a Queen (wanted much later) is worse than
// the Two on the Queen, and a reserve kept clear is worth 3.
TEST(HopscotchTableau, PromisePenalisesCardsHeldDownByLaterOnes) {
  std::string rest = kStraightDeal;
  rest.erase(rest.find("2 "), 2);
  rest.erase(rest.find("Q "), 2);
  auto two_cards = [&](const std::string& first_two, int second_reserve) {
    SearchTableau t(parse_deal(first_two + " " + rest));
    t.apply({Move::kWasteToReserve, 0, 0, 0, 0});
    t.apply({Move::kWasteToReserve, static_cast<std::uint8_t>(second_reserve), 0, 1, 0});
    return t;
  };
  const SearchTableau two_on_queen = two_cards("Q 2", 0), queen_on_two = two_cards("2 Q", 0),
                      apart = two_cards("Q 2", 1);
  EXPECT_EQ(two_on_queen.promise() - queen_on_two.promise(), queen_on_two.wait(12) - queen_on_two.wait(2));
  EXPECT_GT(queen_on_two.wait(12), queen_on_two.wait(2));
  EXPECT_EQ(two_on_queen.promise() - apart.promise(), 3);
}

// Replays a player's game of deal `seed` by the rules: every play legal, the game over, the
// score the player's.
void expect_legal_game(std::uint64_t seed, const std::vector<Play>& line, int score) {
  Tableau replay(deal_from_seed(seed));
  for (const Play& m : line) {
    ASSERT_TRUE(replay.is_legal(m));
    replay.apply(m);
  }
  EXPECT_TRUE(replay.finished());
  EXPECT_EQ(replay.score(), score);
}

TEST(HopscotchPlayer, NormalPlayFinishesEveryDealLegally) {
  int won = 0;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    Tableau t(deal_from_seed(seed));
    std::vector<Play> line;
    const int score = play_without_seeing_stock(t, &line);
    expect_legal_game(seed, line, score);
    won += score == 48;
  }
  EXPECT_GT(won, 0);
}

// The sampling player chooses only among legal plays, finishes every deal, and plays the same
// game for the same seed (its imagined orders come from the seed alone).
TEST(HopscotchPlayer, SamplingPlayerIsLegalAndRepeatable) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Tableau t(deal_from_seed(seed));
    std::vector<Play> line;
    const int score = play_with_sampling(t, {.samples = 8, .seed = seed}, &line);
    expect_legal_game(seed, line, score);
    Tableau again(deal_from_seed(seed));
    std::vector<Play> second;
    EXPECT_EQ(play_with_sampling(again, {.samples = 8, .seed = seed}, &second), score);
    EXPECT_EQ(second, line);
  }
}

}  // namespace
