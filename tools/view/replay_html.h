// A replay as one self-contained HTML page: the frames (SVG) and captions embedded as JSON, a
// few lines of script for first / back / forward / last, a slider and the arrow keys. No server,
// no network, no library: the page opens from disk in any browser.
#pragma once

#include <string>

#include "tools/common/replay.h"

namespace gs::tools {

std::string replay_html(const Replay& replay);

}  // namespace gs::tools
