// Global setup: one Firebase Auth emulator for the whole run (reused if one is already up).
import { fileURLToPath } from 'node:url';
import { startAuthEmulator, type RunningEmulator } from '../../api/runtime/auth-emulator';

let emulator: RunningEmulator | null = null;

export async function setup() {
  emulator = await startAuthEmulator({
    projectId: 'demo-diecast',
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    timeoutMs: 90_000,
  });
}

export async function teardown() {
  await emulator?.stop();
}
