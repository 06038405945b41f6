import { describe, expect, it } from 'vitest';
import { socialEmbed } from './social-embed';

describe('the social media embed', () => {
  it('frames a Facebook page through the Page plugin on www.facebook.com', () => {
    const embed = socialEmbed('https://www.facebook.com/ExampleAssociation');
    expect(embed).toMatchObject({ origin: 'https://www.facebook.com', host: 'www.facebook.com', network: 'Facebook' });
    const src = new URL(embed!.src);
    expect(src.pathname).toBe('/plugins/page.php');
    expect(src.searchParams.get('href')).toBe('https://www.facebook.com/ExampleAssociation');
    expect(socialEmbed('https://m.facebook.com/x')?.origin).toBe('https://www.facebook.com');
  });

  it('frames another https page as it is, named by its network', () => {
    expect(socialEmbed('https://social.example.org/@association')).toEqual({
      src: 'https://social.example.org/@association',
      origin: 'https://social.example.org',
      host: 'social.example.org',
      network: 'social media',
    });
    expect(socialEmbed('https://www.instagram.com/x')?.network).toBe('Instagram');
  });

  it.each(['', '   ', 'http://example.org/page', 'javascript:alert(1)', 'data:text/html,x', '//evil.example', 'https://'])(
    'frames nothing for %j',
    (address) => expect(socialEmbed(address)).toBeNull(),
  );

  it('is not fooled by a look-alike host', () => {
    expect(socialEmbed('https://facebook.com.evil.example/x')?.network).toBe('social media');
    expect(socialEmbed('https://notfacebook.com/x')?.network).toBe('social media');
  });
});
