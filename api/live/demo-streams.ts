// Demo live streams for the embedded default, placed around the start time so /live always
// has one live now, two coming up and one that ended. Real streams are never touched.
import { like, notLike, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { liveStreams } from '../db/schema';

const HOUR = 60 * 60 * 1000;
export const DEMO_PREFIX = 'demo-';

/** Demo video ids are placeholders: the player shows its own 'unavailable' page for them. */
const embed = (videoId: string) => `https://www.youtube-nocookie.com/embed/${videoId}`;

export function demoStreams(now: Date): (typeof liveStreams.$inferInsert)[] {
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
  return [
    {
      id: `${DEMO_PREFIX}case-opening-live`,
      title: 'Case opening: 2025 mainline Q case',
      hostName: 'Garage Team',
      description:
        'We open a fresh case live and hunt for the Super Treasure Hunt. Ask away in chat.',
      startsAt: at(-0.5 * HOUR),
      endsAt: at(1.5 * HOUR),
      status: 'scheduled',
      embedUrl: embed('dgCaseOpening'),
    },
    {
      id: `${DEMO_PREFIX}grading-clinic`,
      title: 'Grading clinic: your cards, live',
      hostName: 'Mint Condition Mia',
      description: 'Send a photo of a card and we grade it together, corner by corner.',
      startsAt: at(26 * HOUR),
      endsAt: at(27 * HOUR),
      status: 'scheduled',
      embedUrl: embed('dgGradingClinic'),
    },
    {
      id: `${DEMO_PREFIX}toy-fair-walkthrough`,
      title: 'Toy fair walk-through: what to look for',
      hostName: 'Peg Hunter Pete',
      description: 'A tour of a collectors fair: prices, fakes and the best finds of the day.',
      startsAt: at(3 * 24 * HOUR),
      endsAt: at(3 * 24 * HOUR + 2 * HOUR),
      status: 'scheduled',
      embedUrl: embed('dgToyFairWalk'),
    },
    {
      id: `${DEMO_PREFIX}sth-spotting-replay`,
      title: 'Spotting Super Treasure Hunts in the wild',
      hostName: 'Garage Team',
      description: 'Spectraflame, Real Riders and the gold symbol: a peg wall hunt, recorded.',
      startsAt: at(-2 * 24 * HOUR),
      endsAt: at(-2 * 24 * HOUR + HOUR),
      status: 'ended',
      embedUrl: embed('dgSthSpotting'),
    },
  ];
}

/**
 * Puts the demo streams at their places around `now`, unless the table holds real streams
 * (any id without the demo prefix): then the demo ones are removed instead. Idempotent.
 */
export async function seedDemoStreams(db: Database, now: Date): Promise<number> {
  const [real] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(liveStreams)
    .where(notLike(liveStreams.id, `${DEMO_PREFIX}%`));
  if ((real?.count ?? 0) > 0) {
    await db.delete(liveStreams).where(like(liveStreams.id, `${DEMO_PREFIX}%`));
    return 0;
  }
  const rows = demoStreams(now);
  await db.transaction(async (tx) => {
    for (const row of rows) {
      await tx
        .insert(liveStreams)
        .values(row)
        .onConflictDoUpdate({ target: liveStreams.id, set: row });
    }
  });
  return rows.length;
}
