/* pkc bench — the benchmark engine, all of it (for the command and the
 * tests): names, providers, pools, statistics, the runner, scenarios,
 * plans, writers, comparison, profiles. Each part has its own header. */
#ifndef PKC_BENCH_H
#define PKC_BENCH_H

#include "compare.h"
#include "engine.h"
#include "lock.h"
#include "names.h"
#include "plan.h"
#include "pool.h"
#include "profile.h"
#include "provider.h"
#include "scenario.h"
#include "stats.h"
#include "sysinfo.h"
#include "writers.h"

#endif
