// Ending a child together with everything it started, including processes that left its group.
//
// fio's job processes call setsid(): killing fio's process group (what the deadline and Ctrl-C
// did) left a job process orphaned and running in 15 of 34 interrupted runs. Here a child is ended
// as a tree: each process is stopped first (so it forks nothing more), its children are read from
// /proc/PID/task/TID/children and ended the same way, then it is killed. gpuaudit also makes itself
// the "child subreaper" (prctl PR_SET_CHILD_SUBREAPER): a grandchild whose parent dies is
// re-parented to gpuaudit, not to init, so it stays in the tree that the sweep at the end walks.
//
// Everything a signal handler calls here (kill_tree, kill_tracked_children) uses only
// async-signal-safe system calls and stack buffers: a second Ctrl-C ends the process at once, and
// ends its children first.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <vector>

namespace gpuaudit {

// PR_SET_CHILD_SUBREAPER for this process (Linux 3.4+; a no-op elsewhere).
void become_subreaper();

// The direct children of pid, from /proc/PID/task/*/children (empty when it is gone).
std::vector<pid_t> children_of(pid_t pid);
// pid and every process under it (children first found first), at most `max` of them.
std::vector<pid_t> process_tree(pid_t root, std::size_t max = 4096);
// The trees under several roots, each process once (a root may lie inside another's tree).
std::vector<pid_t> process_trees(const std::vector<pid_t>& roots, std::size_t max = 4096);

// SIGSTOP pid, end its descendants the same way, then SIGKILL it. Async-signal-safe.
void kill_tree(pid_t pid) noexcept;

// Children run_capture has started and not yet reaped, for the signal path (at most 64 at once).
void track_child(pid_t pid) noexcept;
void untrack_child(pid_t pid) noexcept;
// kill_tree on each tracked child. Async-signal-safe.
void kill_tracked_children() noexcept;

// Ends every descendant of this process (kill_tree on each child) and reaps what was re-parented to
// it. For the end of a command, when no child of its own is still wanted. Returns how many
// processes it found.
int end_all_descendants();

}  // namespace gpuaudit
