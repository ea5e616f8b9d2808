#pragma once
// The set of engine processes this arena started and has not reaped yet. One object per arena
// run, shared by every Process it spawns, so that an interrupt (Ctrl-C, SIGTERM) can kill them all
// at once: each child leads its own process group, and the group is killed, which also takes
// down any helper processes an engine started.
//
// A pid stays in the registry until just before it is reaped, so a pid we signal can never
// belong to an unrelated process (an unreaped child keeps its pid and process group reserved).
#include <sys/types.h>

#include <atomic>
#include <cstddef>
#include <mutex>
#include <set>

namespace arena::process {

class ChildRegistry {
 public:
  ChildRegistry() = default;
  ChildRegistry(const ChildRegistry&) = delete;
  ChildRegistry& operator=(const ChildRegistry&) = delete;

  // Records a freshly spawned child. Returns false (and kills it) if the registry was already
  // interrupted: a child started during shutdown must not survive it.
  bool add(pid_t pid);
  // Kills the child's process group (if it is still registered) and forgets it. Call right
  // before reaping the child.
  void kill_and_remove(pid_t pid);
  void remove(pid_t pid);

  // SIGKILL to every registered process group; every later add() fails. Safe to call from any
  // thread (not from a signal handler).
  void interrupt();
  bool interrupted() const { return interrupted_.load(std::memory_order_acquire); }

  std::size_t size() const;

 private:
  mutable std::mutex mutex_;
  std::set<pid_t> children_;
  std::atomic<bool> interrupted_{false};
};

}  // namespace arena::process
