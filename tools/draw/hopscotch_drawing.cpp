#include "tools/draw/hopscotch_drawing.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

#include "tools/draw/column_chart.h"
#include "tools/draw/diagram.h"

namespace gs::draw {

namespace {

constexpr int kCardW = 34, kCardH = 46, kGap = 4, kLeft = 70;

bool red(const hopscotch::Card& c) { return c.suit == 'D' || c.suit == 'H'; }

// A card, or an empty slot (card == nullptr) showing the rank it waits for.
void card(std::ostringstream& s, double x, double y, const hopscotch::Card* c, const std::string& pile,
          const std::string& corner, int wanted_rank = 0) {
  if (!c) {
    s << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << kCardW << "\" height=\"" << kCardH
      << "\" rx=\"4\" fill=\"none\" stroke=\"#b9b09c\" stroke-dasharray=\"3 2\"/>";
    if (wanted_rank)
      s << "<text x=\"" << x + kCardW / 2.0 << "\" y=\"" << y + 28 << "\" font-size=\"13\" fill=\"#b9b09c\" "
        << "text-anchor=\"middle\">" << hopscotch::rank_name(wanted_rank) << "</text>";
    s << "\n";
    return;
  }
  s << "<g data-pile=\"" << pile << "\" data-card=\"" << xml_escaped(hopscotch::card_name(*c)) << "\"><rect x=\"" << x
    << "\" y=\"" << y << "\" width=\"" << kCardW << "\" height=\"" << kCardH
    << "\" rx=\"4\" fill=\"white\" stroke=\"#555\"/><text x=\"" << x + kCardW / 2.0 << "\" y=\"" << y + 22
    << "\" font-size=\"14\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"" << (red(*c) ? "#c0392b" : "#222")
    << "\">" << xml_escaped(hopscotch::card_name(*c)) << "</text>";
  if (!corner.empty())
    s << "<text x=\"" << x + kCardW / 2.0 << "\" y=\"" << y + 40 << "\" font-size=\"9\" fill=\"#1f5fbf\" "
      << "text-anchor=\"middle\">" << corner << "</text>";
  s << "</g>\n";
}

}  // namespace

std::string hopscotch_svg(const hopscotch::Deal& deal, const std::vector<hopscotch::Play>& plays, std::size_t shown,
                          const std::string& title) {
  using hopscotch::kFoundations, hopscotch::kFoundationSize, hopscotch::kReserves;
  hopscotch::Tableau t(deal);
  shown = std::min(shown, plays.size());
  // The play that put each card on a foundation, by deal index.
  std::vector<int> placed_by(hopscotch::kDealSize, 0);
  for (std::size_t i = 0; i < shown; ++i) {
    if (plays[i].kind != hopscotch::Play::kWasteToReserve) placed_by[plays[i].card] = static_cast<int>(i) + 1;
    t.apply(plays[i]);
  }
  // Which deal card sits at each foundation slot: the foundations fill in play order.
  std::array<std::vector<int>, kFoundations> foundation_cards;
  for (std::size_t i = 0; i < shown; ++i)
    if (plays[i].kind != hopscotch::Play::kWasteToReserve)
      foundation_cards[plays[i].foundation].push_back(plays[i].card);

  int longest_reserve = 0;
  for (int p = 0; p < kReserves; ++p) longest_reserve = std::max(longest_reserve, t.reserve_size(p));
  const int row = kCardH + kGap;
  const int foundations_top = 40, reserves_top = foundations_top + kFoundations * row + 24;
  const int width = kLeft + std::max(kFoundationSize, std::max(longest_reserve, 6)) * (kCardW + kGap) + 20;
  const int height = reserves_top + kReserves * row + 70;
  std::ostringstream s;
  s << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height << "\" viewBox=\"0 0 "
    << width << " " << height
    << "\" font-family=\"sans-serif\">\n<rect width=\"100%\" height=\"100%\" fill=\"#f3f7f1\"/>\n"
    << "<text x=\"" << width / 2 << "\" y=\"24\" font-size=\"15\" text-anchor=\"middle\">" << xml_escaped(title)
    << "</text>\n";
  for (int f = 0; f < kFoundations; ++f) {
    const int y = foundations_top + f * row;
    s << "<text x=\"8\" y=\"" << y + 28 << "\" font-size=\"13\">F" << f + 1 << " (+" << f + 1 << ")</text>\n";
    for (int k = 0; k < kFoundationSize; ++k) {
      const double x = kLeft + k * (kCardW + kGap);
      const hopscotch::Card club{.rank = static_cast<std::uint8_t>(f + 1), .suit = deal[0].suit ? 'C' : '\0'};
      if (k == 0)
        card(s, x, y, &club, "F" + std::to_string(f + 1), "start");
      else if (k < t.foundation_height(f)) {
        const int index = foundation_cards[f][static_cast<std::size_t>(k - 1)];
        card(s, x, y, &deal[static_cast<std::size_t>(index)], "F" + std::to_string(f + 1),
             "#" + std::to_string(placed_by[static_cast<std::size_t>(index)]));
      } else {
        card(s, x, y, nullptr, "", "", hopscotch::foundation_rank(f, k));
      }
    }
  }
  for (int p = 0; p < kReserves; ++p) {
    const int y = reserves_top + p * row;
    s << "<text x=\"8\" y=\"" << y + 28 << "\" font-size=\"13\">R" << p + 1 << "</text>\n";
    for (int i = 0; i < t.reserve_size(p); ++i)
      card(s, kLeft + i * (kCardW + kGap), y, &deal[static_cast<std::size_t>(t.reserve_card(p, i))],
           "R" + std::to_string(p + 1), "");
    if (t.reserve_size(p) == 0) card(s, kLeft, y, nullptr, "", "");
  }
  const int y = reserves_top + kReserves * row + 12;
  s << "<text x=\"8\" y=\"" << y + 28 << "\" font-size=\"13\">next</text>\n";
  if (!t.stock_empty())
    card(s, kLeft, y, &deal[static_cast<std::size_t>(t.dealt())], "waste", "");
  else
    card(s, kLeft, y, nullptr, "", "");
  s << "<text x=\"" << kLeft + kCardW + 12 << "\" y=\"" << y + 20 << "\" font-size=\"12\">" << t.dealt()
    << " cards dealt, " << hopscotch::kDealSize - t.dealt() << " in the stock; score " << t.score() << " of 48; play "
    << shown << " of " << plays.size() << "</text>\n</svg>\n";
  return s.str();
}

std::string time_histogram_svg(const std::vector<double>& seconds, const std::string& title) {
  // Bins a factor 2 apart: bin b holds the times in (0.01 ms * 2^(b-1), 0.01 ms * 2^b].
  ColumnChart chart{.title = title, .x_axis = "time per deal, ms (bins a factor 2 wide)", .y_axis = "deals"};
  chart.series = {"deals"};
  chart.values.resize(1);
  const auto bin_of = [](double s) {
    const double ms = s * 1000;
    return ms <= 0.01 ? 0 : static_cast<int>(std::ceil(std::log2(ms / 0.01)));
  };
  int first = 1 << 20, last = 0;
  for (double s : seconds) first = std::min(first, bin_of(s)), last = std::max(last, bin_of(s));
  for (int b = first; b <= last; ++b) {
    const double top = 0.01 * std::pow(2.0, b);
    std::ostringstream label;
    if (top < 10)
      label << std::setprecision(2) << top;
    else
      label << std::fixed << std::setprecision(0) << top;
    chart.labels.push_back("≤" + label.str());
    chart.values[0].push_back(0);
  }
  for (double s : seconds) chart.values[0][static_cast<std::size_t>(bin_of(s) - first)] += 1;
  return svg_column_chart(chart);
}

}  // namespace gs::draw
