// gamesolver hunt prove: proof-number search from positions outside the tables, the tables
// answering every position they hold (solvers/pns/df_pn.h, its oracle).
#include <array>
#include <map>
#include <random>
#include <sstream>

#include "engine/core/errors.h"
#include "engine/hunt/fox_geese.h"
#include "engine/hunt/fox_hounds.h"
#include "engine/hunt/tigers_goats.h"
#include "solvers/common/capabilities.h"
#include "solvers/common/progress.h"
#include "solvers/pns/df_pn.h"
#include "solvers/probe/layer_tables.h"
#include "tools/hunt/hunt_games.h"
#include "tools/hunt/hunt_jobs.h"

namespace gs::tools {

namespace {

// `whole` reads and searches the positions; `tabled` is the game the tables in the directory
// were built for (fewer geese; or the sliding phase alone). Values without the draw rule: a
// repetition is a draw, as in the plain tables.
template <class G>
class TableProver {
 public:
  TableProver(const G& whole, const G& tabled, const HuntOptions& o)
      : whole_(whole), tabled_(tabled), o_(o), tables_(tabled, o.dir) {
    // No tables, a gap in them, or tables of another variant: refused (exit 1) as probe does.
    if (!o.dir.empty()) table_jobs::last_layer_present(tables_, tabled_, o.dir);
  }

  DfpnValue<typename G::Move> prove(const typename G::Position& p) {
    // Positions the tables hold are leaves, their layers loaded whole when first needed; a
    // layer not on disk (a build stopped with --up-to) is searched instead.
    const auto oracle = [&](const typename G::Position& q) -> std::optional<Outcome> {
      if (o_.dir.empty() || !tabled_.tabulated(q)) return std::nullopt;  // no tables: a plain search
      const LayerIndex at = tabled_.locate(q);
      if (at.layer < 0 || !tables_.present(at.layer)) return std::nullopt;
      ++answered_;
      tables_.table(at.layer);
      return tables_.value(q, at).outcome;
    };
    const DfpnOptions options{.table_bytes = static_cast<std::size_t>(o_.memory_gib * (1 << 30) / 2),
                              .node_limit = o_.nodes};
    return dfpn_value(whole_, p, options, oracle);
  }
  // The tables' value of p, when they hold it.
  std::optional<Value> table_value(const typename G::Position& p) {
    if (o_.dir.empty() || !tabled_.tabulated(p) || !tables_.present(tabled_.locate(p).layer)) return std::nullopt;
    return tables_.value(p);
  }
  std::uint64_t answered() const { return answered_; }

 private:
  const G& whole_;
  const G& tabled_;
  const HuntOptions& o_;
  LayerTables<G> tables_;
  std::uint64_t answered_ = 0;
};

template <class G>
Report prove_position(const G& whole, const G& tabled, const HuntOptions& o) {
  std::ostringstream text;
  const cli::Stopwatch clock;
  TableProver<G> prover(whole, tabled, o);
  const auto p = o.position.empty() ? whole.start() : whole.parse(o.position);
  if (whole.terminal(p)) throw InputError("the position is over: nothing to prove");
  const auto v = prover.prove(p);
  const double seconds = clock.seconds();
  const std::optional<Value> table_value = prover.table_value(p);
  const bool agree = !v.outcome || !table_value || table_value->outcome == *v.outcome;
  const std::string side = G::kSides[whole.side(p)];
  text << whole.format(p) << ": " << side << " to move, ";
  if (v.outcome)
    text << outcome_name(*v.outcome) << " by proof-number search";
  else
    text << "not proved within " << o.nodes << " nodes (--nodes)";
  if (v.move) text << ", best move " << whole.move_name(p, *v.move);
  text << "\n" << v.nodes << " nodes, " << prover.answered() << " leaves answered by the tables, " << seconds << " s\n";
  if (table_value)
    text << "the tables: " << outcome_name(table_value->outcome) << (agree ? " (agree)" : " (DISAGREE)") << "\n";
  nlohmann::json j{{"position", whole.format(p)},
                   {"side_to_move", side},
                   {"value", v.outcome ? nlohmann::json(outcome_name(*v.outcome)) : nlohmann::json(nullptr)},
                   {"best_move", v.move ? nlohmann::json(whole.move_name(p, *v.move)) : nlohmann::json(nullptr)},
                   {"nodes", v.nodes},
                   {"table_leaves", prover.answered()},
                   {"seconds", seconds}};
  if (table_value) {
    j["table_value"] = outcome_name(table_value->outcome);
    j["agree"] = agree;
  }
  if (!agree) throw DataError(text.str() + "proof-number search and the tables disagree");
  return Report{j, text.str()};
}

// Positions drawn at random from one layer of the whole game's tables (--truth DIR), each
// proved with the smaller tables at the leaves and compared with the whole tables' value.
template <class G>
Report prove_samples(const G& whole, const G& tabled, const G& truth_game, const HuntOptions& o) {
  std::ostringstream text;
  const cli::Stopwatch clock;
  const int layer = o.sample_layer;
  if (layer < 0 || layer >= truth_game.layer_count())
    throw InputError("--sample-layer must be 0 to " + std::to_string(truth_game.layer_count() - 1) +
                     " (the layers of the tables in --truth: hunt stats lists them)");
  LayerTables<G> truth(truth_game, o.truth);
  if (!truth.present(layer))
    throw InputError("layer " + std::to_string(layer) + " of the whole game is not in " + o.truth);
  TableProver<G> prover(whole, tabled, o);
  std::mt19937_64 random(o.seed);
  const std::uint64_t size = truth_game.layer_size(layer);
  std::map<std::string, std::array<std::uint64_t, 2>> by_value;  // the truth's value: proved, drawn
  std::map<std::string, std::string> examples;                   // the first proved position of each value
  std::uint64_t drawn = 0, proved = 0, nodes = 0, tries = 0;
  ProgressReporter progress(o.global.progress(), [&] {
    return "prove: " + std::to_string(drawn) + " of " + std::to_string(o.samples) + " positions, " +
           std::to_string(proved) + " proved";
  });
  while (drawn < o.samples && tries < 1000 * o.samples) {
    ++tries;
    std::optional<typename G::Position> p;
    const std::uint64_t index = random() % size;
    for_each_unranked(truth_game, layer, index, index + 1, [&](std::uint64_t, const auto& q) { p = q; });
    if (!p || whole.terminal(*p) || tabled.tabulated(*p)) continue;
    ++drawn;
    const Outcome want = truth.value(*p).outcome;
    const auto v = prover.prove(*p);
    nodes += v.nodes;
    auto& counts = by_value[outcome_name(want)];
    ++counts[1];
    if (!v.outcome) continue;
    if (*v.outcome != want)
      throw DataError(whole.format(*p) + ": proof-number search says " + outcome_name(*v.outcome) + ", the tables in " +
                      o.truth + " " + outcome_name(want));
    ++proved;
    if (counts[0]++ == 0) examples[outcome_name(want)] = whole.format(*p);
  }
  if (drawn == 0)
    throw InputError("layer " + std::to_string(layer) + " (" + truth_game.layer_name(layer) +
                     ") is held by the tables in " + o.dir + ": choose a layer outside them");
  const double seconds = clock.seconds();
  text << drawn << " positions of layer " << layer << " (" << truth_game.layer_name(layer) << "), seed " << o.seed
       << ": " << proved << " proved within " << o.nodes << " nodes each, every one as the tables in " << o.truth
       << " say\n";
  nlohmann::json values = nlohmann::json::object();
  for (const auto& [name, c] : by_value) {
    text << "  " << name << ": " << c[0] << " of " << c[1] << " proved"
         << (c[0] ? ", for example " + examples[name] : "") << "\n";
    values[name] = {{"proved", c[0]}, {"sampled", c[1]}, {"example", c[0] ? examples[name] : ""}};
  }
  text << nodes << " nodes, " << prover.answered() << " leaves answered by the tables, " << seconds << " s\n";
  return Report{nlohmann::json{{"layer", layer},
                               {"layer_name", truth_game.layer_name(layer)},
                               {"seed", o.seed},
                               {"sampled", drawn},
                               {"proved", proved},
                               {"by_value", values},
                               {"node_limit", o.nodes},
                               {"nodes", nodes},
                               {"table_leaves", prover.answered()},
                               {"seconds", seconds}},
                text.str()};
}

// `truth_game`: the game of the --truth tables (Fox and Geese: --truth-max-geese).
template <class G>
Report prove(const G& whole, const G& tabled, const G& truth_game, const HuntOptions& o) {
  if (o.samples == 0) return prove_position(whole, tabled, o);
  if (!o.position.empty()) throw InputError("--samples draws its positions: drop --position");
  if (o.truth.empty()) throw InputError("--samples needs --truth DIR, tables holding the sampled layer");
  if (o.dir.empty()) throw InputError("--samples needs --dir DIR, the tables at the leaves");
  return prove_samples(whole, tabled, truth_game, o);
}

}  // namespace

Report hunt_prove(const HuntOptions& o) {
  if (const auto* geese = std::get_if<hunt::FoxAndGeese::Variant>(&o.game)) {
    if (o.truth_max_geese < geese->max_geese || o.truth_max_geese > 13)
      throw InputError("--truth-max-geese must be --max-geese to 13");
    return prove(hunt::FoxAndGeese(13), hunt::FoxAndGeese(*geese), hunt::FoxAndGeese(o.truth_max_geese), o);
  }
  if (const auto* tigers = std::get_if<hunt::TigersAndGoats::Variant>(&o.game)) {
    hunt::TigersAndGoats::Variant whole_game = *tigers;
    whole_game.phase = hunt::TigersAndGoats::Phase::whole;
    const hunt::TigersAndGoats whole(whole_game);
    return prove(whole, hunt::TigersAndGoats(*tigers), whole, o);
  }
  const hunt::FoxAndHounds g(std::get<FoxAndHoundsVariant>(o.game).size);
  return prove(g, g, g, o);
}

}  // namespace gs::tools
