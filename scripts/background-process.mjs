/**
 * Starting a long, CPU-heavy command (the import) so that it yields the machine to the site it feeds.
 *
 * A process's nice value alone does not do it on Linux: with autogrouping (/proc/sys/kernel/sched_autogroup_enabled,
 * on by default), the scheduler first shares the CPUs equally between sessions, and only then between the processes
 * of a session by their nice values. An import started from a shell is its own session, and so is the site (a
 * service, or `npm start` in another terminal): the two got a core each however low the import's nice, and the site,
 * which wants more than one core while busy (its server and the database's processes), answered at 0.43 of its idle
 * throughput (bench/first-library). So the command is started in a session of its own (setsid, `detached`), and that
 * session's group is given the nice value as a whole (/proc/<pid>/autogroup, see sched(7)). Where autogrouping is
 * off, or on another system, the processes' own nice value is what counts, and both are set.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/** The nice value the import runs at (IMPORT_NICE, 10 by default): 0 (the shell's) to 19. */
export function importNice(env = process.env) {
  const nice = Number(env.IMPORT_NICE ?? 10);
  return Number.isInteger(nice) && nice >= 0 && nice <= 19 ? nice : 10;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Spawns `command` at `nice`: in its own session with that session's group lowered where Linux groups by session,
 * and always at that process priority. Signals sent to this process, and those that would have reached it from the
 * terminal (which no longer sees it), are passed on.
 */
export function spawnYielding(command, args, options, nice) {
  const grouped = process.platform === 'linux' && readOr('/proc/sys/kernel/sched_autogroup_enabled', '0').trim() === '1';
  const child = spawn(command, args, { ...options, detached: grouped });
  if (!child.pid) return child;
  try {
    // Its main thread, before it starts others: the threads it starts inherit it (the page workers set it again).
    os.setPriority(child.pid, nice);
  } catch {
    // not permitted here: the shell's priority
  }
  if (grouped) {
    try {
      fs.writeFileSync(`/proc/${child.pid}/autogroup`, String(nice));
    } catch {
      // not permitted (a hardened /proc): the processes' own nice value still applies within their group
    }
  }
  // A signal sent to this process (or, in its own session, Ctrl-C in the terminal) is passed on.
  const forward = (signal) => child.kill(signal);
  for (const signal of SIGNALS) process.on(signal, forward);
  child.on('exit', () => {
    for (const signal of SIGNALS) process.off(signal, forward);
  });
  return child;
}

function readOr(file, fallback) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return fallback;
  }
}
