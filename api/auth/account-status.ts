// Asks Firebase Auth whether a verified token's account may still act: not disabled, not deleted,
// its tokens not revoked since this one's sign-in. A token's signature says none of that, and
// without this a disabled account kept working until its token expired (up to an hour).
// Firebase's own checkRevoked needs a service account; this asks with the token itself and the
// project's web API key (accounts:lookup, what the web SDK's reload() does), once per token per
// verified-token window (RECHECK_AFTER_MS).

/** Firebase's answers that mean the account may not act (the rest is not about the account). */
const REFUSED = new Set(['USER_DISABLED', 'USER_NOT_FOUND', 'TOKEN_EXPIRED', 'INVALID_ID_TOKEN']);

export class AccountRefusedError extends Error {
  constructor(reason: string) {
    super(`The account may not sign in: ${reason}`);
    this.name = 'AccountRefusedError';
  }
}

export type AccountCheck = (idToken: string, authTimeSeconds: number) => Promise<void>;

interface LookupAnswer {
  users?: { disabled?: boolean; validSince?: string }[];
  error?: { message?: string };
}

/**
 * `identityUrl`: https://identitytoolkit.googleapis.com/v1 (or the emulator's). An answer that is
 * not about the account (Firebase unreachable, 5xx, a bad API key) lets the token through with
 * one line on stderr: the signature is still checked, and an outage of this check must not sign
 * every collector out.
 */
export function firebaseAccountCheck(options: {
  identityUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  warn?: (line: string) => void;
}): AccountCheck {
  const send = options.fetch ?? fetch;
  const warn = options.warn ?? ((line: string) => console.warn(line));
  const url = `${options.identityUrl}/accounts:lookup?key=${encodeURIComponent(options.apiKey)}`;
  return async (idToken, authTimeSeconds) => {
    let status: number;
    let answer: LookupAnswer;
    try {
      const response = await send(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ idToken }),
        signal: AbortSignal.timeout(5000),
      });
      status = response.status;
      answer = (await response.json()) as LookupAnswer;
    } catch (error) {
      warn(`[auth] account status unknown (${error instanceof Error ? error.message : error})`);
      return;
    }
    const code = answer.error?.message?.split(/[\s:]/)[0] ?? '';
    if (REFUSED.has(code)) throw new AccountRefusedError(code);
    const user = answer.users?.[0];
    if (status !== 200 || !user) {
      warn(`[auth] account status unknown (${status} ${code})`);
      return;
    }
    if (user.disabled) throw new AccountRefusedError('USER_DISABLED');
    // Revoked: every token whose sign-in is older than validSince (seconds) is refused.
    if (Number(user.validSince ?? 0) > authTimeSeconds) {
      throw new AccountRefusedError('TOKEN_REVOKED');
    }
  };
}
