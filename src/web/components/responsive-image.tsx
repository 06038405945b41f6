import { preload } from 'react-dom';
import { imageSrcSet, uploadedImage } from '../../shared/domain/image-sources';

/**
 * How wide each kind of picture is drawn, as `sizes` (decision 210): the browser takes the copy
 * that covers it at the screen's pixel density, so a phone fetches a phone's copy. Each follows
 * its layout's CSS; a new layout adds its line here. A picture cropped to fill a frame taller than
 * its own proportions (`object-fit: cover`) is drawn wider than the frame: its line says so.
 */
export const imageSizes = {
  /**
   * The home page's band: the whole window; on a phone the band is taller than wide, so a
   * landscape picture filling it is drawn some two and a half times the window's width.
   */
  band: '(max-width: 599.95px) 250vw, (max-width: 899.95px) 150vw, 100vw',
  /** An article's picture above its words: the page's column, up to 960 px. */
  pageHeader: '(min-width: 1024px) 960px, 100vw',
  /** An event's picture above its details, beside the booking panel on a wide screen. */
  eventHeader: '(min-width: 900px) 720px, 100vw',
  /** A card in a grid of three (two on a tablet, one on a phone): events on the home page, news. */
  gridCard: '(min-width: 900px) 380px, (min-width: 600px) 50vw, 100vw',
  /** The first news card, across the grid with its picture beside its words. */
  featuredCard: '(min-width: 900px) 480px, (min-width: 600px) 50vw, 100vw',
  /**
   * An event on the events page: its picture in a 240 px column as tall as the card, so a 16:9
   * picture is drawn some 700 px wide; above its words on a phone.
   */
  eventCard: '(min-width: 600px) 720px, 100vw',
  /** A committee member's photo: a grid of three (two on a tablet), a 112 px column on a phone. */
  memberPhoto: '(min-width: 900px) 380px, (min-width: 600px) 50vw, 112px',
} as const;

export type ResponsiveImageProps = {
  src: string;
  alt: string;
  /** How wide it is drawn: one of `imageSizes`. */
  sizes: string;
  /** Its frame's proportions (the CSS crops the picture to them), so the page keeps its room before it loads. */
  width: number;
  height: number;
  /**
   * The page's largest paint: fetched first (`fetchpriority="high"`) and named in the head, so the
   * browser asks for it with the page's styles. Every other picture waits until it nears the screen.
   */
  priority?: boolean;
  /** Fetched at once though not first (a picture being edited); lazy by default. */
  eager?: boolean;
  className?: string;
};

/**
 * A picture: an image uploaded here as AVIF for the browsers that take it and in its own format for
 * the others, each at the widths the server makes (decision 210); any other address as it is.
 */
export function ResponsiveImage({ src, alt, sizes, width, height, priority = false, eager = false, className }: ResponsiveImageProps) {
  const uploaded = uploadedImage(src);
  const avif = uploaded ? imageSrcSet(uploaded.id, 'avif') : undefined;
  // In a <picture> React names no image in the head by itself: the largest paint is named here,
  // as AVIF (a browser without it skips the hint and takes the <img>'s own copies).
  if (priority && avif) preload(src, { as: 'image', imageSrcSet: avif, imageSizes: sizes, type: 'image/avif', fetchPriority: 'high' });
  const img = (
    <img
      src={src}
      srcSet={uploaded ? imageSrcSet(uploaded.id, uploaded.ext) : undefined}
      sizes={uploaded ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      // An eager image outside a <picture> (an address given as it is) React names in the head itself.
      loading={priority || eager ? undefined : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      className={className}
    />
  );
  if (!uploaded) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={avif} sizes={sizes} />
      {img}
    </picture>
  );
}
