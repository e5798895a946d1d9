// The lint rules that keep the device's promises in code review's absence: every /api call goes
// through apiFetch (deadline, no redirects, our marker), every sign-out through the one path.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: fileURLToPath(new URL('../../..', import.meta.url)) });

async function ruleIdsOf(code: string, filePath: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId);
}

describe('the device lint rules', () => {
  it('refuses a plain fetch in the app, and allows it in apiFetch only', async () => {
    const code = "export const load = () => fetch('/api/collection/get');\n";
    expect(await ruleIdsOf(code, 'src/features/example/load.ts')).toContain(
      'no-restricted-globals',
    );
    expect(await ruleIdsOf(code, 'src/sync/api-fetch.ts')).not.toContain('no-restricted-globals');
  });

  it('refuses a sign-out that skips the one sign-out path', async () => {
    const code =
      "import { signOut } from '../../auth/auth-state';\nexport const leave = () => signOut();\n";
    expect(await ruleIdsOf(code, 'src/features/example/leave.ts')).toContain(
      'no-restricted-imports',
    );
    expect(await ruleIdsOf(code, 'src/features/account/sign-out.ts')).not.toContain(
      'no-restricted-imports',
    );
  });
});
