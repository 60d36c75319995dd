#include "tools/draw/column_chart.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

#include "tools/draw/chart_parts.h"
#include "tools/draw/diagram.h"

namespace gs::draw {

namespace {

// 1.2e+09 style for big values, plain below a million.
std::string short_number(double v) {
  std::ostringstream s;
  if (v >= 1e6)
    s << std::setprecision(2) << std::scientific << v;
  else
    s << std::setprecision(6) << v;
  return s.str();
}

}  // namespace

std::string svg_column_chart(const ColumnChart& chart) {
  const int n = static_cast<int>(chart.labels.size()), series = static_cast<int>(chart.series.size());
  const int left = 80, right = 20, top = chart.series.size() > 1 ? 60 : 40, plot_height = 300, bottom = 60;
  const double slot = std::clamp(880.0 / std::max(n, 1), 1.0, 48.0);
  const double plot_width = slot * n, width = left + plot_width + right, height = top + plot_height + bottom;

  // The scale: the largest column (a stack's sum), the smallest positive value on a log scale.
  double hi = 0, lo = 0;
  for (int i = 0; i < n; ++i) {
    double sum = 0;
    for (int k = 0; k < series; ++k) {
      const double v = static_cast<std::size_t>(i) < chart.values[k].size() ? chart.values[k][i] : 0;
      if (v <= 0) continue;
      sum += v, hi = std::max(hi, v), lo = lo == 0 ? v : std::min(lo, v);
    }
    if (chart.stacked) hi = std::max(hi, sum);
  }
  if (hi <= 0) hi = 1;
  const bool log = chart.log_scale && lo > 0 && !chart.stacked;
  const double log_lo = std::floor(std::log10(log ? lo : 1)), log_hi = std::ceil(std::log10(hi) + 1e-9);
  const double step = nice_step(hi, 5), axis_top = std::ceil(hi * 1.0001 / step) * step;
  const auto y_of = [&](double v) {
    const double f = log ? (std::log10(std::max(v, std::pow(10.0, log_lo))) - log_lo) / std::max(log_hi - log_lo, 1.0)
                         : v / axis_top;
    return top + plot_height * (1 - f);
  };

  const auto colour = [&](int k) {
    return static_cast<std::size_t>(k) < chart.colours.size() ? chart.colours[k]
                                                              : std::string(kPalette[k % kPaletteSize]);
  };
  std::ostringstream s;
  s << chart_header(width, height, 11, 20, chart.title);
  for (int k = 0; k < series && series > 1; ++k)
    s << "<rect x=\"" << left + 150 * k << "\" y=\"" << top - 28 << "\" width=\"12\" height=\"12\" fill=\"" << colour(k)
      << "\"/><text x=\"" << left + 150 * k + 16 << "\" y=\"" << top - 18 << "\">" << xml_escaped(chart.series[k])
      << "</text>\n";
  // Horizontal grid lines with their values.
  std::vector<double> ticks;
  if (log)
    for (double e = log_lo; e <= log_hi; ++e) ticks.push_back(std::pow(10.0, e));
  else
    for (double t = 0; t <= axis_top * 1.0001; t += step) ticks.push_back(t);
  for (double t : ticks)
    s << "<line x1=\"" << left << "\" y1=\"" << y_of(t) << "\" x2=\"" << left + plot_width << "\" y2=\"" << y_of(t)
      << "\" stroke=\"#ddd\"/><text x=\"" << left - 6 << "\" y=\"" << y_of(t) + 4 << "\" text-anchor=\"end\">"
      << short_number(t) << "</text>\n";
  s << "<text transform=\"translate(14," << top + plot_height / 2 << ") rotate(-90)\" text-anchor=\"middle\">"
    << xml_escaped(chart.y_axis) << (log ? " (log scale)" : "") << "</text>\n"
    << "<text x=\"" << left + plot_width / 2 << "\" y=\"" << height - 12 << "\" text-anchor=\"middle\">"
    << xml_escaped(chart.x_axis) << "</text>\n";
  // Columns, and a label under every column that has room (about 30 labels at most).
  const int every = std::max(1, (n + 29) / 30);
  const double bar = chart.stacked || series <= 1 ? slot * 0.85 : slot * 0.85 / series;
  for (int i = 0; i < n; ++i) {
    const double x0 = left + slot * i + slot * 0.075;
    double base = 0;
    for (int k = 0; k < series; ++k) {
      const double v = static_cast<std::size_t>(i) < chart.values[k].size() ? chart.values[k][i] : 0;
      if (v <= 0) continue;
      const double x = chart.stacked ? x0 : x0 + bar * (series > 1 ? k : 0);
      // A positive value stays visible on a log scale's floor: at least 2 pixels.
      const double y0 = chart.stacked ? y_of(base) : top + plot_height;
      const double y1 = chart.stacked ? y_of(base + v) : std::min(y_of(v), y0 - 2);
      base += v;
      s << "<rect x=\"" << x << "\" y=\"" << y1 << "\" width=\"" << std::max(bar, 0.5) << "\" height=\""
        << std::max(y0 - y1, 0.5) << "\" fill=\"" << colour(k) << "\"><title>" << xml_escaped(chart.labels[i])
        << (series > 1 ? ", " + xml_escaped(chart.series[k]) : "") << ": " << short_number(v) << "</title></rect>\n";
    }
    if (i % every == 0)
      s << "<text x=\"" << x0 + slot * 0.425 << "\" y=\"" << top + plot_height + 14 << "\" text-anchor=\"middle\">"
        << xml_escaped(chart.labels[i]) << "</text>\n";
  }
  s << "<line x1=\"" << left << "\" y1=\"" << top + plot_height << "\" x2=\"" << left + plot_width << "\" y2=\""
    << top + plot_height << "\" stroke=\"#333\"/>\n</svg>\n";
  return s.str();
}

}  // namespace gs::draw
