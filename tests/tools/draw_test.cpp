// The pictures' generic parts: a move's arrow found by comparing two diagrams, SVG text escaped,
// and the refusals of --svg. (The pictures of each mode are checked in tests/pictures.)
#include <gtest/gtest.h>

#include <filesystem>

#include "tests/support/cli_run.h"
#include "tools/draw/column_chart.h"
#include "tools/draw/diagram.h"

namespace gs::draw {
namespace {

// Five points in a row, 0..4.
Diagram row_of_five(std::vector<Diagram::Piece> pieces) {
  Diagram d;
  for (int i = 0; i < 5; ++i) d.points.push_back({.x = double(i), .y = 0, .name = "p" + std::to_string(i)});
  d.pieces = std::move(pieces);
  return d;
}

TEST(Draw, MoveArrowsFromTwoDiagrams) {
  // A step, and a jump that takes a piece of the other kind: from where the mover left.
  auto a = move_arrow(row_of_five({{.point = 0, .kind = "fox"}}), row_of_five({{.point = 1, .kind = "fox"}}));
  EXPECT_EQ(a.from, 0);
  EXPECT_EQ(a.to, 1);
  a = move_arrow(row_of_five({{.point = 0, .kind = "fox"}, {.point = 1, .kind = "goose"}}),
                 row_of_five({{.point = 2, .kind = "fox"}}));
  EXPECT_EQ(a.from, 0);
  EXPECT_EQ(a.to, 2);
  // A piece put on the board: a ring where it arrived.
  a = move_arrow(row_of_five({}), row_of_five({{.point = 3, .kind = "goat"}}));
  EXPECT_EQ(a.from, 3);
  EXPECT_EQ(a.to, 3);
  // A collapse: a stack of 3 on p0 laid on p1..p3, taking a black piece on p2: to the farthest.
  a = move_arrow(row_of_five({{.point = 0, .kind = "white", .text = "3"}, {.point = 2, .kind = "black", .text = "1"}}),
                 row_of_five({{.point = 1, .kind = "white", .text = "1"},
                              {.point = 2, .kind = "white", .text = "1"},
                              {.point = 3, .kind = "white", .text = "1"}}));
  EXPECT_EQ(a.from, 0);
  EXPECT_EQ(a.to, 3);
  // A pile-up: singles on p0 and p1 walk onto the stack on p3 (its height changes).
  a = move_arrow(row_of_five({{.point = 0, .kind = "white", .text = "1"},
                              {.point = 1, .kind = "white", .text = "1"},
                              {.point = 3, .kind = "white", .text = "2"}}),
                 row_of_five({{.point = 3, .kind = "white", .text = "4"}}));
  EXPECT_EQ(a.from, 0);
  EXPECT_EQ(a.to, 3);
}

TEST(Draw, SvgEscapesNamesAndCaptions) {
  Diagram d = row_of_five({{.point = 1, .kind = "peg"}});
  d.points[1].name = "a<b&\"c\"";
  d.caption = "<caption>";
  const std::string svg = diagram_svg(d);
  EXPECT_NE(svg.find("data-point=\"a&lt;b&amp;&quot;c&quot;\""), std::string::npos) << svg;
  EXPECT_NE(svg.find("&lt;caption&gt;"), std::string::npos);
  EXPECT_EQ(svg.find("<caption>"), std::string::npos);
}

TEST(Draw, ColumnChartDrawsOneColumnAPositiveValue) {
  const std::string svg = svg_column_chart({.title = "t",
                                            .labels = {"a", "b", "c"},
                                            .series = {"s", "u"},
                                            .values = {{1, 0, 1000}, {5, 6, -1}},
                                            .log_scale = true});
  int columns = 0;
  for (std::size_t at = svg.find("<title>"); at != std::string::npos; at = svg.find("<title>", at + 1)) ++columns;
  EXPECT_EQ(columns, 4);
}

TEST(DrawCli, SvgIsRefusedWhereNothingIsDrawnAndWrittenWholeOrNotAtAll) {
  const std::string dir = gs::testing::temp_path("draw-cli");
  std::filesystem::create_directories(dir);
  auto r = gs::testing::run("peg boards --svg " + dir + "/b.svg");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.output.find("draws no picture"), std::string::npos) << r.output;
  EXPECT_FALSE(std::filesystem::exists(dir + "/b.svg"));
  // An unwritable place: exit 1 naming it, and no file left behind (nor a temporary).
  r = gs::testing::run("peg --board triangle4 --svg " + dir + "/missing/x.svg --quiet");
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.output.find(dir + "/missing/x.svg"), std::string::npos) << r.output;
  r = gs::testing::run("peg --board triangle4 --json " + dir + "/missing/x.json --quiet");
  EXPECT_EQ(r.code, 1);
  r = gs::testing::run("peg --board triangle4 --svg " + dir + "/ok.svg --json " + dir + "/ok.json --quiet");
  EXPECT_EQ(r.code, 0) << r.output;
  EXPECT_TRUE(std::filesystem::file_size(dir + "/ok.svg") > 100);
  EXPECT_TRUE(std::filesystem::file_size(dir + "/ok.json") > 10);
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    EXPECT_EQ(entry.path().string().find(".tmp."), std::string::npos) << entry.path();
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace gs::draw
