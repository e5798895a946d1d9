// The team's tutorials as data (tutorials.json beside this file), checked when they are read.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const TUTORIALS_PATH = fileURLToPath(new URL('./tutorials.json', import.meta.url));

const text = z.string().trim().min(1);

export const tutorialSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be kebab-case letters and digits'),
  title: text.max(120),
  summary: text.max(300),
  minutes: z.number().int().min(1).max(60),
  sections: z
    .array(z.strictObject({ heading: text.max(120), paragraphs: z.array(text).min(1) }))
    .min(1),
});

export type TutorialInput = z.infer<typeof tutorialSchema>;

const fileSchema = z
  .array(tutorialSchema)
  .min(1)
  .refine((list) => new Set(list.map((t) => t.id)).size === list.length, 'ids must be unique');

/** Reads and checks the file; a mistake in it stops the server with the path and the reason. */
export async function readTutorialFile(path = TUTORIALS_PATH): Promise<TutorialInput[]> {
  const parsed = fileSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${path}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'is invalid'}`);
  }
  return parsed.data;
}
