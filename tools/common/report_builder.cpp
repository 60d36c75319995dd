#include "tools/common/report_builder.h"

#include <cstddef>
#include <iomanip>
#include <sstream>
#include <stdexcept>

namespace gs::tools {

namespace {

nlohmann::json::json_pointer pointer(const std::string& key) {
  std::string path = "/" + key;
  for (char& c : path)
    if (c == '.') c = '/';
  return nlohmann::json::json_pointer(path);
}

}  // namespace

std::string fixed(double value, int digits) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(digits) << value;
  return out.str();
}

std::string format_value(const nlohmann::json& value, const std::string& format) {
  if (format.empty()) return value.is_string() ? value.get<std::string>() : value.dump();
  if (!value.is_number()) throw std::logic_error("report: format " + format + " of a value that is not a number");
  const double x = value.get<double>();
  if (format == "int") return std::to_string(static_cast<long long>(x));
  if (format == "g") {  // as a stream prints it: six significant digits
    std::ostringstream out;
    out << x;
    return out.str();
  }
  if ((format[0] == '.' || format[0] == '%') && format.size() == 2 && format[1] >= '0' && format[1] <= '9')
    return fixed(format[0] == '%' ? 100 * x : x, format[1] - '0');
  throw std::logic_error("report: unknown format " + format);
}

ReportBuilder& ReportBuilder::set(const std::string& key, nlohmann::json value) {
  json_[pointer(key)] = std::move(value);
  return *this;
}

bool ReportBuilder::has(const std::string& key) const { return json_.contains(pointer(key)); }

const nlohmann::json& ReportBuilder::get(const std::string& key) const {
  if (!has(key)) throw std::logic_error("report: no value " + key);
  return json_.at(pointer(key));
}

std::string ReportBuilder::fill(const std::string& text) const {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] != '{') {
      out += text[i++];
      continue;
    }
    const std::size_t close = text.find('}', i);
    if (close == std::string::npos) throw std::logic_error("report: unclosed placeholder in " + text);
    const std::string inside = text.substr(i + 1, close - i - 1);
    const std::size_t colon = inside.find(':');
    out += format_value(get(inside.substr(0, colon)), colon == std::string::npos ? "" : inside.substr(colon + 1));
    i = close + 1;
  }
  return out;
}

ReportBuilder& ReportBuilder::line(const std::string& text) {
  text_ += fill(text) + "\n";
  return *this;
}

ReportBuilder& ReportBuilder::raw(const std::string& text) {
  text_ += text;
  return *this;
}

ReportBuilder& ReportBuilder::table(const std::vector<Column>& columns, const nlohmann::json& rows, bool header) {
  // Right-aligned in its width; a last column (width 0) after three spaces.
  const auto cell = [](const std::string& s, int width) {
    if (width == 0) return s.empty() ? s : "   " + s;
    const auto w = static_cast<std::size_t>(width);
    return std::string(s.size() < w ? w - s.size() : 0, ' ') + s;
  };
  const auto row_line = [&](const auto& text_of) {
    std::string out;
    for (const Column& c : columns) out += cell(text_of(c), c.width);
    out.erase(out.find_last_not_of(' ') + 1);
    text_ += out + "\n";
  };
  if (header) row_line([](const Column& c) { return c.header; });
  for (const nlohmann::json& row : rows)
    row_line([&](const Column& c) { return row.contains(c.key) ? format_value(row[c.key], "") : std::string(); });
  return *this;
}

Report ReportBuilder::build(std::string svg) const { return Report{json_, text_, std::move(svg)}; }

Report ReportBuilder::build(std::function<std::string()> draw) const {
  return Report{json_, text_, "", std::move(draw)};
}

}  // namespace gs::tools
