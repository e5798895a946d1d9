// The words a catalogue car is found by: casting name, toy number and collector number, lower-cased.

const SPLIT = /[^\p{L}\p{N}]+/u;

/** Lower-cased words of a text, with punctuation dropped ("'67 Camaro" → ["67", "camaro"]). */
export function wordsOf(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .split(SPLIT)
    .filter((word) => word.length > 0);
}

export function searchWordsOfCar(car: {
  name: string;
  toyNumber: string | null;
  collectorNumber: string | null;
}): string[] {
  const words = new Set(wordsOf(car.name));
  // Toy numbers like "HTB84" and collector numbers like "123/250" are typed whole, too.
  for (const code of [car.toyNumber, car.collectorNumber]) {
    if (!code) continue;
    words.add(code.toLowerCase().replace(/\s+/g, ''));
    for (const word of wordsOf(code)) words.add(word);
  }
  return [...words];
}
