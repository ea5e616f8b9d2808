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
  // It is remembered as being reaped until reaped() (reap_strays() leaves it to its owner).
  void kill_and_remove(pid_t pid);
  void reaped(pid_t pid);
  void remove(pid_t pid);

  // SIGKILL to every registered process group; every later add() fails. Safe to call from any
  // thread (not from a signal handler).
  void interrupt();
  bool interrupted() const { return interrupted_.load(std::memory_order_acquire); }

  std::size_t size() const;

  // Held while a child is being spawned and registered, so that reap_strays() never takes a
  // child that is not registered yet for a stray.
  std::unique_lock<std::mutex> spawning() { return std::unique_lock(spawn_mutex_); }

  // With the arena as child subreaper (PR_SET_CHILD_SUBREAPER, set in main), a helper that an
  // engine started and that left the engine's process group (setsid) becomes the arena's child
  // when the engine dies (not before: each engine is a subreaper too, see Process). Kills (with
  // its group) and reaps every child of this process that is not a registered engine. Returns
  // how many it found.
  int reap_strays();

 private:
  std::mutex spawn_mutex_;
  mutable std::mutex mutex_;
  std::set<pid_t> children_;
  std::set<pid_t> reaping_;  // killed and removed, waitpid not done yet
  std::atomic<bool> interrupted_{false};
};

}  // namespace arena::process
