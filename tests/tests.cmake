# Every tests/test_*.c is one test program (linked with tests/testutil.c,
# libpkc, GMP and the peers found), and every tests/test_*.sh one shell
# test; both are registered with CTest under the file's stem.
# Shell tests get PKC=<path of build/pkc>, SRC=<source dir>, BUILD=<build dir>.
# A test whose tool or data is missing prints SKIPPED and exits 77 (CTest
# shows it as skipped), or fails when the environment variable CI is set.
file(GLOB PKC_TEST_C CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/test_*.c)
file(GLOB PKC_TEST_SH CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/test_*.sh)
add_library(pkc_testutil STATIC ${CMAKE_SOURCE_DIR}/tests/testutil.c)
target_include_directories(pkc_testutil PUBLIC ${CMAKE_SOURCE_DIR}/tests
  ${CMAKE_SOURCE_DIR}/src ${CMAKE_SOURCE_DIR}/include)
target_compile_definitions(pkc_testutil PUBLIC ${PKC_PEER_DEFS})

foreach(f ${PKC_TEST_C})
  get_filename_component(stem ${f} NAME_WE)
  add_executable(${stem} ${f})
  set_target_properties(${stem} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
  target_link_libraries(${stem} PRIVATE pkc_testutil pkc_bench pkc_static ${PKC_PEER_LIBS} m)
  add_test(NAME ${stem} COMMAND ${stem})
  set_tests_properties(${stem} PROPERTIES TIMEOUT 900 SKIP_RETURN_CODE 77
    ENVIRONMENT "PKC=${CMAKE_BINARY_DIR}/pkc;SRC=${CMAKE_SOURCE_DIR};BUILD=${CMAKE_BINARY_DIR}")
endforeach()

foreach(f ${PKC_TEST_SH})
  get_filename_component(stem ${f} NAME_WE)
  add_test(NAME ${stem} COMMAND bash ${f})
  set_tests_properties(${stem} PROPERTIES TIMEOUT 900 SKIP_RETURN_CODE 77
    ENVIRONMENT "PKC=${CMAKE_BINARY_DIR}/pkc;SRC=${CMAKE_SOURCE_DIR};BUILD=${CMAKE_BINARY_DIR};PYTHON=/usr/bin/python3")
endforeach()

# Tests that gain nothing under the sanitizers (Python tools, valgrind runs,
# which cannot share a process with ASan) carry the label no-asan;
# `make test-asan` runs everything else.
foreach(t test_ctime_valgrind test_report test_rng_battery test_rng_report test_rng_external)
  if(TEST ${t})
    set_tests_properties(${t} PROPERTIES LABELS no-asan)
  endif()
endforeach()

# The statistical timing test (tests/timing/dudect.c): built with the tests,
# run in full by `make timing-test` (about a minute, not part of the suite);
# its smoke mode, which only requires the deliberately leaky canary to be
# flagged, is a CTest test.
add_executable(dudect ${CMAKE_SOURCE_DIR}/tests/timing/dudect.c)
set_target_properties(dudect PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
target_link_libraries(dudect PRIVATE pkc_static m)
add_test(NAME test_dudect_smoke COMMAND dudect --smoke)
set_tests_properties(test_dudect_smoke PROPERTIES TIMEOUT 300 LABELS no-asan)
