/**
 * What the servers a bench started are holding, read from /proc: a site started by startSite leads
 * its own process group, so "the server" is every process of that group.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { sleep } from "./time";
import { round } from "./stats";

/** The fields of /proc/PID/stat after the command (which may hold spaces): state ppid pgrp ... */
function statFields(pid: number | string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/** The processes of a process group. */
function groupPids(pgid: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry) && Number(statFields(entry)?.[2]) === pgid)
    .map(Number);
}

/** A process that has exited (or is gone) but whose parent has not reaped it yet. */
const isZombie = (pid: number): boolean => (statFields(pid)?.[0] ?? "Z") === "Z";

/** Waits until no process of the group is left (true), or the time is up (false). */
export async function groupGone(pgid: number, timeoutMs: number): Promise<boolean> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (groupPids(pgid).every(isZombie)) return true;
    await sleep(50);
  }
  return false;
}

/** Open file descriptors of the group's processes, and how many of them are sockets. */
export function openFds(pgid: number): { fds: number; sockets: number } {
  let fds = 0;
  let sockets = 0;
  for (const pid of groupPids(pgid)) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        fds++;
        try {
          if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith("socket:")) sockets++;
        } catch {}
      }
    } catch {}
  }
  return { fds, sockets };
}

const TCP_STATES: Record<string, string> = { "01": "ESTABLISHED", "06": "TIME_WAIT", "08": "CLOSE_WAIT", "0A": "LISTEN" };

/** Connections on local port `port` by state, from the text of /proc/net/tcp (or tcp6). */
export function tcpStatesIn(table: string, port: number, counts: Record<string, number> = {}): Record<string, number> {
  for (const line of table.split("\n").slice(1)) {
    const [, local, , state] = line.trim().split(/\s+/);
    if (!local || state === undefined || parseInt(local.split(":")[1] ?? "", 16) !== port) continue;
    const name = TCP_STATES[state] ?? state;
    counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}

/** TCP connections on this local port by state (CLOSE_WAIT: the peer hung up and the server never closed its end). */
export function tcpStates(port: number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    tcpStatesIn(text, port, counts);
  }
  return counts;
}

/** Resident memory (MB) of a process, its children and grandchildren. */
export function rssMb(pid: number): number {
  const children = execFileSync("bash", ["-c", `pgrep -P ${pid} || true; for c in $(pgrep -P ${pid}); do pgrep -P $c || true; done`]).toString();
  let kb = 0;
  for (const p of [String(pid), ...children.split(/\s+/).filter(Boolean)]) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
    } catch {}
  }
  return round(kb / 1024, 1);
}
