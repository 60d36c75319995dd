#include "tools/draw/bar_chart.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "tools/draw/chart_parts.h"
#include "tools/draw/diagram.h"

namespace gs::draw {

namespace {

std::string number(double v) {
  std::ostringstream s;
  s.precision(v >= 100 ? 0 : 3);
  if (v >= 100) s << std::fixed;
  s << v;
  return s.str();
}

}  // namespace

std::string svg_bar_chart(const BarChart& chart) {
  std::size_t longest = 0;
  for (const std::string& l : chart.labels) longest = std::max(longest, l.size());
  // About 7 pixels a character of the 12-pixel sans-serif labels.
  const int label_width = std::max(120, 7 * static_cast<int>(longest) + 16), plot_width = 460, right = 90;
  const int bar = 14, gap = 10, top = 48;
  const int series = static_cast<int>(chart.series.size());
  const int group = series * bar + gap;
  const int legend = series > 1 ? 22 : 0;
  const int height = top + legend + static_cast<int>(chart.labels.size()) * group + 40;
  const int width = label_width + plot_width + right;

  double lo = 0, hi = 0;
  for (const auto& row : chart.values)
    for (double v : row)
      if (v > 0) lo = lo == 0 ? v : std::min(lo, v), hi = std::max(hi, v);
  if (chart.reference)
    hi = std::max(hi, *chart.reference), lo = lo == 0 ? *chart.reference : std::min(lo, *chart.reference);
  if (hi <= 0) hi = 1;
  const bool log = chart.log_scale && lo > 0;
  const double step = nice_step(hi, 4), axis_top = std::ceil(hi * 1.02 / step) * step;
  const double log_lo = std::floor(std::log10(log ? lo : 1)), log_hi = std::ceil(std::log10(hi) + 1e-9);
  const auto x_of = [&](double v) {
    if (log) {
      const double span = std::max(log_hi - log_lo, 1.0);
      return label_width + plot_width * (std::log10(std::max(v, std::pow(10.0, log_lo))) - log_lo) / span;
    }
    return label_width + plot_width * v / axis_top;
  };

  std::ostringstream s;
  s << chart_header(width, height, 12, 22, chart.title);
  for (int k = 0; k < series && series > 1; ++k)
    s << "<rect x=\"" << label_width + 120 * k << "\" y=\"" << top - 10 << "\" width=\"12\" height=\"12\" fill=\""
      << kPalette[k % kPaletteSize] << "\"/><text x=\"" << label_width + 120 * k + 16 << "\" y=\"" << top << "\">"
      << xml_escaped(chart.series[k]) << "</text>\n";
  const int plot_top = top + legend;
  const int plot_bottom = plot_top + static_cast<int>(chart.labels.size()) * group;
  // Grid lines and their values along the axis.
  std::vector<double> ticks;
  if (log)
    for (double e = log_lo; e <= log_hi; ++e) ticks.push_back(std::pow(10.0, e));
  else
    for (double t = 0; t <= axis_top * 1.0001; t += step) ticks.push_back(t);
  for (double t : ticks) {
    const double x = x_of(t);
    s << "<line x1=\"" << x << "\" y1=\"" << plot_top << "\" x2=\"" << x << "\" y2=\"" << plot_bottom
      << "\" stroke=\"#ddd\"/><text x=\"" << x << "\" y=\"" << plot_bottom + 14 << "\" text-anchor=\"middle\">"
      << number(t) << "</text>\n";
  }
  s << "<text x=\"" << label_width + plot_width / 2 << "\" y=\"" << plot_bottom + 32 << "\" text-anchor=\"middle\">"
    << xml_escaped(chart.axis) << (log ? " (log scale)" : "") << "</text>\n";
  for (std::size_t i = 0; i < chart.labels.size(); ++i) {
    const int y0 = plot_top + static_cast<int>(i) * group;
    s << "<text x=\"" << label_width - 8 << "\" y=\"" << y0 + series * bar / 2 + 4 << "\" text-anchor=\"end\">"
      << xml_escaped(chart.labels[i]) << "</text>\n";
    for (int k = 0; k < series; ++k) {
      const double v = i < chart.values[k].size() ? chart.values[k][i] : 0;
      if (v <= 0) continue;
      const double x0 = log ? x_of(std::pow(10.0, log_lo)) : label_width, x1 = x_of(v);
      const int y = y0 + k * bar;
      s << "<rect x=\"" << x0 << "\" y=\"" << y << "\" width=\"" << std::max(x1 - x0, 1.0) << "\" height=\"" << bar - 2
        << "\" fill=\"" << kPalette[k % kPaletteSize] << "\"><title>" << xml_escaped(chart.labels[i])
        << (series > 1 ? ", " + xml_escaped(chart.series[k]) : "") << ": " << number(v) << "</title></rect>"
        << "<text x=\"" << x1 + 4 << "\" y=\"" << y + bar - 4 << "\" font-size=\"10\">" << number(v) << "</text>\n";
    }
  }
  if (chart.reference) {
    const double x = x_of(*chart.reference);
    s << "<line x1=\"" << x << "\" y1=\"" << plot_top - 4 << "\" x2=\"" << x << "\" y2=\"" << plot_bottom
      << "\" stroke=\"black\" stroke-dasharray=\"4 3\"/>\n";
  }
  s << "</svg>\n";
  return s.str();
}

}  // namespace gs::draw
