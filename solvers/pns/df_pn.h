// Depth-first proof-number search (df-pn; Nagai 2002) for two-player games: proves or disproves
// a goal for the side to move at the root, "win" or "at least a draw", without searching the
// whole tree. It grows the tree where the fewest leaves stand between it and an answer.
//
// Proof and disproof numbers, in the negamax form: a node's phi is the least number of leaves
// that would have to be proved to prove that the side to move there reaches its aim, delta the
// least to disprove it. With children c (the other side to move), phi(n) = min delta(c) and
// delta(n) = sum phi(c); a proved node has phi = 0, a disproved one delta = 0; a new leaf has 1
// and 1. mid(n, th_phi, th_delta) searches below n until phi(n) >= th_phi or delta(n) >= th_delta,
// always in the child c1 of least delta, with the thresholds
//   th_phi(c1) = th_delta(n) - delta(n) + phi(c1),   th_delta(c1) = min(th_phi(n), delta_2 + 1)
// (delta_2: the second least delta), which is Nagai's result: df-pn expands the same most-proving
// nodes as best-first proof-number search while storing only a transposition table (with
// Pawlewicz and Lew's 1 + epsilon for the second threshold: fewer switches between children,
// each of which costs re-expanding a subtree whose numbers the table may have lost). Values are
// kept in the table between visits; the children's current numbers are kept in the parent's
// frame while it loops, so a child's answer that may not be stored (below) is not lost.
//
// The aims: the root's side to move ("the prover") wants a win (Goal::win) or anything but a
// loss (Goal::at_least_draw); the other side wants to stop it. A terminal position, or one a
// known-values oracle answers, is a leaf proved for one of them.
//
// Repetitions (the graph-history interaction). In games with cycles (the hunt games), a position
// repeated on the current path is scored as a draw: neither side can force anything by going
// round, and a side that can force a win can force it without repeating. Such a leaf's answer
// holds only on paths through the repeated position, so every answer carries the depth of the
// highest ancestor a repetition under it referred to (its loop depth). An answer at depth d whose
// loop depth is below d depends on the path that led here: it is stored under the position and
// a hash of that path (Kishimoto and Mueller's remedy, simplified), found again when the search
// comes back along the same path (without it, two children whose answers rest on the path can
// hand the search back and forth for ever) and never when the position is reached along another
// path: a position proved through a cycle is not taken as proved elsewhere. At loop depth >= d
// the cycles close inside the subtree (going round through n itself is the same from every path
// to n) and the answer is stored for every path. Games whose moves all raise a ply count (PlyCounted: m,n,k) have no
// cycles and skip the path check.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "engine/core/uint128.h"

#include "engine/core/game.h"
#include "engine/core/game_search.h"
#include "engine/core/game_symmetry.h"
#include "engine/core/game_tables.h"
#include "engine/core/layer_index.h"
#include "engine/core/value.h"
#include "solvers/common/capabilities.h"
#include "solvers/common/hash.h"
#include "solvers/common/zeroed_array.h"

namespace gs {

enum class Goal { win, at_least_draw };  // for the side to move at the root

struct DfpnOptions {
  std::size_t table_bytes = std::size_t{1} << 28;
  std::uint64_t node_limit = 0;               // expansions; 0 = no limit
  const std::atomic<bool>* cancel = nullptr;  // stop (unknown) when set
};

enum class Proof { proven, disproven, unknown };

inline std::string proof_name(Proof p) {
  return p == Proof::proven ? "proven" : p == Proof::disproven ? "disproven" : "unknown";
}

template <class Move>
struct DfpnResult {
  Proof proof = Proof::unknown;
  std::optional<Move> move;  // proven: a move of the root that proves it
  std::uint64_t nodes = 0;   // expansions (a node's moves generated)
  std::uint64_t table_entries = 0;
};

template <TwoPlayerGame G>
requires std::equality_comparable<typename G::Position>
class DfpnSolver {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;
  // The outcome for the side to move of a position that is not terminal, when something else
  // knows it (the tables of a game): a leaf of the search. Not asked at the root.
  using Oracle = std::function<std::optional<Outcome>(const Position&)>;

  // The table is spread over huge pages: entries land at random, so a search touches all of it
  // soon, and 4 KiB pages cost a page fault and a TLB miss a lookup (4,4,4: 7.6 s -> 3.6 s). It
  // starts small and doubles while half full, up to table_bytes: a small proof does not pay for
  // touching a big table (6,6,5's 2,749 nodes: 2.1 s with 1 GiB at once).
  DfpnSolver(const G& game, DfpnOptions options, Oracle oracle = {})
      : game_(game),
        o_(options),
        oracle_(std::move(oracle)),
        table_(std::make_unique<ZeroedArray<Entry>>(
            std::min(kFirstEntries, std::max<std::size_t>(options.table_bytes / sizeof(Entry) / kWays, 1) * kWays),
            Pages::huge)) {}

  // Expansions so far (for progress reports from another thread).
  std::uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
  // The expansions allowed in all (0: no limit), for a proof to go on after it stopped.
  void raise_node_limit(std::uint64_t limit) { o_.node_limit = limit; }

  // One proof a solver: the numbers in the table are for this goal and this root's side to
  // move, and would mislead a second proof with another goal or side (a new solver for that).
  // A proof stopped by the node limit goes on from its table when asked again after
  // raise_node_limit.
  DfpnResult<Move> prove(const Position& root, Goal goal) {
    if (proved_ && (goal != goal_ || !(root == root_)))
      throw std::logic_error("a DfpnSolver proves one goal from one root");
    proved_ = true;
    stopped_ = false;
    goal_ = goal;
    root_ = root;
    const std::optional<Outcome> over = game_.terminal(root);
    const Numbers r = over ? leaf(*over, 0) : mid(root, 0, 0, kInfinity, kInfinity);
    DfpnResult<Move> result;
    result.nodes = nodes();
    result.table_entries = used_;
    result.proof = r.phi == 0 ? Proof::proven : r.delta == 0 ? Proof::disproven : Proof::unknown;
    result.move = root_move_;
    if (result.proof != Proof::proven) result.move.reset();
    return result;
  }

  // After prove(root, goal) has proved it: a move of p that keeps the proof, where p is a
  // position with the root's side to move that the proof's strategy reaches (so the prover's
  // strategy can be written out, one position at a time). The table answers most positions; one
  // whose numbers it has lost is searched again, with the same goal for the same side. Games
  // without cycles only: there an answer does not depend on the path that led to it.
  std::optional<Move> proving_move(const Position& p) requires PlyCounted<G> {
    if (!proved_) throw std::logic_error("proving_move asks about a proof not yet made");
    root_move_.reset();
    stopped_ = false;
    if (game_.terminal(p)) return std::nullopt;
    const Numbers r = mid(p, 0, 0, kInfinity, kInfinity);
    return r.phi == 0 ? root_move_ : std::nullopt;
  }

 private:
  // 64-bit numbers: a sum over a wide tree can pass 32 bits, and an open node's numbers must stay
  // below kInfinity, which marks answers (they are capped at kLargest).
  static constexpr std::uint64_t kInfinity = std::uint64_t{1} << 62;
  static constexpr std::uint64_t kLargest = kInfinity - 1;  // of an open node's numbers
  static constexpr int kNoLoop = std::numeric_limits<int>::max();
  static constexpr std::size_t kWays = 4;
  static constexpr std::size_t kFirstEntries = std::size_t{1} << 16;

  struct Numbers {
    std::uint64_t phi = 1, delta = 1;
    int loop = kNoLoop;  // depth of the highest ancestor a repetition below referred to
    bool final() const { return phi == 0 || delta == 0; }
  };
  struct Entry {
    Position key{};
    std::uint64_t path = 0;            // 0: holds on every path; else the hash of the path it holds on
    std::uint64_t phi = 0, delta = 0;  // phi = delta = 0: an empty slot
    std::uint64_t work = 0;            // expansions spent below: the replacement priority
    int loop = kNoLoop;
  };
  struct Child {
    Move move;
    Position position;
    Numbers numbers;
  };

  static constexpr bool kAcyclic = PlyCounted<G>;

  Position key_of(const Position& p) const {
    if constexpr (Symmetric<G>)
      return game_.canonical(p);
    else
      return p;
  }
  // Machine-word positions hash themselves; indexed games hash their place in the tables.
  std::uint64_t hash_of(const Position& k) const {
    if constexpr (std::is_integral_v<Position>) {
      return mix64(static_cast<std::uint64_t>(k));
    } else if constexpr (std::is_same_v<Position, uint128>) {
      return mix64(static_cast<std::uint64_t>(k) ^ mix64(static_cast<std::uint64_t>(k >> 64)));
    } else if constexpr (Hashed<G>) {
      return game_.hash(k);
    } else {
      static_assert(Indexed<G>, "df-pn needs positions that are machine words, a hash or an index");
      const LayerIndex at = game_.locate(k);
      return mix64(at.index ^ mix64(static_cast<std::uint64_t>(at.layer)));
    }
  }

  // path 0: the entry for every path; else the one for the path of that hash.
  const Entry* find(const Position& key, std::uint64_t path) const {
    const std::size_t b = bucket(key, path);
    for (std::size_t i = 0; i < kWays; ++i) {
      const Entry& e = (*table_)[b + i];
      if ((e.phi | e.delta) != 0 && e.key == key && e.path == path) return &e;
    }
    return nullptr;
  }
  void store(const Position& key, std::uint64_t path, const Numbers& n, std::uint64_t work) {
    if (2 * used_ > table_->size() && 2 * table_->bytes() <= o_.table_bytes) grow();
    place({.key = key, .path = path, .phi = n.phi, .delta = n.delta, .work = work, .loop = n.loop});
  }
  void place(const Entry& entry) {
    const std::size_t b = bucket(entry.key, entry.path);
    Entry* victim = nullptr;
    for (std::size_t i = 0; i < kWays; ++i) {
      Entry& e = (*table_)[b + i];
      if ((e.phi | e.delta) == 0 || (e.key == entry.key && e.path == entry.path)) {
        if ((e.phi | e.delta) == 0) ++used_;
        victim = &e;
        break;
      }
      if (!victim || e.work < victim->work) victim = &e;
    }
    *victim = entry;
  }
  // Twice the entries, the old ones placed again.
  void grow() {
    auto old = std::move(table_);
    table_ = std::make_unique<ZeroedArray<Entry>>(2 * old->size(), Pages::huge);
    used_ = 0;
    for (std::size_t i = 0; i < old->size(); ++i)
      if (((*old)[i].phi | (*old)[i].delta) != 0) place((*old)[i]);
  }
  std::size_t bucket(const Position& key, std::uint64_t path) const {
    const std::uint64_t h = hash_of(key) ^ path;
    return static_cast<std::size_t>((static_cast<uint128>(h) * (table_->size() / kWays)) >> 64) * kWays;
  }
  // The hash of a path extended by p (never 0: 0 marks entries for every path).
  std::uint64_t extend(std::uint64_t path, const Position& p) const { return mix64(path ^ hash_of(p)) | 1; }

  // A leaf's numbers for the side to move, whose outcome is o.
  Numbers leaf(Outcome o, int depth) const {
    const bool prover_moves = depth % 2 == 0;
    const Outcome for_prover = prover_moves          ? o
                               : o == Outcome::kWin  ? Outcome::kLoss
                               : o == Outcome::kLoss ? Outcome::kWin
                                                     : o;
    const bool met = goal_ == Goal::win ? for_prover == Outcome::kWin : for_prover != Outcome::kLoss;
    const bool mover_succeeds = prover_moves ? met : !met;
    return mover_succeeds ? Numbers{0, kInfinity, kNoLoop} : Numbers{kInfinity, 0, kNoLoop};
  }

  // Numbers of a position before it is searched: terminal, known, repeated, stored (for every
  // path, or for this one), or new. `path` is the hash of the positions above it.
  Numbers look(const Position& p, int depth, std::uint64_t path) const {
    if (const auto t = game_.terminal(p)) return leaf(*t, depth);
    if constexpr (!kAcyclic) {
      for (std::size_t i = 0; i < path_.size(); ++i)
        if (path_[i] == p) {
          Numbers n = leaf(Outcome::kDraw, depth);
          n.loop = static_cast<int>(i);
          return n;
        }
    }
    if (oracle_)
      if (const auto known = oracle_(p)) return leaf(*known, depth);
    const Position key = key_of(p);
    const Entry* any = find(key, 0);
    if (any && (any->phi == 0 || any->delta == 0)) return {any->phi, any->delta, kNoLoop};
    if constexpr (!kAcyclic)
      if (const Entry* here = find(key, path)) return {here->phi, here->delta, here->loop};
    if (any) return {any->phi, any->delta, kNoLoop};
    return {};
  }

  static std::uint64_t add(std::uint64_t a, std::uint64_t b) { return std::min(a + b, kLargest); }

  Numbers mid(const Position& p, int depth, std::uint64_t path, std::uint64_t th_phi, std::uint64_t th_delta) {
    nodes_.fetch_add(1, std::memory_order_relaxed);
    std::vector<Child> children;
    const auto add_child = [&](const Move& m) { children.push_back({m, game_.play(p, m), {}}); };
    if constexpr (SearchMoves<G>)
      game_.for_each_search_move(p, add_child);  // the moves that matter, best first
    else
      game_.for_each_move(p, add_child);
    if constexpr (!kAcyclic) path_.push_back(p);
    const std::uint64_t below = kAcyclic ? 0 : extend(path, p);
    for (Child& c : children) c.numbers = look(c.position, depth + 1, below);
    const std::uint64_t before = nodes();
    Numbers n;
    for (;;) {
      n = combine(children);
      if (n.phi >= th_phi || n.delta >= th_delta || n.final() || stopped()) break;
      std::size_t best = 0;
      std::uint64_t second = kInfinity;
      for (std::size_t i = 1; i < children.size(); ++i) {
        if (children[i].numbers.delta < children[best].numbers.delta) {
          second = children[best].numbers.delta;
          best = i;
        } else {
          second = std::min(second, children[i].numbers.delta);
        }
      }
      Child& c = children[best];
      const std::uint64_t child_th_phi = std::min(th_delta - n.delta + c.numbers.phi, kInfinity);
      // 1 + epsilon (Pawlewicz and Lew): stay in a child until it is a quarter worse than the
      // second best, not merely worse, so that fewer switches redo the same work.
      const std::uint64_t child_th_delta =
          std::min(th_phi, std::max(add(second, 1), second >= kInfinity / 2 ? kInfinity : second + second / 4));
      c.numbers = mid(c.position, depth + 1, below, child_th_phi, child_th_delta);
    }
    if constexpr (!kAcyclic) path_.pop_back();
    // A final answer that rests on a repetition of an ancestor above this node holds on this
    // path only: stored for this path. Cycles through this node itself hold on every path.
    if (n.final() && n.loop >= depth) n.loop = kNoLoop;
    if (!n.final() || n.loop == kNoLoop)
      store(key_of(p), 0, n, nodes() - before + 1);
    else
      store(key_of(p), path, n, nodes() - before + 1);  // found again on this path, not on others
    if (depth == 0 && n.phi == 0)
      for (const Child& c : children)
        if (c.numbers.delta == 0) {
          root_move_ = c.move;
          break;
        }
    return n;
  }

  // phi = min delta(c), delta = sum phi(c); the loop depth of the children the answer rests on.
  // In games with cycles the sum counts the same descendants again through every path, and
  // through the table round the cycles, so it grows without bound (reaching the cap and stopping
  // the search without an answer); there delta = the largest phi(c) plus one for each other
  // open child, which still steers the search towards the fewest open children.
  Numbers combine(const std::vector<Child>& children) const {
    if (children.empty()) return {kInfinity, 0, kNoLoop};  // no move: the side to move has lost
    int proving_loop = -1, all_loop = kNoLoop;
    std::uint64_t phi = kInfinity, sum = 0, largest = 0, open = 0;
    for (const Child& c : children) {
      phi = std::min(phi, c.numbers.delta);
      sum = std::min(sum + c.numbers.phi, kInfinity);
      largest = std::max(largest, c.numbers.phi);
      open += c.numbers.phi != 0;
      all_loop = std::min(all_loop, c.numbers.loop);
      if (c.numbers.delta == 0) proving_loop = std::max(proving_loop, c.numbers.loop);
    }
    // One proving child suffices: the least path-bound one. Every child refutes: each counts.
    if (phi == 0) return {0, kInfinity, proving_loop};
    if (open == 0) return {kInfinity, 0, all_loop};
    const std::uint64_t delta = kAcyclic ? sum : largest + (open - 1);
    return {std::min(phi, kLargest), std::min(delta, kLargest), kNoLoop};
  }

  bool stopped() {
    if (!stopped_ &&
        ((o_.node_limit && nodes() >= o_.node_limit) || (o_.cancel && o_.cancel->load(std::memory_order_relaxed))))
      stopped_ = true;
    return stopped_;
  }

  const G& game_;
  DfpnOptions o_;
  Oracle oracle_;
  std::unique_ptr<ZeroedArray<Entry>> table_;
  std::vector<Position> path_;
  Goal goal_ = Goal::win;
  Position root_{};
  std::atomic<std::uint64_t> nodes_{0};
  std::uint64_t used_ = 0;
  bool stopped_ = false, proved_ = false;
  std::optional<Move> root_move_;
};

// The outcome for the side to move from two proofs: can it win? If not, can it draw? (Each with
// its own table: the numbers stored mean different things under the two goals.)
template <class Move>
struct DfpnValue {
  std::optional<Outcome> outcome;  // nothing when a proof ran out of nodes
  std::optional<Move> move;        // a best move when the outcome is a win or a draw
  std::uint64_t nodes = 0;
};

template <class G>
DfpnValue<typename G::Move> dfpn_value(const G& game, const typename G::Position& p, DfpnOptions options,
                                       typename DfpnSolver<G>::Oracle oracle = {}) {
  DfpnValue<typename G::Move> v;
  const auto win = DfpnSolver<G>(game, options, oracle).prove(p, Goal::win);
  v.nodes = win.nodes;
  if (win.proof == Proof::proven) return {Outcome::kWin, win.move, v.nodes};
  if (win.proof == Proof::unknown) return v;
  const auto draw = DfpnSolver<G>(game, options, oracle).prove(p, Goal::at_least_draw);
  v.nodes += draw.nodes;
  if (draw.proof == Proof::proven) return {Outcome::kDraw, draw.move, v.nodes};
  if (draw.proof == Proof::disproven) v.outcome = Outcome::kLoss;
  return v;
}

}  // namespace gs
