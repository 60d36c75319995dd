// `gamesolver mnk certify`: the certificate of an m,n,k win (docs/certificates.md) from a
// proof-number search: the winner's strategy, one proving move a position (DfpnSolver::
// proving_move), the other side playing every empty cell.
#include <algorithm>
#include <unordered_map>
#include <utility>

#include "engine/core/errors.h"
#include "engine/mnk/packed_mnk.h"
#include "solvers/common/progress.h"
#include "solvers/pns/df_pn.h"
#include "tools/certificate/certificate_writer.h"
#include "tools/mnk/mnk_jobs.h"

namespace gs::tools {

Report mnk_certify(const mnk::MnkGame& game, const MnkOptions& options, const std::optional<std::string>& position,
                   const std::string& output) {
  if (!game.packable()) throw InputError("certificates of m,n,k games take boards of at most 32 cells");
  const cli::Stopwatch clock;
  const mnk::PackedMnk view(game);
  using Word = mnk::PackedMnk::Position;
  const mnk::Position start = position ? game.parse(*position) : mnk::Position{};
  if (game.is_terminal(start)) throw InputError("the game is over at the position: there is nothing to certify");
  const double gib = options.memory_gib > 0 ? options.memory_gib : 1;
  DfpnSolver<mnk::PackedMnk> solver(view, {.table_bytes = static_cast<std::size_t>(gib * (1 << 30))});
  const auto proof = solver.prove(view.pack(start), Goal::win);
  if (proof.proof != Proof::proven)
    throw InputError("the side to move does not win from the position (proof-number search: " +
                     proof_name(proof.proof) + "); certificates prove wins of the side to move");
  const char* const sides[2] = {"X", "O"};
  const int winner = mnk::MnkGame::to_move(start) == mnk::Player::x ? 0 : 1;

  // The winner's positions reached, each with its move; then the distances, deepest first.
  std::unordered_map<Word, int> move_of;  // cell
  std::vector<Word> order = {view.pack(start)};
  move_of[order[0]] = -1;
  std::atomic<std::uint64_t> done{0};
  const ProgressReporter progress(options.global.progress(), [&] {
    return "mnk certify: " + std::to_string(done.load()) + " positions of the winner";
  });
  for (std::size_t i = 0; i < order.size(); ++i, ++done) {
    const Word p = order[i];
    std::optional<int> cell;
    view.for_each_move(p, [&](int c) {  // a line at once first: the proof need not have chosen it
      if (!cell && game.won_by_last_mover(view.unpack(view.play(p, c)))) cell = c;
    });
    if (!cell) cell = solver.proving_move(p);
    if (!cell) throw DataError("the proof has no move at " + game.format(view.unpack(p)) + " (out of memory?)");
    move_of[p] = *cell;
    const Word q = view.play(p, *cell);
    if (view.terminal(q)) continue;
    view.for_each_move(q, [&](int c) {
      const Word r = view.play(q, c);
      if (view.terminal(r))
        throw DataError("the proof lets the other side draw or win at " + game.format(view.unpack(r)));
      if (move_of.emplace(r, -1).second) order.push_back(r);
    });
  }
  std::unordered_map<Word, int> distance;
  std::vector<CertificateRecord> records;
  for (auto it = order.rbegin(); it != order.rend(); ++it) {  // more stones first: replies are done
    const Word q = view.play(*it, move_of[*it]);
    int d = 1;
    if (!view.terminal(q)) view.for_each_move(q, [&](int c) { d = std::max(d, 2 + distance.at(view.play(q, c))); });
    distance[*it] = d;
    records.push_back({game.format(view.unpack(*it)), game.cell_name(move_of[*it]), d});
  }
  const CertificateHeader header{.game = "mnk",
                                 .variant = game.name(),
                                 .rules = "docs/rules/mnk.md",
                                 .draw_rule = "none",
                                 .position = game.format(start),
                                 .to_move = sides[winner],
                                 .value = "win",
                                 .winner = sides[winner],
                                 .strategy = sides[winner],
                                 .distance = distance.at(view.pack(start)),
                                 .records = records.size()};
  return write_certificate_report(output, header, std::move(records),
                                  game.name() + ": " + header.position + ": " + header.to_move +
                                      " to move wins within " + std::to_string(header.distance) +
                                      " plies (proof: " + std::to_string(proof.nodes) + " nodes, then " +
                                      std::to_string(solver.nodes() - proof.nodes) + " to write the strategy out)",
                                  {{"proof_nodes", proof.nodes}, {"nodes", solver.nodes()}}, clock);
}

}  // namespace gs::tools
