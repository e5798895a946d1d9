// Writes the app's own art into public/: the app icon (SVG, and PNGs rendered by headless
// Chromium at 192/512, maskable 192/512, 180 for iOS) and the eight badge images of docs/product.md.
// Original designs (a garage roof over a wheel; medals with a tyre or a set-card motif and the
// threshold): no Mattel or Matchbox marks. Run: node --import tsx scripts/make-icons.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BADGES, type BadgeDefinition } from '../src/shared/profile/badges';
import { launchChromium } from '../test/fixtures/chromium';

const publicDir = fileURLToPath(new URL('../public', import.meta.url));
const ASPHALT = '#14161a';
const ORANGE = '#ff6a13';
const PAPER = '#f6f5f2';
const BLUE = '#2f6fed';

// ---- The app icon ------------------------------------------------------------------------

/** A garage roof over a wheel, centred on (256, 270) of a 512 square. */
function iconArt(): string {
  const holes = Array.from({ length: 5 }, (_, i) => {
    const angle = i * 72;
    return `<ellipse cx="256" cy="276" rx="17" ry="27" transform="rotate(${angle} 256 326)" fill="${ASPHALT}"/>`;
  }).join('');
  const lugs = Array.from({ length: 5 }, (_, i) => {
    const a = ((i * 72 - 90) * Math.PI) / 180;
    return `<circle cx="${(256 + 11 * Math.cos(a)).toFixed(1)}" cy="${(326 + 11 * Math.sin(a)).toFixed(1)}" r="3.5" fill="${ASPHALT}"/>`;
  }).join('');
  return `
  <polyline points="92,206 256,92 420,206" fill="none" stroke="${ORANGE}" stroke-width="40" stroke-linecap="round" stroke-linejoin="round"/>
  <circle cx="256" cy="326" r="118" fill="#3a3f48"/>
  <circle cx="256" cy="326" r="104" fill="none" stroke="#5a616d" stroke-width="12" stroke-dasharray="10 12"/>
  <circle cx="256" cy="326" r="84" fill="${PAPER}"/>
  <circle cx="256" cy="326" r="70" fill="${ORANGE}"/>
  ${holes}
  <circle cx="256" cy="326" r="24" fill="${PAPER}"/>
  ${lugs}`;
}

function iconSvg(variant: 'rounded' | 'square', scale = 1): string {
  const background =
    variant === 'rounded'
      ? `<rect width="512" height="512" rx="112" fill="${ASPHALT}"/>`
      : `<rect width="512" height="512" fill="${ASPHALT}"/>`;
  // Scaled about the art's centre (256, 266) so it stays centred.
  const transform =
    scale === 1 ? '' : ` transform="translate(256 266) scale(${scale}) translate(-256 -266)"`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
  ${background}
  <g${transform}>${iconArt()}
  </g>
</svg>
`;
}

// ---- Badge art ---------------------------------------------------------------------------------

interface Tier {
  light: string;
  mid: string;
  dark: string;
  ink: string;
}

const TIERS: Tier[] = [
  { light: '#f0b27a', mid: '#c7793c', dark: '#8a4b1f', ink: '#2b1608' }, // bronze
  { light: '#f2f4f7', mid: '#b5bdc9', dark: '#6f7987', ink: '#1c2129' }, // silver
  { light: '#ffe27a', mid: '#e0a91f', dark: '#9a6b00', ink: '#2e1f00' }, // gold
  { light: '#d9f4ff', mid: '#8fcfe6', dark: '#3e86a3', ink: '#0c2a36' }, // platinum
  { light: '#ffb27f', mid: ORANGE, dark: '#9c3500', ink: '#1a0a00' }, // legend
];

function tierFor(badge: BadgeDefinition): Tier {
  const sameType = BADGES.filter((b) => b.type === badge.type);
  const rank = sameType.indexOf(badge);
  if (badge.type === 'car') return TIERS[rank] as Tier;
  return [TIERS[0], TIERS[2], TIERS[4]][rank] as Tier;
}

function shortNumber(threshold: number): string {
  return threshold >= 1000 ? `${threshold / 1000}K` : String(threshold);
}

function star(cx: number, cy: number, r: number, fill: string): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const a = ((i * 36 - 90) * Math.PI) / 180;
    return `${(cx + radius * Math.cos(a)).toFixed(1)},${(cy + radius * Math.sin(a)).toFixed(1)}`;
  }).join(' ');
  return `<polygon points="${points}" fill="${fill}"/>`;
}

function hexagon(cx: number, cy: number, r: number): string {
  return Array.from({ length: 6 }, (_, i) => {
    const a = ((i * 60 - 90) * Math.PI) / 180;
    return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
  }).join(' ');
}

function badgeSvg(badge: BadgeDefinition): string {
  const tier = tierFor(badge);
  const number = shortNumber(badge.threshold);
  const fontSize = number.length >= 3 ? 40 : 46;
  const caption = badge.type === 'car' ? 'CARS' : 'SETS';
  const ribbonLeft = badge.type === 'car' ? ORANGE : BLUE;
  const ribbonRight = badge.type === 'car' ? BLUE : '#1f9d55';
  // The top badge of each kind (Car Legend, Set Master) gets two stars.
  const top = badge.label === 'Car Legend' || badge.label === 'Set Master';
  const medal =
    badge.type === 'car'
      ? `<circle cx="100" cy="118" r="74" fill="#23262c"/>
  <circle cx="100" cy="118" r="66" fill="none" stroke="#3d434d" stroke-width="9" stroke-dasharray="6 7"/>
  <circle cx="100" cy="118" r="56" fill="url(#face)" stroke="${tier.dark}" stroke-width="3"/>
  <circle cx="100" cy="118" r="47" fill="none" stroke="${tier.light}" stroke-width="2" opacity="0.8"/>`
      : `<polygon points="${hexagon(100, 118, 78)}" fill="#23262c"/>
  <polygon points="${hexagon(100, 118, 68)}" fill="url(#face)" stroke="${tier.dark}" stroke-width="3"/>
  ${[-16, 0, 16]
    .map(
      (dx, i) =>
        `<rect x="${92 + dx}" y="62" width="16" height="22" rx="3" fill="${tier.light}" stroke="${tier.ink}" stroke-width="2" transform="rotate(${(i - 1) * 12} ${100 + dx} 84)"/>`,
    )
    .join('')}`;
  const stars = top ? `${star(30, 92, 14, tier.mid)}${star(170, 92, 14, tier.mid)}` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200">
  <title>${badge.label}: ${badge.threshold.toLocaleString('en-US')} ${caption.toLowerCase()}</title>
  <defs>
    <linearGradient id="face" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${tier.light}"/>
      <stop offset="0.55" stop-color="${tier.mid}"/>
      <stop offset="1" stop-color="${tier.dark}"/>
    </linearGradient>
  </defs>
  <polygon points="58,0 92,0 112,62 80,74" fill="${ribbonLeft}"/>
  <polygon points="142,0 108,0 88,62 120,74" fill="${ribbonRight}"/>
  <polygon points="58,0 70,0 94,66 80,74" fill="#000" opacity="0.18"/>
  ${medal}
  <path d="M62 96 A50 50 0 0 1 126 70" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" opacity="0.35"/>
  <text x="100" y="${badge.type === 'car' ? 126 : 128}" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" font-weight="800" font-size="${fontSize}" fill="${tier.ink}" letter-spacing="-1">${number}</text>
  <text x="100" y="${badge.type === 'car' ? 148 : 150}" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" font-weight="700" font-size="13" fill="${tier.ink}" letter-spacing="3">${caption}</text>
  ${stars}
</svg>
`;
}

// ---- Rendering ---------------------------------------------------------------------------------

async function renderPngs(
  renders: { svg: string; size: number; file: string; transparent: boolean }[],
) {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    for (const { svg, size, file, transparent } of renders) {
      await page.setViewportSize({ width: size, height: size });
      const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
      await page.setContent(
        `<html><body style="margin:0;background:transparent"><img src="${src}" width="${size}" height="${size}" style="display:block"></body></html>`,
      );
      await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
      await page.screenshot({
        path: file,
        omitBackground: transparent,
        clip: { x: 0, y: 0, width: size, height: size },
      });
    }
  } finally {
    await browser.close();
  }
}

async function main() {
  const iconsDir = join(publicDir, 'icons');
  const badgesDir = join(publicDir, 'badges');
  mkdirSync(iconsDir, { recursive: true });
  mkdirSync(badgesDir, { recursive: true });

  const rounded = iconSvg('rounded');
  const maskable = iconSvg('square', 0.72);
  const apple = iconSvg('square', 0.86);
  writeFileSync(join(iconsDir, 'icon.svg'), rounded);
  writeFileSync(join(iconsDir, 'icon-maskable.svg'), maskable);
  for (const badge of BADGES) writeFileSync(join(badgesDir, `${badge.id}.svg`), badgeSvg(badge));

  await renderPngs([
    { svg: rounded, size: 192, file: join(iconsDir, 'icon-192.png'), transparent: true },
    { svg: rounded, size: 512, file: join(iconsDir, 'icon-512.png'), transparent: true },
    { svg: maskable, size: 192, file: join(iconsDir, 'icon-maskable-192.png'), transparent: false },
    { svg: maskable, size: 512, file: join(iconsDir, 'icon-maskable-512.png'), transparent: false },
    { svg: apple, size: 180, file: join(iconsDir, 'apple-touch-icon.png'), transparent: false },
  ]);
  console.log(`icons → ${iconsDir}; ${BADGES.length} badges → ${badgesDir}`);
}

await main();
