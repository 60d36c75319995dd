// The published certificate of the Fox and Geese whole game, checked without tables (a few
// million records: a minute).
#include <gtest/gtest.h>

#include <string>

#include "tools/certificate/certificate_check.h"

namespace {

// The published certificate of the Fox and Geese whole game: the geese win within 86 plies.
TEST(CertificateLong, FoxAndGeeseWholeGameCertificateHolds) {
  const gs::tools::CertificateCheck c =
      gs::tools::check_certificate(std::string(GAMESOLVER_SOURCE_DIR) + "/data/certificates/fox-geese-13.cert.zst");
  EXPECT_TRUE(c.valid) << c.failure;
  EXPECT_NE(c.claim.find("won for the geese within 86 plies"), std::string::npos) << c.claim;
  EXPECT_EQ(c.records, 3'899'655U);
}

}  // namespace
