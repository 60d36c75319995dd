# Unity builds by folder (-DGAMESOLVER_UNITY=ON; scripts/test.sh, the sanitizer builds and
# clang-tidy's turn it on). A clean build compiles each folder's sources a few at a time as one
# translation unit: the headers and templates they share are parsed and instantiated once per
# group, not once per file. Groups never mix folders, so the names a source keeps in its
# anonymous namespace (a command's kExamples, say) need only differ from its neighbours'; a
# game's test file that names its game's types generically (Position, Plain) keeps them in a
# namespace named after the file.
# Off by default: an edit then recompiles one file, not its group.
option(GAMESOLVER_UNITY "Compile each folder's sources in groups (faster clean builds, slower edits)" OFF)
set(GAMESOLVER_UNITY_GROUP_SIZE 6 CACHE STRING "Sources per unity group")

function(gamesolver_unity_by_folder target)
  if(NOT GAMESOLVER_UNITY)
    return()
  endif()
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_MODE GROUP)
  # g++ warns of a type with an anonymous-namespace member defined outside the main file, which
  # is meant for headers: in a group every source but the generated one is outside it.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(${target} PRIVATE -Wno-subobject-linkage)
  endif()
  get_target_property(sources ${target} SOURCES)
  get_target_property(target_dir ${target} SOURCE_DIR)
  foreach(source IN LISTS sources)
    if(NOT source MATCHES "\\.cpp$")
      continue()
    endif()
    get_filename_component(path ${source} ABSOLUTE BASE_DIR ${target_dir})
    get_source_file_property(skip ${path} TARGET_DIRECTORY ${target} SKIP_UNITY_BUILD_INCLUSION)
    if(skip)
      continue()
    endif()
    # The group is the source's place among its folder's sources, the same for every target that
    # compiles it (a source's properties are shared by the targets of one directory).
    get_filename_component(folder ${path} DIRECTORY)
    file(GLOB neighbours ${folder}/*.cpp)
    list(FIND neighbours ${path} place)
    math(EXPR chunk "${place} / ${GAMESOLVER_UNITY_GROUP_SIZE}")
    file(RELATIVE_PATH name ${CMAKE_SOURCE_DIR} ${folder})
    string(MAKE_C_IDENTIFIER "${name}_${chunk}" group)
    set_source_files_properties(${path} TARGET_DIRECTORY ${target} PROPERTIES UNITY_GROUP ${group})
  endforeach()
endfunction()
