/**
 * A reload that many events may ask for at once: at most one runs, and asks that arrive while it
 * runs are answered by one more run after it. A drain of 500 outbox items then reloads a list a
 * handful of times, not 500.
 */
export function coalesce(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let again = false;
  const start = (): Promise<void> => {
    running = run()
      .catch(() => undefined)
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void start();
        }
      });
    return running;
  };
  return () => {
    if (running === undefined) return start();
    again = true;
    return running;
  };
}
