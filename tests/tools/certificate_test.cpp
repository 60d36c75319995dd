// Certificates of the hunt games' wins: written from small variants' tables, checked by the
// checker's own rules; tampered certificates refused with the failing record named; the
// checker's move generator against the engine's; the checker's sources apart from engine/.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <regex>
#include <set>

#include "engine/hunt/fox_geese.h"
#include "engine/hunt/fox_hounds.h"
#include "engine/hunt/tigers_goats.h"
#include "engine/mnk/mnk_game.h"
#include "solvers/probe/layer_tables.h"
#include "tests/support/cli_run.h"
#include "tests/support/temp_dir.h"
#include "tools/certificate/certificate_check.h"
#include "tools/certificate/certificate_file.h"
#include "tools/certificate/checker_rules.h"
#include "tools/hunt/hunt_jobs.h"
#include "tools/mnk/mnk_jobs.h"

namespace {

using namespace gs;
using namespace gs::tools;
using gs::testing::TempDir;

using Phase = hunt::TigersAndGoats::Phase;

HuntOptions quiet_hunt(const HuntGame& game, const std::string& dir) {
  HuntOptions o;
  o.global.quiet = true;
  o.threads = 2;
  o.game = game;
  o.dir = dir;
  o.rule = 0;
  return o;
}

// Builds the tables of `o` and writes the certificate of its position (the start by default).
CertificateCheck certify_and_check(HuntOptions o, const std::string& file) {
  hunt_build(o);
  o.output = file;
  const Report written = hunt_certify(o);
  EXPECT_EQ(written.json["records"].get<std::uint64_t>() > 0, true);
  return check_certificate(file);
}

struct Certificate {
  CertificateHeader header;
  std::vector<CertificateRecord> records;
};

Certificate read_all(const std::string& path) {
  CertificateReader reader(path);
  Certificate c{reader.header(), {}};
  for (CertificateRecord r; reader.next(r);) c.records.push_back(r);
  return c;
}

void write_all(const std::string& path, const Certificate& c) { write_certificate(path, c.header, c.records); }

TEST(Certificate, SmallVariantsCheckWithTheirClaims) {
  TempDir dir("cert");
  // Fox and Hounds 4x4: the hounds win in 8; 6x6: the fox wins in 23 (it moves first in both).
  HuntOptions fh4 = quiet_hunt(FoxAndHoundsVariant{.size = 4}, dir.file("fh4"));
  const CertificateCheck a = certify_and_check(fh4, dir.file("fh4.cert"));
  EXPECT_TRUE(a.valid) << a.failure;
  EXPECT_EQ(a.claim, "..F./..../..../.H.H f (fox to move): won for the hounds within 8 plies");
  HuntOptions fh6 = quiet_hunt(FoxAndHoundsVariant{.size = 6}, dir.file("fh6"));
  const CertificateCheck b = certify_and_check(fh6, dir.file("fh6.cert"));
  EXPECT_TRUE(b.valid) << b.failure;
  EXPECT_EQ(b.claim, "..F.../....../....../....../....../.H.H.H f (fox to move): won for the fox within 23 plies");
  EXPECT_FALSE(b.under_progress_rule);  // Fox and Hounds has no such rule
  // Tigers and Goats 3x3: with 4 goats the tigers win at one capture; with 5, two captures are
  // needed and the goats win.
  HuntOptions tg = quiet_hunt(
      hunt::TigersAndGoats::Variant{.size = 3, .goats = 4, .win_captures = 1, .phase = Phase::whole}, dir.file("tg34"));
  const CertificateCheck c = certify_and_check(tg, dir.file("tg34.cert"));
  EXPECT_TRUE(c.valid) << c.failure;
  EXPECT_EQ(c.claim, "T.T/.../T.T g 4 0 (goats to move): won for the tigers within 8 plies");
  EXPECT_TRUE(c.under_progress_rule);  // 8 plies, below the 120-ply limit
  tg.dir = dir.file("tg35");
  tg.game = hunt::TigersAndGoats::Variant{.size = 3, .goats = 5, .win_captures = 2, .phase = Phase::whole};
  const CertificateCheck d = certify_and_check(tg, dir.file("tg35.cert"));
  EXPECT_TRUE(d.valid) << d.failure;
  EXPECT_EQ(d.claim, "T.T/.../T.T g 5 0 (goats to move): won for the goats within 9 plies");
}

// Fox and Geese with 4 geese: its tables, and f(position, value) on every 7th position of them.
struct FourGeese {
  TempDir dir{"cert-fg"};
  HuntOptions options = [this] {
    HuntOptions o = quiet_hunt(hunt::FoxAndGeese::Variant{.max_geese = 4}, dir.file("fg"));
    hunt_build(o);
    return o;
  }();
  hunt::FoxAndGeese game{4};

  template <class F>
  void scan(F&& f) {
    LayerTables<hunt::FoxAndGeese> tables(game, options.dir);
    for (int layer = 0; layer < game.layer_count(); ++layer)
      for (std::uint64_t i = 0; i < game.layer_size(layer); i += 7)
        if (const auto p = game.unrank(layer, i); p && !game.terminal(*p)) f(*p, tables.value(*p));
  }
};

TEST(Certificate, FoxAndGeeseChainsOfCapturesCheck) {
  FourGeese fg;
  // The slowest win, whoever wins it: a certificate from there.
  std::optional<hunt::FoxAndGeese::Position> slowest;
  int longest = 0;
  fg.scan([&](const hunt::FoxAndGeese::Position& p, const Value& v) {
    if (v.outcome == Outcome::kWin && v.distance > longest) longest = v.distance, slowest = p;
  });
  ASSERT_TRUE(slowest);
  EXPECT_GE(longest, 5);
  HuntOptions o = fg.options;
  o.position = fg.game.format(*slowest);
  o.output = fg.dir.file("fg.cert");
  hunt_certify(o);
  const CertificateCheck c = check_certificate(o.output);
  EXPECT_TRUE(c.valid) << c.failure;
  EXPECT_NE(c.claim.find("within " + std::to_string(longest) + " plies"), std::string::npos) << c.claim;
}

TEST(Certificate, ADrawTakesOneCertificateASide) {
  FourGeese fg;
  std::optional<hunt::FoxAndGeese::Position> drawn, won;
  fg.scan([&](const hunt::FoxAndGeese::Position& p, const Value& v) {
    if (v.outcome == Outcome::kDraw && !drawn) drawn = p;
    if (v.outcome == Outcome::kWin && !won) won = p;
  });
  ASSERT_TRUE(drawn && won);
  HuntOptions o = fg.options;
  o.position = fg.game.format(*drawn);
  o.output = fg.dir.file("x.cert");
  EXPECT_THROW(hunt_certify(o), InputError);  // whose strategy?
  int tampered = 0;
  for (const char* side : {"fox", "geese"}) {
    o.side = side;
    o.output = fg.dir.file(std::string(side) + ".cert");
    hunt_certify(o);
    const CertificateCheck c = check_certificate(o.output);
    EXPECT_TRUE(c.valid) << side << ": " << c.failure;
    EXPECT_NE(c.claim.find(std::string(side) == "fox" ? "the fox does not lose" : "the geese do not lose"),
              std::string::npos)
        << c.claim;
    // A move the tables value as a loss, in place of the strategy's: refused.
    Certificate bad = read_all(o.output);
    LayerTables<hunt::FoxAndGeese> tables(fg.game, fg.options.dir);
    bool changed = false;
    for (std::size_t i = 0; i < bad.records.size() && !changed; ++i) {
      const auto p = fg.game.parse(bad.records[i].position);
      for (const auto& [m, v] : tables.moves(p))
        if (v.outcome == Outcome::kLoss && !changed) bad.records[i].move = fg.game.move_name(p, m), changed = true;
    }
    if (changed) {
      write_all(fg.dir.file("bad.cert"), bad);
      EXPECT_FALSE(check_certificate(fg.dir.file("bad.cert")).valid) << side;
      ++tampered;
    }
  }
  EXPECT_GT(tampered, 0);
  // A won position takes no --side but its winner's; a finished game has nothing to certify.
  o.position = fg.game.format(*won);
  o.side = hunt::FoxAndGeese::kSides[1 - fg.game.side(*won)];
  EXPECT_THROW(hunt_certify(o), InputError);
  o.side = "";
  o.position = ".../.../......./..GFG../......G/.../... g";  // three geese left: the fox has won
  EXPECT_THROW(hunt_certify(o), InputError);
  EXPECT_FALSE(std::filesystem::exists(fg.dir.file("x.cert")));
}

// A valid certificate of Fox and Hounds on an n x n board, in dir/good.cert (tables in dir/t).
HuntOptions fox_and_hounds_certificate(const TempDir& dir, int n) {
  HuntOptions o = quiet_hunt(FoxAndHoundsVariant{.size = n}, dir.file("t"));
  EXPECT_TRUE(certify_and_check(o, dir.file("good.cert")).valid);
  return o;
}

TEST(Certificate, TamperedCertificatesAreRefusedWithTheFailingRecordNamed) {
  TempDir dir("cert-bad");
  const HuntOptions o = fox_and_hounds_certificate(dir, 6);
  const std::string good = dir.file("good.cert");
  const Certificate original = read_all(good);
  const std::string bad = dir.file("bad.cert");
  const auto refused = [&](const Certificate& c, const std::string& expected) {
    write_all(bad, c);
    const CertificateCheck check = check_certificate(bad);
    EXPECT_FALSE(check.valid);
    EXPECT_NE(check.failure.find(expected), std::string::npos) << check.failure;
  };
  const hunt::FoxAndHounds game(6);
  LayerTables<hunt::FoxAndHounds> tables(game, o.dir);

  // One record removed (the count fixed): a reply reaches a position nothing covers.
  Certificate removed = original;
  const std::size_t gone = original.records.size() / 2;
  removed.records.erase(removed.records.begin() + static_cast<std::ptrdiff_t>(gone));
  removed.header.records -= 1;
  refused(removed, "which no record covers");

  // One move changed to another legal move that loses.
  bool changed = false;
  for (std::size_t i = 0; i < original.records.size() && !changed; ++i) {
    const auto p = game.parse(original.records[i].position);
    for (const auto& [m, v] : tables.moves(p)) {
      if (v.outcome == Outcome::kWin) continue;
      Certificate c = original;
      c.records[i].move = game.move_name(p, m);
      refused(c, "line " + std::to_string(i + 2) + " (");
      changed = true;
      break;
    }
  }
  EXPECT_TRUE(changed);

  // A distance raised: the record of a reply on the slowest line, one ply more, is no longer
  // below the distance of the record before it.
  std::size_t slowest = 0;
  for (std::size_t i = 0; i < original.records.size(); ++i)
    if (original.records[i].position != original.header.position &&
        original.records[i].distance > original.records[slowest].distance)
      slowest = i;
  Certificate raised = original;
  raised.records[slowest].distance += 1;
  refused(raised, "not below");

  // A header that claims another value, winner or distance.
  Certificate claim = original;
  claim.header.value = "loss";
  refused(claim, "the header claims loss");
  claim = original;
  claim.header.winner = claim.header.strategy = "hounds";
  refused(claim, "the hounds are not to move");
  claim = original;
  claim.header.winner = "hounds";
  refused(claim, "the header's winner is not the side");
  claim = original;
  claim.header.distance -= 2;
  refused(claim, "the header claims 21 plies");
  // A distance that would wrap around 16 bits, and one that is not a number.
  Certificate huge = original;
  huge.records[1].distance = 65537;
  refused(huge, "a distance above 65,535 plies");
  // A move that is not legal at all.
  Certificate illegal = original;
  illegal.records[0].move = "(1,1)-(8,8)";
  refused(illegal, "is not legal there");
}

TEST(Certificate, DamagedFilesAreDataErrors) {
  TempDir dir("cert-damaged");
  fox_and_hounds_certificate(dir, 4);
  const std::string good = dir.file("good.cert");
  std::string bytes;
  {
    std::ifstream in(good, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  const auto check_bytes = [&](const std::string& content) {
    const std::string path = dir.file("damaged.cert");
    std::ofstream(path, std::ios::binary) << content;
    return check_certificate(path);
  };
  EXPECT_THROW(check_bytes(bytes.substr(0, bytes.size() / 2)), DataError);  // cut short
  std::string flipped = bytes;
  flipped[flipped.size() / 2] ^= 0x20;
  EXPECT_THROW(check_bytes(flipped), DataError);  // the frame's checksum
  EXPECT_THROW(check_bytes(""), DataError);
  EXPECT_THROW(check_bytes("gamesolver-certificate 1\n"), DataError);  // not compressed
  EXPECT_THROW(check_certificate(dir.file("missing.cert")), DataError);
  // Out of order, and an unknown game.
  Certificate c = read_all(good);
  std::swap(c.records.front(), c.records.back());
  EXPECT_THROW(write_all(dir.file("x.cert"), c), DataError);
  c = read_all(good);
  c.header.game = "chess";
  write_all(dir.file("chess.cert"), c);
  EXPECT_THROW(check_certificate(dir.file("chess.cert")), DataError);
}

TEST(Certificate, TheSameBytesWithOneAndTwoThreads) {
  TempDir dir("cert-threads");
  std::string bytes[2];
  for (int threads : {1, 2}) {
    const cli::ThreadLimit limit(threads);
    HuntOptions o =
        quiet_hunt(hunt::TigersAndGoats::Variant{.size = 3, .goats = 4, .win_captures = 1, .phase = Phase::whole},
                   dir.file("t" + std::to_string(threads)));
    o.threads = threads;
    hunt_build(o);
    o.output = dir.file("t" + std::to_string(threads) + ".cert");
    hunt_certify(o);
    std::ifstream in(o.output, std::ios::binary);
    bytes[threads - 1].assign(std::istreambuf_iterator<char>(in), {});
  }
  EXPECT_FALSE(bytes[0].empty());
  EXPECT_EQ(bytes[0], bytes[1]);
}

// The checker's rules against the engine's on every position of random games: the same moves
// (names and positions reached) and the same end.
template <class G>
void expect_same_rules(const G& game, const std::string& variant, int games, std::uint64_t seed) {
  const std::unique_ptr<CheckerRules> rules = checker_rules(G::kName, variant);
  std::mt19937_64 random(seed);
  std::size_t positions = 0;
  for (int g = 0; g < games; ++g) {
    auto p = game.start();
    for (int ply = 0; ply < 400; ++ply) {
      const std::string text = game.format(p);
      const std::uint64_t k = rules->parse(text);
      ASSERT_EQ(rules->format(k), text);
      ASSERT_EQ(rules->to_move(k), game.side(p)) << text;
      std::set<std::pair<std::string, std::string>> engine_moves, checker_moves;
      std::vector<typename G::Position> next;
      const auto end = game.terminal(p);
      if (!end)
        game.for_each_move(p, [&](const typename G::Move& m) {
          engine_moves.insert({game.move_name(p, m), game.format(game.play(p, m))});
          next.push_back(game.play(p, m));
        });
      for (const CheckerMove& m : rules->moves(k)) checker_moves.insert({m.name, rules->format(m.next)});
      ASSERT_EQ(engine_moves, checker_moves) << text;
      const int engine_winner =
          end ? (*end == Outcome::kWin ? game.side(p) : 1 - game.side(p)) : (next.empty() ? 1 - game.side(p) : -1);
      ASSERT_EQ(rules->winner(k), engine_winner) << text;
      ++positions;
      if (next.empty()) break;
      p = next[random() % next.size()];
    }
  }
  EXPECT_GT(positions, static_cast<std::size_t>(games));
}

TEST(Certificate, CheckerRulesMatchTheEngineOnRandomGames) {
  for (int n : {4, 6, 8}) expect_same_rules(hunt::FoxAndHounds(n), std::to_string(n) + "x" + std::to_string(n), 300, 1);
  for (const auto& [n, goats, win] : std::vector<std::array<int, 3>>{{3, 4, 1}, {4, 10, 4}, {5, 20, 5}}) {
    const hunt::TigersAndGoats game(
        {.size = n, .goats = goats, .win_captures = win, .phase = hunt::TigersAndGoats::Phase::whole});
    expect_same_rules(game, game.variant(), 300, 2);
  }
  const hunt::FoxAndGeese geese(13);
  expect_same_rules(geese, geese.variant(), 300, 3);
}

// The same for m,n,k, whose engine names its moves by cell.
void expect_same_mnk_rules(const mnk::MnkGame& game, int games, std::uint64_t seed) {
  const std::unique_ptr<CheckerRules> rules = checker_rules("mnk", game.name());
  std::mt19937_64 random(seed);
  for (int g = 0; g < games; ++g) {
    mnk::Position p;
    for (;;) {
      const std::string text = game.format(p);
      const std::uint64_t k = rules->parse(text);
      ASSERT_EQ(rules->format(k), text);
      std::set<std::pair<std::string, std::string>> engine_moves, checker_moves;
      std::vector<mnk::Position> next;
      if (!game.is_terminal(p))
        game.for_each_move(p, [&](int cell, mnk::Position q) {
          engine_moves.insert({game.cell_name(cell), game.format(q)});
          next.push_back(q);
        });
      for (const CheckerMove& m : rules->moves(k)) checker_moves.insert({m.name, rules->format(m.next)});
      ASSERT_EQ(engine_moves, checker_moves) << text;
      const int mover = mnk::MnkGame::to_move(p) == mnk::Player::x ? 0 : 1;
      const int engine_winner = game.won_by_last_mover(p) ? 1 - mover
                                : game.is_terminal(p)     ? CheckerRules::kDrawn
                                                          : CheckerRules::kGoesOn;
      ASSERT_EQ(rules->winner(k), engine_winner) << text;
      if (next.empty()) break;
      p = next[random() % next.size()];
    }
  }
}

TEST(Certificate, CheckerRulesMatchTheMnkEngineOnRandomGames) {
  expect_same_mnk_rules(mnk::MnkGame(3, 3, 3), 300, 4);
  expect_same_mnk_rules(mnk::MnkGame(6, 5, 4), 300, 5);
  expect_same_mnk_rules(mnk::MnkGame(4, 8, 4), 100, 6);
}

TEST(Certificate, MnkWinsFromProofNumberSearchCheck) {
  TempDir dir("cert-mnk");
  MnkOptions options;
  options.global.quiet = true;
  mnk_certify(mnk::MnkGame(4, 4, 3), options, std::nullopt, dir.file("443.cert"));
  const CertificateCheck c = check_certificate(dir.file("443.cert"));
  EXPECT_TRUE(c.valid) << c.failure;
  EXPECT_EQ(c.claim, "..../..../..../.... (X to move): won for X within 11 plies");
  // A win at once: one record. Changed to a move that lets O draw: refused.
  mnk_certify(mnk::MnkGame(3, 3, 3), options, "XX./OO./...", dir.file("ttt.cert"));
  Certificate t = read_all(dir.file("ttt.cert"));
  ASSERT_EQ(t.records.size(), 1u);
  EXPECT_EQ(t.records[0].move, "c3");
  EXPECT_TRUE(check_certificate(dir.file("ttt.cert")).valid);
  // Tic-tac-toe is a draw: nothing to certify from the empty board.
  EXPECT_THROW(mnk_certify(mnk::MnkGame(3, 3, 3), options, std::nullopt, dir.file("x.cert")), InputError);
}

TEST(Certificate, TheCheckerIncludesNoGameOfTheEngineAndNoSolver) {
  const std::regex include(R"(#include\s+"([^"]+)\")");
  for (const char* file : {"checker_rules.h", "checker_rules.cpp", "certificate_check.h", "certificate_check.cpp"}) {
    std::ifstream in(std::string(GAMESOLVER_SOURCE_DIR) + "/tools/certificate/" + file);
    ASSERT_TRUE(in) << file;
    int includes = 0;
    for (std::string line; std::getline(in, line);) {
      std::smatch m;
      if (!std::regex_search(line, m, include)) continue;
      ++includes;
      const std::string header = m[1];
      EXPECT_TRUE(header == "engine/core/errors.h" || header.starts_with("tools/certificate/"))
          << file << " includes " << header;
    }
    if (std::string(file).ends_with(".cpp")) {
      EXPECT_GT(includes, 0) << file;  // the pattern finds them
    }
  }
}

TEST(CertificateCli, CertifyAndCheckFromTheCommandLine) {
  TempDir dir("cert-cli");
  const std::string tables = dir.file("t"), file = dir.file("fh.cert.zst");
  EXPECT_EQ(gs::testing::run("hunt build --game fox-hounds --size 6 --dir " + tables + " --quiet").code, 0);
  const auto written = gs::testing::run("hunt certify --game fox-hounds --size 6 --dir " + tables + " --output " +
                                        file + " --quiet --json -");
  ASSERT_EQ(written.code, 0) << written.output;
  EXPECT_EQ(nlohmann::json::parse(written.output)["winner"], "fox");
  const auto checked = gs::testing::run("certificate check " + file + " --quiet --json -");
  EXPECT_EQ(checked.code, 0) << checked.output;
  EXPECT_EQ(nlohmann::json::parse(checked.output)["valid"], true);
  const auto text = gs::testing::run("certificate check " + file);
  EXPECT_NE(text.output.find("valid: ..F..."), std::string::npos) << text.output;
  // A certificate that does not hold: exit 1 and the reason.
  Certificate c = read_all(file);
  c.header.distance = 3;
  write_all(dir.file("bad.cert"), c);
  const auto bad = gs::testing::run("certificate check " + dir.file("bad.cert"));
  EXPECT_EQ(bad.code, 1);
  EXPECT_NE(bad.output.find("invalid: the header claims 3 plies"), std::string::npos) << bad.output;
  EXPECT_EQ(gs::testing::run("certificate check " + dir.file("none.cert")).code, 1);
  gs::testing::expect_usage_errors({
      {"certificate check", "usage: gamesolver certificate check FILE"},
      {"hunt certify --game fox-hounds --dir d", "hunt certify needs --output FILE"},
      {"hunt probe --game fox-hounds --dir d --output f", "--output applies to certify"},
      {"hunt probe --game fox-hounds --dir d --tables t", "--tables applies to reach"},
      {"hunt reach --game fox-hounds --side fox", "--side needs --tables"},
  });
}

}  // namespace

namespace {

// Every published certificate but the Fox and Geese whole game's (a minute: the long suite
// checks it) holds, every SHA-256 is the published one, and this build writes the 8x8 one
// byte for byte again.
TEST(Certificate, PublishedCertificatesCheckAndAreRewrittenIdentically) {
  const std::string published = std::string(GAMESOLVER_SOURCE_DIR) + "/data/certificates";
  int checked = 0;
  for (const auto& entry : std::filesystem::directory_iterator(published)) {
    if (!entry.path().string().ends_with(".cert.zst") || entry.path().filename() == "fox-geese-13.cert.zst") continue;
    const CertificateCheck c = check_certificate(entry.path().string());
    EXPECT_TRUE(c.valid) << entry.path() << ": " << c.failure;
    ++checked;
  }
  EXPECT_EQ(checked, 4);
  const auto sums = gs::testing::run_shell("cd " + published + " && sha256sum --check --quiet SHA256SUMS 2>&1");
  EXPECT_EQ(sums.code, 0) << sums.output;
  TempDir dir("cert-published");
  HuntOptions o = quiet_hunt(FoxAndHoundsVariant{}, dir.file("t"));
  hunt_build(o);
  o.output = dir.file("fox-hounds-8x8.cert.zst");
  hunt_certify(o);
  std::ifstream a(o.output, std::ios::binary), b(published + "/fox-hounds-8x8.cert.zst", std::ios::binary);
  const std::string ours((std::istreambuf_iterator<char>(a)), {}), theirs((std::istreambuf_iterator<char>(b)), {});
  EXPECT_EQ(ours, theirs);
}

}  // namespace

namespace {

// The index positions reached from the start, against a plain breadth-first search over the
// engine's moves (every position, its place in the index looked up).
template <class G>
void expect_reach_equals_search(const G& game, const HuntOptions& options) {
  std::set<std::pair<int, std::uint64_t>> seen;
  std::vector<typename G::Position> queue = {game.start()};
  seen.insert({game.locate(game.start()).layer, game.locate(game.start()).index});
  for (std::size_t i = 0; i < queue.size(); ++i) {
    const auto p = queue[i];  // a copy: the queue grows below
    if (game.terminal(p)) continue;
    game.for_each_move(p, [&](const typename G::Move& m) {
      const auto next = game.play(p, m);
      const LayerIndex at = game.locate(next);
      if (at.layer >= 0 && seen.insert({at.layer, at.index}).second) queue.push_back(next);
    });
  }
  std::map<int, std::uint64_t> by_layer;
  for (const auto& [layer, index] : seen) ++by_layer[layer];
  const Report r = hunt_reach(options);
  EXPECT_EQ(r.json["reached"].get<std::uint64_t>(), seen.size()) << G::kName;
  for (const auto& row : r.json["layers"]) {
    const int layer = row["layer"].get<int>();
    EXPECT_EQ(row["reached"].get<std::uint64_t>(), by_layer.count(layer) ? by_layer[layer] : 0) << layer;
  }
}

// A side's strategy (the move the tables list first at its positions, every move at the other
// side's), against a plain breadth-first search over the index's positions.
template <class G>
void expect_strategy_reach_equals_search(const G& game, HuntOptions options, const std::string& side) {
  LayerTables<G> tables(game, options.dir);
  const int s = side == G::kSides[0] ? 0 : 1;
  std::set<std::pair<int, std::uint64_t>> seen;
  std::vector<LayerIndex> queue = {game.locate(game.start())};
  seen.insert({queue[0].layer, queue[0].index});
  std::uint64_t to_move = 0;
  for (std::size_t i = 0; i < queue.size(); ++i) {
    const auto p = *game.unrank(queue[i].layer, queue[i].index);
    if (game.terminal(p)) continue;
    const auto visit = [&](const typename G::Position& next) {
      const LayerIndex at = game.locate(next);
      if (at.layer >= 0 && seen.insert({at.layer, at.index}).second) queue.push_back(at);
    };
    if (game.side(p) == s) {
      ++to_move;
      const auto moves = tables.moves(p, std::nullopt);
      ASSERT_FALSE(moves.empty());
      visit(game.play(p, moves.front().first));
    } else {
      game.for_each_move(p, [&](const typename G::Move& m) { visit(game.play(p, m)); });
    }
  }
  options.tables = options.dir, options.dir = "", options.side = side;
  const Report r = hunt_reach(options);
  EXPECT_EQ(r.json["reached"].get<std::uint64_t>(), seen.size()) << G::kName << " " << side;
  EXPECT_EQ(r.json["strategy"]["to_move"].get<std::uint64_t>(), to_move) << G::kName << " " << side;
}

TEST(CertificateReach, AStrategyEqualsABreadthFirstSearchAndItsCertificate) {
  TempDir dir("strategy-reach");
  // Fox and Hounds 6x6, won by the fox: the records of its certificate are the strategy's
  // positions with the fox to move.
  HuntOptions fh = quiet_hunt(FoxAndHoundsVariant{.size = 6}, dir.file("fh"));
  hunt_build(fh);
  expect_strategy_reach_equals_search(hunt::FoxAndHounds(6), fh, "fox");
  fh.output = dir.file("fh.cert.zst");
  const Report certified = hunt_certify(fh);
  HuntOptions strategy = fh;
  strategy.tables = fh.dir, strategy.dir = "", strategy.output = "";
  EXPECT_EQ(hunt_reach(strategy).json["strategy"]["to_move"], certified.json["records"]);
  // A drawn Tigers and Goats variant (the smallest of the 4x4 board): the goats' strategy that
  // never loses (the tigers' is six times as large).
  const hunt::TigersAndGoats::Variant v{.size = 4, .goats = 12, .win_captures = 5, .phase = Phase::whole};
  HuntOptions tg = quiet_hunt(v, dir.file("tg"));
  hunt_build(tg);
  const hunt::TigersAndGoats game({.size = 4, .goats = 12, .win_captures = 5, .phase = Phase::whole});
  EXPECT_EQ(LayerTables<hunt::TigersAndGoats>(game, tg.dir).value(game.start()).outcome, Outcome::kDraw);
  expect_strategy_reach_equals_search(game, tg, "goats");
  // Tables built part way are refused.
  HuntOptions part = quiet_hunt(FoxAndHoundsVariant{.size = 6}, dir.file("part"));
  part.up_to = 3;
  hunt_build(part);
  part.tables = part.dir, part.dir = "", part.up_to.reset();
  EXPECT_THROW(hunt_reach(part), InputError);
  // A won start names its winner; a draw needs a side; a side needs tables.
  strategy.side = "hounds";
  EXPECT_THROW(hunt_reach(strategy), InputError);
  tg.tables = tg.dir, tg.dir = "";
  EXPECT_THROW(hunt_reach(tg), InputError);
  tg.tables = "", tg.side = "goats";
  EXPECT_THROW(hunt_reach(tg), InputError);
}

// The published reach counts (data/reach/) that a test can afford to recompute are recomputed.
TEST(CertificateReach, PublishedCountsOfFoxAndHoundsAreReproduced) {
  std::ifstream in(std::string(GAMESOLVER_SOURCE_DIR) + "/data/reach/fox-hounds-8x8.json");
  const nlohmann::json published = nlohmann::json::parse(in);
  const Report r = hunt_reach(quiet_hunt(FoxAndHoundsVariant{}, ""));
  for (const char* key : {"game", "variant", "entries", "reached", "layers"})
    EXPECT_EQ(r.json[key], published[key]) << key;
}

// The others, too large to recompute here, are at least whole: the layers 0 to n - 1 once each,
// none reaching more than its entries, and they sum to the totals.
TEST(CertificateReach, EveryPublishedCountIsWhole) {
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(GAMESOLVER_SOURCE_DIR) + "/data/reach")) {
    if (entry.path().extension() != ".json") continue;
    ++files;
    std::ifstream in(entry.path());
    const nlohmann::json published = nlohmann::json::parse(in);
    const std::string name = entry.path().filename().string();
    std::uint64_t entries = 0, reached = 0;
    std::set<std::uint64_t> layers;
    for (const auto& l : published.at("layers")) {
      EXPECT_LE(l.at("reached").get<std::uint64_t>(), l.at("entries").get<std::uint64_t>()) << name;
      EXPECT_TRUE(layers.insert(l.at("layer").get<std::uint64_t>()).second) << name;
      entries += l.at("entries").get<std::uint64_t>(), reached += l.at("reached").get<std::uint64_t>();
    }
    EXPECT_EQ(entries, published.at("entries").get<std::uint64_t>()) << name;
    EXPECT_EQ(reached, published.at("reached").get<std::uint64_t>()) << name;
    ASSERT_FALSE(layers.empty()) << name;
    EXPECT_EQ(*layers.begin(), 0U) << name;
    EXPECT_EQ(*layers.rbegin() + 1, layers.size()) << name;
  }
  EXPECT_GE(files, 4);
}

TEST(CertificateReach, EqualsABreadthFirstSearchOfSmallVariants) {
  HuntOptions fh = quiet_hunt(FoxAndHoundsVariant{.size = 6}, "");
  expect_reach_equals_search(hunt::FoxAndHounds(6), fh);
  HuntOptions tg =
      quiet_hunt(hunt::TigersAndGoats::Variant{.size = 4, .goats = 3, .win_captures = 2, .phase = Phase::whole}, "");
  expect_reach_equals_search(
      hunt::TigersAndGoats({.size = 4, .goats = 3, .win_captures = 2, .phase = hunt::TigersAndGoats::Phase::whole}),
      tg);
  // The sliding phase alone does not hold the start.
  tg.game = hunt::TigersAndGoats::Variant{.size = 4, .goats = 3, .win_captures = 2, .phase = Phase::sliding};
  EXPECT_THROW(hunt_reach(tg), InputError);
}

}  // namespace
