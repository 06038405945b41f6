import { describe, expect, it } from 'vitest';
import { videoEmbed } from './media-embed';

describe('videoEmbed', () => {
  it('frames YouTube and Vimeo through their players', () => {
    const yt = { kind: 'frame', site: 'YouTube', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' };
    expect(videoEmbed('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toEqual(yt);
    expect(videoEmbed('https://youtu.be/dQw4w9WgXcQ')).toEqual(yt);
    expect(videoEmbed('https://youtube.com/shorts/dQw4w9WgXcQ')).toEqual(yt);
    expect(videoEmbed('https://vimeo.com/76979871')).toEqual({
      kind: 'frame',
      site: 'Vimeo',
      src: 'https://player.vimeo.com/video/76979871',
    });
  });

  it('plays video files and frames nothing else', () => {
    expect(videoEmbed('https://example.org/clip.mp4')).toEqual({ kind: 'file', src: 'https://example.org/clip.mp4' });
    expect(videoEmbed('https://evil.example/youtube.com/embed/dQw4w9WgXcQ')).toEqual({
      kind: 'link',
      href: 'https://evil.example/youtube.com/embed/dQw4w9WgXcQ',
    });
    expect(videoEmbed('https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ')?.kind).toBe('link');
    expect(videoEmbed('https://www.youtube.com/watch?v=bad"id')?.kind).toBe('link');
    expect(videoEmbed('javascript:alert(1)')).toBeNull();
  });
});
