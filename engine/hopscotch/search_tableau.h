// A Hopscotch tableau as the deal searches see it (solvers/deal, the DealGame concept): the
// rules' Tableau plus what the search knows about it: exclusions (the normal form below),
// the Kings rule of a win-only search, the key (which forgets which copy of a rank is where,
// only ranks matter, and the order of the reserves, which are interchangeable), the dead-card
// bound (dead_cards.cpp) and the beam's measure.
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
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/deal_game.h"
#include "engine/hopscotch/tableau.h"

namespace gs::hopscotch {

// A move of the search: a play, or kDecline, the search's promise that the foundation's next
// card will not be any of the reserve tops that fit it now (see "normal form").
struct Move {
  enum Kind : std::uint8_t { kReserveToFoundation, kWasteToFoundation, kWasteToReserve, kDecline };
  Kind kind = kWasteToReserve;
  std::uint8_t reserve = 0;     // source or target reserve (0..3)
  std::uint8_t foundation = 0;  // target foundation (0..3)
  std::uint8_t card = 0;        // deal index of the card moved
  std::uint8_t declined = 0;    // kDecline: the reserves whose tops it excludes (bit mask)

  Move() = default;
  Move(Kind k, std::uint8_t r, std::uint8_t f, std::uint8_t c, std::uint8_t d = 0)
      : kind(k), reserve(r), foundation(f), card(c), declined(d) {}
  Move(const Play& p)  // NOLINT: every play is a move of the search
      : Move(static_cast<Kind>(p.kind), p.reserve, p.foundation, p.card) {}
  bool is_play() const { return kind != kDecline; }
  Play play() const { return {static_cast<Play::Kind>(kind), reserve, foundation, card}; }
  bool operator==(const Move&) const = default;
};

// The plays of a line of the search (its declines left out).
std::vector<Play> plays_of(const std::vector<Move>& line);

// Which moves generate_moves offers. Both reach the same best score (see "normal form").
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

class SearchTableau : public Tableau {
 public:
  using Key = std::array<std::uint64_t, 4>;
  using Move = hopscotch::Move;
  using MoveList = hopscotch::MoveList;

  explicit SearchTableau(const Deal& deal, MoveRules rules = MoveRules::kNormalForm);
  // A game in progress, with nothing excluded yet.
  explicit SearchTableau(const Tableau& tableau, MoveRules rules = MoveRules::kNormalForm);

  bool is_legal(const Move& m) const { return m.is_play() && Tableau::is_legal(m.play()); }
  // Search only for a win (see "Kings" above); the search's first pass.
  void set_win_only(bool on) { win_only_ = on && rules_ == MoveRules::kNormalForm; }  // the plain search stays plain
  // The moves of the search, best first by common sense: plays to foundations, then the waste
  // to the reserves by placement cost (one of identical reserves only). See MoveRules.
  void generate_moves(MoveList& list) const;
  void apply(const Move& m);
  void undo(const Move& m);
  bool finished() const;  // no move of the search left
  std::string move_name(const Move& m) const;

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

 private:
  // The first card of reserve p that the key shows and the moves see: parked Kings are free when
  // only a win matters (see "Kings").
  int first_shown(int p) const { return win_only_ ? bottom_kings_[p] : 0; }
  void play_parked_king(MoveList& list) const;
  bool only_parked_left() const {
    return score_ + bottom_kings_[0] + bottom_kings_[1] + bottom_kings_[2] + bottom_kings_[3] == kMaxScore;
  }
  bool excluded(int card, int f) const { return (excluded_[f] >> card & 1) && rank_[card] == next_rank(f); }
  bool same_reserve(int p, int q) const;
  bool pending_decision(MoveList& list) const;
  Key pack(const std::array<int, kReserves>& order) const;

  MoveRules rules_;
  bool win_only_ = false;
  std::array<std::uint64_t, kFoundations> excluded_{};  // by deal index; see excluded()
};

// The shared vocabulary it models (engine/core); the tools assert the capabilities that live
// with their solvers.
static_assert(DealGame<SearchTableau>);

}  // namespace gs::hopscotch
