#include "tools/view/replay_html.h"

#include <nlohmann/json.hpp>

#include "tools/draw/diagram.h"

namespace gs::tools {

namespace {

// The page's script reads the frames from the JSON island; `</` is escaped there so no frame can
// close the script element early.
const char* kPage = R"page(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>@TITLE@</title>
<style>
  body { font-family: sans-serif; margin: 1.5em; background: #fcfbf8; color: #222; }
  h1 { font-size: 1.2em; font-weight: normal; }
  #controls { margin: 0.8em 0; display: flex; gap: 0.4em; align-items: center; flex-wrap: wrap; }
  button { font-size: 1em; padding: 0.2em 0.7em; }
  #slider { width: 22em; }
  #caption { font-weight: bold; min-width: 12em; }
  #board svg { max-width: 95vw; height: auto; }
</style>
</head>
<body>
<h1>@TITLE@</h1>
<div id="controls">
  <button id="first" title="first (Home)">&#x23EE;</button>
  <button id="back" title="back (left arrow)">&#x25C0;</button>
  <button id="next" title="forward (right arrow)">&#x25B6;</button>
  <button id="last" title="last (End)">&#x23ED;</button>
  <input id="slider" type="range" min="0" value="0">
  <span id="step"></span>
  <span id="caption"></span>
</div>
<div id="board"></div>
<p id="final" hidden>@FINAL@</p>
<script id="replay" type="application/json">@DATA@</script>
<script>
  const replay = JSON.parse(document.getElementById("replay").textContent);
  const slider = document.getElementById("slider");
  let at = 0;
  slider.max = replay.frames.length - 1;
  function show(i) {
    at = Math.max(0, Math.min(replay.frames.length - 1, i));
    document.getElementById("board").innerHTML = replay.frames[at];
    document.getElementById("caption").textContent = replay.captions[at];
    document.getElementById("step").textContent = at + " / " + (replay.frames.length - 1);
    document.body.dataset.frame = at;
    slider.value = at;
  }
  document.getElementById("first").onclick = () => show(0);
  document.getElementById("back").onclick = () => show(at - 1);
  document.getElementById("next").onclick = () => show(at + 1);
  document.getElementById("last").onclick = () => show(replay.frames.length - 1);
  slider.oninput = () => show(Number(slider.value));
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") show(at + 1);
    if (e.key === "ArrowLeft") show(at - 1);
    if (e.key === "Home") show(0);
    if (e.key === "End") show(replay.frames.length - 1);
  });
  show(0);
</script>
</body>
</html>
)page";

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
}

}  // namespace

std::string replay_html(const Replay& replay) {
  std::string data = nlohmann::json{{"frames", replay.frames}, {"captions", replay.captions}}.dump();
  replace_all(data, "</", "<\\/");
  std::string page = kPage;
  replace_all(page, "@TITLE@", draw::xml_escaped(replay.title));
  replace_all(page, "@FINAL@", draw::xml_escaped(replay.final_position));
  replace_all(page, "@DATA@", data);
  return page;
}

}  // namespace gs::tools
