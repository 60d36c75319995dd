// `gamesolver certificate check FILE`: a certificate of a won position checked with the
// checker's own rules, no table read (docs/certificates.md).
#include <nlohmann/json.hpp>

#include "engine/core/errors.h"
#include "tools/certificate/certificate_check.h"
#include "tools/common/cli.h"
#include "tools/common/command.h"

namespace gs::tools {

namespace {

struct CertificateOptions {};

const char* kAbout = R"(A certificate proves the value of a position of a hunt game or an m,n,k game. A win: it holds
the winner's move and distance for every position the winner can face when it follows its
strategy and the other side plays anything. A draw: one certificate a side, each holding that
side's strategy that never loses. The check replays every record with its own move generator,
written from docs/rules/ apart from the engine that built the tables: every move legal, every
reply covered, and for a win distances falling by at least 2 a turn (so the win comes within
the claimed plies, and no repetition or no-progress rule can stop it when the claim is below
the rule's limit). Format and proof: docs/certificates.md. Exit 0: the claim holds; 1: it does
not (the first failing record is named) or the file is damaged.
)";

const char* kExamples = R"(  gamesolver certificate check data/certificates/fox-hounds-8x8.cert.zst
  gamesolver certificate check data/certificates/mnk-6-5-4.cert.zst
  gamesolver hunt certify --game fox-hounds --dir tables --output fh.cert.zst
  gamesolver certificate check fh.cert.zst
  gamesolver hunt certify --game tigers-goats --size 4 --goats 12 --win-captures 5 --dir t --side goats -o g.cert.zst
)";

}  // namespace

Command certificate_command() {
  Command command{.name = "certificate",
                  .summary = "check a certificate of a win or a draw (hunt games, m,n,k), without the tables",
                  .about = kAbout,
                  .examples = kExamples,
                  .self_checks = [] { return std::vector<SelfCheck>{}; }};  // no game of its own
  return make_command<CertificateOptions>(
      std::move(command), [](po::options_description&, CertificateOptions&) {},
      {{{.name = "check",
         .synopsis = "check FILE",
         .summary = "check the certificate FILE (its claim, every record, every reply)",
         .takes_file = true},
        [](CertificateOptions&, const Invocation& in) {
          if (in.file.empty()) throw InputError("usage: gamesolver certificate check FILE");
          const cli::Stopwatch clock;
          const CertificateCheck c = check_certificate(in.file);
          std::string text;
          if (c.valid) {
            text = "valid: " + c.claim + "\n  " + std::to_string(c.records) + " records, " + std::to_string(c.replies) +
                   " replies checked";
            if (c.under_progress_rule)
              text += "; the win takes fewer plies than the " + std::to_string(c.progress_limit) +
                      "-ply no-progress limit, so it stands under that rule too";
            text += "\n";
          } else {
            text = "invalid: " + c.failure + "\n";
          }
          text += "  " + std::to_string(clock.seconds()) + " s, peak " +
                  std::to_string(static_cast<int>(cli::peak_memory_mib())) + " MiB\n";
          nlohmann::json json{{"file", in.file},
                              {"valid", c.valid},
                              {"claim", c.claim},
                              {"failure", c.failure},
                              {"records", c.records},
                              {"replies", c.replies},
                              {"under_progress_rule", c.under_progress_rule},
                              {"seconds", clock.seconds()},
                              {"peak_memory_mib", cli::peak_memory_mib()}};
          cli::emit(in.global, Report{std::move(json), text});
          return c.valid ? 0 : 1;
        }}});
}

}  // namespace gs::tools
