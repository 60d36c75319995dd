// gamesolver hunt end to end: build, resume, probe, stats, verify, damaged and mismatched files.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <unistd.h>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>

#include "engine/mountnfall/mountnfall_play.h"
#include "solvers/io/stale_temporaries.h"
#include "tests/support/cli_run.h"
#include "tests/support/sanitized.h"
#include "tests/support/temp_dir.h"

namespace {

using namespace gs::testing;
namespace fs = std::filesystem;

TEST(HuntCli, FoxAndHoundsBuildProbeStatsVerify) {
  const std::string dir = temp_path("hunt-fh8");
  const auto built = run_json("hunt build --game fox-hounds --dir " + dir);
  EXPECT_EQ(built["start"]["value"], "loss");  // the fox moves first and loses
  EXPECT_EQ(built["start"]["distance"], 44);
  EXPECT_EQ(built["draws"], 0);
  const auto probe = run_json("hunt probe --game fox-hounds --dir " + dir);
  EXPECT_EQ(probe["distance"], 44);
  EXPECT_EQ(probe["moves"].size(), 2u);
  // The principal line of a loss in 44 plies is 44 moves long, the hounds' last one trapping the fox.
  const auto line = run_json("hunt probe --line 100 --game fox-hounds --dir " + dir)["line"];
  EXPECT_EQ(line.size(), 44u);
  EXPECT_EQ(line[0], probe["moves"][0]["move"]);
  const auto probe2 =
      run_json("hunt probe --game fox-hounds --dir " + dir +
               " --position '....F.../......../......../......../......../......../......../.H.H.H.H h'");
  EXPECT_EQ(probe2["side_to_move"], "hounds");
  EXPECT_EQ(probe2["moves"].size(), 7u);
  const auto stats = run_json("hunt stats --game fox-hounds --dir " + dir);
  EXPECT_EQ(stats["layers"].size(), 2u * 29);
  EXPECT_EQ(run_json("hunt verify --game fox-hounds --dir " + dir)["valid"], true);
  // Verified layers are recorded: a second verify only reads them back.
  const auto again = run_json("hunt verify --game fox-hounds --dir " + dir);
  EXPECT_EQ(again["verified_earlier"], 29);
  EXPECT_EQ(again["checked"], 0);
  EXPECT_EQ(again["valid"], true);

  // Resume: a missing layer is solved again, the others are read.
  const std::string last = dir + "/fox-hounds-8x8-layer028.gst";
  const std::string before = read_bytes(last);
  fs::remove(last);
  const auto resumed = run_json("hunt build --game fox-hounds --dir " + dir);
  EXPECT_EQ(resumed["solved_layers"], 1);
  EXPECT_EQ(resumed["loaded_layers"], 28);
  EXPECT_EQ(read_bytes(last), before);

  // One byte of a payload changed: refused (exit 1) by verify; build solves the layer again.
  std::string damaged = before;
  damaged[damaged.size() - 3] ^= 0x40;
  std::ofstream(last, std::ios::binary) << damaged;
  const auto r = run("hunt verify --game fox-hounds --dir " + dir);
  EXPECT_EQ(r.code, 1) << r.output;
  EXPECT_NE(r.output.find("checksum mismatch"), std::string::npos) << r.output;
  const auto repaired = run_json("hunt build --game fox-hounds --dir " + dir);
  EXPECT_NE(repaired["repaired"][0].get<std::string>().find("checksum mismatch"), std::string::npos);
  EXPECT_EQ(read_bytes(last), before);
  fs::remove_all(dir);
}

// Every file of directory `one` has the same bytes in `two`; returns how many there are.
int expect_same_files(const std::string& one, const std::string& two) {
  int files = 0;
  for (const auto& entry : fs::directory_iterator(one)) {
    ++files;
    EXPECT_EQ(read_bytes(entry.path().string()), read_bytes(two + "/" + entry.path().filename().string()))
        << entry.path();
  }
  return files;
}

TEST(HuntCli, OneThreadAndTwoWriteTheSameTables) {
  const std::string one = temp_path("hunt-fh6-1"), two = temp_path("hunt-fh6-2");
  run_json("hunt build --game fox-hounds --size 6 --threads 1 --dir " + one);
  run_json("hunt build --game fox-hounds --size 6 --threads 2 --dir " + two);
  EXPECT_EQ(expect_same_files(one, two), 16);
  // A table of another variant under this variant's name is refused.
  fs::copy_file(one + "/fox-hounds-6x6-layer003.gst", two + "/fox-hounds-4x4-layer003.gst");
  const auto r = run("hunt verify --game fox-hounds --size 4 --dir " + two);
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.output.find("variant is '6x6', expected '4x4'"), std::string::npos) << r.output;
  fs::remove_all(one);
  fs::remove_all(two);
}

// The whole game of a small Tigers and Goats variant from the command line: built with one and
// two threads to the same bytes, verified, resumed after a deleted layer, and probed at the
// empty board with every first placement.
TEST(HuntCli, TigersAndGoatsWholeGameOfASmallVariant) {
  const std::string one = temp_path("hunt-tg-1"), two = temp_path("hunt-tg-2");
  const std::string variant = "hunt build --game tigers-goats --size 4 --goats 4 --win-captures 2";
  const auto built = run_json(variant + " --threads 1 --dir " + one);
  EXPECT_EQ(built["layer_count"], 16);  // 2 sliding-phase layers, 14 split by the side to move
  EXPECT_EQ(built["start"]["position"], "T..T/..../..../T..T g 4 0");
  run_json(variant + " --threads 2 --dir " + two);
  EXPECT_EQ(expect_same_files(one, two), 32);  // plain and under the 120-ply rule
  EXPECT_EQ(built["rule"]["variant"], "4x4-goats4-win2-whole-rule120");
  const std::string last = two + "/tigers-goats-4x4-goats4-win2-whole-layer015.gst";
  const std::string kept = read_bytes(last);
  fs::remove(last);
  const auto resumed = run_json(variant + " --dir " + two);
  EXPECT_EQ(resumed["solved_layers"], 1);
  EXPECT_EQ(read_bytes(last), kept);
  // A layer file cut short (or damaged) is solved again, to the same bytes.
  const std::string middle = two + "/tigers-goats-4x4-goats4-win2-whole-layer007.gst";
  const std::string middle_kept = read_bytes(middle);
  fs::resize_file(middle, middle_kept.size() / 2);
  const auto repaired = run_json(variant + " --dir " + two);
  EXPECT_EQ(repaired["solved_layers"], 1);
  EXPECT_EQ(repaired["repaired"].size(), 1u);
  EXPECT_EQ(read_bytes(middle), middle_kept);
  const std::string options = " --game tigers-goats --size 4 --goats 4 --win-captures 2 --dir " + one;
  const auto verified = run_json("hunt verify" + options);
  EXPECT_EQ(verified["valid"], true);
  // Remoteness counts (plies to the end) add up to the build's wins and losses.
  const auto stats = run_json("hunt stats" + options);
  std::uint64_t won = 0, lost = 0;
  for (const auto& r : stats["remoteness"])
    won += r["won"].get<std::uint64_t>(), lost += r["lost"].get<std::uint64_t>();
  EXPECT_EQ(won, built["wins"].get<std::uint64_t>());
  EXPECT_EQ(lost, built["losses"].get<std::uint64_t>());
  EXPECT_EQ(stats["layers"].size(), 18u);  // 2 sliding-phase layers with both sides, 14 with one
  const auto probed = run_json("hunt probe" + options);
  EXPECT_EQ(probed["moves"].size(), 12u);  // a goat on any of the 12 free points
  EXPECT_EQ(probed["value"], built["start"]["value"]);
  // The sliding-phase tables of the same variant refuse a position with goats in hand.
  // Under the 120-ply rule this board changes no value; under a rule of 4 plies wins and losses
  // become draws, and a probe reads the tables at any counter below the limit.
  EXPECT_EQ(stats["rule"]["wins_drawn"], 0);
  EXPECT_EQ(verified["rule"]["valid"], true);
  EXPECT_EQ(probed["rule"]["value"], built["rule"]["start"]["value"]);
  // Playing against the tables: they take the winning capture; a wrong move is refused with the
  // legal ones; the tables answer a first placement.
  const std::string moves = temp_path("hunt-play.txt");
  std::ofstream(moves) << "zz\n(2,2)\nquit\n";
  const auto capture = run("hunt play --side goats --position 'TG.T/..../..../T..T t 2 1'" + options + " < " + moves);
  EXPECT_EQ(capture.code, 0) << capture.output;
  EXPECT_NE(capture.output.find("The tables play (1,1)x(1,3)"), std::string::npos) << capture.output;
  EXPECT_NE(capture.output.find("The tables win."), std::string::npos) << capture.output;
  const auto first = run("hunt play" + options + " < " + moves);
  EXPECT_NE(first.output.find("'zz' is not a legal move here; legal: (1,2) (1,3)"), std::string::npos) << first.output;
  EXPECT_NE(first.output.find("The tables play"), std::string::npos) << first.output;
  EXPECT_NE(first.output.find("under the 120-ply rule (counter 0)"), std::string::npos) << first.output;
  // A published checksum list: the tables match it; a list with another count does not.
  const std::string sums = temp_path("hunt-tg.sums");
  std::ofstream(sums) << run("hunt sums --quiet" + options).output;
  EXPECT_EQ(run_json("hunt verify --checksums " + sums + options)["valid"], true);
  std::string listed = read_bytes(sums);
  listed.replace(listed.find("wins=") + 5, 1, "9");
  std::ofstream(sums) << listed;
  const auto tampered = run("hunt verify --quiet --checksums " + sums + options);
  EXPECT_EQ(tampered.code, 1);
  EXPECT_NE(tampered.output.find("differs from " + sums), std::string::npos) << tampered.output;
  run_json("hunt build --rule 4" + options);
  const auto short_rule = run_json("hunt stats --rule 4" + options)["rule"];
  EXPECT_GT(short_rule["wins_drawn"].get<std::uint64_t>() + short_rule["losses_drawn"].get<std::uint64_t>(), 0u);
  EXPECT_EQ(run_json("hunt verify --rule 4" + options)["valid"], true);
  const auto late = run_json("hunt probe --rule 4 --counter 3 --position 'T..T/.GG./..../T..T t 2 0'" + options);
  EXPECT_EQ(late["rule"]["counter"], 3);
  run_json("hunt probe --rule 4 --counter 4" + options, 2);  // the counter must stay below the limit
  fs::remove(moves);
  fs::remove(sums);
  fs::remove_all(two);
  // The sliding-phase tables of the same variant refuse a position with goats in hand.
  run_json("hunt build --game tigers-goats --size 4 --goats 4 --win-captures 2 --phase sliding --dir " + two);
  const auto refused =
      run("hunt probe --game tigers-goats --size 4 --goats 4 --win-captures 2 --phase sliding --dir " + two);
  EXPECT_EQ(refused.code, 2) << refused.output;
  fs::remove_all(one);
  fs::remove_all(two);
}

// Fox and Geese with 4 and 5 geese, plain and under its 120-move rule (no capture for 120
// moves draws): built, verified, probed at a late counter, where a win far from its next
// capture is drawn.
TEST(HuntCli, FoxAndGeeseUnderItsDrawRule) {
  // Up to 4 geese under a sanitizer (a sixth of the positions), 5 in the Release suite.
  const std::string geese = std::to_string(whole_or_sanitized(5, 4));
  const std::string dir = temp_path("hunt-fg5");
  const std::string options = " --game fox-geese --max-geese " + geese + " --dir " + dir;
  const auto built = run_json("hunt build" + options);
  // Killed (SIGKILL) at several moments and resumed, one thread builds the same bytes as two.
  const std::string killed = temp_path("hunt-fg5-killed");
  for (const char* after : {"0.2", "0.6", "1.2", "2.5"})
    EXPECT_NE(std::system(("timeout -s KILL " + std::string(after) +
                           " " GAMESOLVER_BINARY " hunt build --quiet --threads 1 --game fox-geese --max-geese " +
                           geese + " --dir " + killed + " > /dev/null 2>&1")
                              .c_str()),
              -1);
  run_json("hunt build --threads 1 --game fox-geese --max-geese " + geese + " --dir " + killed);
  EXPECT_EQ(expect_same_files(killed, dir), 2 * built["layers"].get<int>());
  fs::remove_all(killed);
  EXPECT_EQ(built["variant"], "geese4-" + geese + "-rows");
  EXPECT_EQ(built["rule"]["variant"], "geese4-" + geese + "-rows-rule120");
  EXPECT_EQ(built["rule"]["positions"], built["positions"]);
  EXPECT_EQ(run_json("hunt verify" + options)["valid"], true);
  const auto stats = run_json("hunt stats" + options);
  EXPECT_EQ(stats["rule"]["layers"].size(), built["layers"].get<std::size_t>());
  // The fox one jump from its 10th capture: a win at 1 ply, under the rule at any counter.
  const std::string won = " --position '.../.../...G.../..GFG../......./.G./... f'";
  const auto early = run_json("hunt probe --counter 0" + won + options),
             late = run_json("hunt probe --counter 119" + won + options);
  EXPECT_EQ(early["value"], "win");
  EXPECT_EQ(early["distance"], 1);
  EXPECT_EQ(late["rule"]["value"], "win");  // 119 + 1 ply to progress stays within 120
  fs::remove_all(dir);
}

// Proof-number search from positions outside the tables, the tables at its leaves: every answer
// equals the value of bigger tables (Fox and Geese: 5 geese over the 4-goose tables; Tigers and
// Goats: goats in hand over the sliding phase's tables).
TEST(HuntCli, ProvesPositionsOutsideTheTablesAsBiggerTablesSay) {
  const std::string four = temp_path("hunt-fg4"), five = temp_path("hunt-fg5-plain");
  run_json("hunt build --game fox-geese --max-geese 4 --rule 0 --dir " + four);
  run_json("hunt build --game fox-geese --max-geese 5 --rule 0 --dir " + five);
  int proved = 0;
  const int samples = whole_or_sanitized(20, 8);
  for (const char* layer : {"32", "40"}) {
    const auto j =
        run_json("hunt prove --game fox-geese --max-geese 4 --dir " + four + " --samples " + std::to_string(samples) +
                 " --sample-layer " + layer + " --truth " + five + " --truth-max-geese 5 --nodes 20000");
    EXPECT_EQ(j["sampled"], samples) << layer;
    proved += j["proved"].get<int>();
  }
  EXPECT_GE(proved, whole_or_sanitized(5, 2));  // few: most are draws, which df-pn proves rarely in cyclic games
  // One position, 5 geese: the fox jumps into a 4-goose position the tables hold.
  const std::string position = " --position '.../.../..GGG../..GFG../......./.../... f'";
  const auto one = run_json("hunt prove --game fox-geese --max-geese 4 --dir " + four + position);
  const auto probed = run_json("hunt probe --game fox-geese --max-geese 5 --rule 0 --dir " + five + position);
  EXPECT_EQ(one["value"], probed["value"]);
  EXPECT_EQ(one["value"], "win");
  EXPECT_GT(one["table_leaves"].get<int>(), 0);
  // Inside the tables too: both answers, and they agree.
  const auto inside = run_json("hunt prove --game fox-geese --max-geese 5 --dir " + five + position);
  EXPECT_EQ(inside["agree"], true);
  expect_usage_errors({
      {("hunt prove --game fox-geese --max-geese 4 --dir " + four + " --samples 3 --sample-layer 20").c_str(),
       "--samples needs --truth"},
      {("hunt prove --game fox-geese --max-geese 4 --dir " + four + " --samples 3 --sample-layer 2 --truth " + five +
        " --truth-max-geese 5")
           .c_str(),
       "choose a layer outside them"},
      {("hunt probe --game fox-geese --max-geese 4 --dir " + four + " --nodes 5").c_str(), "--nodes applies to prove"},
  });
  fs::remove_all(four);
  fs::remove_all(five);

  const std::string whole = temp_path("hunt-tg4-whole"), sliding = temp_path("hunt-tg4-sliding");
  const std::string variant = " --game tigers-goats --size 4 --goats 6 --win-captures 3 --rule 0";
  run_json("hunt build" + variant + " --dir " + whole);
  run_json("hunt build" + variant + " --phase sliding --dir " + sliding);
  const auto tg = run_json("hunt prove" + variant + " --phase sliding --dir " + sliding + " --samples " +
                           std::to_string(samples) + " --sample-layer 15 --truth " + whole + " --nodes 20000");
  EXPECT_EQ(tg["sampled"], samples);
  EXPECT_EQ(tg["proved"], samples);  // every goat placement position of that layer
  fs::remove_all(whole);
  fs::remove_all(sliding);
}

// No tables, or a layer missing below one present, is a data error (exit 1), not an empty report
// or "all consistent"; a build stopped with --up-to verifies as partial.
TEST(HuntCli, MissingTablesAreErrorsNotEmptyReports) {
  const auto none = run("hunt stats --dir " + temp_path("hunt-none"));
  EXPECT_EQ(none.code, 1);
  EXPECT_NE(none.output.find("no table files of fox-hounds"), std::string::npos) << none.output;
  const std::string dir = temp_path("hunt-fh4-gap");
  run_json("hunt build --game fox-hounds --size 4 --dir " + dir);
  fs::remove(dir + "/fox-hounds-4x4-layer000.gst");
  for (const char* mode : {"verify", "stats", "sums"}) {
    const auto r = run(std::string("hunt ") + mode + " --game fox-hounds --size 4 --dir " + dir);
    EXPECT_EQ(r.code, 1) << mode << "\n" << r.output;
    EXPECT_NE(r.output.find("layer 0 (hounds advanced 6) is missing"), std::string::npos) << mode << r.output;
  }
  // A folder in place of a layer file: a reason with the path, not a stream library's words.
  fs::create_directories(dir + "/fox-hounds-4x4-layer000.gst");
  const auto folder = run("hunt verify --game fox-hounds --size 4 --dir " + dir);
  EXPECT_EQ(folder.code, 1);
  EXPECT_NE(folder.output.find("layer000.gst is a directory, not a table file"), std::string::npos) << folder.output;
  fs::remove_all(dir);
  const std::string partial = temp_path("hunt-fh6-partial");
  run_json("hunt build --game fox-hounds --size 6 --up-to 3 --dir " + partial);
  const auto j = run_json("hunt verify --game fox-hounds --size 6 --dir " + partial);
  EXPECT_EQ(j["valid"], true);
  EXPECT_EQ(j["complete"], false);
  fs::remove_all(partial);
}

// serve refuses what it cannot serve before it listens: exit 2 and a reason, and a set of tables
// with a layer missing is named and left out.
TEST(HuntCli, ServeRefusesWhatItCannotServe) {
  const std::string empty = temp_path("serve-empty"), gap = temp_path("serve-gap");
  fs::create_directories(empty);
  run_json("hunt build --game fox-hounds --size 4 --dir " + gap);
  fs::remove(gap + "/fox-hounds-4x4-layer002.gst");
  expect_usage_errors({{"serve", "serve needs --dir DIR"},
                       {"serve --dir /nonexistent/tables", "--dir /nonexistent/tables is not a directory"},
                       {("serve --dir " + empty).c_str(), "no complete tables in"},
                       {("serve --dir " + empty + " --port 70000").c_str(), "--port must be 0"},
                       {("serve --dir " + empty + " --rule 1").c_str(), "--rule must be 0"}});
  const auto r = run("serve --dir " + gap, 30);
  EXPECT_EQ(r.code, 2) << r.output;
  EXPECT_NE(r.output.find("fox-hounds 4x4 is not served: its layer 2 is not built"), std::string::npos) << r.output;
  fs::remove_all(empty);
  fs::remove_all(gap);
}

// A build killed between writing a temporary and renaming it leaves NAME.tmp.PID behind; the
// next build removes those no writer holds any more (the writer's lock died with it), and leaves
// a running writer's alone, even one whose PID names no process (PIDs are reused).
TEST(HuntCli, ABuildRemovesTheTemporariesOfKilledBuilds) {
  const std::string dir = temp_path("hunt-fh4-tmp");
  fs::create_directories(dir);
  const std::string stale = dir + "/fox-hounds-4x4-layer002.gst.tmp." + std::to_string(getpid());
  const std::string live = dir + "/fox-hounds-4x4-layer003.gst.tmp.999999999";
  std::ofstream(stale) << "half a table";
  std::ofstream(live) << "being written";
  const int held = ::open(live.c_str(), O_RDONLY);
  ASSERT_TRUE(gs::lock_temporary(held));
  run_json("hunt build --game fox-hounds --size 4 --dir " + dir);
  EXPECT_FALSE(fs::exists(stale));
  EXPECT_TRUE(fs::exists(live));
  ::close(held);
  fs::remove_all(dir);
}

TEST(HuntCli, UsageErrorsExitWithTwo) {
  expect_usage_errors({
      {"hunt", "needs a mode"},
      {"hunt build --game fox-hounds --goats 3 --dir x", "--goats applies to tigers-goats"},
      {"hunt build --game fox-hounds --max-geese 9 --dir x", "--max-geese applies to fox-geese"},
      {"hunt build --game fox-geese --size 6 --dir x", "--size applies to fox-hounds and tigers-goats"},
      {"hunt build --game fox-hounds --rule 4 --dir x", "--rule applies to tigers-goats and fox-geese"},
      {"hunt build --game tigers-goats --phase all --dir x", "--phase must be sliding or whole"},
      {"hunt build --game tigers-goats --size 3 --goats 9 --dir x", "do not fit"},
      {"hunt frob --dir x", "unknown hunt mode"},
      {"hunt build", "needs --dir"},
      {"hunt build --game chess --dir x", "unknown hunt game"},
      {"hunt build --size 5 --dir x", "4x4, 6x6 or 8x8"},
      {"hunt build --dir x --position 'a b'", "--position applies to probe"},
      {"hunt build --dir x --line 5", "--line applies to probe"},
      {"hunt build --dir x --up-to -3", "--up-to"},
  });
  const std::string dir = temp_path("hunt-fh4");
  run_json("hunt build --game fox-hounds --size 4 --dir " + dir);
  expect_usage_errors(
      {{("hunt probe --size 4 --dir " + dir + " --position '..F./..../..../.H.H x'").c_str(), "' f' (fox to move)"},
       {("hunt probe --size 4 --dir " + dir + " --position '..F./..../..../.HH. f'").c_str(), "light square"}});
  fs::remove_all(dir);
}

}  // namespace

namespace {

TEST(HuntCliMountNFall, SmallBoardTablesPerftAndErrors) {
  const std::string dir = temp_path("mnf-4x4");
  const auto built = run_json("mountnfall build --size 4 --triangle 2 --dir " + dir);
  ASSERT_EQ(built["starts"].size(), 2u);
  EXPECT_EQ(built["starts"][0]["value"], "draw");  // White first
  EXPECT_EQ(built["starts"][1]["value"], "draw");  // Black first
  EXPECT_EQ(built["positions"], 150930);           // up to the 8 symmetries (1,197,074 in all)
  const auto probe =
      run_json("mountnfall probe --size 4 --triangle 2 --dir " + dir + " --position '..w1w1/...w1/b1.../b1b1.. w'");
  EXPECT_EQ(probe["moves"].size(), 6u);
  EXPECT_EQ(run_json("mountnfall verify --size 4 --triangle 2 --dir " + dir)["valid"], true);
  const auto analysed = run_json("mountnfall analyse --size 4 --triangle 2 --depth 6 --threads 2");
  EXPECT_EQ(analysed["depth"], 6);
  EXPECT_EQ(analysed["threads"], 2);
  EXPECT_FALSE(analysed["pv"].empty());
  // A won 4x4 position from the tables: the search reports the same mate distance.
  const auto won =
      run_json("mountnfall probe --size 4 --triangle 2 --dir " + dir + " --position '..../.w1b1./..w1./.... w'");
  EXPECT_EQ(won["value"], "win");
  const auto mate =
      run_json("mountnfall analyse --size 4 --triangle 2 --depth 12 --exact --position '..../.w1b1./..w1./.... w'");
  EXPECT_EQ(mate["mate_in_plies"], won["distance"]);
  // A short match on a small board: every game ends, results add up, colours alternate.
  const auto match = run_json("mountnfall match --size 5 --triangle 2 --games 4 --time 0.02 --max-plies 40");
  EXPECT_EQ(match["wins"].get<int>() + match["losses"].get<int>() + match["draws"].get<int>(), 4);
  EXPECT_EQ(match["game_results"][0]["white"], "engine");
  EXPECT_EQ(match["game_results"][1]["white"], "baseline");
  for (const auto& g : match["game_results"]) {
    EXPECT_LE(g["plies"].get<int>(), 40);
    EXPECT_EQ(g["moves"].size(), g["plies"].get<std::size_t>());  // the game's record
  }
  // A person's move, an illegal one refused with the reason, then the engine's reply.
  const std::string input = temp_path("mnf-moves.txt");
  std::ofstream(input) << "zz\ne4-e5\nquit\n";
  const auto played = run("mountnfall play --size 5 --triangle 2 --time 0.02 < " + input);
  fs::remove(input);
  EXPECT_NE(played.output.find("is not legal here"), std::string::npos) << played.output;
  EXPECT_NE(played.output.find("Engine plays"), std::string::npos) << played.output;
  const auto perft = run_json("mountnfall perft --depth 2");
  EXPECT_EQ(perft["perft"][0], 134);
  EXPECT_EQ(perft["perft"][1], 134 * 134);
  expect_usage_errors({
      {"mountnfall", "needs a mode"},
      {"mountnfall build --size 4 --triangle 2", "needs --dir"},
      {"mountnfall build --size 7 --triangle 2 --dir x", "up to 6x6"},
      // Refused before any work: an index past its placement tables, a layer past memory.
      {"mountnfall build --size 6 --triangle 4 --dir x", "too large for exact tables"},
      {"mountnfall build --size 6 --triangle 3 --dir x", "GiB; this machine has"},
      {"mountnfall perft --size 9 --depth 1", "--size must be between 4 and 8"},
      {"mountnfall perft", "--depth"},
      {"mountnfall perft --depth 2 --position 'zz w'", "rows expected"},
      {"mountnfall match --games 0", "--games"},
      {"mountnfall match --player nobody --games 1", "unknown player"},
  });
  fs::remove_all(dir);
}

// A record of the real board, which has no tables: view replays it by the rules alone, at once.
TEST(HuntCliMountNFall, ViewReplaysARecordOfABoardWithoutTables) {
  const gs::mountnfall::MountNFallPlay game(8, 5);
  auto p = game.start();
  nlohmann::json record = {{"record", "gamesolver-game"},
                           {"game", "mountnfall"},
                           {"parameters", {{"game", "mountnfall"}, {"size", 8}, {"triangle", 5}}},
                           {"start", game.format(p)},
                           {"moves", nlohmann::json::array()},
                           {"reason", "stopped"},
                           {"winner", nullptr}};
  for (int ply = 0; ply < 4; ++ply) {
    std::optional<gs::mountnfall::Position> first;
    game.for_each_move(p, [&](const auto& q) { first = first ? first : q; });
    ASSERT_TRUE(first);
    record["moves"].push_back({{"move", game.move_name(p, *first)}, {"position", game.format(*first)}});
    p = *first;
  }
  record["final_position"] = game.format(p);
  const auto path = temp_path("mnf-8x8-record.json"), page = temp_path("mnf-8x8-record.html");
  std::ofstream(path) << record.dump();
  auto r = run("view " + path + " --html " + page + " --quiet --json -");
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_EQ(nlohmann::json::parse(r.output)["frames"], 5);
  record["parameters"]["size"] = 9;
  std::ofstream(path) << record.dump();
  r = run("view " + path + " --html " + page);
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.output.find("boards are 4x4 to 8x8"), std::string::npos) << r.output;
  fs::remove(path);
  fs::remove(page);
}

}  // namespace

namespace {

// `hunt reach --dir DIR` saves its progress (here after every layer) and, killed before any of its
// renames and unlinks, resumes to the rows of one uninterrupted run; a finished directory
// reports again without work, and another game's directory is refused.
TEST(HuntCli, ReachKilledAtAnySaveResumesToTheSameRows) {
  const std::string game = "hunt reach --game fox-hounds --size 6";
  const auto clean = run_json(game)["layers"];
  ASSERT_EQ(clean.size(), 16u);
  const std::string shim = std::string("ASAN_OPTIONS=${ASAN_OPTIONS}:verify_asan_link_order=0 LD_PRELOAD=") +
                           GAMESOLVER_KILL_AT_LIBRARY + " GS_KILL_AT=";
  int killed = 0;
  const int step = gs::testing::whole_or_sanitized(5, 15);
  for (int at = 1; at < 400; at += step) {
    const std::string dir = temp_path("reach-kill-" + std::to_string(at));
    fs::remove_all(dir);
    const std::string resume = game + " --checkpoint-seconds 0 --dir " + dir;
    const auto first = run_shell(shim + std::to_string(at) + " " + GAMESOLVER_BINARY + " " + resume +
                                 " --quiet --json /dev/null 2>&1");
    if (first.code == 0) {  // finished before call `at`: every save was tried
      fs::remove_all(dir);
      break;
    }
    ++killed;
    EXPECT_EQ(run_json(resume)["layers"], clean) << "killed at call " << at;
    for (const auto& e : fs::directory_iterator(dir))  // the killed run's temporaries are gone
      EXPECT_EQ(e.path().filename().string().find(".tmp"), std::string::npos) << e.path();
    fs::remove_all(dir);
  }
  EXPECT_GT(killed * step, 100);
  const std::string dir = temp_path("reach-done");
  fs::remove_all(dir);
  EXPECT_EQ(run_json(game + " --dir " + dir)["layers"], clean);
  EXPECT_EQ(run_json(game + " --dir " + dir)["layers"], clean);  // from reach.json alone
  const auto other = run("hunt reach --game fox-hounds --size 4 --dir " + dir);
  EXPECT_EQ(other.code, 1) << other.output;
  EXPECT_NE(other.output.find("is the checkpoint of fox-hounds"), std::string::npos) << other.output;
  fs::remove_all(dir);
}

}  // namespace
