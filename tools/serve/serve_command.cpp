// `gamesolver serve`: the games whose tables a directory holds, played in the browser against
// their perfect player. An HTTP server (cpp-httplib) on 127.0.0.1 only: the play page, and a
// JSON API under it (docs/serve.md).
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include <httplib.h>
#include <nlohmann/json.hpp>

#include "engine/core/errors.h"
#include "tools/common/command.h"
#include "tools/hunt/hunt_jobs.h"
#include "tools/mnk/mnk_serve.h"
#include "tools/mountnfall/mountnfall_serve.h"
#include "tools/serve/game_service.h"

namespace gs::tools {

const char* play_page();  // tools/serve/play_page.html, embedded at build time

namespace {

struct ServeOptions {
  std::string dir;
  int port = 8080;
  int rule = 120;
};

// The served game a request names: game=NAME, with variant=V when the directory holds several.
// `games` holds each service's info, in the same order.
GameService& chosen(const GameServices& services, const nlohmann::json& games, const httplib::Request& request) {
  if (!request.has_param("game")) throw InputError("game= is missing (GET /api/games lists them)");
  const std::string name = request.get_param_value("game");
  const std::string variant = request.get_param_value("variant");
  std::vector<std::size_t> matching;
  std::string variants;  // every variant of the game served, for the reason
  for (std::size_t i = 0; i < services.size(); ++i) {
    if (games[i]["game"] != name) continue;
    variants += " " + games[i]["variant"].get<std::string>();
    if (variant.empty() || games[i]["variant"] == variant) matching.push_back(i);
  }
  if (matching.size() > 1)
    throw InputError("several variants of " + clipped(name) + " are served: give variant= one of" + variants);
  if (matching.empty())
    throw InputError(variants.empty() ? "no tables of game '" + clipped(name) + "' are served"
                                      : "no variant '" + clipped(variant) + "' of " + name + " is served:" + variants);
  return *services[matching.front()];
}

int counter_of(const httplib::Request& request) {
  if (!request.has_param("counter")) return 0;
  const std::string text = request.get_param_value("counter");
  if (text.empty() || text.size() > 6 || text.find_first_not_of("0123456789") != std::string::npos)
    throw InputError("counter= must be a number of plies, not '" + clipped(text) + "'");
  return std::stoi(text);
}

// Every answer in JSON; bad input a 400 with its one-line reason, anything else a 500.
template <class Answer>
void answer(httplib::Response& response, Answer&& make) {
  try {
    response.set_content(make().dump(), "application/json");
  } catch (const InputError& e) {
    response.status = 400;
    response.set_content(nlohmann::json{{"error", e.what()}}.dump(), "application/json");
  } catch (const std::exception& e) {
    response.status = 500;
    response.set_content(nlohmann::json{{"error", e.what()}}.dump(), "application/json");
  }
}

int serve(const ServeOptions& o, const cli::GlobalOptions& global) {
  if (o.dir.empty()) throw InputError("serve needs --dir DIR (a directory of tables that hunt build made)");
  if (!std::filesystem::is_directory(o.dir)) throw InputError("--dir " + clipped(o.dir) + " is not a directory");
  if (o.port < 0 || o.port > 65535) throw InputError("--port must be 0 (any free port) to 65535");
  if (o.rule == 1 || o.rule < 0) throw InputError("--rule must be 0 (no draw rule) or 2 or more plies");
  GameServices services = hunt_services(o.dir, o.rule);
  for (auto& s : mountnfall_services(o.dir)) services.push_back(std::move(s));
  for (auto& s : mnk_services(o.dir)) services.push_back(std::move(s));
  if (services.empty())
    throw InputError("no complete tables in " + clipped(o.dir) + " (gamesolver hunt build --dir " + clipped(o.dir) +
                     ", mountnfall build or mnk --all --output makes them)");

  nlohmann::json games = nlohmann::json::array();  // what each game is does not change while served
  for (const auto& s : services) games.push_back(s->info());

  httplib::Server server;
  server.Get("/", [](const httplib::Request&, httplib::Response& response) {
    response.set_content(play_page(), "text/html; charset=utf-8");
  });
  server.Get("/api/games", [&](const httplib::Request&, httplib::Response& response) {
    answer(response, [&] { return nlohmann::json{{"games", games}}; });
  });
  server.Get("/api/probe", [&](const httplib::Request& request, httplib::Response& response) {
    answer(response, [&] {
      return chosen(services, games, request).probe(request.get_param_value("position"), counter_of(request));
    });
  });
  server.Get("/api/turn", [&](const httplib::Request& request, httplib::Response& response) {
    answer(response, [&] {
      return chosen(services, games, request).turn(request.get_param_value("position"), counter_of(request));
    });
  });
  server.set_error_handler([](const httplib::Request& request, httplib::Response& response) {
    if (response.status == 404)
      response.set_content(nlohmann::json{{"error", "no such page: " + clipped(request.path)}}.dump(),
                           "application/json");
  });

  const int port = o.port == 0 ? server.bind_to_any_port("127.0.0.1") : o.port;
  if (port < 0 || (o.port != 0 && !server.bind_to_port("127.0.0.1", port)))
    throw InputError("cannot listen on 127.0.0.1:" + std::to_string(o.port) + " (in use? --port 0 takes a free one)");
  const std::string url = "http://127.0.0.1:" + std::to_string(port) + "/";
  if (global.human_output()) {
    std::cout << "serving " << url << " (Ctrl-C stops):";
    for (const auto& g : games)
      std::cout << " " << g["game"].get<std::string>() << " " << g["variant"].get<std::string>();
    std::cout << std::endl;
  }
  cli::emit_json(global, {{"url", url}, {"port", port}, {"games", games}});
  std::cout.flush();
  if (!server.listen_after_bind()) throw std::runtime_error("the server stopped: " + url);
  return 0;
}

const char* kAbout = R"(Serves a page to play the games whose tables DIR holds (Fox and Hounds, Tigers and Goats,
Fox and Geese: every complete set of tables that hunt build made there; Mount'n Fall boards that
mountnfall build made there; m,n,k boards whose strong solution mnk --all --output wrote there)
against their perfect player: the fastest win, the slowest loss, and draws kept under the draw
rule when its tables are built. Click a piece, then where it goes (a goat or a stone to place:
the empty point). Hints
show every move's value and distance; undo takes back your last move; the game record
downloads for gamesolver view. Listens on 127.0.0.1 only.

The JSON API under the page (bad input: status 400 and {"error": reason}):
  GET /api/games                                  the games served
  GET /api/probe?game=G&position=P[&counter=C]    what hunt (mountnfall, mnk) probe --json prints
  GET /api/turn?game=G&position=P[&counter=C]     the board, every move with its value, the best
Add variant=V where DIR holds several variants of G; no position: where play starts.
)";

const char* kExamples = R"(  gamesolver hunt build --game fox-hounds --dir tables && gamesolver serve --dir tables
      then open http://127.0.0.1:8080/
  gamesolver serve --dir tables --port 0 --json -       any free port, named in the JSON it prints
  curl 'http://127.0.0.1:8080/api/probe?game=fox-hounds'
  gamesolver mountnfall build --size 4 --triangle 2 --dir tables    Mount'n Fall 4x4 served there too
  gamesolver tictactoe --all --output tables/ttt.table              and tic-tac-toe
)";

}  // namespace

Command serve_command() {
  Command command{
      .name = "serve",
      .summary = "play the hunt games, Mount'n Fall and m,n,k in the browser against their tables' perfect player",
      .about = kAbout,
      .examples = kExamples,
      .self_checks = [] { return std::vector<SelfCheck>{}; }};  // the hunt games' own checks apply
  return make_command<ServeOptions>(
      std::move(command),
      [](po::options_description& d, ServeOptions& o) {
        d.add_options()("dir", po::value<std::string>(&o.dir), "the directory of table files")(
            "port", po::value<int>(&o.port)->default_value(8080), "the port on 127.0.0.1 (0: any free one)")(
            "rule", po::value<int>(&o.rule)->default_value(120),
            "plies without progress that draw, where its tables are built (0: none)");
      },
      {{{.name = "serve", .synopsis = "--dir DIR [--port P]", .summary = "serve the play page", .is_default = true},
        [](ServeOptions& o, const Invocation& in) { return serve(o, in.global); }}});
}

}  // namespace gs::tools
