// A Hopscotch game in progress: the deal, how many cards have been dealt, the four foundation
// heights and the four reserve piles. Cards are named by their index in the deal, so a play can
// be replayed card by card; the search key forgets that identity (only ranks matter) and the
// order of the reserves (they are interchangeable).
//
// Normal form. Suppose a card c fits foundation f now and some line later plays c onto f. Then
// playing c now is as good: f takes nothing else meanwhile (it waits for c's rank, and each
// foundation holds each rank once), and every card put on c's reserve in between leaves it
// before c does, so it can sit on the card below c instead. Hence, for the first foundation f
// whose next rank is on a reserve top, the search either plays one such top onto f or declines:
// every such top is excluded from f's current slot, which some card not available now must
// fill. A dealt card that fits is likewise played or, when put on a reserve, excluded from the
// slots it fits. This removes every line that merely delays a play; exclusions also feed the
// dead-card bound.
//
// Kings, when only a win matters. A King goes on a foundation last, when its other twelve
// cards are there, and nothing follows it, so playing a King earlier or later changes nothing
// else. A King dealt onto an empty reserve, or onto one holding only such Kings, is "parked":
// in a win every reserve is emptied, so the cards later put on it leave before it and it
// covers nothing; it behaves as an empty reserve. So a dealt King that does not fit goes only
// onto such a reserve when there is one (any line that buries another reserve's cards under it
// can park it instead), parked Kings are left out of the key, and they are played only when
// nothing else is left (every foundation then wants a King). Moves and keys then depend only
// on what the key shows, so a key can be loaded back where the parked Kings sit anywhere. All
// this holds for "can it be won?", not for the best score of a lost deal, so it applies only
// while set_win_only(true).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/portable_random.h"
#include "engine/hopscotch/cards.h"

namespace gs::hopscotch {

constexpr int kFoundations = 4;
constexpr int kReserves = 4;
constexpr int kFoundationSize = 13;  // the starting club and twelve more

// Rank of the k-th card (0 = the starting club) of foundation f (0..3), which climbs by f + 1.
constexpr int foundation_rank(int f, int k) { return ((f + 1) * (k + 1) - 1) % kRanks + 1; }

// kDecline is not a play: it is the search's promise that the foundation's next card will not
// be any of the reserve tops that fit it now (see Tableau, "normal form").
struct Move {
  enum Kind : std::uint8_t { kReserveToFoundation, kWasteToFoundation, kWasteToReserve, kDecline };
  Kind kind = kWasteToReserve;
  std::uint8_t reserve = 0;     // source or target reserve (0..3)
  std::uint8_t foundation = 0;  // target foundation (0..3)
  std::uint8_t card = 0;        // deal index of the card moved
  std::uint8_t declined = 0;    // kDecline: the reserves whose tops it excludes (bit mask)
  bool operator==(const Move&) const = default;
};

// Which moves generate_moves offers. Both reach the same best score (see Tableau).
enum class MoveRules {
  kNormalForm,    // each fitting card is played at once or excluded from that foundation slot
  kUnrestricted,  // every legal play at every moment (the plain search of the tests)
};

struct MoveList {
  std::array<Move, 24> moves;
  int size = 0;
  void push(const Move& m) { moves[static_cast<std::size_t>(size++)] = m; }
  const Move* begin() const { return moves.data(); }
  const Move* end() const { return moves.data() + size; }
};

class Tableau {
 public:
  using Key = std::array<std::uint64_t, 4>;
  using Move = hopscotch::Move;
  using MoveList = hopscotch::MoveList;
  static constexpr int kMaxScore = kDealSize;

  explicit Tableau(const Deal& deal, MoveRules rules = MoveRules::kNormalForm);

  const Deal& deal() const { return deal_; }
  int dealt() const { return dealt_; }
  bool stock_empty() const { return dealt_ == kDealSize; }
  const Card& waste() const { return deal_[dealt_]; }  // the card about to be dealt; needs !stock_empty()
  int score() const { return score_; }                 // cards played to the foundations (0..48)
  int foundation_height(int f) const { return height_[f]; }
  int next_rank(int f) const { return height_[f] == kFoundationSize ? 0 : foundation_rank(f, height_[f]); }
  int reserve_size(int p) const { return size_[p]; }
  int reserve_card(int p, int i) const { return reserve_[p][i]; }  // deal index, i = 0 at the bottom
  int rank_of(int deal_index) const { return deal_[deal_index].rank; }

  // Cards still to be placed before a card of this rank fits: the least, over the foundations
  // still waiting for the rank, of the number of cards they need first (0 = playable now).
  int wait(int rank) const;
  // How much putting a card of this rank on reserve p costs in the common-sense strategy:
  // covering a card needed sooner is bad, an empty reserve is worth keeping.
  int placement_cost(int rank, int p) const;

  // Reorders the cards not yet seen (the stock after the waste card) at random: what a player
  // who does not see the stock may imagine.
  void reshuffle_unseen(PortableRandom& random);

  bool is_legal(const Move& m) const;  // by the rules of the game (kDecline is never legal)
  // Search only for a win (see "Kings" above); the search's first pass.
  void set_win_only(bool on) { win_only_ = on && rules_ == MoveRules::kNormalForm; }  // the plain search stays plain
  // The moves of the search, best first by common sense: plays to foundations, then the waste
  // to the reserves by placement cost (one of identical reserves only). See MoveRules.
  void generate_moves(MoveList& list) const;
  void apply(const Move& m);
  void undo(const Move& m);
  bool finished() const;  // no legal move left

  // Key: dealt count, heights, then each reserve's ranks and, for a card whose rank some
  // foundation needs next, whether it is excluded there.
  Key key() const;        // canonical: reserves sorted
  Key exact_key() const;  // reserves in place (for the plain search of the tests)
  // Sets this tableau (same deal) to a state the key describes. Which copy of a rank sits where
  // is chosen anew, and Kings left out of a win-only key go to the bottom of the first reserve:
  // the futures are the same (only ranks matter, and such Kings are free).
  void load(const Key& key);
  int stage() const { return dealt_; }  // the layers of a breadth-first search: cards dealt
  // How promising the state looks, for a beam search: 12 per card on the foundations and 3 per
  // reserve that is empty or holds only parked Kings, less, for each reserve card, how much
  // longer than it the longest-waiting card above it waits (wait(), in foundation cards): a card
  // held down by one needed later is the usual way to lose. The weights were chosen by
  // measurement (docs/results.md, "Hopscotch: tuning").
  int promise() const;

  // No play from here scores more: 48 less the cards that provably never reach a foundation.
  // A card is dead when each foundation slot it could fill (its rank's, not excluded) comes
  // after a slot that no live card can fill, or that only live cards below it in its reserve
  // can fill (they leave the reserve after it, but must reach the foundation before it). Cards
  // under a dead card are dead; the marking repeats until nothing changes, or until the bound
  // is at most `at_most` (a caller that only asks "can this beat at_most?" stops early).
  int upper_bound(int at_most = -1) const;

  std::string move_name(const Move& m) const;      // "7H>F2", "7H>R1", "R1:7H>F2" (1-based)
  Move parse_move(const std::string& text) const;  // throws InputError if malformed or illegal
  std::string describe() const;                    // foundations and reserves, one line each

 private:
  bool parked(int p) const { return bottom_kings_[p] == size_[p]; }  // the top (if any) is parked
  // The first card of reserve p that the key shows and the moves see: parked Kings are free when
  // only a win matters (see "Kings").
  int first_shown(int p) const { return win_only_ ? bottom_kings_[p] : 0; }
  void play_parked_king(MoveList& list) const;
  // A card onto or off the top of reserve p, keeping the count of Kings at its bottom.
  void push_reserve(int p, int card);
  void pop_reserve(int p);
  bool only_parked_left() const {
    return score_ + bottom_kings_[0] + bottom_kings_[1] + bottom_kings_[2] + bottom_kings_[3] == kMaxScore;
  }
  bool excluded(int card, int f) const { return (excluded_[f] >> card & 1) && rank_[card] == next_rank(f); }
  bool same_reserve(int p, int q) const;
  bool pending_decision(MoveList& list) const;
  void generate_unrestricted(MoveList& list) const;
  Key pack(const std::array<int, kReserves>& order) const;

  Deal deal_;
  MoveRules rules_;
  bool win_only_ = false;
  std::array<std::uint64_t, kFoundations> excluded_{};  // by deal index; see excluded()
  std::array<std::uint8_t, kDealSize> rank_{};
  int dealt_ = 0;
  int score_ = 0;
  std::array<int, kFoundations> height_{};
  std::array<int, kReserves> size_{};
  std::array<int, kReserves> bottom_kings_{};  // Kings at the bottom of each reserve, under nothing else
  std::array<std::array<std::uint8_t, kDealSize>, kReserves> reserve_{};
};

// Replays a line of the search (declines are skipped) by the rules of the game: the score it
// reaches, or -1 when a play is illegal; the names of the plays replayed go to `names` when
// given. A claimed win is checked so before it is reported.
int score_by_the_rules(const Deal& deal, const std::vector<Move>& line, std::vector<std::string>* names = nullptr);

}  // namespace gs::hopscotch
