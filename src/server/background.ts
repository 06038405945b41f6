/**
 * Work a request starts but does not wait for (a password reset mail, which must take the same
 * time whether or not the address has an account). Failures are logged; `idle()` lets shutdown
 * and tests wait for what is still running.
 */
export function backgroundTasks(log: { error(obj: object, msg: string): void }) {
  const running = new Set<Promise<void>>();
  return {
    run(label: string, work: () => Promise<unknown>): void {
      const task: Promise<void> = work()
        .then(() => undefined)
        .catch((error: unknown) => log.error({ err: error }, `${label} failed`))
        .finally(() => running.delete(task));
      running.add(task);
    },
    async idle(): Promise<void> {
      while (running.size) await Promise.all([...running]);
    },
  };
}
export type BackgroundTasks = ReturnType<typeof backgroundTasks>;
