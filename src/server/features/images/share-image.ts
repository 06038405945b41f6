import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_REFERENCE } from './images.repo';

/** Link previews (Facebook, WhatsApp, LinkedIn) want 1200 × 630 and a raster image: no SVG. */
export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;

// The brand's colours (the site's design tokens, src/web/app/tokens.css).
const PRIMARY_DARK = '#073449';
const PRIMARY = '#0b4f6c';
const FLAG = ['#d90012', '#0033a0', '#f2a341'] as const;

/** The card the logo sits on, white so that a dark logo shows as well as a light one. */
const CARD = { width: 640, height: 400, radius: 32 };
const STRIPE = 14;

function background(): Buffer {
  const third = SHARE_WIDTH / 3;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${PRIMARY_DARK}"/><stop offset="1" stop-color="${PRIMARY}"/>
    </linearGradient></defs>
    <rect width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" fill="url(#g)"/>
    <rect x="${(SHARE_WIDTH - CARD.width) / 2}" y="${(SHARE_HEIGHT - STRIPE - CARD.height) / 2}" width="${CARD.width}" height="${CARD.height}" rx="${CARD.radius}" fill="#ffffff"/>
    ${FLAG.map((colour, i) => `<rect x="${i * third}" y="${SHARE_HEIGHT - STRIPE}" width="${third + 1}" height="${STRIPE}" fill="${colour}"/>`).join('')}
  </svg>`;
  return Buffer.from(svg);
}

/**
 * The share image made from the logo: an uploaded logo's bytes, or the site's own mark (SVG).
 * A logo given as an outside address is never fetched (the server reaches no other site for a
 * page): the mark stands in for it.
 */
export async function renderShareImage(logo: Buffer | null): Promise<Buffer> {
  const inside = { width: CARD.width - 120, height: CARD.height - 80, fit: 'inside' as const };
  const mark = logo
    ? await sharp(logo, { density: 300 })
        .resize(inside)
        .png()
        .toBuffer()
        .catch(() => null)
    : null;
  const layers = mark ? [{ input: mark, top: 0, left: 0 }] : [];
  const base = sharp(background());
  if (layers.length) {
    const meta = await sharp(mark!).metadata();
    layers[0]!.left = Math.round((SHARE_WIDTH - (meta.width ?? 0)) / 2);
    layers[0]!.top = Math.round((SHARE_HEIGHT - STRIPE - (meta.height ?? 0)) / 2);
  }
  return base.composite(layers).png({ compressionLevel: 9 }).toBuffer();
}

/** The uploaded image a logo setting points at ("/api/images/{id}.png"), if it does. */
export function uploadedImageId(logo: string): string | null {
  const match = new RegExp(IMAGE_REFERENCE.source).exec(logo.trim());
  return match && match.index === 0 ? match[1]! : null;
}

/** The version of the share image for a logo setting: its address's hash, short. */
export function shareImageVersion(logo: string): string {
  return createHash('sha256').update(logo.trim()).digest('base64url').slice(0, 12);
}

/** The site's own mark as the built front end serves it (dist/web/mark.svg), or null when it was not built. */
export function readMark(webDir: string): Buffer | null {
  const file = path.join(webDir, 'mark.svg');
  return fs.existsSync(file) ? fs.readFileSync(file) : null;
}
