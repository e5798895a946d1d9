// Money as a collector types it: '12.5', '12,50', '$12.50' → 12.5; anything else → null.

export function parseMoney(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(',', '.');
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100) / 100;
}
