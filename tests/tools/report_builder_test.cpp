// The report builder: the text shows the JSON's values by name, in the formats it names, and a
// template that names a value never set is refused rather than printed wrong.
#include <gtest/gtest.h>

#include <stdexcept>

#include "tools/common/report_builder.h"

namespace gs::tools {
namespace {

TEST(ReportBuilder, LinesShowTheJsonValuesInTheirFormats) {
  ReportBuilder r;
  r.set("won", 75).set("deals", 100).set("win_rate", 0.75).set("ci95", {0.6553, 0.8234}).set("name", "deal {1}");
  r.set("positions.total", 23475688).set("seconds", 3.14159265).set("memory", 123.9);
  r.line("won {won} of {deals}: {win_rate:%2} % ({ci95.0:%1} to {ci95.1:%1} %)")
      .line("{positions.total} positions in {seconds:g} s ({seconds:.1} s), {memory:int} MiB")
      .raw("{not a placeholder} ")
      .line("{name}");
  const Report report = r.build();
  EXPECT_EQ(report.text,
            "won 75 of 100: 75.00 % (65.5 to 82.3 %)\n"
            "23475688 positions in 3.14159 s (3.1 s), 123 MiB\n"
            "{not a placeholder} deal {1}\n");
  EXPECT_EQ(report.json["positions"]["total"], 23475688);
  EXPECT_EQ(report.json["win_rate"], 0.75);
  EXPECT_EQ(report.json["name"], "deal {1}");
}

TEST(ReportBuilder, UnsetValuesAndUnknownFormatsAreRefused) {
  ReportBuilder r;
  r.set("won", 1).set("name", "x");
  EXPECT_THROW(r.line("{lost}"), std::logic_error);
  EXPECT_THROW(r.line("{won:%}"), std::logic_error);
  EXPECT_THROW(r.line("{name:.2}"), std::logic_error);
  EXPECT_THROW(r.line("{won"), std::logic_error);
  EXPECT_FALSE(r.has("lost"));
  EXPECT_TRUE(r.has("won"));
}

TEST(ReportBuilder, TablesAlignRightAndCutTrailingBlanks) {
  ReportBuilder r;
  const nlohmann::json rows = {{{"n", 1}, {"name", "one"}, {"note", "first"}}, {{"n", "all"}, {"name", "two"}}};
  r.table({{"n", "n", 4}, {"name", "name", 6}, {"note here", "note", 0}}, rows);
  EXPECT_EQ(r.build().text,
            "   n  name   note here\n"
            "   1   one   first\n"
            " all   two\n");
}

}  // namespace
}  // namespace gs::tools
