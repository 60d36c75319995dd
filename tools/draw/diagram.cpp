#include "tools/draw/diagram.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace gs::draw {

namespace {

struct PieceStyle {
  const char* kind;
  const char* fill;
  const char* stroke;
  const char* ink;     // the text on the piece
  const char* letter;  // drawn when the piece has no text of its own
};

constexpr PieceStyle kPieceStyles[] = {
    {"peg", "#2f4b7c", "#1b2c48", "white", ""},   {"fox", "#d9622b", "#7a3212", "white", "F"},
    {"goose", "#ffffff", "#333333", "#333", "G"}, {"hound", "#3b3b3b", "#111111", "white", "H"},
    {"tiger", "#e8a317", "#7a5200", "#222", "T"}, {"goat", "#e6e6e6", "#555555", "#222", "G"},
    {"x", "#2f4b7c", "#1b2c48", "white", "X"},    {"o", "#c4484e", "#7a1d22", "white", "O"},
    {"white", "#fdfdfd", "#333333", "#222", ""},  {"black", "#262626", "#000000", "white", ""},
};

const PieceStyle& style_of(const std::string& kind) {
  for (const PieceStyle& s : kPieceStyles)
    if (kind == s.kind) return s;
  return kPieceStyles[0];
}

const char* colour_of(const std::string& kind) {
  if (kind == "win") return "#2e8b57";
  if (kind == "loss") return "#c0392b";
  if (kind == "draw") return "#7f7f7f";
  if (kind == "best") return "#1f5fbf";
  return "#333333";
}

constexpr const char* kArrowKinds[] = {"win", "loss", "draw", "best", ""};

std::string num(double v) {
  std::ostringstream s;
  s.precision(1);
  s << std::fixed << v;
  std::string t = s.str();
  if (t.size() > 2 && t.ends_with(".0")) t.resize(t.size() - 2);
  return t;
}

struct Frame {
  double min_x, min_y, width, height;  // of the board, in pixels, margins included
};

Frame frame_of(const Diagram& d, const SvgLayout& layout) {
  double lo_x = 0, hi_x = 0, lo_y = 0, hi_y = 0;
  for (std::size_t i = 0; i < d.points.size(); ++i) {
    const auto& p = d.points[i];
    if (i == 0) lo_x = hi_x = p.x, lo_y = hi_y = p.y;
    lo_x = std::min(lo_x, p.x), hi_x = std::max(hi_x, p.x), lo_y = std::min(lo_y, p.y), hi_y = std::max(hi_y, p.y);
  }
  const double margin = 0.7 * layout.cell;
  const double caption = d.caption.empty() ? 0 : 0.55 * layout.cell + 6;
  // Wide enough for the caption too (about 0.6 of the font size a character), centred.
  const double board = (hi_x - lo_x) * layout.cell + 2 * margin;
  const double text = static_cast<double>(d.caption.size()) * 0.6 * std::max(10.0, layout.cell * 0.4) + 12;
  const double width = std::max(board, text);
  return {lo_x * layout.cell - margin - (width - board) / 2, lo_y * layout.cell - margin, width,
          (hi_y - lo_y) * layout.cell + 2 * margin + caption};
}

// The arrowheads every arrow refers to, one per colour.
std::string defs() {
  std::ostringstream s;
  s << "<defs>";
  for (const char* kind : kArrowKinds)
    s << "<marker id=\"head-" << (*kind ? kind : "plain")
      << "\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" markerWidth=\"5\" markerHeight=\"5\" orient=\"auto\">"
      << "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"" << colour_of(kind) << "\"/></marker>";
  s << "</defs>\n";
  return s.str();
}

// The diagram's elements, the board's top left corner at (0, 0).
std::string body(const Diagram& d, const SvgLayout& layout, const Frame& f) {
  const double c = layout.cell;
  const auto x = [&](int p) { return d.points[static_cast<std::size_t>(p)].x * c - f.min_x; };
  const auto y = [&](int p) { return d.points[static_cast<std::size_t>(p)].y * c - f.min_y; };
  std::ostringstream s;
  s << "<rect width=\"" << num(f.width) << "\" height=\"" << num(f.height) << "\" fill=\"#faf6ee\"/>\n";
  for (const auto& [a, b] : d.lines)
    s << "<line x1=\"" << num(x(a)) << "\" y1=\"" << num(y(a)) << "\" x2=\"" << num(x(b)) << "\" y2=\"" << num(y(b))
      << "\" stroke=\"#9a8f7a\" stroke-width=\"" << num(std::max(1.0, c / 30)) << "\"/>\n";
  for (std::size_t p = 0; p < d.points.size(); ++p) {
    const int i = static_cast<int>(p);
    if (d.squares) {
      const bool dark = (static_cast<int>(std::lround(d.points[p].x + d.points[p].y)) & 1) != 0;
      s << "<rect x=\"" << num(x(i) - c / 2) << "\" y=\"" << num(y(i) - c / 2) << "\" width=\"" << num(c)
        << "\" height=\"" << num(c) << "\" fill=\"" << (dark ? "#d9cdb4" : "#efe6d2") << "\"";
    } else {
      s << "<circle cx=\"" << num(x(i)) << "\" cy=\"" << num(y(i)) << "\" r=\"" << num(c * 0.12)
        << "\" fill=\"#cfc4ad\"";
    }
    s << " data-at=\"" << xml_escaped(d.points[p].name) << "\"/>";  // the point, for a page to click on
    if (layout.names)
      s << "<text x=\"" << num(x(i)) << "\" y=\"" << num(y(i) + c * 0.46) << "\" font-size=\"" << num(c * 0.2)
        << "\" fill=\"#9a8f7a\" text-anchor=\"middle\">" << xml_escaped(d.points[p].name) << "</text>";
    s << "\n";
  }
  for (const auto& m : d.marks)
    s << "<circle cx=\"" << num(x(m.point)) << "\" cy=\"" << num(y(m.point)) << "\" r=\"" << num(c * 0.44)
      << "\" fill=\"none\" stroke=\""
      << (m.kind == "jumped" ? "#c0392b"
          : m.kind == "to"   ? "#2e8b57"
                             : "#1f5fbf")
      << "\" stroke-width=\"" << num(std::max(1.5, c / 14)) << "\""
      << (m.kind == "to" ? " stroke-dasharray=\"3 2\"" : "") << " data-mark=\"" << xml_escaped(m.kind) << "\"/>\n";
  for (const auto& piece : d.pieces) {
    const PieceStyle& st = style_of(piece.kind);
    const std::string& name = d.points[static_cast<std::size_t>(piece.point)].name;
    s << "<g data-point=\"" << xml_escaped(name) << "\" data-piece=\"" << xml_escaped(piece.kind) << "\"";
    if (!piece.text.empty()) s << " data-text=\"" << xml_escaped(piece.text) << "\"";
    s << "><circle cx=\"" << num(x(piece.point)) << "\" cy=\"" << num(y(piece.point)) << "\" r=\"" << num(c * 0.36)
      << "\" fill=\"" << st.fill << "\" stroke=\"" << st.stroke << "\" stroke-width=\"" << num(std::max(1.0, c / 25))
      << "\"/>";
    const std::string text = piece.text.empty() ? st.letter : piece.text;
    if (!text.empty() && c >= 16)
      s << "<text x=\"" << num(x(piece.point)) << "\" y=\"" << num(y(piece.point) + c * 0.12) << "\" font-size=\""
        << num(c * 0.34) << "\" font-weight=\"bold\" fill=\"" << st.ink << "\" text-anchor=\"middle\">"
        << xml_escaped(text) << "</text>";
    s << "</g>\n";
  }
  for (const auto& l : d.labels)
    s << "<text x=\"" << num(x(l.point)) << "\" y=\"" << num(y(l.point) + c * 0.1) << "\" font-size=\"" << num(c * 0.28)
      << "\" fill=\"" << colour_of(l.kind) << "\" text-anchor=\"middle\" data-label=\""
      << xml_escaped(d.points[static_cast<std::size_t>(l.point)].name) << "\">" << xml_escaped(l.text) << "</text>\n";
  for (const auto& a : d.arrows) {
    const char* colour = colour_of(a.kind);
    const std::string head = "head-" + (a.kind.empty() ? std::string("plain") : a.kind);
    const double x0 = x(a.from), y0 = y(a.from), x1 = x(a.to), y1 = y(a.to);
    double lx = x1, ly = y1 - c * 0.5;
    if (a.from == a.to) {
      s << "<circle cx=\"" << num(x1) << "\" cy=\"" << num(y1) << "\" r=\"" << num(c * 0.3)
        << "\" fill=\"none\" stroke=\"" << colour << "\" stroke-width=\"" << num(std::max(1.5, c / 16)) << "\"/>";
    } else {
      // Stop short of the centres so the pieces stay visible.
      const double dx = x1 - x0, dy = y1 - y0, len = std::max(std::hypot(dx, dy), 1e-9);
      const double ux = dx / len, uy = dy / len, inset = c * 0.2;
      s << "<line x1=\"" << num(x0 + ux * inset) << "\" y1=\"" << num(y0 + uy * inset) << "\" x2=\""
        << num(x1 - ux * inset) << "\" y2=\"" << num(y1 - uy * inset) << "\" stroke=\"" << colour
        << "\" stroke-width=\"" << num(std::max(1.5, c / 14)) << "\" marker-end=\"url(#" << head
        << ")\" opacity=\"0.85\"/>";
      // The value on the target point (empty before the move), where short arrows leave room.
      lx = x1 + ux * c * 0.12, ly = y1 + uy * c * 0.12 + c * 0.1;
    }
    if (!a.label.empty())
      s << "<text x=\"" << num(lx) << "\" y=\"" << num(ly) << "\" font-size=\"" << num(c * 0.26)
        << "\" font-weight=\"bold\" fill=\"" << colour
        << "\" text-anchor=\"middle\" stroke=\"#faf6ee\" stroke-width=\"3\" paint-order=\"stroke\">"
        << xml_escaped(a.label) << "</text>";
    s << "\n";
  }
  if (!d.caption.empty())
    s << "<text x=\"" << num(f.width / 2) << "\" y=\"" << num(f.height - 6) << "\" font-size=\""
      << num(std::max(10.0, c * 0.4)) << "\" text-anchor=\"middle\">" << xml_escaped(d.caption) << "</text>\n";
  return s.str();
}

std::string document(double width, double height, const std::string& content) {
  std::ostringstream s;
  s << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << num(width) << "\" height=\"" << num(height)
    << "\" viewBox=\"0 0 " << num(width) << " " << num(height) << "\" font-family=\"sans-serif\">\n"
    << defs() << content << "</svg>\n";
  return s.str();
}

}  // namespace

std::string short_value(Value v) {
  if (v.outcome == Outcome::kDraw) return "D";
  return (v.outcome == Outcome::kWin ? "W" : v.outcome == Outcome::kLoss ? "L" : "?") + std::to_string(v.distance);
}

std::string xml_escaped(const std::string& text) {
  std::string out;
  for (char ch : text) {
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += ch;
    }
  }
  return out;
}

Diagram::Arrow move_arrow(const Diagram& before, const Diagram& after) {
  const auto piece_at = [](const Diagram& d) {
    std::vector<const Diagram::Piece*> at(d.points.size(), nullptr);
    for (const auto& piece : d.pieces) at[static_cast<std::size_t>(piece.point)] = &piece;
    return at;
  };
  const auto was = piece_at(before), is = piece_at(after);
  std::vector<int> arrived, left;
  for (std::size_t p = 0; p < was.size(); ++p) {
    const auto* a = was[p];
    const auto* b = is[p];
    if (b && (!a || a->kind != b->kind || a->text != b->text)) arrived.push_back(static_cast<int>(p));
    if (a && (!b || a->kind != b->kind)) left.push_back(static_cast<int>(p));
  }
  if (arrived.empty()) return {};
  const std::string& kind = is[static_cast<std::size_t>(arrived.front())]->kind;
  const auto distance = [&](int p, int q) {
    const auto &a = before.points[static_cast<std::size_t>(p)], &b = before.points[static_cast<std::size_t>(q)];
    return std::hypot(a.x - b.x, a.y - b.y);
  };
  const auto farthest = [&](const std::vector<int>& candidates, int from) {
    int best = candidates.front();
    for (int c : candidates)
      if (distance(c, from) > distance(best, from)) best = c;
    return best;
  };
  std::vector<int> sources;
  for (int p : left)
    if (was[static_cast<std::size_t>(p)]->kind == kind) sources.push_back(p);
  if (sources.empty()) return {.from = arrived.front(), .to = arrived.front()};
  if (sources.size() == 1) return {.from = sources.front(), .to = farthest(arrived, sources.front())};
  return {.from = farthest(sources, arrived.front()), .to = arrived.front()};
}

std::string diagram_svg(const Diagram& diagram, const SvgLayout& layout) {
  const Frame f = frame_of(diagram, layout);
  return document(f.width, f.height, body(diagram, layout, f));
}

std::string diagram_sheet_svg(const std::vector<Diagram>& diagrams, int columns, const std::string& title,
                              const SvgLayout& layout) {
  columns = std::max(1, columns);
  double cell_w = 0, cell_h = 0;
  for (const Diagram& d : diagrams) {
    const Frame f = frame_of(d, layout);
    cell_w = std::max(cell_w, f.width), cell_h = std::max(cell_h, f.height);
  }
  const double gap = 6, top = title.empty() ? gap : 30;
  const int rows = (static_cast<int>(diagrams.size()) + columns - 1) / columns;
  const int used_columns = std::min(columns, static_cast<int>(diagrams.size()));
  const double width = std::max(1, used_columns) * (cell_w + gap) + gap;
  const double height = top + rows * (cell_h + gap);
  std::ostringstream s;
  s << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  if (!title.empty())
    s << "<text x=\"" << num(width / 2) << "\" y=\"20\" font-size=\"15\" text-anchor=\"middle\">" << xml_escaped(title)
      << "</text>\n";
  for (std::size_t i = 0; i < diagrams.size(); ++i) {
    const Frame f = frame_of(diagrams[i], layout);
    const double gx = gap + static_cast<double>(i % columns) * (cell_w + gap) + (cell_w - f.width) / 2;
    const std::size_t row = i / columns;
    const double gy = top + static_cast<double>(row) * (cell_h + gap);
    s << "<g transform=\"translate(" << num(gx) << "," << num(gy) << ")\" data-frame=\"" << i << "\">\n"
      << body(diagrams[i], layout, f) << "</g>\n";
  }
  return document(width, height, s.str());
}

}  // namespace gs::draw
