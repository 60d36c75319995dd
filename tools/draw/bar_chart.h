// Horizontal bar charts as standalone SVG text, for results a person would rather look at than
// read (benchmark times, ratios, speedups). No plotting library: a chart is a few rectangles.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace gs::draw {

struct BarChart {
  std::string title;
  std::string axis;                         // what the values are ("seconds", "new / old")
  std::vector<std::string> labels;          // one group of bars per label, top to bottom
  std::vector<std::string> series;          // one bar per series in each group (a legend when > 1)
  std::vector<std::vector<double>> values;  // [series][label]; values <= 0 draw no bar
  bool log_scale = false;                   // for values spanning orders of magnitude
  std::optional<double> reference;          // a vertical line (1 for ratios)
};

std::string svg_bar_chart(const BarChart& chart);

}  // namespace gs::draw
