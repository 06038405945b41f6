import { isSafeMediaUrl } from './safe-url';

/**
 * How a video is shown. A direct video file plays in <video>; a YouTube or Vimeo page becomes
 * that site's player in a sandboxed frame; nothing else is ever framed.
 */
export type VideoEmbed =
  { kind: 'file'; src: string } | { kind: 'frame'; src: string; site: 'YouTube' | 'Vimeo' } | { kind: 'link'; href: string };

/** The player origins that pages may frame (the CSP's frame-src). */
export const VIDEO_FRAME_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

const VIDEO_FILE = /\.(mp4|webm|ogv|ogg|mov|m4v)$/i;
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;

function youtubeId(url: URL): string | null {
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.slice(1);
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (url.pathname === '/watch') id = url.searchParams.get('v');
    else id = /^\/(embed|shorts|live)\/([^/]+)$/.exec(url.pathname)?.[2] ?? null;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

function vimeoId(url: URL): string | null {
  const host = url.hostname.replace(/^www\./, '');
  const id =
    host === 'vimeo.com'
      ? /^\/(\d+)\/?$/.exec(url.pathname)?.[1]
      : host === 'player.vimeo.com'
        ? /^\/video\/(\d+)\/?$/.exec(url.pathname)?.[1]
        : undefined;
  return id && VIMEO_ID.test(id) ? id : null;
}

export function videoEmbed(address: string): VideoEmbed | null {
  if (!isSafeMediaUrl(address)) return null;
  let url: URL;
  try {
    url = new URL(address, 'https://site.invalid');
  } catch {
    return null;
  }
  const youtube = youtubeId(url);
  if (youtube) return { kind: 'frame', site: 'YouTube', src: `https://www.youtube-nocookie.com/embed/${youtube}` };
  const vimeo = vimeoId(url);
  if (vimeo) return { kind: 'frame', site: 'Vimeo', src: `https://player.vimeo.com/video/${vimeo}` };
  if (VIDEO_FILE.test(url.pathname)) return { kind: 'file', src: address };
  return { kind: 'link', href: address };
}
