// Without zod (the public pages' script imports this): the contract in src/shared/api/images.ts reads it.

/**
 * The widths an uploaded image is also served at (decision 210), each as AVIF and in the image's
 * own format: a phone's screen (412 px at 1.75 pixels to the point) takes the 800, a card on a
 * desktop the 400 or 800, the home page's band on a wide screen the 1600 or 2000. An image
 * narrower than a width is served at its own width under that width's address.
 */
export const IMAGE_WIDTHS = [400, 800, 1200, 1600, 2000] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
/** The formats of the copies: AVIF for every browser of the last years, the image's own for the others. */
export const imageVariantFormats = ['avif', 'jpg', 'png'] as const;
export type ImageVariantFormat = (typeof imageVariantFormats)[number];

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
