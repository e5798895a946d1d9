// What the replayer did, told to every page of the app: the worker and other tabs post on a
// BroadcastChannel, and a page that replays itself tells its own listeners directly.
import type { ReplayEvent } from './replay-types';

const CHANNEL = 'diecast-sync';
type Listener = (event: ReplayEvent) => void;

const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;

function openChannel(): BroadcastChannel | null {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (message: MessageEvent<ReplayEvent>) => {
    for (const listener of listeners) listener(message.data);
  };
  return channel;
}

export function publishSyncEvent(event: ReplayEvent): void {
  openChannel()?.postMessage(event);
  for (const listener of listeners) listener(event);
}

export function subscribeSyncEvents(listener: Listener): () => void {
  openChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
