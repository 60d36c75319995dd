#include "engine/peg/board_file.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/core/errors.h"
#include "engine/core/read_file.h"
#include "engine/peg/builtin_boards.h"

namespace gs::peg {

namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

}  // namespace

BoardSpec parse_board_spec(const std::string& text, const std::string& origin) {
  BoardSpec spec;
  std::istringstream in(text);
  int line_no = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_no;
    if (auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    line = trim(line);
    if (line.empty()) continue;
    const auto where = origin + " line " + std::to_string(line_no) + ": ";
    if (auto colon = line.find(':'); colon != std::string::npos) {
      if (!spec.grid.empty()) throw InputError(where + "option lines must come before the grid");
      const auto key = trim(line.substr(0, colon));
      const auto value = trim(line.substr(colon + 1));
      if (key == "name")
        spec.name = value;
      else if (key == "jumps") {
        try {
          spec.geometry = parse_geometry(value);
        } catch (const InputError& e) {
          throw InputError(where + e.what());
        }
      } else if (key == "start")
        spec.default_start = value;
      else if (key == "finish")
        spec.default_finish = value;
      else
        throw InputError(where + "unknown option '" + clipped(key) + "' (known: name, jumps, start, finish)");
      continue;
    }
    std::string row;
    for (char ch : line) {
      if (ch == ' ' || ch == '\t') continue;
      if (ch != 'o' && ch != '.')
        throw InputError(where + "unexpected '" + clipped({&ch, 1}) +
                         "' in the grid (use 'o' for a hole, '.' for none)");
      row += ch;
    }
    spec.grid.push_back(row);
  }
  if (spec.grid.empty()) throw InputError(origin + ": no grid rows ('o' for a hole, '.' for none)");
  if (spec.name.empty()) spec.name = origin;
  return spec;
}

std::string format_board_spec(const BoardSpec& spec) {
  std::string out = "name: " + spec.name + "\njumps: " + geometry_name(spec.geometry) + "\n";
  if (spec.default_start) out += "start: " + *spec.default_start + "\n";
  if (spec.default_finish) out += "finish: " + *spec.default_finish + "\n";
  for (const auto& row : spec.grid) out += row + "\n";
  return out;
}

std::vector<std::string> builtin_board_names() {
  std::vector<std::string> names;
  for (const auto& b : builtin_board_texts()) names.push_back(b.name);
  return names;
}

Board load_board(const std::string& name_or_path) {
  for (const auto& b : builtin_board_texts())
    if (b.name == name_or_path) return Board(parse_board_spec(b.text, "built-in board " + b.name));
  if (!std::filesystem::exists(name_or_path)) {
    std::string known;
    for (const auto& n : builtin_board_names()) known += (known.empty() ? "" : ", ") + n;
    throw InputError("unknown board '" + clipped(name_or_path) + "': not a built-in board (" + known +
                     ") nor a readable file");
  }
  // A board file is a few lines: 1 MiB is generous.
  return Board(parse_board_spec(read_file<InputError>(name_or_path, 1 << 20, "board file"), name_or_path));
}

}  // namespace gs::peg
