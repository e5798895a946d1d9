// One sync push in flight per collector (push_leases, migration 0016): a push takes its
// collector's lease with one atomic statement before its body is read and gives it back when it
// is done, however it ends. In the database, so it holds across server processes and hosts on
// one PostgreSQL; a lease left by a process that died expires by the database's own clock.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '../db/database';
import { PUSH_LEASE_SECONDS } from '../../src/shared/http/request-limits';

export interface PushLease {
  /** Lets the lease go: only the push that took it can (a later push may hold it by then). */
  release(): Promise<void>;
}

/** Takes `userId`'s push lease: the lease, or null while another push of theirs is in flight. */
export async function takePushLease(db: Queryable, userId: string): Promise<PushLease | null> {
  const holder = randomUUID();
  // A free or expired lease is taken; a live one is left alone and nothing is returned.
  // Concurrent takers queue on the row (or the primary key) and re-check: one wins.
  const rows = await queryRows<{ holder: string }>(
    db,
    sql`INSERT INTO push_leases AS l (user_id, holder, expires_at)
          VALUES (${userId}, ${holder},
                  clock_timestamp() + make_interval(secs => ${PUSH_LEASE_SECONDS}))
        ON CONFLICT (user_id) DO UPDATE
          SET holder = excluded.holder, expires_at = excluded.expires_at
          WHERE l.expires_at < clock_timestamp()
        RETURNING l.holder`,
  );
  if (rows[0]?.holder !== holder) return null;
  return {
    async release() {
      await db.execute(
        sql`DELETE FROM push_leases WHERE user_id = ${userId} AND holder = ${holder}`,
      );
    },
  };
}
