# cdoctest CMake package: find_package(cdoctest CONFIG) finds this file when cdoctest_DIR (or a
# PATHS hint) is the directory `cdoctest-run --cmake-dir` prints. It sets
#   CDOCTEST_RUN_EXECUTABLE  the cdoctest-run program (a cache variable you may override)
# and provides cdoctest_discover_tests() (Cdoctest.cmake). See docs/runner.md, "CTest".

# The program next to this package: the environment's bin/ for an installed wheel
# (<prefix>/lib/pythonX.Y/site-packages/cdoctest_runner/cmake), the checkout's .venv for an
# editable install (<checkout>/cdoctest_runner/cmake), then PATH.
find_program(CDOCTEST_RUN_EXECUTABLE
  NAMES cdoctest-run
  HINTS
    "${CMAKE_CURRENT_LIST_DIR}/../../../../../bin"
    "${CMAKE_CURRENT_LIST_DIR}/../../../../../Scripts"
    "${CMAKE_CURRENT_LIST_DIR}/../../.venv/bin"
    ENV VIRTUAL_ENV
  PATH_SUFFIXES bin
  DOC "the cdoctest-run program that lists and runs cdoctest blocks")

if(NOT CDOCTEST_RUN_EXECUTABLE)
  set(cdoctest_FOUND FALSE)
  set(cdoctest_NOT_FOUND_MESSAGE
    "cdoctest-run was not found; pass -DCDOCTEST_RUN_EXECUTABLE=/path/to/cdoctest-run")
  return()
endif()

include("${CMAKE_CURRENT_LIST_DIR}/Cdoctest.cmake")
