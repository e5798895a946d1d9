// Parses a request body as JSON, answering 400 with a clear message when it is not.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';

export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') throw new HTTPException(400, { message: 'Request body must be JSON' });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HTTPException(400, { message: 'Request body is not valid JSON' });
  }
}
