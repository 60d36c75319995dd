// A kind of file that `gamesolver view` replays, declared by the command that writes it
// (Command::replays): a text file that names itself by its first word, or a JSON record that the
// game recognises. The view command asks each registered command's readers in turn.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include <nlohmann/json_fwd.hpp>

namespace gs::tools {

struct Replay;

struct ReplayReader {
  std::string describes;   // "a peg solution file (peg --output)": for help and for refusals
  std::string first_word;  // a text file's first word ("gamesolver-peg-solution"); empty: JSON
  // A JSON file: whether this document is the game's (only asked when first_word is empty).
  std::function<bool(const nlohmann::json&)> takes;
  // The replay: of the text file at `path` (record null), or of the JSON record; `game` chooses
  // one of several games (many_games), counted from 1.
  std::function<Replay(const std::string& path, const nlohmann::json* record, int game)> replay;
  bool many_games = false;  // a file of several games (--game N)
};

// The game a game record names ({"record": "gamesolver-game", "parameters": {"game": NAME}}: `hunt
// play --json`, the play page's download), or nothing when `j` is not one.
std::optional<std::string> game_record_name(const nlohmann::json& j);

}  // namespace gs::tools
