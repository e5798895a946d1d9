// `npm run bench:matches`: the Matches view (GET /api/trade/matches' work: the match query and the
// listing view of what it finds) on PostgreSQL with 10,000 collectors and 50,000 open listings
// over the real catalogue (11,948 cars). A private cluster on loopback (scripts/postgres-cluster);
// figures printed and written to bench/results/matches.json. Target: p95 < 100 ms.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildCatalog } from '../api/catalog/build-catalog';
import { importCatalog } from '../api/catalog/catalog-import';
import { readCatalogFile } from '../api/catalog/read-catalog-file';
import { REAL_CATALOG_PATH } from '../api/catalog/real-catalog';
import { openDatabase, queryRows } from '../api/db/database';
import { communityPrices, findMatches, matchRows, wantedBy } from '../api/trade/market-reads';
import { startPostgresCluster } from '../scripts/postgres-cluster';
import { percentile } from './lib/http-client';
import { machineInfo, reportTargets, writeResults } from './lib/results';

const COLLECTORS = Number(process.env.BENCH_COLLECTORS ?? 10_000);
const OPEN_LISTINGS = Number(process.env.BENCH_OPEN_LISTINGS ?? 50_000);
/** Closed listings (sold, traded, withdrawn) beside the open ones, as a board that has run a while. */
const CLOSED_LISTINGS = Number(process.env.BENCH_CLOSED_LISTINGS ?? 50_000);
const WISHES_PER_COLLECTOR = 25;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 1_000);
const TARGET_P95_MS = 100;

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const round = (value: number) => Number(value.toFixed(2));
  return {
    samples: sorted.length,
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? NaN),
  };
}

const loadAtStart = loadavg()[0] ?? 0;
const cluster = await startPostgresCluster();
const database = await openDatabase({ kind: 'postgres', url: cluster.url, poolSize: 8 });
const db = database.db;
try {
  const file = await readCatalogFile(REAL_CATALOG_PATH);
  const catalog = buildCatalog(file.inputs);
  await importCatalog(db, catalog);
  console.log(`Catalogue: ${catalog.cars.length} cars`);

  const seedStart = performance.now();
  // Collectors u1…uN with usernames; every other one has a public wishlist.
  await db.execute(sql`
    INSERT INTO profiles (user_id, username, settings)
    SELECT 'u' || g, 'collector' || g,
           CASE WHEN g % 2 = 0 THEN '{"wishlistPublic": true}'::jsonb ELSE '{}'::jsonb END
      FROM generate_series(1, ${COLLECTORS}) g`);
  // Wishlists: 25 cars each, skewed towards popular castings (low ids of a shuffled catalogue).
  await db.execute(sql`
    WITH cars AS (SELECT id, row_number() OVER (ORDER BY md5(id)) AS n FROM catalog_cars),
         total AS (SELECT count(*) AS c FROM cars)
    INSERT INTO list_items (user_id, list, item_id, added_at)
    SELECT DISTINCT ON (u, cars.id) 'u' || u, 'wishlistCarIds', cars.id, now()::text
      FROM generate_series(1, ${COLLECTORS}) u,
           generate_series(1, ${WISHES_PER_COLLECTOR}) k,
           total,
           LATERAL (SELECT 1 + floor(power(random(), 2) * total.c)::int + 0 * k + 0 * u AS n) pick
      JOIN cars ON cars.n = pick.n
    ON CONFLICT DO NOTHING`);
  // Listings: open ones and closed ones by random sellers of random cars, each with its copy.
  await db.execute(sql`
    WITH cars AS (SELECT id, row_number() OVER (ORDER BY md5(id)) AS n FROM catalog_cars),
         total AS (SELECT count(*) AS c FROM cars),
         made AS (
           SELECT g, 'u' || (1 + floor(random() * ${COLLECTORS})::int) AS seller,
                  1 + floor(power(random(), 2) * (SELECT c FROM total))::int AS n,
                  CASE WHEN g <= ${OPEN_LISTINGS} THEN 'open'
                       ELSE (ARRAY['sold', 'traded', 'withdrawn'])[1 + g % 3] END AS status
             FROM generate_series(1, ${OPEN_LISTINGS + CLOSED_LISTINGS}) g)
    INSERT INTO listings (user_id, id, kind, item_id, instance_id, for_trade, for_sale,
                          asking_price, status, created_at, updated_at)
    SELECT seller, 'l' || g, 'car', cars.id, 'i' || g, g % 2, 1 - g % 2,
           CASE WHEN g % 2 = 1 THEN NULL ELSE round((1 + random() * 30)::numeric, 2) END,
           status, now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
      FROM made JOIN cars ON cars.n = made.n`);
  // Deals completed with a buyer record the price agreed and the copy's condition (the price
  // guide reads them); every other completed cash listing went to nobody and is not a price.
  await db.execute(sql`
    UPDATE listings SET offer_id = 'o' || id, agreed_price = asking_price,
           copy_condition = CASE WHEN hashtext(id) % 2 = 0 THEN 'carded' ELSE 'loose' END
     WHERE status IN ('sold', 'traded') AND asking_price IS NOT NULL AND hashtext(id) % 3 <> 0`);
  await db.execute(sql`
    INSERT INTO car_instances (user_id, instance_id, car_id, condition, grade, purchase_price,
                               notes, purchase_place, date_added)
    SELECT user_id, instance_id, item_id,
           CASE WHEN hashtext(id) % 2 = 0 THEN 'carded' ELSE 'loose' END, 'Good', 1, '', '',
           now()::text
      FROM listings`);
  await db.execute(sql`ANALYZE`);
  const [counts] = await queryRows<{ open: number; wishes: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM listings WHERE status = 'open') AS open,
               (SELECT count(*)::int FROM list_items) AS wishes`,
  );
  const seedSeconds = Number(((performance.now() - seedStart) / 1000).toFixed(1));
  console.log(
    `Seeded ${COLLECTORS} collectors, ${counts?.wishes} wishlist entries, ${counts?.open} open listings in ${seedSeconds} s`,
  );

  const publicCollectors = Array.from({ length: COLLECTORS / 2 }, (_, i) => `u${2 * (i + 1)}`);
  const pick = () => publicCollectors[Math.floor(Math.random() * publicCollectors.length)]!;
  // Warm-up: plans cached, pages in memory.
  for (let i = 0; i < 50; i++) await findMatches(db, pick());

  const times: number[] = [];
  const found: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const start = performance.now();
    const answer = await findMatches(db, pick());
    times.push(performance.now() - start);
    found.push(answer.matches.length);
  }
  const matches = summary(times);
  const sortedFound = [...found].sort((a, b) => a - b);

  // Four collectors at once (a busy evening), the same measure.
  const concurrentTimes: number[] = [];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let i = 0; i < SAMPLES / 4; i++) {
        const start = performance.now();
        await findMatches(db, pick());
        concurrentTimes.push(performance.now() - start);
      }
    }),
  );
  const concurrent = summary(concurrentTimes);

  // The match query alone (without the listing view of what it found), to see where time goes.
  const queryTimes: number[] = [];
  for (let i = 0; i < SAMPLES / 2; i++) {
    const start = performance.now();
    await matchRows(db, pick());
    queryTimes.push(performance.now() - start);
  }

  // The community price of a collection's worth of cars (Stats), and Wanted by of 50 cars.
  const carIds = (await queryRows<{ id: string }>(db, sql`SELECT id FROM catalog_cars`)).map(
    (row) => row.id,
  );
  const priceTimes: number[] = [];
  const wantedTimes: number[] = [];
  for (let i = 0; i < 100; i++) {
    const offset = Math.floor(Math.random() * (carIds.length - 500));
    let start = performance.now();
    await communityPrices(db, 'car', carIds.slice(offset, offset + 500));
    priceTimes.push(performance.now() - start);
    start = performance.now();
    await wantedBy(db, 'car', carIds.slice(offset, offset + 50), pick());
    wantedTimes.push(performance.now() - start);
  }

  const figures = {
    store: 'postgres',
    data: {
      collectors: COLLECTORS,
      publicWishlists: COLLECTORS / 2,
      wishlistEntries: counts?.wishes,
      openListings: counts?.open,
      closedListings: CLOSED_LISTINGS,
      catalogueCars: catalog.cars.length,
      seedSeconds,
    },
    matches: {
      ...matches,
      matchesPerAnswer: {
        p50: percentile(sortedFound, 50),
        max: sortedFound.at(-1) ?? 0,
      },
    },
    matchesFourAtOnce: concurrent,
    matchQueryAlone: summary(queryTimes),
    communityPrices500Cars: summary(priceTimes),
    wantedBy50Cars: summary(wantedTimes),
    target: { matchesP95Ms: TARGET_P95_MS },
    machine: machineInfo(loadAtStart),
  };
  console.log(JSON.stringify(figures, null, 2));
  writeResults('matches', figures);
  reportTargets({
    'Matches p95 < 100 ms': matches.p95Ms < TARGET_P95_MS,
    'Matches p95 < 100 ms, four at once': concurrent.p95Ms < TARGET_P95_MS,
  });
} finally {
  await database.close();
  cluster.stop();
}
