// A job's result stated once: named values, which are the JSON of --json, and the lines and
// tables a person reads, which show those values by name. So the text cannot say something the
// JSON does not, and a job's function holds its work and one list of what it found.
//
//   ReportBuilder r;
//   r.set("won", 75).set("deals", 100).set("win_rate", 0.75);
//   r.line("won {won} of {deals} deals: {win_rate:%2} %");   // "won 75 of 100 deals: 75.00 %"
//   Report report = r.build();
//
// A placeholder is {key} (a number as JSON prints it, a string without quotes) or {key:F}, F
// one of: .N (fixed, N decimals), %N (a fraction as a percentage, N decimals), int (truncated to
// an integer), g (six significant digits, as a stream prints a double). Keys may be paths
// ("positions.total"); a placeholder whose key is not set, or an unknown format, is a logic
// error (thrown), caught by the job's tests.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tools/common/cli.h"

namespace gs::tools {

// A column of a text table: the header, the key of the value in each row, and its width; a
// width of 0 is a last column written after three spaces, unpadded.
struct Column {
  std::string header;
  std::string key;
  int width = 0;
};

// `value` with `digits` decimals.
std::string fixed(double value, int digits);
// `value` as a placeholder's format says (see above).
std::string format_value(const nlohmann::json& value, const std::string& format);

class ReportBuilder {
 public:
  // The value under `key` in the JSON; a path ("a.b") sets a member of an object.
  ReportBuilder& set(const std::string& key, nlohmann::json value);
  // Whether a value is set under `key`.
  bool has(const std::string& key) const;
  const nlohmann::json& get(const std::string& key) const;
  // A line of text with its placeholders filled (a newline is added). Text a user typed (a path, a
  // position) goes through raw(), never into a template: a brace in it would read as a placeholder.
  ReportBuilder& line(const std::string& text = "");
  // Text as it is (no placeholders, no newline added).
  ReportBuilder& raw(const std::string& text);
  // A table of `rows` (each an object; a cell whose key the row lacks is blank, and a row's
  // trailing blanks are cut), with a header line; right-aligned in their widths.
  ReportBuilder& table(const std::vector<Column>& columns, const nlohmann::json& rows, bool header = true);
  // `text` with its placeholders filled.
  std::string fill(const std::string& text) const;

  Report build(std::string svg = {}) const;
  // With the picture drawn only when asked for (Report::draw).
  Report build(std::function<std::string()> draw) const;

 private:
  nlohmann::json json_ = nlohmann::json::object();
  std::string text_;
};

}  // namespace gs::tools
