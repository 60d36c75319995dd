// `gamesolver view`: a solution file or a game record replayed as a self-contained HTML page.
#include <iostream>

#include <nlohmann/json.hpp>

#include "engine/core/errors.h"
#include "engine/core/read_file.h"
#include "solvers/io/checked_text_file.h"
#include "tools/common/command.h"
#include "tools/common/json_number.h"
#include "tools/registry.h"
#include "tools/view/replay_html.h"

namespace gs::tools {

namespace {

struct ViewOptions {
  std::string html;
  int game = 1;
};

// The file's kind: a text file by its first word, a JSON document by the reader that takes it;
// the readers are those the registered commands declare.
Replay replay_of(const std::string& path, int game, bool game_given) {
  const std::string text = read_file<DataError>(path, kRecordFileLimit, "file to view");
  std::vector<const ReplayReader*> readers;
  std::string kinds, several;
  for (const Command& c : commands())
    for (const ReplayReader& r : c.replays) {
      readers.push_back(&r);
      kinds += (kinds.empty() ? "" : ", ") + r.describes;
      if (r.many_games) several += (several.empty() ? "" : ", ") + r.describes;
    }
  const auto replay = [&](const ReplayReader& r, const nlohmann::json* record) {
    if (game_given && !r.many_games)
      throw InputError("--game applies to files of several games (" + several + "); " + path + " holds one game");
    return r.replay(path, record, game);
  };
  const std::string first_word = text.substr(0, text.find_first_of(" \t\r\n"));
  for (const ReplayReader* r : readers)
    if (!r->first_word.empty() && first_word == r->first_word) return replay(*r, nullptr);
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos || (text[first] != '{' && text[first] != '['))
    throw DataError(path + ": not a file gamesolver replays (" + kinds + ")");
  const nlohmann::json j = parse_user_json(text, path);
  for (const ReplayReader* r : readers)
    if (r->first_word.empty() && r->takes(j)) return replay(*r, &j);
  throw DataError(path + ": JSON, but none of the files gamesolver replays (" + kinds + ")");
}

const char* kAbout = R"(Replays a peg solution file (peg --output), a Hopscotch play file (hopscotch --output),
a Mount'n Fall match result (mountnfall match --json) or a game record (hunt play --json, or
downloaded from the page of gamesolver serve) as one HTML page: step forward and back, a
slider, the arrow keys; no server or network needed.
)";

const char* kExamples = R"(  gamesolver peg --output sol.txt && gamesolver view sol.txt --html sol.html
  gamesolver hopscotch --seed 7 --output play.txt && gamesolver view play.txt --html play.html
  gamesolver mountnfall match --games 2 --json match.json && gamesolver view match.json --game 2 --html g2.html
  gamesolver hunt play --game fox-hounds --dir fh --json game.json && gamesolver view game.json --html game.html
)";

}  // namespace

Command view_command() {
  Command command{.name = "view",
                  .summary = "replay a solution file or game record as an HTML page",
                  .about = kAbout,
                  .examples = kExamples,
                  .self_checks = [] { return std::vector<SelfCheck>{}; }};  // no game of its own
  return make_command<ViewOptions>(
      std::move(command),
      [](po::options_description& d, ViewOptions& o) {
        d.add_options()("html", po::value<std::string>(&o.html), "the page to write")(
            "game", po::value<int>(&o.game)->default_value(1), "a match result's game to replay (1 = the first)");
      },
      {{{.name = "replay",
         .synopsis = "FILE --html OUT.html [--game N]",
         .summary = "write the replay page of FILE",
         .is_default = true,
         .takes_file = true},
        [](ViewOptions& o, const Invocation& in) {
          if (o.html.empty()) throw InputError("usage: gamesolver view FILE --html OUT.html");
          const Replay replay = replay_of(in.file, o.game, in.given("game"));
          write_file_atomically(o.html, replay_html(replay));
          if (in.global.human_output() && o.html != "-")
            std::cout << in.file << ": " << replay.frames.size() - 1 << " moves replayed into " << o.html << "\n";
          cli::emit_json(in.global, {{"file", in.file},
                                     {"html", o.html},
                                     {"frames", replay.frames.size()},
                                     {"final_position", replay.final_position}});
          return 0;
        }}});
}

}  // namespace gs::tools
