#include "tools/certificate/certificate_check.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "engine/core/errors.h"
#include "tools/certificate/certificate_file.h"
#include "tools/certificate/checker_rules.h"

namespace gs::tools {

namespace {

// The recorded positions' keys, sorted, with their distances beside them: 10 bytes a record.
class RecordedDistances {
 public:
  void add(std::uint64_t key, int distance) { entries_.push_back({key, static_cast<std::uint16_t>(distance)}); }
  void seal() {
    std::sort(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) { return a.key < b.key; });
    keys_.reserve(entries_.size()), distances_.reserve(entries_.size());
    for (const Entry& e : entries_) keys_.push_back(e.key), distances_.push_back(e.distance);
    entries_ = {};
  }
  std::optional<int> find(std::uint64_t key) const {
    const auto it = std::lower_bound(keys_.begin(), keys_.end(), key);
    if (it == keys_.end() || *it != key) return std::nullopt;
    return distances_[static_cast<std::size_t>(it - keys_.begin())];
  }

 private:
  struct Entry {
    std::uint64_t key;
    std::uint16_t distance;
  };
  std::vector<Entry> entries_;
  std::vector<std::uint64_t> keys_;
  std::vector<std::uint16_t> distances_;
};

// The checks of one certificate: a win for `side` (distances falling), or, for a draw, a
// strategy with which `side` never loses (no distances: endless play is a draw).
class Checker {
 public:
  Checker(const CheckerRules& rules, const RecordedDistances& recorded, int side, bool draw)
      : rules_(rules), recorded_(recorded), side_(side), draw_(draw) {}

  // Why the position after the strategy's move, with `distance` plies claimed before that move,
  // fails: "" when the side has won there (or, for a draw, the game ends drawn) or every reply
  // is covered (a win: within distance - 2).
  std::string after_move(std::uint64_t next, int distance) {
    const int won = rules_.winner(next);
    if (holds(won)) return "";
    if (won == CheckerRules::kDrawn) return "the game ends drawn at " + rules_.format(next);
    if (won >= 0) return "the move loses: " + rules_.side_name(won) + " win at " + rules_.format(next);
    if (!draw_ && distance < 2) return "distance " + std::to_string(distance) + " but the game goes on after the move";
    for (const CheckerMove& reply : rules_.moves(next)) {
      ++replies_;
      const int then = rules_.winner(reply.next);
      if (holds(then)) continue;
      if (then == CheckerRules::kDrawn) return "the reply " + reply.name + " ends the game drawn";
      if (then >= 0) return "the reply " + reply.name + " wins for the " + rules_.side_name(then);
      const std::optional<int> d = recorded_.find(reply.next);
      if (!d) return "the reply " + reply.name + " reaches " + rules_.format(reply.next) + ", which no record covers";
      if (!draw_ && *d > distance - 2)
        return "the reply " + reply.name + " reaches " + rules_.format(reply.next) + ", recorded at distance " +
               std::to_string(*d) + ", not below " + std::to_string(distance - 1);
    }
    return "";
  }

  // Why a record fails ("" when it holds): its move must be legal and lead to a covered position.
  // A name that several moves share (a chain of captures ending where another does) holds when
  // one of them does: the side may play that one.
  std::string record(std::uint64_t position, const std::string& move, int distance) {
    if (!draw_ && distance < 1) return "a win takes at least 1 ply, not " + std::to_string(distance);
    std::string first_failure;
    bool legal = false;
    for (const CheckerMove& m : rules_.moves(position)) {
      if (m.name != move) continue;
      legal = true;
      const std::string why = after_move(m.next, distance);
      if (why.empty()) return "";
      if (first_failure.empty()) first_failure = why;
    }
    return legal ? first_failure : "the move " + clipped(move) + " is not legal there";
  }

  std::uint64_t replies() const { return replies_; }

 private:
  // An end the strategy's side accepts: its win, or for a draw's strategy a drawn end too.
  bool holds(int end) const { return end == side_ || (draw_ && end == CheckerRules::kDrawn); }

  const CheckerRules& rules_;
  const RecordedDistances& recorded_;
  int side_;
  bool draw_;
  std::uint64_t replies_ = 0;
};

std::string where(std::uint64_t line, const std::string& position) {
  return "line " + std::to_string(line) + " (" + clipped(position, 120) + "): ";
}

// Pass 1: every record names a position where the strategy's side moves and the game goes on,
// in the one text the rules give it. Why not ("" when each does).
std::string read_records(CertificateReader& reader, const CheckerRules& rules, int side,
                         const CertificateHeader& header, RecordedDistances& recorded, CertificateCheck& result) {
  CertificateRecord r;
  while (reader.next(r)) {
    std::uint64_t p = 0;
    try {
      p = rules.parse(r.position);
    } catch (const DataError& e) {
      return where(reader.line(), r.position) + "not a position: " + e.what();
    }
    if (rules.format(p) != r.position)
      return where(reader.line(), r.position) + "not written as the rules write it: " + rules.format(p);
    if (rules.to_move(p) != side)
      return where(reader.line(), r.position) + "the " + header.strategy + " are not to move";
    if (rules.winner(p) != CheckerRules::kGoesOn) return where(reader.line(), r.position) + "the game is already over";
    if (r.distance > 65535) return where(reader.line(), r.position) + "a distance above 65,535 plies";
    recorded.add(p, r.distance);
    ++result.records;
  }
  if (result.records != header.records)
    return "the header counts " + std::to_string(header.records) + " records, the file holds " +
           std::to_string(result.records);
  recorded.seal();
  return "";
}

// Pass 2: every record's move, and every reply to it, reading the file again (a file changed in
// between is refused).
std::string check_moves(const std::string& path, const CheckerRules& rules, const RecordedDistances& recorded,
                        std::uint64_t records, Checker& checker) {
  CertificateReader reader(path);
  CertificateRecord r;
  std::uint64_t again = 0;
  while (reader.next(r)) {
    const std::uint64_t p = rules.parse(r.position);
    if (recorded.find(p) != r.distance || ++again > records)
      return where(reader.line(), r.position) + "the file changed while it was checked";
    const std::string why = checker.record(p, r.move, r.distance);
    if (!why.empty()) return where(reader.line(), r.position) + why;
  }
  return again == records ? "" : "the file changed while it was checked";
}

// The claim: the header's position is won for the winner within the claimed distance, or, for
// a draw, the strategy's side does not lose from it.
std::string check_claim(const CertificateHeader& header, const CheckerRules& rules, const RecordedDistances& recorded,
                        int side, bool draw, Checker& checker) {
  std::uint64_t start = 0;
  try {
    start = rules.parse(header.position);
  } catch (const DataError& e) {
    return "the header's position is not one: " + std::string(e.what());
  }
  const int to_move = rules.to_move(start);
  if (header.to_move != rules.side_name(to_move))
    return "the header says " + clipped(header.to_move) + " to move at its position, but " + rules.side_name(to_move) +
           " are";
  if (!draw && header.value != (to_move == side ? "win" : "loss"))
    return "the header claims " + clipped(header.value) + " for the side to move, but names the " + header.winner +
           " as winner with the " + rules.side_name(to_move) + " to move";
  if (rules.winner(start) != CheckerRules::kGoesOn) return "the game is already over at the header's position";
  if (to_move != side) {
    // The other side moves first: each of its moves is a reply the strategy must answer.
    const std::string why = checker.after_move(start, header.distance + 1);
    return why.empty() ? "" : "at the header's position: " + why;
  }
  const std::optional<int> d = recorded.find(start);
  if (!d) return "the header's position has no record";
  if (*d != header.distance)
    return "the header claims " + std::to_string(header.distance) + " plies, its position's record " +
           std::to_string(*d);
  return "";
}

}  // namespace

CertificateCheck check_certificate(const std::string& path) {
  CertificateCheck result;
  CertificateReader first(path);  // its header, then pass 1
  const CertificateHeader header = first.header();
  const std::unique_ptr<CheckerRules> rules = checker_rules(header.game, header.variant);
  const auto side_of = [&](const std::string& name) {
    for (int side = 0; side < 2; ++side)
      if (rules->side_name(side) == name) return side;
    throw DataError(path + ": the header names no side of " + header.game + ": " + clipped(name));
  };
  const int side = side_of(header.strategy);
  const bool draw = header.value == "draw";
  const auto fail = [&](std::string why) {
    result.failure = std::move(why);
    return result;
  };
  if (draw ? header.winner != "none" || header.distance != 0 : header.winner != header.strategy)
    return fail(draw ? "a draw's header names winner=none and distance=0"
                     : "the header's winner is not the side whose strategy the records hold");
  RecordedDistances recorded;
  if (std::string why = read_records(first, *rules, side, header, recorded, result); !why.empty()) return fail(why);
  Checker checker(*rules, recorded, side, draw);
  if (std::string why = check_moves(path, *rules, recorded, result.records, checker); !why.empty()) return fail(why);
  if (std::string why = check_claim(header, *rules, recorded, side, draw, checker); !why.empty()) return fail(why);
  result.replies = checker.replies();
  result.progress_limit = rules->progress_limit();
  result.under_progress_rule = !draw && result.progress_limit > 0 && header.distance < result.progress_limit;
  const std::string who = side_in_text(header.strategy);
  result.claim = header.position + " (" + header.to_move + " to move): " +
                 (draw ? who + (side_is_singular(header.strategy) ? " does" : " do") +
                             " not lose (with the other side's certificate: a draw)"
                       : "won for " + who + " within " + std::to_string(header.distance) + " plies");
  result.valid = true;
  return result;
}

}  // namespace gs::tools
