// The last step of every certify job (hunt certify, mnk certify): the records sorted as the
// format requires, the file written, and the job's report (the claim, the file's size, time and
// memory) built once for every game.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tools/certificate/certificate_file.h"
#include "tools/common/cli.h"

namespace gs::tools {

// `claim`: the report's first line; `extra`: the job's own JSON keys; `clock`: started with the job.
Report write_certificate_report(const std::string& path, const CertificateHeader& header,
                                std::vector<CertificateRecord> records, const std::string& claim,
                                const nlohmann::json& extra, const cli::Stopwatch& clock);

}  // namespace gs::tools
