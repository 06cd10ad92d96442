#pragma once
// The commit is written into a generated source at build time (cmake/TesseraGitCommit.cmake),
// so rebuilding after a commit updates it without re-running configure.
namespace tessera::detail {
const char* git_commit();
}
