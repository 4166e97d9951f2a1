/**
 * Stops a process group (a child spawned `detached`): `signal` to the whole group, SIGKILL if it
 * has not exited `graceMs` later; resolves when `exited` does.
 */
export async function stopGroup(pid, exited, graceMs, signal = 'SIGTERM') {
  try {
    process.kill(-pid, signal);
  } catch {
    /* already gone */
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }, graceMs);
  await exited;
  clearTimeout(timer);
}
