/**
 * Thrown inside a transaction that finds another transaction changed what it read (PostgreSQL
 * runs them side by side; SQLite one at a time): the transaction is undone and run again.
 */
export class ConcurrentChange extends Error {}

/** Runs `transaction` again, up to 5 times, while it throws ConcurrentChange. */
export async function retryOnConcurrentChange<T>(transaction: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await transaction();
    } catch (error) {
      if (!(error instanceof ConcurrentChange) || tries >= 5) throw error;
    }
  }
}
