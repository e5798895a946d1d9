// Parses a request body as JSON, answering 400 with a clear message when it is not, or when it
// nests deeper than any payload of this API (checked on the text, before parsing).
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth';

export const TOO_DEEP_ERROR = `Request body is nested deeper than ${MAX_JSON_DEPTH} levels`;

export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') throw new HTTPException(400, { message: 'Request body must be JSON' });
  if (nestsDeeperThan(text, MAX_JSON_DEPTH))
    throw new HTTPException(400, { message: TOO_DEEP_ERROR });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HTTPException(400, { message: 'Request body is not valid JSON' });
  }
}
