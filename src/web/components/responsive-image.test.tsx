import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { imageSizes, ResponsiveImage } from './responsive-image';

const ID = '0f7f2876-2d8b-4752-8704-c9e65ed5df9c';
const widths = [400, 800, 1200, 1600, 2000];
const srcset = (format: string) => widths.map((width) => `/api/images/${ID}/${width}.${format} ${width}w`).join(', ');

/** The server's markup as a document, as the browser parses it. */
function served(markup: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><html><head></head><body>${markup}</body></html>`, 'text/html');
}

/** Decision 210: an uploaded image as AVIF and in its own format at every width, the largest paint named in the head. */
describe('ResponsiveImage', () => {
  it('offers an uploaded JPEG as AVIF and JPEG copies at every width, for the width it is drawn at, lazily', () => {
    const { container } = render(
      <ResponsiveImage src={`/api/images/${ID}.jpg`} alt="Hills at dusk" sizes={imageSizes.gridCard} width={1600} height={900} />,
    );
    const picture = container.querySelector('picture')!;
    const source = picture.querySelector('source')!;
    expect(source.getAttribute('type')).toBe('image/avif');
    expect(source.getAttribute('srcset')).toBe(srcset('avif'));
    expect(source.getAttribute('sizes')).toBe('(min-width: 900px) 380px, (min-width: 600px) 50vw, 100vw');
    const img = picture.querySelector('img')!;
    // The upload itself for a browser that knows no srcset, and for og:image.
    expect(img.getAttribute('src')).toBe(`/api/images/${ID}.jpg`);
    expect(img.getAttribute('srcset')).toBe(srcset('jpg'));
    expect(img.getAttribute('sizes')).toBe(source.getAttribute('sizes'));
    expect(img.getAttribute('alt')).toBe('Hills at dusk');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1600', '900']);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.hasAttribute('fetchpriority')).toBe(false);
  });

  it('keeps a PNG’s copies in PNG for browsers without AVIF', () => {
    const { container } = render(
      <ResponsiveImage src={`/api/images/${ID}.png`} alt="Ani" sizes={imageSizes.memberPhoto} width={400} height={400} />,
    );
    expect(container.querySelector('img')!.getAttribute('srcset')).toBe(srcset('png'));
    expect(container.querySelector('source')!.getAttribute('srcset')).toBe(srcset('avif'));
  });

  it('fetches the page’s largest paint first and names only it in the head, as AVIF for the width it is drawn at', () => {
    const markup = renderToString(
      <>
        <img src="/mark.svg" alt="" fetchPriority="low" />
        <ResponsiveImage src={`/api/images/${ID}.jpg`} alt="" sizes={imageSizes.band} width={2000} height={900} priority />
        <ResponsiveImage
          src="/api/images/11111111-2d8b-4752-8704-c9e65ed5df9c.jpg"
          alt=""
          sizes={imageSizes.gridCard}
          width={1600}
          height={900}
        />
        <ResponsiveImage
          src="/api/images/22222222-2d8b-4752-8704-c9e65ed5df9c.png"
          alt=""
          sizes={imageSizes.memberPhoto}
          width={400}
          height={400}
        />
      </>,
    );
    const page = served(markup);
    const preloads = [...page.querySelectorAll('link[rel="preload"]')];
    expect(preloads).toHaveLength(1);
    const [preload] = preloads;
    expect(preload!.getAttribute('as')).toBe('image');
    expect(preload!.getAttribute('type')).toBe('image/avif');
    expect(preload!.getAttribute('fetchpriority')).toBe('high');
    expect(preload!.getAttribute('imagesrcset')).toBe(srcset('avif'));
    expect(preload!.getAttribute('imagesizes')).toBe(imageSizes.band);
    // Ahead of everything it draws, so the server can move it into the head.
    expect(markup.startsWith('<link rel="preload"')).toBe(true);

    const [first, ...others] = [...page.querySelectorAll('picture img')];
    expect(first!.getAttribute('fetchpriority')).toBe('high');
    expect(first!.hasAttribute('loading')).toBe(false);
    expect(others.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual([
      ['lazy', null],
      ['lazy', null],
    ]);
  });

  it('shows an image from elsewhere as it is: no copies to offer', () => {
    const markup = renderToString(
      <ResponsiveImage src="https://example.org/photo.jpg" alt="A photo" sizes={imageSizes.pageHeader} width={1600} height={900} />,
    );
    const page = served(markup);
    expect(page.querySelector('picture')).toBeNull();
    const img = page.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('https://example.org/photo.jpg');
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.hasAttribute('sizes')).toBe(false);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(page.querySelector('link')).toBeNull();
  });

  it('fetches a picture being edited at once, without naming it in the head', () => {
    const markup = renderToString(
      <ResponsiveImage src={`/api/images/${ID}.png`} alt="Ani" sizes={imageSizes.memberPhoto} width={400} height={400} eager />,
    );
    const page = served(markup);
    expect(page.querySelector('img')!.hasAttribute('loading')).toBe(false);
    expect(page.querySelector('img')!.hasAttribute('fetchpriority')).toBe(false);
    expect(page.querySelector('link')).toBeNull();
  });
});
