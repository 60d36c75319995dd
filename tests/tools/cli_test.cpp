// The gamesolver command end to end: exit codes, messages, JSON, solution files and verify.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "solvers/io/checked_text_file.h"
#include "tests/support/cli_run.h"
#include "tests/support/sanitized.h"

namespace {

using namespace gs::testing;

TEST(Cli, HelpListsSubcommandsAndExamples) {
  auto r = run("--help");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.output.find("peg"), std::string::npos);
  r = run("peg --help");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.output.find("Examples"), std::string::npos);
  EXPECT_NE(r.output.find("--threads"), std::string::npos);
}

TEST(Cli, UsageErrorsExitWithTwoAndOneLineReason) {
  expect_usage_errors({
      {"nosuchcommand", "unknown subcommand"},
      {"peg --board nosuchboard", "unknown board"},
      // Read before anything is read: a device would fill the memory, a folder gave no path.
      {"peg --board /dev/zero", "/dev/zero is not a regular file"},
      {"peg --board /tmp", "/tmp is a directory, not a board file"},
      {"peg --start z9", "bad hole 'z9'"},
      {"peg --start a1", "no such hole"},
      {"peg --finish q4", "bad hole"},
      {"peg --position 'xxx/ooo'", "rows"},
      {"peg --start d4 --position d4", "either --start or --position"},
      {"peg --bogus", "unrecognised option"},
      {"peg --threads -1", "--threads"},
      {"peg --analyze --all-starts", "choose one"},
      {"peg --board triangle5 --start a5 --all-starts", "drop --start"},
      {"peg --all-starts --time-limit 0", "--time-limit"},
      {"peg --all-starts --meet-open", "give --time-limit"},
      {"peg --all-starts --time-limit 5 --dir x", "--time-limit leaves out unless --meet-open"},
      {"peg --all-starts --time-limit 5 --search-positions 9", "give one of them"},
      {"peg --board triangle5 --meet-open --start a5 --finish c3", "--meet-open"},
      {"peg frobnicate", "unknown peg mode"},
  });
}

// A time limit too short for the diamond's searches: every pair is still accounted for, the
// ones left open listed with the positions their searches got through.
TEST(Cli, AllStartsTimeLimitReportsUndecidedPairs) {
  const auto r = run("peg --board diamond --all-starts --time-limit 0.2 --threads 2 --quiet --json -");
  ASSERT_EQ(r.code, 0) << r.output;
  const auto j = nlohmann::json::parse(r.output);
  EXPECT_FALSE(j["complete"]);
  const int undecided = j["undecided_pairs"];
  EXPECT_GT(undecided, 0);
  EXPECT_EQ(j["solvable_pairs"].get<int>() + j["unsolvable_by_class"].get<int>() +
                j["unsolvable_by_pagoda"].get<int>() + j["unsolvable_by_search"].get<int>() + undecided,
            41 * 41);
  int listed = 0;
  for (const auto& start : j["pairs"])
    for (const auto& open : start["undecided"]) {
      EXPECT_TRUE(open["positions_searched"].is_number_unsigned());
      ++listed;
    }
  EXPECT_EQ(listed, undecided);
}

// The pairs left open at the time limit decided by the meeting of both halves: the same table as
// the searches give when they run to the end, the meeting's proofs named with both halves'
// layers, its solutions written and verified, and a rerun on the kept layer files the same.
TEST(Cli, AllStartsMeetOpenDecidesWhatTheSearchesLeaveOpen) {
  const auto table = [](const nlohmann::json& j) {
    std::map<std::string, nlohmann::json> finishes;
    for (const auto& start : j["pairs"]) finishes[start["start"]] = start["finishes"];
    return finishes;
  };
  // triangle5: 21 pairs unsolvable only by exhaustion (the meeting's proofs), 54 solvable; the
  // meeting itself is checked pair by pair on triangle6 and English in peg_solver_test.
  for (const std::string board : {"triangle5"}) {
    const auto plain = run("peg --board " + board + " --all-starts --quiet --json -");
    ASSERT_EQ(plain.code, 0) << plain.output;
    const auto expected = nlohmann::json::parse(plain.output);
    const auto solutions = temp_path("meet-open-" + board), layers = temp_path("meet-open-layers-" + board);
    // A limit of a microsecond: every search is stopped before it starts.
    const std::string args =
        "peg --board " + board + " --all-starts --time-limit 0.000001 --meet-open --quiet --json -";
    auto r = run(args + " --output " + solutions + " --dir " + layers);
    ASSERT_EQ(r.code, 0) << r.output;
    const auto j = nlohmann::json::parse(r.output);
    EXPECT_TRUE(j["complete"]);
    EXPECT_GT(j["meetings"].get<int>(), 0);
    EXPECT_EQ(table(j), table(expected)) << board;
    EXPECT_EQ(j["solution_files"], expected["solvable_pairs"]);
    EXPECT_EQ(j["unsolvable_by_search"].get<int>() + j["unsolvable_by_meeting"].get<int>(),
              expected["unsolvable_by_search"].get<int>());
    for (const auto& start : j["pairs"])
      for (const auto& proof : start["unsolvable"])
        if (proof["proof"].get<std::string>().starts_with("meeting of both halves")) {
          EXPECT_FALSE(proof["forward_layers"].empty());
          EXPECT_FALSE(proof["backward_layers"].empty());
        }
    for (const auto& entry : std::filesystem::directory_iterator(solutions))
      EXPECT_EQ(run("peg verify " + entry.path().string()).code, 0) << entry.path();
    r = run(args + " --dir " + layers);  // the halves read back from their files
    ASSERT_EQ(r.code, 0) << r.output;
    EXPECT_EQ(table(nlohmann::json::parse(r.output)), table(expected)) << board;
    std::filesystem::remove_all(solutions);
    std::filesystem::remove_all(layers);
  }
}

// Without --time-limit the searches stop at their budget and meetings decide the rest: with a
// budget below the first round's, every searched pair is met, and the table is the searches'.
TEST(Cli, AllStartsMeetsWhatTheSearchBudgetLeaves) {
  const auto plain = run("peg --board triangle5 --all-starts --quiet --json -");
  ASSERT_EQ(plain.code, 0) << plain.output;
  const auto r = run("peg --board triangle5 --all-starts --search-positions 1 --quiet --json -");
  ASSERT_EQ(r.code, 0) << r.output;
  const auto expected = nlohmann::json::parse(plain.output), j = nlohmann::json::parse(r.output);
  EXPECT_TRUE(j["complete"]);
  EXPECT_EQ(expected["meetings"], 0);
  EXPECT_GT(j["meetings"].get<int>(), 0);
  EXPECT_EQ(j["unsolvable_by_search"], 0);
  ASSERT_EQ(j["pairs"].size(), expected["pairs"].size());
  for (std::size_t i = 0; i < j["pairs"].size(); ++i)
    EXPECT_EQ(j["pairs"][i]["finishes"], expected["pairs"][i]["finishes"]) << j["pairs"][i]["start"];
  EXPECT_EQ(j["solvable_pairs"], expected["solvable_pairs"]);
  EXPECT_EQ(j["unsolvable_by_meeting"], expected["unsolvable_by_search"]);
}

// e8 to e8 on Wiegleb's board: the search's first 2.1 M positions find nothing, a beam search
// finds it (before beams, such pairs ran for billions of positions); the file verifies.
TEST(Cli, SolveFindsByBeamWhatTheFirstSearchRoundsMiss) {
  // The beam search runs under the sanitizers in PegSolverSmallBoards; this pair's search rounds
  // before it are the Release suite's.
  if (gs::testing::kSanitized) GTEST_SKIP() << "the Release suite solves this pair";
  const auto path = temp_path("wiegleb-e8-e8.txt");
  const auto r = run("peg --board wiegleb --start e8 --finish e8 --quiet --json - --output " + path);
  ASSERT_EQ(r.code, 0) << r.output;
  const auto j = nlohmann::json::parse(r.output);
  EXPECT_TRUE(j["solved"]);
  EXPECT_EQ(j["found_by"].get<std::string>().rfind("beam search", 0), 0u) << j["found_by"];
  EXPECT_EQ(run("peg verify " + path).code, 0);
  std::filesystem::remove(path);
  const auto bad = run("peg --board triangle5 --beam-width 20000000");
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.output.find("--beam-width must be at most"), std::string::npos) << bad.output;
  EXPECT_EQ(run("peg --board triangle5 --analyze --beam-width 10").code, 2);  // not an option of --analyze
}

// A meeting past its budget decides nothing, and says so: never "unsolvable".
TEST(Cli, MeetingsStopAtTheirBudgetAndLeaveThePairUndecided) {
  const auto one = run("peg --board triangle5 --start a5 --finish b3 --meet --meeting-positions 3 --quiet --json -");
  ASSERT_EQ(one.code, 0) << one.output;
  const auto j = nlohmann::json::parse(one.output);
  EXPECT_FALSE(j["decided"]);
  EXPECT_FALSE(j["solved"]);
  EXPECT_EQ(j["proof"], "none: stopped at --meeting-positions");
  const auto text = run("peg --board triangle5 --start a5 --finish b3 --meet --meeting-positions 3");
  EXPECT_NE(text.output.find("Undecided: "), std::string::npos) << text.output;
  const auto whole = run("peg --board triangle5 --start a5 --finish b3 --meet --quiet --json -");
  EXPECT_TRUE(nlohmann::json::parse(whole.output)["decided"]);

  const auto table =
      run("peg --board triangle5 --all-starts --search-positions 1 --meeting-positions 3 --quiet --json -");
  ASSERT_EQ(table.code, 0) << table.output;
  const auto t = nlohmann::json::parse(table.output);
  EXPECT_FALSE(t["complete"]);
  EXPECT_GT(t["stopped_meetings"].get<int>(), 0);
  EXPECT_EQ(t["meetings"], 0);
  EXPECT_GT(t["undecided_pairs"].get<int>(), 0);
  EXPECT_EQ(t["meeting_positions"], 3);
  EXPECT_EQ(run("peg --board triangle5 --meet --start a5 --finish b3 --meeting-positions 0").code, 2);
  EXPECT_EQ(run("peg --board triangle5 --all-starts --time-limit 1 --meeting-positions 9").code, 2);
}

// The example board files that README's figures use load and answer (from their default
// starts: a9 solved, a10 and the square's centre unsolvable by class). Their any-start tables
// take a minute or two: not a test.
TEST(Cli, ExampleBoardFilesSolve) {
  for (const char* name : {"triangle9", "triangle10", "square7"}) {
    const auto r = run(std::string("peg --board " GAMESOLVER_SOURCE_DIR "/examples/boards/") + name +
                       ".txt --finish any --quiet --json -");
    ASSERT_EQ(r.code, 0) << name << ": " << r.output;
    EXPECT_EQ(nlohmann::json::parse(r.output)["board"], name);
  }
}

TEST(Cli, MalformedBoardFileIsAUsageError) {
  const auto path = temp_path("bad-board.txt");
  std::ofstream(path) << "name: bad\nooo\noxo\n";
  const auto r = run("peg --board " + path);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.output.find("unexpected 'x'"), std::string::npos) << r.output;
  std::filesystem::remove(path);
}

TEST(Cli, SolveWritesJsonWithTheDocumentedKeys) {
  const auto r = run("peg --board triangle5 --quiet --json -");
  ASSERT_EQ(r.code, 0) << r.output;
  const auto j = nlohmann::json::parse(r.output);
  for (const char* key : {"board", "start", "finish", "solved", "jumps", "moves", "nodes", "seconds"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_EQ(j["board"], "triangle5");
  EXPECT_EQ(j["start"], "a5");
  EXPECT_EQ(j["finish"], "any");
  EXPECT_TRUE(j["solved"]);
  EXPECT_EQ(j["jumps"].size(), 13U);
}

TEST(Cli, UnsolvableIsReportedAsProvedNotAsFailure) {
  auto r = run("peg --board french --quiet --json -");
  ASSERT_EQ(r.code, 0) << r.output;
  auto j = nlohmann::json::parse(r.output);
  EXPECT_FALSE(j["solved"]);
  EXPECT_EQ(j["proof"], "position class");
  EXPECT_TRUE(j["jumps"].empty());
  // The same answer by exhaustive search on a small board where classes allow the finish.
  r = run("peg --board triangle5 --start b3 --finish b3 --quiet --json -");
  ASSERT_EQ(r.code, 0) << r.output;
  j = nlohmann::json::parse(r.output);
  EXPECT_FALSE(j["solved"]);
  EXPECT_EQ(j["proof"], "exhaustive search");
  EXPECT_GT(j["nodes"].get<int>(), 0);
}

TEST(Cli, SolutionFileVerifiesAndTamperingIsCaught) {
  const auto path = temp_path("solution.txt");
  auto r = run("peg --board english --quiet --output " + path);
  ASSERT_EQ(r.code, 0) << r.output;
  r = run("peg verify " + path);
  EXPECT_EQ(r.code, 0) << r.output;
  EXPECT_NE(r.output.find("valid solution"), std::string::npos);

  // Edit one jump without fixing the checksum: refused as altered.
  std::ifstream in(path);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::string edited = text;
  edited.replace(edited.find("jump: ") + 6, 2, "a1");
  std::ofstream(path) << edited;
  r = run("peg verify " + path);
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.output.find("checksum mismatch"), std::string::npos) << r.output;

  // A correctly signed file whose jumps are illegal: replayed and rejected with the reason.
  std::string body = text.substr(0, text.rfind("checksum:"));
  const auto first = body.find("jump: ");
  body.erase(first, body.find('\n', first) - first + 1);  // drop the first jump
  gs::write_checked_text(path, body);
  r = gs::testing::run_shell(GAMESOLVER_BINARY " peg verify " + path + " --json - 2>/dev/null");
  EXPECT_EQ(r.code, 1);
  EXPECT_FALSE(nlohmann::json::parse(r.output)["valid"]);
  // The reason also on stderr: --json - and --quiet leave only the exit code on the terminal.
  r = gs::testing::run_shell(GAMESOLVER_BINARY " peg verify " + path + " --quiet --json /dev/null 2>&1 >/dev/null");
  EXPECT_NE(r.output.find("INVALID"), std::string::npos) << r.output;

  r = run("peg verify " + path + ".missing");
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.output.find("cannot read"), std::string::npos);
  std::filesystem::remove(path);
}

// --dir keeps the layer files: a second run reads them (same answer, nothing rebuilt), and a
// directory holding another problem's analysis is refused with a one-line reason.
TEST(Cli, AnalyzeKeepsItsFilesInDirAndRefusesAnotherProblemsDirectory) {
  const std::string dir = (std::filesystem::temp_directory_path() / "gs-cli-analyze-dir").string();
  std::filesystem::remove_all(dir);
  auto first = run("peg --board triangle5 --analyze --quiet --json - --dir " + dir);
  ASSERT_EQ(first.code, 0) << first.output;
  EXPECT_TRUE(std::filesystem::exists(dir + "/layer-13.counts"));
  auto again = run("peg --board triangle5 --analyze --quiet --json - --dir " + dir);
  ASSERT_EQ(again.code, 0) << again.output;
  const auto a = nlohmann::json::parse(first.output), b = nlohmann::json::parse(again.output);
  EXPECT_EQ(a["layers"], b["layers"]);
  EXPECT_EQ(a["games"], b["games"]);
  EXPECT_GT(a["disk_bytes"].get<std::uint64_t>(), 0U);
  auto other = run("peg --board triangle6 --analyze --quiet --dir " + dir);
  EXPECT_EQ(other.code, 1);
  EXPECT_NE(other.output.find("belongs to another analysis"), std::string::npos) << other.output;
  std::filesystem::remove_all(dir);
}

// The meeting's halves leave out what a pagoda excludes: an analysis must not resume from them.
TEST(Cli, MeetKeepsBothHalvesAndAnAnalysisRefusesThem) {
  const auto dir = temp_path("meet-dir");
  auto r = run("peg --board triangle5 --start a5 --finish c1 --meet --quiet --json - --dir " + dir);
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_TRUE(nlohmann::json::parse(r.output)["solved"]);
  EXPECT_TRUE(std::filesystem::exists(dir + "/forward/layer-00.states"));
  EXPECT_TRUE(std::filesystem::exists(dir + "/backward/layer-00.states"));
  r = run("peg --board triangle5 --start a5 --finish c1 --meet --quiet --json - --dir " + dir);  // resumed
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_TRUE(nlohmann::json::parse(r.output)["solved"]);
  r = run("peg --board triangle5 --start a5 --finish c1 --analyze --quiet --dir " + dir + "/forward");
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.output.find("belongs to another analysis"), std::string::npos) << r.output;
  std::filesystem::remove_all(dir);
}

TEST(Cli, AnalyzeAllStartsAndFewestMovesJson) {
  auto r = run("peg --board triangle5 --analyze --quiet --json -");
  ASSERT_EQ(r.code, 0) << r.output;
  auto j = nlohmann::json::parse(r.output);
  EXPECT_GT(j["positions"]["canonical"].get<int>(), 0);
  EXPECT_GE(j["positions"]["total"].get<int>(), j["positions"]["canonical"].get<int>());
  EXPECT_EQ(j["layers"].size(), 14U);  // 14 pegs down to 1
  EXPECT_FALSE(j["finishes"].empty());
  for (const auto& f : j["finishes"]) EXPECT_TRUE(f["solutions"].is_string());

  // Every start and finish: a verified solution file a solvable pair, named by start and
  // finish, and for the rest the proof that none exists.
  const auto solutions = temp_path("all-starts");
  r = run("peg --board triangle5 --all-starts --quiet --json - --output " + solutions);
  ASSERT_EQ(r.code, 0) << r.output;
  j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["pairs"].size(), 15U);
  EXPECT_EQ(j["solvable_pairs"], 54);
  EXPECT_EQ(j["solution_files"], 54);
  EXPECT_TRUE(j["complete"]);
  EXPECT_EQ(j["undecided_pairs"], 0);
  EXPECT_EQ(j["unsolvable_by_class"].get<int>() + j["unsolvable_by_pagoda"].get<int>() +
                j["unsolvable_by_search"].get<int>() + 54,
            15 * 15);
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(solutions)) {
    EXPECT_EQ(run("peg verify " + entry.path().string()).code, 0) << entry.path();
    ++files;
  }
  EXPECT_EQ(files, 54);
  EXPECT_TRUE(std::filesystem::exists(solutions + "/triangle5-a5-c1.txt"));
  std::filesystem::remove_all(solutions);

  const auto path = temp_path("fewest.txt");
  r = run("peg --board triangle5 --fewest-moves --quiet --json - --output " + path);
  ASSERT_EQ(r.code, 0) << r.output;
  j = nlohmann::json::parse(r.output);
  EXPECT_TRUE(j["solved"]);
  EXPECT_EQ(run("peg verify " + path).code, 0);
  std::filesystem::remove(path);

  // Every single vacancy to every single survivor: OEIS A127500 gives 9 moves for this board.
  r = run("peg --board triangle5 --fewest-moves --start any --finish any --quiet --json - --output " + path);
  ASSERT_EQ(r.code, 0) << r.output;
  j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["moves"], 9);
  EXPECT_EQ(j["start"], "any");
  EXPECT_EQ(j["solution_start"].get<std::string>().size(), 2U);
  EXPECT_EQ(j["solution_finish"].get<std::string>().size(), 2U);
  EXPECT_EQ(j["jumps"].size(), 13U);
  EXPECT_EQ(run("peg verify " + path).code, 0);
  std::filesystem::remove(path);

  // The moves over every position that can finish agree with the meeting, the default.
  EXPECT_EQ(j["method"], "meeting");
  r = run("peg --board triangle5 --fewest-moves --fewest-method layers --start any --finish any --quiet --json -");
  ASSERT_EQ(r.code, 0) << r.output;
  const auto layers = nlohmann::json::parse(r.output);
  EXPECT_EQ(layers["method"], "layers");
  EXPECT_EQ(layers["moves"], 9);
  // A meeting stopped by its budget: its last steps go on one move at a time and decide.
  const auto stopped = [](const std::string& options) {
    const auto out = run("peg --board triangle5 --fewest-moves --start any --finish any --meeting-positions 10 " +
                         options + " --quiet --json -");
    EXPECT_EQ(out.code, 0) << out.output;
    return nlohmann::json::parse(out.output);
  };
  j = stopped("");
  EXPECT_EQ(j["method"], "meeting");
  EXPECT_TRUE(j["decided"]);
  EXPECT_EQ(j["moves"], 9);
  EXPECT_GT(j["last_moves"], 1);
  EXPECT_GT(j["last_positions"], 0);
  // With one last move only, the layers decide by default, and the meeting alone says
  // undecided, never unsolvable.
  j = stopped("--last-positions 0");
  EXPECT_TRUE(j["meeting_stopped"]);
  EXPECT_EQ(j["method"], "layers");
  EXPECT_EQ(j["moves"], 9);
  j = stopped("--last-positions 0 --fewest-method meeting");
  EXPECT_FALSE(j["decided"]);
  EXPECT_FALSE(j["solved"]);
  EXPECT_TRUE(j["last_step"]);
  const int at_least = j["moves_at_least"];
  EXPECT_GT(at_least, 1);
  EXPECT_LE(at_least, 9) << "a true lower bound";
}

// A problem its position class excludes is answered without a search, in JSON too.
TEST(Cli, FewestMovesOfAProblemTheClassExcludes) {
  const auto r = run("peg --board triangle7 --fewest-moves --fewest-method meeting --quiet --json -");
  ASSERT_EQ(r.code, 0) << r.output;
  const auto j = nlohmann::json::parse(r.output);
  EXPECT_FALSE(j["solved"]);
  EXPECT_TRUE(j["decided"]);
}

TEST(Cli, GlobalOptionsMayPrecedeTheSubcommand) {
  const auto r = run("--threads 1 --quiet peg --board triangle4 --json -");
  EXPECT_EQ(r.code, 0) << r.output;
  EXPECT_NO_THROW(nlohmann::json::parse(r.output));
}

}  // namespace

namespace {

using namespace gs::testing;

TEST(CliMnk, TicTacToeStrongSolutionJsonAndTableProbe) {
  const auto path = temp_path("ttt.table");
  auto r = run("tictactoe --all --quiet --json - --output " + path);
  ASSERT_EQ(r.code, 0) << r.output;
  auto j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["positions"], 5478);
  EXPECT_EQ(j["canonical"], 765);
  EXPECT_EQ(j["terminal"]["total"], 958);
  EXPECT_EQ(j["games"], "255168");
  EXPECT_EQ(j["value"], "draw");

  r = run("mnk probe --table " + path + " --position 'X.O/.X./...' --json -");
  ASSERT_EQ(r.code, 0) << r.output;
  j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["value"], "draw");  // O to move must block at c1
  EXPECT_EQ(j["moves"][0]["move"], "c1");
  EXPECT_EQ(j["moves"].size(), 6U);

  std::ofstream(path, std::ios::app) << "junk\n";
  r = run("mnk probe --table " + path + " --position '.../.../...'");
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.output.find("checksum"), std::string::npos) << r.output;
  std::filesystem::remove(path);
}

// A game record of tic-tac-toe as the play page downloads it, replayed by view; a record whose
// winner is not the board's, or whose move does not make its position, is refused.
TEST(CliMnk, ViewReplaysAPageRecordAndRefusesAWrongOne) {
  nlohmann::json record = {
      {"record", "gamesolver-game"}, {"game", "mnk"},
      {"variant", "3,3,3"},          {"parameters", {{"game", "mnk"}, {"m", 3}, {"n", 3}, {"k", 3}}},
      {"start", ".../.../..."},      {"moves", nlohmann::json::array()},
      {"reason", "game over"},       {"winner", "X"}};
  std::string position = ".../.../...";
  const std::vector<std::pair<std::string, int>> moves = {{"a3", 0}, {"a2", 4}, {"b3", 1}, {"b2", 5}, {"c3", 2}};
  for (std::size_t i = 0; i < moves.size(); ++i) {
    position[static_cast<std::size_t>(moves[i].second)] = i % 2 ? 'O' : 'X';
    record["moves"].push_back({{"move", moves[i].first}, {"position", position}});
  }
  record["final_position"] = position;  // XXX/OO./...: X made a row
  const auto path = temp_path("ttt-record.json"), page = temp_path("ttt-record.html");
  std::ofstream(path) << record.dump();
  auto r = run("view " + path + " --html " + page + " --quiet --json -");
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_EQ(nlohmann::json::parse(r.output)["frames"], 6);
  record["winner"] = "O";
  std::ofstream(path) << record.dump();
  r = run("view " + path + " --html " + page);
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.output.find("its winner is not who its moves make the winner"), std::string::npos) << r.output;
  record["winner"] = "X";
  record["moves"][1]["move"] = "c1";
  std::ofstream(path) << record.dump();
  r = run("view " + path + " --html " + page);
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.output.find("move 2 (c1) is not a legal move to its position"), std::string::npos) << r.output;
  std::filesystem::remove(path);
  std::filesystem::remove(page);
}

TEST(CliMnk, WeakSolutionAndMoveValues) {
  auto r = run("mnk --m 4 --n 3 --k 3 --quiet --json -");
  ASSERT_EQ(r.code, 0) << r.output;
  auto j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["value"], "first-player-win");
  for (const char* key : {"value", "best_move", "nodes", "seconds"}) EXPECT_TRUE(j.contains(key)) << key;

  r = run("tictactoe --position 'X.O/.X./...' --quiet --json -");
  ASSERT_EQ(r.code, 0) << r.output;
  j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["best_move"], "c1");
  EXPECT_EQ(j["moves"][0]["value"], "draw");
  EXPECT_EQ(j["moves"][1]["value"], "loss");
}

TEST(CliMnk, ProofNumberSearchAndAlphaBetaGiveTheSameValues) {
  for (const char* game : {"--m 4 --n 3 --k 3", "--m 3 --n 3 --k 3", "--m 4 --n 4 --k 3", "--m 5 --n 5 --k 3"}) {
    const auto a = run(std::string("mnk ") + game + " --solver alpha-beta --quiet --json -");
    const auto d = run(std::string("mnk ") + game + " --solver df-pn --memory 0.1 --quiet --json -");
    ASSERT_EQ(a.code, 0) << a.output;
    ASSERT_EQ(d.code, 0) << d.output;
    const auto ja = nlohmann::json::parse(a.output), jd = nlohmann::json::parse(d.output);
    EXPECT_EQ(ja["value"], jd["value"]) << game;
    EXPECT_EQ(ja["solver"], "alpha-beta");
    EXPECT_EQ(jd["solver"], "df-pn");
    EXPECT_GT(jd["nodes"].get<std::uint64_t>(), 0u);
  }
  // auto: the relaxation's bound settles 4,4,4; alpha-beta the boards where it cannot.
  auto j = nlohmann::json::parse(run("mnk --m 4 --n 4 --k 4 --quiet --json -").output);
  EXPECT_EQ(j["solver"], "maker-breaker");
  EXPECT_EQ(j["value"], "draw");
  j = nlohmann::json::parse(run("mnk --m 4 --n 4 --k 3 --quiet --json -").output);
  EXPECT_EQ(j["solver"], "alpha-beta");
}

// 6,6,5 is a draw (published: 7,7,5 is one); plain `mnk` proves it with no option.
TEST(CliMnk, Proves665ADrawWithNoOption) {
  const auto r = run("mnk --m 6 --n 6 --k 5 --quiet --json -");
  ASSERT_EQ(r.code, 0) << r.output;
  const auto j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["value"], "draw");
  EXPECT_EQ(j["proofs"]["mover_can_win"]["can_win"], false);
  EXPECT_EQ(j["proofs"]["other_can_win"]["can_win"], false);
  EXPECT_FALSE(j["best_move"].get<std::string>().empty());
}

TEST(CliMnk, PlayAgainstTheEngineFromStandardInput) {
  // X in the corner, then a taken cell and nonsense, which are refused, then the centre is taken
  // by the engine's answer, so the person plays on until the engine's perfect play draws or wins.
  const auto input = temp_path("moves.txt");
  std::ofstream(input) << "a3\nb2\nzz\nc1\nc3\na1\nb1\nc2\nb3\na2\nquit\n";
  const auto r = run("tictactoe --play --threads 1 < " + input);
  std::filesystem::remove(input);
  EXPECT_EQ(r.code, 0) << r.output;
  EXPECT_NE(r.output.find("Engine plays b2"), std::string::npos) << r.output;  // the only move that does not lose
  EXPECT_NE(r.output.find("no cell 'zz'"), std::string::npos) << r.output;
  EXPECT_TRUE(r.output.find("Draw.") != std::string::npos || r.output.find("The engine wins.") != std::string::npos)
      << r.output;
  EXPECT_EQ(r.output.find("You win."), std::string::npos) << r.output;
}

TEST(CliMnk, BadInputIsAUsageError) {
  expect_usage_errors({
      {"mnk --m 9", "between 1 and 8"},
      {"mnk --k 5", "k must be"},
      {"tictactoe --position 'XX./.../...'", "impossible position"},
      {"tictactoe --position 'XXX/OOO/...'", "both players"},
      {"tictactoe --m 4", "tictactoe is 3,3,3"},
      {"mnk --m 5 --n 5 --k 4 --all", "at most 16 cells"},
      {"mnk probe --position '.../.../...'", "usage"},
      {"mnk --solver minimax", "--solver must be auto, alpha-beta or df-pn"},
      {"mnk --memory -1", "--memory must be between"},
      {"tictactoe --solver df-pn --position 'X.O/.X./...'", "the values of a position's moves come from alpha-beta"},
      {"tictactoe --solver df-pn --position 'XXX/OO./...'", "the values of a position's moves come from alpha-beta"},
  });
}

}  // namespace

namespace gs {
namespace {

// The first run (README's first command) installs only what the gamesolver command needs.
TEST(Cli, RunScriptInstallsNoTestOnlyPackage) {
  // Its first line; the solve after it runs build/gamesolver of the source tree, if there is one.
  const auto r =
      gs::testing::run_shell("cd " GAMESOLVER_SOURCE_DIR " && GAMESOLVER_SETUP_DRY_RUN=1 scripts/run.sh --quiet 2>&1");
  const std::string first = r.output.substr(0, r.output.find('\n'));
  EXPECT_NE(first.find("setup would install (when missing): g++ cmake"), std::string::npos) << first;
  for (const char* test_only :
       {"gtest", "benchmark", "chromium", "selenium", "pytest", "pybind11", "openmpi", "rsvg", "clang-format"})
    EXPECT_EQ(first.find(test_only), std::string::npos) << test_only << " in: " << first;
}

}  // namespace
}  // namespace gs
