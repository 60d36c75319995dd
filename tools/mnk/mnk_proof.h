// The value of an m,n,k position by proofs instead of a search of every line: two questions,
// "can the side to move win?" and "can the other side win?", each answered by two proof-number
// searches taking turns with doubling node budgets:
// - the maker-breaker relaxation with the asked side as maker (engine/mnk/maker_breaker.h): a
//   breaker win proves "no" (a maker win there proves nothing about the real game and ends its
//   turns);
// - the real game (df-pn, solvers/pns/df_pn.h): "yes" or "no".
// Draws are where this pays: 6,6,5 is a draw proved by the relaxation in under 2,000 nodes,
// where a search of the real game does not finish in 15 minutes.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/core/value.h"
#include "engine/mnk/mnk_game.h"

namespace gs::tools {

struct MnkProofOptions {
  double memory_gib = 1;               // the four searches' tables together
  bool real_game = true;               // false: the relaxation only (a bound; may leave the value open)
  std::uint64_t relaxation_nodes = 0;  // each relaxation's budget; 0 = none
};

struct MnkQuestion {
  std::optional<bool> can_win;  // nothing when the budgets ran out or the other question decided
  std::string by;               // "maker-breaker" or "df-pn"
  std::uint64_t relaxation_nodes = 0, real_nodes = 0;
};

struct MnkProof {
  std::optional<Outcome> value;  // for the side to move; nothing when the proofs left it open
  std::optional<int> move;       // a best move when the value is a win or a draw
  MnkQuestion mover, other;      // "can the side to move win?", "can the other side win?"
  std::uint64_t nodes() const {
    return mover.relaxation_nodes + mover.real_nodes + other.relaxation_nodes + other.real_nodes;
  }
  nlohmann::json to_json() const;
};

class MnkProver {
 public:
  MnkProver(const mnk::MnkGame& game, MnkProofOptions options) : game_(game), options_(options) {}
  // The two questions side by side, one a thread; a "yes" stops the other.
  MnkProof prove(mnk::Position p);
  // Nodes of the finished turns (for progress reports from another thread).
  std::uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }

 private:
  template <class View>
  MnkProof prove_on(mnk::Position p);
  template <class View>
  MnkQuestion ask(mnk::Position p, bool mover_is_maker, std::optional<int>& move);
  std::optional<int> move_that_holds(mnk::Position p) const;

  const mnk::MnkGame& game_;
  MnkProofOptions options_;
  std::atomic<bool> decided_{false};
  std::atomic<std::uint64_t> nodes_{0};
};

}  // namespace gs::tools
