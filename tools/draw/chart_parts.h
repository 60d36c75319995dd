// What the bar and column charts share: their colours, the steps of a linear axis, the top of
// the document.
#pragma once

#include <cmath>
#include <sstream>
#include <string>

#include "tools/draw/diagram.h"

namespace gs::draw {

inline constexpr const char* kPalette[] = {"#4878a8", "#e08a3c", "#59a14f", "#c4484e", "#8e6bb0", "#7f7f7f"};
inline constexpr int kPaletteSize = 6;

// A step of 1, 2 or 5 times a power of ten giving about `parts` steps up to `top`.
inline double nice_step(double top, int parts) {
  const double raw = top / parts, power = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0})
    if (m * power >= raw) return m * power;
  return 10 * power;
}

// The opening of a chart's SVG document: its size, a white page and the title centred at y.
inline std::string chart_header(double width, double height, int font_size, int title_y, const std::string& title) {
  std::ostringstream s;
  s << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height << "\" viewBox=\"0 0 "
    << width << " " << height << "\" font-family=\"sans-serif\" font-size=\"" << font_size << "\">\n"
    << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    << "<text x=\"" << width / 2 << "\" y=\"" << title_y << "\" text-anchor=\"middle\" font-size=\"15\">"
    << xml_escaped(title) << "</text>\n";
  return s.str();
}

}  // namespace gs::draw
