/**
 * A budget timer for RedirectLookup's `setTimer` that the test expires itself: nothing in a test
 * then depends on how fast the machine is.
 */
interface ManualTimer {
  ms: number;
  expire: () => void;
  cancelled: boolean;
}

export function manualTimers() {
  const started: ManualTimer[] = [];
  const setTimer = (expire: () => void, ms: number) => {
    const timer: ManualTimer = { ms, expire, cancelled: false };
    started.push(timer);
    return () => {
      timer.cancelled = true;
    };
  };
  /** Expires every timer started and not cancelled, as if their time had passed. */
  const expireAll = () => {
    for (const timer of started) {
      if (timer.cancelled) continue;
      timer.cancelled = true;
      timer.expire();
    }
  };
  return { setTimer, started, expireAll };
}
