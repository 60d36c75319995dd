#include "tools/common/svg_chart.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace gs::cli {

namespace {

std::string escaped(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '&')
      out += "&amp;";
    else if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '"')
      out += "&quot;";
    else
      out += c;
  }
  return out;
}

std::string number(double v) {
  std::ostringstream s;
  s.precision(v >= 100 ? 0 : 3);
  if (v >= 100) s << std::fixed;
  s << v;
  return s.str();
}

// A step of 1, 2 or 5 times a power of ten giving about `parts` steps up to `top`.
double nice_step(double top, int parts) {
  const double raw = top / parts, power = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0})
    if (m * power >= raw) return m * power;
  return 10 * power;
}

const char* const kColours[] = {"#4878a8", "#e08a3c", "#59a14f", "#c4484e", "#8e6bb0", "#7f7f7f"};

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
  s << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height << "\" viewBox=\"0 0 "
    << width << " " << height << "\" font-family=\"sans-serif\" font-size=\"12\">\n"
    << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    << "<text x=\"" << width / 2 << "\" y=\"22\" text-anchor=\"middle\" font-size=\"15\">" << escaped(chart.title)
    << "</text>\n";
  for (int k = 0; k < series && series > 1; ++k)
    s << "<rect x=\"" << label_width + 120 * k << "\" y=\"" << top - 10 << "\" width=\"12\" height=\"12\" fill=\""
      << kColours[k % 6] << "\"/><text x=\"" << label_width + 120 * k + 16 << "\" y=\"" << top << "\">"
      << escaped(chart.series[k]) << "</text>\n";
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
    << escaped(chart.axis) << (log ? " (log scale)" : "") << "</text>\n";
  for (std::size_t i = 0; i < chart.labels.size(); ++i) {
    const int y0 = plot_top + static_cast<int>(i) * group;
    s << "<text x=\"" << label_width - 8 << "\" y=\"" << y0 + series * bar / 2 + 4 << "\" text-anchor=\"end\">"
      << escaped(chart.labels[i]) << "</text>\n";
    for (int k = 0; k < series; ++k) {
      const double v = i < chart.values[k].size() ? chart.values[k][i] : 0;
      if (v <= 0) continue;
      const double x0 = log ? x_of(std::pow(10.0, log_lo)) : label_width, x1 = x_of(v);
      const int y = y0 + k * bar;
      s << "<rect x=\"" << x0 << "\" y=\"" << y << "\" width=\"" << std::max(x1 - x0, 1.0) << "\" height=\"" << bar - 2
        << "\" fill=\"" << kColours[k % 6] << "\"><title>" << escaped(chart.labels[i])
        << (series > 1 ? ", " + escaped(chart.series[k]) : "") << ": " << number(v) << "</title></rect>"
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

}  // namespace gs::cli
