#pragma once
// Progress lines for long runs: "tessera: [  12.3 s] coarsening: level 40, 10598 nodes" on
// stderr. Off unless the front end turns it on (the `tessera` tool does when stderr is a
// terminal, or with --progress), so library users and tests see nothing. Lines are throttled:
// a report is printed when its phase differs from the last one printed or half a second has
// passed, so a loop may report every iteration. Host code only, from the calling thread.
#include <string>

namespace tessera::progress {

void enable(bool on);
bool enabled();

// Reports that `phase` is under way (detail: where in it). No-op when disabled.
void report(const std::string& phase, const std::string& detail = "");

}  // namespace tessera::progress
