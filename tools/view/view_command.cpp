// `gamesolver view`: a solution file or a game record replayed as a self-contained HTML page.
#include <iostream>

#include <nlohmann/json.hpp>

#include "engine/core/errors.h"
#include "engine/core/read_file.h"
#include "engine/mountnfall/mountnfall_play.h"
#include "solvers/io/checked_text_file.h"
#include "tools/common/command.h"
#include "tools/common/json_number.h"
#include "tools/hopscotch/hopscotch_jobs.h"
#include "tools/hunt/hunt_jobs.h"
#include "tools/mnk/mnk_record_game.h"
#include "tools/mountnfall/mountnfall_match.h"
#include "tools/mountnfall/mountnfall_serve.h"
#include "tools/peg/peg_jobs.h"
#include "tools/view/replay_html.h"

namespace gs::tools {

namespace {

struct ViewOptions {
  std::string html;
  int game = 1;
};

// The file's kind from its first line: the text files name themselves; JSON records by their
// fields.
Replay replay_of(const std::string& path, int game, bool game_given) {
  const std::string text = read_file<DataError>(path, kRecordFileLimit, "file to view");
  const auto one_game = [&] {
    if (game_given) throw InputError("--game applies to Mount'n Fall match results (" + path + " holds one game)");
  };
  if (text.starts_with("gamesolver-peg-solution ")) return one_game(), peg_replay(path);
  if (text.starts_with("gamesolver-hopscotch-play ")) return one_game(), hopscotch_replay(path);
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos || (text[first] != '{' && text[first] != '['))
    throw DataError(path +
                    ": not a file gamesolver replays (a peg solution file, a Hopscotch play file, a Mount'n Fall "
                    "match --json result or a game record)");
  const nlohmann::json j = parse_user_json(text, path);
  if (j.is_object() && j.contains("game_results")) return mountnfall_replay(j, game);
  if (j.is_object() && j.value("record", "") == "gamesolver-game") {
    one_game();
    // The play page's records of Mount'n Fall and m,n,k name their game; every other game record
    // is a hunt game's.
    const std::string named =
        j.contains("parameters") && j["parameters"].is_object() ? j["parameters"].value("game", "") : std::string();
    if (named == mountnfall::MountNFallPlay::kName) return mountnfall_record_replay(j);
    if (named == MnkRecordGame::kName) return mnk_record_replay(j);
    return hunt_replay(j);
  }
  throw DataError(path + ": JSON, but neither a Mount'n Fall match result nor a game record");
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
