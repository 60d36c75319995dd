# Writes a C++ source whose function NAME returns the text of the file IN (a page served by the
# command), so the binary needs no file beside it.
file(READ ${IN} text)
set(body "// Generated from ${IN} by cmake/embed_page.cmake; do not edit.\n")
string(APPEND body "namespace gs::tools {\n\nconst char* ${NAME}() {\n  return R\"GSPAGE(${text})GSPAGE\";\n}\n\n}  // namespace gs::tools\n")
file(WRITE ${OUT}.tmp "${body}")
file(RENAME ${OUT}.tmp ${OUT})
