#include "process/child_registry.h"

#include <signal.h>

namespace arena::process {

namespace {
void kill_group(pid_t pid) {
  // The child made itself the leader of its own group (pgid == pid) before exec; if it had not
  // yet done so, the plain kill still reaches it.
  ::kill(-pid, SIGKILL);
  ::kill(pid, SIGKILL);
}
}  // namespace


bool ChildRegistry::add(pid_t pid) {
  std::lock_guard lock(mutex_);
  children_.insert(pid);
  if (interrupted_.load(std::memory_order_acquire)) {
    kill_group(pid);
    return false;
  }
  return true;
}

void ChildRegistry::kill_and_remove(pid_t pid) {
  std::lock_guard lock(mutex_);
  if (children_.erase(pid)) kill_group(pid);
}

void ChildRegistry::remove(pid_t pid) {
  std::lock_guard lock(mutex_);
  children_.erase(pid);
}

void ChildRegistry::interrupt() {
  std::lock_guard lock(mutex_);
  interrupted_.store(true, std::memory_order_release);
  for (pid_t pid : children_) kill_group(pid);
}

std::size_t ChildRegistry::size() const {
  std::lock_guard lock(mutex_);
  return children_.size();
}

}  // namespace arena::process
