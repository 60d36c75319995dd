// Vertical column charts as standalone SVG: one column slot per label (a layer, a number of
// pegs, a time bin), the series side by side or stacked, on a linear or log scale. For results
// with many categories along one axis (bar_chart.h is for a few named entries).
#pragma once

#include <string>
#include <vector>

namespace gs::draw {

struct ColumnChart {
  std::string title;
  std::string x_axis, y_axis;
  std::vector<std::string> labels;          // left to right
  std::vector<std::string> series;          // a legend when more than one
  std::vector<std::vector<double>> values;  // [series][label]; values <= 0 draw nothing
  bool stacked = false;                     // series on top of each other (parts of a whole)
  bool log_scale = false;                   // counts spanning orders of magnitude
  std::vector<std::string> colours;         // one a series ("#4878a8"); empty: the default palette
};

std::string svg_column_chart(const ColumnChart& chart);

}  // namespace gs::draw
