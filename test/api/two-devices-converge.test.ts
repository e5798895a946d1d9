// Two devices of one user behind a faulty network converge on the server, which holds the rules applied once per accepted change.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../api/app';
import { importCatalog } from '../../api/catalog/catalog-import';
import type { OpenDatabase } from '../../api/db/database';
import { readAllRows, rowsToCollection } from '../../src/db/collection-rows';
import type { GarageDb } from '../../src/db/garage-db';
import { loadOwnedTotals } from '../../src/data/use-owned-totals';
import { isAppError } from '../../src/errors/app-error';
import {
  applyMutation,
  parseMutation,
  prepareMutation,
  RuleError,
} from '../../src/shared/collection/mutations';
import type { CatalogLookup } from '../../src/shared/collection/rules';
import {
  collectionTotals,
  emptyUserState,
  GRADES,
  type Collection,
  type Grade,
  type UserState,
} from '../../src/shared/collection/types';
import { createApiClient, type ApiClient } from '../../src/sync/api-client';
import { applyLocalChange } from '../../src/local-store/local-change';
import { changeBaseFor } from '../../src/local-store/change-base';
import { loadChangeBase } from '../../src/local-store/change-base-load';
import {
  outboxCounts,
  retrySetAside,
  setAsideEntries,
  unsentEntries,
} from '../../src/db/outbox-store';
import { dexieOutboxPort } from '../../src/sync/outbox-ports';
import { rebaseOnSnapshot } from '../../src/local-store/rebase';
import {
  createReplayer,
  type OutboxPort,
  type Replayer,
  type ReplayEvent,
} from '../../src/sync/replayer';
import { emulatorVerifier, localTestUser, type TestUser } from '../fixtures/auth';
import {
  BONE_SHAKER,
  CHARGER,
  fixtureCars,
  fixtureSets,
  SKYLINE,
  TRACK_DAY,
  TRACK_DAY_CARS,
} from '../fixtures/catalog';
import { fixedClock, openTestDevice } from '../fixtures/device';
import {
  faultyAppFetcher,
  PUSH_FAULTS,
  type FaultyNetwork,
  type PoisonedKeys,
  type PushFault,
  type ServerAnswer,
} from '../fixtures/faulty-app-fetcher';
import { openTestDatabase } from '../fixtures/test-database';

const NOW = '2026-11-01T10:00:00.000Z';
/** At least 1,000 in `npm test`; `npm run test:converge-long` runs 10,000 (CONVERGE_RUNS). */
const NUM_RUNS = Number(process.env.CONVERGE_RUNS ?? 1000);
/** CONVERGE_SEED replays one sequence of runs; the seed of every run is printed with its result. */
const SEED = process.env.CONVERGE_SEED
  ? Number(process.env.CONVERGE_SEED)
  : Math.floor(Math.random() * 2 ** 31);
/**
 * Rounds of fault-free replays allowed to empty both outboxes once the network heals (each round
 * is one run per device, as a retry timer would bring), plus one per push a poison entry may
 * still fail: a run that meets a poison entry ends there and the next one goes on.
 */
const HEAL_ROUNDS = 3;

let database: OpenDatabase;
let app: App;
let usernames = 0;

/** What the runs exercised, so a generator that stopped producing conflicts or faults is noticed. */
const coverage = {
  entries: 0,
  runsWithRejection: 0,
  accepted: 0,
  rejected: 0,
  duplicateAnswers: 0,
  /** Entries a device set aside after the server kept failing on them (then sent again). */
  setAside: 0,
  poisoned: 0,
  /** Changes made on the device's copy of the rows, and those that found the copy behind. */
  fromCopy: 0,
  copyBehind: 0,
  faults: Object.fromEntries(PUSH_FAULTS.map((fault) => [fault, 0])) as Record<PushFault, number>,
};

beforeAll(async () => {
  database = await openTestDatabase();
  await importCatalog(database.db, { cars: fixtureCars, sets: fixtureSets });
  app = createApp({ db: database.db, verifier: emulatorVerifier(), now: () => NOW });
});
afterAll(async () => {
  await database.close();
});

/** The server's catalogue as the rules see it, built from the same fixture it imported. */
const fixtureLookup: CatalogLookup = {
  hasCar: (carId) => fixtureCars.some((car) => car.id === carId),
  getSet: (setId) => fixtureSets.find((set) => set.id === setId),
};

// ---- What a run is made of ----------------------------------------------------------------

type DeviceIndex = 0 | 1;

type Change =
  | { op: 'add-car'; carId: string }
  | { op: 'remove-car'; pick: number }
  | { op: 'edit-car'; pick: number; grade: Grade }
  | { op: 'add-sets'; count: number }
  | { op: 'remove-set'; pick: number }
  | { op: 'edit-set'; pick: number; notes: string }
  | { op: 'favorite'; carId: string }
  | { op: 'wishlist'; carId: string }
  | { op: 'wish-price'; carId: string; maxPrice: number | null; note: string }
  | { op: 'set-list'; action: 'favorite' | 'wishlist' }
  | { op: 'trade'; carId: string; forTrade: number; forSale: number }
  | { op: 'set-trade'; type: 'trade' | 'sale'; quantity: number }
  | { op: 'setting'; key: string; value: string }
  | { op: 'tutorial'; tutorialId: string };

type Step =
  /** `poison`: the server fails on this change's entry for that many pushes (0: never). */
  | { kind: 'change'; device: DeviceIndex; change: Change; poison: number }
  /** The collector does the same thing on both devices, each on its own view: a likely conflict. */
  | { kind: 'change-on-both'; change: Change }
  | { kind: 'replay'; device: DeviceIndex; faults: PushFault[]; readsFail: boolean }
  | { kind: 'pull'; device: DeviceIndex }
  /** The device takes its copy of the rows (local-store/change-base.ts), as a page does when idle. */
  | { kind: 'copy'; device: DeviceIndex };

interface Scenario {
  /** Each device's replayer chunk size: small, so a run spans several chunks and faults. */
  chunkSizes: [number, number];
  /** Made on one device, synced and pulled by both before the steps: instances both can touch. */
  seed: { device: DeviceIndex; changes: Change[] };
  steps: Step[];
}

const carIdArb = fc.constantFrom(CHARGER, BONE_SHAKER, SKYLINE);
// Few choices, so both devices often pick the same instance: that is where rejections come from.
const pickArb = fc.nat(2);
const changeArb: fc.Arbitrary<Change> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ op: fc.constant('add-car' as const), carId: carIdArb }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('remove-car' as const), pick: pickArb }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('edit-car' as const),
      pick: pickArb,
      grade: fc.constantFrom(...GRADES),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('add-sets' as const),
      count: fc.integer({ min: 1, max: 2 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('remove-set' as const), pick: pickArb }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('edit-set' as const),
      pick: pickArb,
      notes: fc.constantFrom('sealed', 'opened'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('favorite' as const), carId: carIdArb }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('wishlist' as const), carId: carIdArb }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('wish-price' as const),
      carId: carIdArb,
      maxPrice: fc.constantFrom(null, 0, 2.5, 5),
      note: fc.constantFrom('', 'only carded'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('set-list' as const),
      action: fc.constantFrom('favorite' as const, 'wishlist' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('trade' as const),
      carId: carIdArb,
      forTrade: fc.nat(2),
      forSale: fc.nat(2),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('set-trade' as const),
      type: fc.constantFrom('trade' as const, 'sale' as const),
      quantity: fc.nat(2),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('setting' as const),
      key: fc.constantFrom('theme', 'currency'),
      value: fc.constantFrom('dark', 'light', 'EUR'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('tutorial' as const),
      tutorialId: fc.constantFrom('spotting-treasure-hunts', 'reading-a-card'),
    }),
  },
);

const deviceArb = fc.constantFrom<DeviceIndex>(0, 1);
const seedChangeArb: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ op: fc.constant('add-car' as const), carId: carIdArb }),
  fc.record({ op: fc.constant('add-sets' as const), count: fc.integer({ min: 1, max: 2 }) }),
);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('change' as const),
      device: deviceArb,
      change: changeArb,
      poison: fc.oneof(
        { weight: 6, arbitrary: fc.constant(0) },
        { weight: 1, arbitrary: fc.integer({ min: 1, max: 5 }) },
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('change-on-both' as const), change: changeArb }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('replay' as const),
      device: deviceArb,
      faults: fc.array(fc.constantFrom(...PUSH_FAULTS), { maxLength: 4 }),
      readsFail: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('pull' as const), device: deviceArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('copy' as const), device: deviceArb }) },
);

const scenarioArb: fc.Arbitrary<Scenario> = fc.record({
  chunkSizes: fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 })),
  seed: fc.record({
    device: deviceArb,
    changes: fc.array(seedChangeArb, { minLength: 1, maxLength: 3 }),
  }),
  steps: fc.array(stepArb, { minLength: 1, maxLength: 12 }),
});

/** The docs/api.md call a change makes, read off the device's own view, or null when it has nothing to act on. */
function changeRequest(view: Collection, change: Change): { name: string; args: unknown } | null {
  const carInstances = view.ownedCars.flatMap((car) =>
    car.instances.map((instance) => ({ carId: car.carId, instanceId: instance.instanceId })),
  );
  const setInstances = view.ownedSets.flatMap((set) =>
    set.instances.map((instance) => ({ setId: set.setId, instanceId: instance.instanceId })),
  );
  const trackDay = { id: TRACK_DAY, name: 'Track Day', carIds: TRACK_DAY_CARS };
  const pickFrom = <T>(list: T[], pick: number): T | undefined =>
    list[pick % Math.max(1, list.length)];
  switch (change.op) {
    case 'add-car':
      return { name: 'collection/add-car-instance', args: { carId: change.carId, details: {} } };
    case 'remove-car': {
      const target = pickFrom(carInstances, change.pick);
      return target ? { name: 'collection/remove-car-instance', args: target } : null;
    }
    case 'edit-car': {
      const target = pickFrom(carInstances, change.pick);
      return target
        ? {
            name: 'collection/update-car-instance',
            args: { ...target, updates: { grade: change.grade } },
          }
        : null;
    }
    case 'add-sets':
      return change.count === 1
        ? { name: 'collection/add-set-instance', args: { set: trackDay, instanceDetails: {} } }
        : {
            name: 'collection/add-multiple-set-instances',
            args: { set: trackDay, instances: Array.from({ length: change.count }, () => ({})) },
          };
    case 'remove-set': {
      const target = pickFrom(setInstances, change.pick);
      return target
        ? { name: 'collection/remove-set-instance', args: { ...target, carIds: TRACK_DAY_CARS } }
        : null;
    }
    case 'edit-set': {
      const target = pickFrom(setInstances, change.pick);
      return target
        ? {
            name: 'collection/update-set-instance',
            args: { ...target, updates: { notes: change.notes } },
          }
        : null;
    }
    case 'favorite':
      return {
        name: 'collection/toggle-favorite',
        args: {
          carId: change.carId,
          isFavorited: view.favoriteCarIds.some((item) => item.id === change.carId),
        },
      };
    case 'wishlist':
      return {
        name: 'collection/toggle-wishlist',
        args: {
          carId: change.carId,
          isWishlisted: view.wishlistCarIds.some((item) => item.id === change.carId),
        },
      };
    case 'wish-price':
      // Only a car on this device's wishlist: the other device may have taken it off already.
      return view.wishlistCarIds.some((item) => item.id === change.carId)
        ? {
            name: 'collection/update-wishlist-car',
            args: { carId: change.carId, maxPrice: change.maxPrice, note: change.note },
          }
        : null;
    case 'set-list': {
      const list = change.action === 'favorite' ? view.favoriteSetIds : view.wishlistSetIds;
      return {
        name: 'collection/toggle-set',
        args: {
          setId: TRACK_DAY,
          action: change.action,
          isSetInList: list.some((item) => item.id === TRACK_DAY),
        },
      };
    }
    case 'trade':
      return {
        name: 'collection/update-car-details',
        args: { carId: change.carId, forTrade: change.forTrade, forSale: change.forSale },
      };
    case 'set-trade':
      return {
        name: 'collection/update-set-details',
        args: { setId: TRACK_DAY, type: change.type, quantity: change.quantity },
      };
    case 'setting':
      return { name: 'users/update-settings', args: { key: change.key, value: change.value } };
    case 'tutorial':
      return { name: 'tutorials/complete', args: { tutorialId: change.tutorialId } };
  }
}

// ---- One run's world: a server, two devices, their replayers and network ------------------

interface QueuedEntry {
  device: DeviceIndex;
  name: string;
  args: unknown;
}

interface Device {
  index: DeviceIndex;
  db: GarageDb;
  clock: ReturnType<typeof fixedClock>;
  chunkSize: number;
  /** Null after the replayer was killed: the next replay starts a new one, as a restarted worker. */
  worker: { replayer: Replayer; life: { alive: boolean } } | null;
  network: FaultyNetwork;
  /** How this device's outbox let go of each key: confirmed (deleted as done) or rejected. */
  settled: { key: string; as: 'confirmed' | 'rejected' | 'set-aside' }[];
}

interface World {
  user: TestUser;
  devices: [Device, Device];
  /** Every push answer the server produced, in the order it produced them. */
  answers: ServerAnswer[];
  queued: Map<string, QueuedEntry>;
  /** Replayer errors that mean a broken protocol rather than a bad network. */
  brokenEvents: ReplayEvent[];
  /** Entries the server fails on for a while (poison entries). */
  poisoned: PoisonedKeys;
}

const cleanNetwork = (): FaultyNetwork => ({
  pushFaults: [],
  readsFail: false,
  onKilled: () => {},
});

function deviceApi(world: World, device: Device): ApiClient {
  return createApiClient(
    '',
    faultyAppFetcher(app, world.answers, () => device.network, world.poisoned),
  );
}

/** The device's copy becomes the server's snapshot with its pending changes re-applied. */
async function pullSnapshot(world: World, device: Device): Promise<void> {
  const api = deviceApi(world, device);
  const [collection, profile] = await Promise.all([
    api.getCollection(world.user.idToken),
    api.getProfile(world.user.idToken),
  ]);
  await rebaseOnSnapshot(device.db, world.user.uid, { collection, profile }, NOW);
}

/**
 * A replayer over the device's real outbox, talking to the app through the device's network.
 * Once `life.alive` is false (the run was killed) its ports do nothing, like a dead worker's.
 */
function startReplayer(world: World, device: Device, life: { alive: boolean }): Replayer {
  const real = dexieOutboxPort(device.db);
  const outbox: OutboxPort = {
    pending: (userId, limit) => (life.alive ? real.pending(userId, limit) : Promise.resolve([])),
    count: (userId) => (life.alive ? real.count(userId) : Promise.resolve(0)),
    async confirm(keys) {
      if (!life.alive) return;
      await real.confirm(keys);
      device.settled.push(...keys.map((key) => ({ key, as: 'confirmed' as const })));
    },
    async reject(entry, error) {
      if (!life.alive) return;
      await real.reject(entry, error);
      device.settled.push({ key: entry.key, as: 'rejected' });
    },
    strike: (entry, error) => (life.alive ? real.strike(entry, error) : Promise.resolve(0)),
    async setAside(entry, error) {
      if (!life.alive) return;
      await real.setAside(entry, error);
      device.settled.push({ key: entry.key, as: 'set-aside' });
    },
  };
  const api = deviceApi(world, device);
  return createReplayer({
    outbox,
    identity: {
      currentUserId: async () => world.user.uid,
      idToken: async () => world.user.idToken,
    },
    server: { push: (token, mutations) => api.push(token, mutations) },
    refreshFromServer: async () => {
      if (life.alive) await pullSnapshot(world, device);
    },
    withLock: (fn) => fn(),
    events: (event) => {
      if (event.type === 'error' && ['protocol', 'stuck', 'unexpected'].includes(event.reason)) {
        world.brokenEvents.push(event);
      }
    },
    // Back-off timers are never fired: every replay in this test is a trigger, which runs at once.
    schedule: () => () => {},
    now: () => Date.parse(NOW),
    random: () => 0.5,
    chunkSize: device.chunkSize,
  });
}

/** One replay on the device through `network`; a 'killed' push abandons the run for good. */
async function replay(world: World, device: Device, network: FaultyNetwork): Promise<void> {
  let killed!: () => void;
  const death = new Promise<'killed'>((resolve) => {
    killed = () => resolve('killed');
  });
  if (!device.worker) {
    const life = { alive: true };
    device.worker = { replayer: startReplayer(world, device, life), life };
  }
  const { replayer, life } = device.worker;
  const planned = [...network.pushFaults];
  device.network = { ...network, onKilled: killed };
  const ended = await Promise.race([
    replayer.replay('online').then(() => 'finished' as const),
    death,
  ]);
  const used = planned.slice(0, planned.length - device.network.pushFaults.length);
  for (const fault of used) coverage.faults[fault] += 1;
  if (ended === 'killed') {
    // The abandoned run waits forever on its push; its ports are dead, a new worker takes over.
    life.alive = false;
    replayer.dispose();
    device.worker = null;
  }
  device.network = cleanNetwork();
}

async function makeChange(world: World, device: Device, change: Change, poison = 0): Promise<void> {
  const view = rowsToCollection(await readAllRows(device.db, world.user.uid));
  const request = changeRequest(view, change);
  if (!request) return;
  const copy = changeBaseFor(device.db, world.user.uid);
  try {
    const { entry } = await applyLocalChange(
      device.db,
      world.user.uid,
      request.name,
      request.args,
      device.clock,
    );
    world.queued.set(entry.key, { device: device.index, name: entry.name, args: entry.args });
    if (copy) coverage[changeBaseFor(device.db, world.user.uid) ? 'fromCopy' : 'copyBehind'] += 1;
    if (poison > 0) {
      world.poisoned.set(entry.key, poison);
      coverage.poisoned += 1;
    }
  } catch (error) {
    // Refused by the rules on this device's copy: nothing was written or queued.
    if (!isAppError(error, 'change-refused')) throw error;
  }
}

async function openDevice(index: DeviceIndex, chunkSize: number): Promise<Device> {
  return {
    index,
    db: await openTestDevice(),
    clock: fixedClock(NOW, index === 0 ? 'a' : 'b'),
    chunkSize,
    worker: null,
    network: cleanNetwork(),
    settled: [],
  };
}

async function serverGet(user: TestUser, path: string): Promise<unknown> {
  const response = await app.request(path, { headers: user.headers });
  expect(response.status, `GET ${path}`).toBe(200);
  return response.json();
}

type Applied = { ok: true; state: UserState } | { ok: false; refusal: string };

/** Applies a queued entry with the pure rules, or says why they refuse it. */
function applyEntry(
  state: UserState,
  entry: { key: string; name: string; args: unknown },
  now: string,
): Applied {
  const parsed = parseMutation(entry.name, entry.args);
  if (!parsed.ok) throw new Error(`queued entry ${entry.key} does not parse: ${parsed.error}`);
  const mutation = prepareMutation(parsed.mutation, {
    newId: () => {
      throw new Error(`queued entry ${entry.key} left an id for the server to invent`);
    },
    now,
  });
  try {
    return { ok: true, state: applyMutation(state, mutation, { now, catalog: fixtureLookup }) };
  } catch (error) {
    if (error instanceof RuleError) return { ok: false, refusal: error.message };
    throw error;
  }
}

/** The rebase (docs/sync.md), checked right after a pull: the server's state, then this device's pending changes re-applied in order. */
async function expectServerPlusPending(world: World, device: Device): Promise<void> {
  const collection = (await serverGet(world.user, '/api/collection/get')) as Collection;
  const profile = (await serverGet(world.user, '/api/profile/me')) as {
    settings: Record<string, unknown>;
    completedTutorials: string[];
  };
  let state: UserState = {
    collection,
    preferences: { settings: profile.settings, completedTutorials: profile.completedTutorials },
  };
  // Waiting and set-aside changes alike stay on screen until the server has them.
  const pending = await unsentEntries(device.db, world.user.uid);
  for (const entry of pending) {
    const applied = applyEntry(state, entry, entry.createdAt);
    if (applied.ok) state = applied.state;
  }
  const local = await device.db.profiles.get(world.user.uid);
  const totals = await loadOwnedTotals(device.db, world.user.uid);
  expect(
    {
      collection: rowsToCollection(await readAllRows(device.db, world.user.uid)),
      settings: local?.settings,
      completedTutorials: local?.completedTutorials,
      totalCarCount: totals?.cars,
      totalSetCount: totals?.sets,
    },
    `device ${device.index} right after a pull`,
  ).toEqual({
    collection: state.collection,
    settings: state.preferences.settings,
    completedTutorials: state.preferences.completedTutorials,
    ...collectionTotals(state.collection),
  });
}

// ---- The model: the rules over the server's answers --------------------------------- (docs/rules.md)

/**
 * Replays the server's answers in order against the pure rules: a key's first answer must be
 * 'ok' exactly when the rules accept it there (then it is applied), 'rejected' with the rules'
 * own message when they refuse it; every later answer for it must repeat that outcome.
 */
function modelFromAnswers(world: World): { state: UserState; first: Map<string, ServerAnswer> } {
  let state = emptyUserState();
  const first = new Map<string, ServerAnswer>();
  for (const answer of world.answers) {
    const earlier = first.get(answer.key);
    if (earlier) {
      expect(answer.status, `answer repeated for ${answer.key}`).toBe(
        earlier.status === 'ok' ? 'duplicate' : 'rejected',
      );
      continue;
    }
    first.set(answer.key, answer);
    const entry = world.queued.get(answer.key);
    expect(entry, `server answered a key no device queued: ${answer.key}`).toBeDefined();
    if (!entry) continue;
    const applied = applyEntry(state, { key: answer.key, ...entry }, NOW);
    if (applied.ok) state = applied.state;
    expect(
      { status: answer.status, error: answer.error ?? null },
      `first answer for ${answer.key} (${entry.name})`,
    ).toEqual(
      applied.ok ? { status: 'ok', error: null } : { status: 'rejected', error: applied.refusal },
    );
  }
  return { state, first };
}

async function runScenario(scenario: Scenario): Promise<void> {
  const user = localTestUser();
  const initialized = await app.request('/api/users/initialize', {
    method: 'POST',
    headers: user.headers,
    body: JSON.stringify({ username: `collector${++usernames}` }),
  });
  expect(initialized.status).toBe(200);
  const devices: [Device, Device] = [
    await openDevice(0, scenario.chunkSizes[0]),
    await openDevice(1, scenario.chunkSizes[1]),
  ];
  const world: World = {
    user,
    devices,
    answers: [],
    queued: new Map(),
    brokenEvents: [],
    poisoned: new Map(),
  };
  try {
    const seeder = devices[scenario.seed.device];
    for (const change of scenario.seed.changes) await makeChange(world, seeder, change);
    await replay(world, seeder, cleanNetwork());
    for (const device of devices) {
      await pullSnapshot(world, device);
      await expectServerPlusPending(world, device);
    }

    for (const step of scenario.steps) {
      if (step.kind === 'change-on-both') {
        for (const device of devices) await makeChange(world, device, step.change);
      }
      if (step.kind === 'change') {
        await makeChange(world, devices[step.device], step.change, step.poison);
      }
      if (step.kind === 'copy') {
        await loadChangeBase(devices[step.device].db, user.uid);
      }
      if (step.kind === 'pull') {
        await pullSnapshot(world, devices[step.device]);
        await expectServerPlusPending(world, devices[step.device]);
      }
      if (step.kind === 'replay') {
        await replay(world, devices[step.device], {
          ...cleanNetwork(),
          pushFaults: [...step.faults],
          readsFail: step.readsFail,
        });
      }
    }

    // The network heals: both devices replay until nothing is pending, then pull the snapshot.
    // Changes set aside meanwhile are sent again, as the collector does with 'Try again'.
    const poisonLeft = [...world.poisoned.values()].reduce((sum, left) => sum + left, 0);
    for (let round = 0; round < HEAL_ROUNDS + poisonLeft; round += 1) {
      for (const device of devices) {
        for (const entry of await setAsideEntries(device.db, user.uid)) {
          await retrySetAside(device.db, entry.key);
        }
        await replay(world, device, cleanNetwork());
      }
      const counts = await Promise.all(devices.map((d) => outboxCounts(d.db, user.uid)));
      if (counts.every(({ waiting, setAside }) => waiting + setAside === 0)) break;
    }
    for (const device of devices) await pullSnapshot(world, device);

    expect(world.brokenEvents).toEqual([]);
    for (const device of devices) {
      expect(await outboxCounts(device.db, user.uid), `device ${device.index} outbox`).toEqual({
        waiting: 0,
        setAside: 0,
      });
    }

    // (1) The server holds the model: the rules applied once to each accepted entry, in order.
    const { state, first } = modelFromAnswers(world);
    coverage.entries += world.queued.size;
    if ([...first.values()].some((answer) => answer.status === 'rejected')) {
      coverage.runsWithRejection += 1;
    }
    for (const answer of first.values())
      coverage[answer.status === 'ok' ? 'accepted' : 'rejected'] += 1;
    coverage.duplicateAnswers += world.answers.filter(
      (answer) => answer.status === 'duplicate',
    ).length;
    const serverCollection = (await serverGet(user, '/api/collection/get')) as Collection;
    expect(serverCollection).toEqual(state.collection);
    const serverProfile = (await serverGet(user, '/api/profile/me')) as Record<string, unknown>;
    const serverSummary = {
      totalCarCount: serverProfile.totalCarCount,
      totalSetCount: serverProfile.totalSetCount,
      settings: serverProfile.settings,
      completedTutorials: serverProfile.completedTutorials,
    };
    expect(serverSummary).toEqual({
      ...collectionTotals(state.collection),
      settings: state.preferences.settings,
      completedTutorials: state.preferences.completedTutorials,
    });

    // (2) Every queued entry was answered (accepted once or rejected); none was lost.
    expect([...first.keys()].sort()).toEqual([...world.queued.keys()].sort());
    // Each device let go of each of its entries exactly once, the way the server decided.
    for (const device of devices) {
      const mine = [...world.queued]
        .filter(([, entry]) => entry.device === device.index)
        .map(([key]) => ({
          key,
          as: first.get(key)?.status === 'ok' ? ('confirmed' as const) : ('rejected' as const),
        }));
      const byKey = (a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key);
      // Setting aside is not letting go: the entry stayed on the device and went again.
      const letGo = device.settled.filter((settled) => settled.as !== 'set-aside');
      coverage.setAside += device.settled.length - letGo.length;
      expect(letGo.sort(byKey), `device ${device.index} settled`).toEqual(mine.sort(byKey));
    }

    // (3) Both devices hold exactly the server's collection, totals and preferences.
    for (const device of devices) {
      const collection = rowsToCollection(await readAllRows(device.db, user.uid));
      expect(collection, `device ${device.index} collection`).toEqual(serverCollection);
      const profile = await device.db.profiles.get(user.uid);
      const totals = await loadOwnedTotals(device.db, user.uid);
      expect(
        {
          totalCarCount: totals?.cars,
          totalSetCount: totals?.sets,
          settings: profile?.settings,
          completedTutorials: profile?.completedTutorials,
        },
        `device ${device.index} profile`,
      ).toEqual(serverSummary);
    }
  } finally {
    for (const device of devices) {
      device.worker?.replayer.dispose();
      await device.db.delete();
    }
  }
}

/**
 * Found by this property: a car (or list entry) removed and added back inside one pushed chunk
 * keeps its old place on the server, where the rules (and the same entries pushed one by one) put
 * it last. Shrunk counterexample, kept so the property fails on it every run until it is fixed.
 */
const reAddedInOneChunk: Scenario = {
  chunkSizes: [2, 1],
  seed: {
    device: 0,
    changes: [
      { op: 'add-sets', count: 1 },
      { op: 'add-car', carId: CHARGER },
    ],
  },
  steps: [
    { kind: 'change-on-both', change: { op: 'remove-set', pick: 0 } },
    { kind: 'change-on-both', change: { op: 'add-sets', count: 1 } },
    { kind: 'change', device: 0, change: { op: 'favorite', carId: CHARGER }, poison: 0 },
  ],
};

/**
 * Found by this property: device 1's change reached the server in a push whose answer was lost,
 * before device 0's change to the same set; device 1 then pulled and re-applied its change on
 * top. Once the server confirmed it, the snapshot was unchanged, and a pull that skipped the
 * rebase for an unchanged snapshot left device 1 with the change on top. Kept, shrunk.
 */
const confirmedInAnotherOrder: Scenario = {
  chunkSizes: [1, 1],
  seed: { device: 0, changes: [{ op: 'add-sets', count: 1 }] },
  steps: [
    {
      kind: 'change',
      device: 1,
      change: { op: 'set-trade', type: 'sale', quantity: 0 },
      poison: 3,
    },
    {
      kind: 'change',
      device: 0,
      change: { op: 'set-trade', type: 'sale', quantity: 1 },
      poison: 0,
    },
    { kind: 'replay', device: 1, faults: ['killed'], readsFail: false },
    { kind: 'change', device: 1, change: { op: 'remove-car', pick: 0 }, poison: 0 },
  ],
};

describe('two devices of one user behind a faulty network', () => {
  it(
    'converge on the server state, which is the rules applied once to each accepted change',
    // A run takes ~0.1 s of one core; the limit leaves room for a machine busy with other work.
    { timeout: Math.max(600_000, NUM_RUNS * 600) },
    async () => {
      const started = performance.now();
      await fc.assert(fc.asyncProperty(scenarioArb, runScenario), {
        numRuns: NUM_RUNS,
        seed: SEED,
        examples: [[reAddedInOneChunk], [confirmedInAnotherOrder]],
      });
      const elapsed = Math.round(performance.now() - started);
      const memory = process.memoryUsage();
      // Memory at the end, so a long run shows whether anything is kept from run to run.
      const megabytes = (bytes: number) => Math.round(bytes / 1e6);
      console.log(
        `[two-devices-converge] ${NUM_RUNS} runs (seed ${SEED}) in ${elapsed} ms`,
        coverage,
        {
          heapUsedMb: megabytes(memory.heapUsed),
          rssMb: megabytes(memory.rss),
        },
      );
      // Not vacuous: the runs did meet rejections, resent entries and every kind of fault.
      expect(coverage.rejected).toBeGreaterThan(0);
      expect(coverage.duplicateAnswers).toBeGreaterThan(0);
      for (const fault of PUSH_FAULTS) expect(coverage.faults[fault], fault).toBeGreaterThan(0);
      expect(coverage.poisoned).toBeGreaterThan(0);
      expect(coverage.setAside).toBeGreaterThan(0);
      expect(coverage.fromCopy).toBeGreaterThan(0);
      expect(coverage.copyBehind).toBeGreaterThan(0);
    },
  );
});

describe('a pushed chunk that removes a car and adds it back', () => {
  it('puts the car and its favourite last, as the rules and one push per entry do', async () => {
    const entry = (key: string, name: string, args: unknown) => ({ key, name, args });
    const before = [
      entry('k1', 'collection/add-car-instance', { carId: CHARGER, details: { instanceId: 'c1' } }),
      entry('k2', 'collection/add-car-instance', {
        carId: BONE_SHAKER,
        details: { instanceId: 'c2' },
      }),
      entry('k3', 'collection/toggle-favorite', { carId: CHARGER, isFavorited: false }),
      entry('k4', 'collection/toggle-favorite', { carId: BONE_SHAKER, isFavorited: false }),
    ];
    const reAdded = [
      entry('k5', 'collection/remove-car-instance', { carId: CHARGER, instanceId: 'c1' }),
      entry('k6', 'collection/add-car-instance', { carId: CHARGER, details: { instanceId: 'c3' } }),
      entry('k7', 'collection/toggle-favorite', { carId: CHARGER, isFavorited: true }),
      entry('k8', 'collection/toggle-favorite', { carId: CHARGER, isFavorited: false }),
    ];
    let model = emptyUserState();
    for (const queued of [...before, ...reAdded]) {
      const applied = applyEntry(model, queued, NOW);
      if (!applied.ok) throw new Error(applied.refusal);
      model = applied.state;
    }
    const order = (collection: Collection) => ({
      ownedCars: collection.ownedCars.map((car) => car.carId),
      favoriteCarIds: collection.favoriteCarIds.map((item) => item.id),
    });
    expect(order(model.collection)).toEqual({
      ownedCars: [BONE_SHAKER, CHARGER],
      favoriteCarIds: [BONE_SHAKER, CHARGER],
    });

    const pushAs = async (user: TestUser, chunks: (typeof before)[]) => {
      for (const mutations of chunks) {
        const response = await app.request('/api/sync/push', {
          method: 'POST',
          headers: user.headers,
          body: JSON.stringify({ mutations }),
        });
        expect(response.status).toBe(200);
      }
      return order((await serverGet(user, '/api/collection/get')) as Collection);
    };
    const oneByOne = await pushAs(
      localTestUser(),
      [...before, ...reAdded].map((queued) => [queued]),
    );
    const inOneChunk = await pushAs(localTestUser(), [before, reAdded]);
    expect(oneByOne).toEqual(order(model.collection));
    expect(inOneChunk).toEqual(order(model.collection));
  });
});
