/**
 * Counts the SQL statements this process sends (engine/testing/statementCounter.ts; the app under test
 * runs in the bench's process), by their first words: how many round trips one command costs, and which.
 */
import { countStatements } from '../../engine/testing/statementCounter.ts';

export function countQueries(): { stop(): Map<string, number> } {
  const statements = countStatements();
  return {
    stop() {
      statements.stop();
      const counts = new Map<string, number>();
      for (const sql of statements.sent())
        counts.set(sql.slice(0, 70), (counts.get(sql.slice(0, 70)) ?? 0) + 1);
      return counts;
    },
  };
}
