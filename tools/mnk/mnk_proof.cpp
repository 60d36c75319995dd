#include "tools/mnk/mnk_proof.h"

#include <tbb/task_group.h>

#include "engine/mnk/maker_breaker.h"
#include "engine/mnk/packed_mnk.h"
#include "solvers/pns/df_pn.h"

namespace gs::tools {

nlohmann::json MnkProof::to_json() const {
  const auto question = [](const MnkQuestion& q) {
    return nlohmann::json{{"can_win", q.can_win ? nlohmann::json(*q.can_win) : nlohmann::json(nullptr)},
                          {"by", q.by},
                          {"relaxation_nodes", q.relaxation_nodes},
                          {"real_nodes", q.real_nodes}};
  };
  return {{"mover_can_win", question(mover)}, {"other_can_win", question(other)}};
}

// One question: can the maker (the side to move, or the other side) win from p? The two searches
// take turns, each given as many nodes again as in its last turn.
template <class View>
MnkQuestion MnkProver::ask(mnk::Position p, bool mover_is_maker, std::optional<int>& move) {
  const mnk::Player mover = mnk::MnkGame::to_move(p);
  const mnk::Player maker = mover_is_maker ? mover : mover == mnk::Player::x ? mnk::Player::o : mnk::Player::x;
  const mnk::MakerBreaker relaxed(game_, maker);
  const View real(game_);
  const DfpnOptions each{.table_bytes = static_cast<std::size_t>(options_.memory_gib * (1 << 30) / 4),
                         .node_limit = 1,
                         .cancel = &decided_};
  DfpnSolver<mnk::MakerBreaker> relaxation(relaxed, each);
  DfpnSolver<View> game(real, each);
  // The real game's goal for the side to move: a win (is the answer yes?), or at least a draw
  // (is the other side's win ruled out?).
  const Goal goal = mover_is_maker ? Goal::win : Goal::at_least_draw;
  MnkQuestion q;
  bool relaxation_open = true;
  for (std::uint64_t budget = 1 << 10; !decided_.load(); budget *= 2) {
    if (relaxation_open) {
      const std::uint64_t before = relaxation.nodes();
      if (options_.relaxation_nodes && before >= options_.relaxation_nodes) break;
      relaxation.raise_node_limit(before + budget);
      const auto r = relaxation.prove(mnk::MakerBreaker::pack(p), Goal::win);  // for the side to move
      q.relaxation_nodes = r.nodes;
      nodes_ += r.nodes - before;
      if (r.proof != Proof::unknown) {
        const bool breaker_won = (r.proof == Proof::proven) != mover_is_maker;
        if (breaker_won) {
          q.can_win = false, q.by = "maker-breaker";
          if (!mover_is_maker) move = r.move;  // the side to move, as breaker, keeps the maker from a line
          return q;
        }
        relaxation_open = false;  // the maker wins the relaxation: no bound for the real game
      }
    }
    if (!options_.real_game) {
      if (relaxation_open) continue;
      break;
    }
    const std::uint64_t before = game.nodes();
    game.raise_node_limit(before + budget);
    const auto r = game.prove(View::pack(p), goal);
    q.real_nodes = r.nodes;
    nodes_ += r.nodes - before;
    if (r.proof == Proof::unknown) continue;
    q.by = "df-pn";
    // win proved: yes; win disproved: no; at least a draw proved: the other side cannot win.
    q.can_win = mover_is_maker == (r.proof == Proof::proven);
    if (r.proof == Proof::proven) move = r.move;
    if (*q.can_win) decided_ = true;
    return q;
  }
  return q;
}

template <class View>
MnkProof MnkProver::prove_on(mnk::Position p) {
  MnkProof proof;
  std::optional<int> winning, holding;  // the side to move's winning move; its move that stops the other
  tbb::task_group both;
  both.run([&] { proof.mover = ask<View>(p, true, winning); });
  both.run([&] { proof.other = ask<View>(p, false, holding); });
  both.wait();
  if (proof.mover.can_win == true)
    proof.value = Outcome::kWin, proof.move = winning;
  else if (proof.other.can_win == true)
    proof.value = Outcome::kLoss;
  else if (proof.mover.can_win == false && proof.other.can_win == false)
    proof.value = Outcome::kDraw, proof.move = holding ? holding : move_that_holds(p);
  return proof;
}

// A move after which the other side still cannot win the relaxation, when the proof that it
// cannot win needed no search (pairing or Erdos-Selfridge at the root) and so named no move.
std::optional<int> MnkProver::move_that_holds(mnk::Position p) const {
  const mnk::Player other = mnk::MnkGame::to_move(p) == mnk::Player::x ? mnk::Player::o : mnk::Player::x;
  const mnk::MakerBreaker relaxed(game_, other);
  std::optional<int> found;
  relaxed.for_each_search_move(mnk::MakerBreaker::pack(p), [&](int cell) {
    if (found) return;
    DfpnSolver<mnk::MakerBreaker> after(relaxed, {.table_bytes = 1 << 20, .node_limit = 1 << 12});
    // The other side to move, as maker: a disproved win is a breaker win.
    if (after.prove(relaxed.play(mnk::MakerBreaker::pack(p), cell), Goal::win).proof == Proof::disproven) found = cell;
  });
  return found;
}

MnkProof MnkProver::prove(mnk::Position p) {
  decided_ = false;
  return game_.packable() ? prove_on<mnk::PackedMnk>(p) : prove_on<mnk::WideMnk>(p);
}

}  // namespace gs::tools
