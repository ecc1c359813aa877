/* pkc — the version of these headers. CMakeLists.txt reads it from here
 * (the project's one place for it); pkc_version() (common.h) returns the
 * version of the library actually linked, which a program can compare with
 * PKC_VERSION_TEXT to notice a header/library mismatch. */
#ifndef PKC_VERSION_H
#define PKC_VERSION_H

#define PKC_VERSION_MAJOR 0
#define PKC_VERSION_MINOR 2
#define PKC_VERSION_PATCH 0
#define PKC_VERSION_TEXT "0.2.0"
/* 0xMMmmpp: comparable with < and > in #if */
#define PKC_VERSION_NUMBER \
    ((PKC_VERSION_MAJOR << 16) | (PKC_VERSION_MINOR << 8) | PKC_VERSION_PATCH)

#endif
