#include "tools/hopscotch/hopscotch_play_file.h"

#include <charconv>
#include <cstdlib>
#include <optional>
#include <sstream>

#include "engine/core/errors.h"
#include "solvers/io/checked_text_file.h"

namespace gs::tools {

namespace {
constexpr const char* kMagic = kHopscotchPlayMagic;
constexpr const char* kVersion = "v1";
}  // namespace

std::string format_hopscotch_play(const hopscotch::Deal& deal, const std::vector<std::string>& plays, int score) {
  std::ostringstream out;
  out << kMagic << ' ' << kVersion << "\n";
  out << "deal: " << hopscotch::format_deal(deal) << "\n";
  out << "score: " << score << "\n";
  for (const auto& play : plays) out << "play: " << play << "\n";
  return out.str();
}

HopscotchVerification verify_hopscotch_play(const std::string& path) {
  const RecordFile file = read_record_file(path, kMagic, kVersion, "hopscotch play");
  std::optional<std::string> deal_text;
  std::optional<int> score;
  std::vector<std::string> plays;
  for (const auto& [key, value] : file.records) {
    if (key == "deal")
      deal_text = value;
    else if (key == "score") {
      int s = -1;
      const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), s);
      if (error != std::errc() || end != value.data() + value.size() || s < 0 || s > 52)
        throw DataError(path + ": score '" + clipped(value) + "' is not a number from 0 to 52");
      score = s;
    } else if (key == "play")
      plays.push_back(value);
    else
      throw DataError(path + ": unknown field '" + clipped(key) + "'");
  }
  if (!deal_text || !score) throw DataError(path + ": missing deal or score line");
  HopscotchVerification v;
  try {
    v.deal = hopscotch::parse_deal(*deal_text);
  } catch (const InputError& e) {
    throw DataError(path + ": " + e.what());
  }
  v.claimed_score = *score;
  hopscotch::Tableau tableau(v.deal);
  for (const auto& text : plays) {
    try {
      const hopscotch::Play play = tableau.parse_move(text);
      tableau.apply(play);
      v.played.push_back(play);
    } catch (const InputError& e) {
      v.reason = "play " + std::to_string(v.plays + 1) + ": " + e.what();
      v.score = tableau.score();
      return v;
    }
    ++v.plays;
  }
  v.score = tableau.score();
  if (!tableau.stock_empty())
    v.reason = "the stock is not dealt out (" + std::to_string(tableau.dealt()) + " of 48 cards)";
  else if (v.score != v.claimed_score)
    v.reason = "the plays score " + std::to_string(v.score) + ", the file claims " + std::to_string(v.claimed_score);
  else
    v.valid = true;
  return v;
}

}  // namespace gs::tools
