import { IMAGE_WIDTHS, type ImageVariantFormat } from '../api/images';

/** An image uploaded here, as its address names it: "/api/images/{id}.jpg". */
const UPLOADED = /^\/api\/images\/([0-9a-f-]{36})\.(png|jpg)$/;

/** The uploaded image an address names, or null for any other (a web address, the site's mark). */
export function uploadedImage(src: string): { id: string; ext: 'png' | 'jpg' } | null {
  const match = UPLOADED.exec(src.trim());
  return match ? { id: match[1]!, ext: match[2] as 'png' | 'jpg' } : null;
}

/** The address of an uploaded image's copy at a width, in a format (decision 210). */
export function imageVariantPath(id: string, width: number, format: ImageVariantFormat): string {
  return `/api/images/${id}/${width}.${format}`;
}

/**
 * The `srcset` of an uploaded image in a format: every width the server makes, each named by its
 * width ("…/400.avif 400w, …/800.avif 800w, …"). The browser picks the narrowest that covers the
 * image's drawn width (`sizes`) at the screen's pixel density; an image narrower than a width is
 * served at its own width there, so the list needs no knowledge of the image.
 */
export function imageSrcSet(id: string, format: ImageVariantFormat): string {
  return IMAGE_WIDTHS.map((width) => `${imageVariantPath(id, width, format)} ${width}w`).join(', ');
}
