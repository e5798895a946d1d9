// Owns reading a spreadsheet's cells as a collector wrote them ('$4.50', 'Near mint', 'MOC')
// into the values a copy holds; anything it cannot read is said, never guessed silently.
import { CONDITIONS, GRADES, type Condition, type Grade } from '../../shared/collection/types';

const CONDITION_WORDS: Record<string, Condition> = {
  carded: 'carded',
  card: 'carded',
  'on card': 'carded',
  moc: 'carded',
  'mint on card': 'carded',
  sealed: 'carded',
  loose: 'loose',
  opened: 'loose',
  boxed: 'boxed',
  box: 'boxed',
  'in box': 'boxed',
  'damaged card': 'damaged card',
  damaged: 'damaged card',
  'bad card': 'damaged card',
};

const GRADE_WORDS: Record<string, Grade> = {
  mint: 'Mint',
  m: 'Mint',
  'near mint': 'Near Mint',
  nm: 'Near Mint',
  excellent: 'Excellent',
  ex: 'Excellent',
  good: 'Good',
  g: 'Good',
  fair: 'Fair',
  f: 'Fair',
  poor: 'Poor',
  p: 'Poor',
};

const words = (text: string) =>
  text.toLowerCase().replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim();

export type Read<T> = { ok: true; value: T } | { ok: false; problem: string };

export function readCondition(text: string): Read<Condition | undefined> {
  if (text.trim() === '') return { ok: true, value: undefined };
  const value = CONDITION_WORDS[words(text)];
  return value
    ? { ok: true, value }
    : { ok: false, problem: `condition "${text.trim()}" is not one of ${CONDITIONS.join(', ')}` };
}

export function readGrade(text: string): Read<Grade | undefined> {
  if (text.trim() === '') return { ok: true, value: undefined };
  const value = GRADE_WORDS[words(text)];
  return value
    ? { ok: true, value }
    : { ok: false, problem: `grade "${text.trim()}" is not one of ${GRADES.join(', ')}` };
}

/**
 * '$4.50', '4,50 €', '1,234.5', '1.234,50': the last '.' or ',' followed by one or two digits
 * is the decimal mark; other separators group thousands.
 */
export function readPrice(text: string): Read<number | undefined> {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: undefined };
  const bare = trimmed.replace(/[^\d.,-]/g, '');
  const match = /^(-?[\d.,]*?)(?:[.,](\d{1,2}))?$/.exec(bare);
  const whole = match?.[1]?.replace(/[.,]/g, '') ?? '';
  if (!match || !/^-?\d*$/.test(whole) || (whole === '' && match[2] === undefined)) {
    return { ok: false, problem: `price "${trimmed}" is not an amount` };
  }
  const value = Number(`${whole || '0'}.${match[2] ?? '0'}`);
  if (!Number.isFinite(value) || value < 0 || value > 1_000_000) {
    return { ok: false, problem: `price "${trimmed}" is not an amount from 0 to 1,000,000` };
  }
  return { ok: true, value: Math.round(value * 100) / 100 };
}

export const MAX_QUANTITY = 99;

export function readQuantity(text: string): Read<number> {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: 1 };
  if (!/^\d+$/.test(trimmed) || Number(trimmed) < 1 || Number(trimmed) > MAX_QUANTITY) {
    return {
      ok: false,
      problem: `quantity "${trimmed}" is not a whole number from 1 to ${MAX_QUANTITY}`,
    };
  }
  return { ok: true, value: Number(trimmed) };
}

export function readYear(text: string): Read<number | undefined> {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: undefined };
  if (!/^\d{4}$/.test(trimmed)) return { ok: false, problem: `year "${trimmed}" is not a year` };
  return { ok: true, value: Number(trimmed) };
}
