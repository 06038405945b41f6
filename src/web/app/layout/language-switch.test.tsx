import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../testing/render';
import { DesktopNav, SiteHeader } from './site-header';

function Header() {
  return (
    <>
      <SiteHeader />
      <DesktopNav />
    </>
  );
}

describe('the header in each language (decision 150)', () => {
  it('shows the English navigation on an English page, and a switch to the same page in Armenian', () => {
    renderPage(<Header />, { route: '/news', url: '/news?category=Reports' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Events', 'News', 'Membership', 'Donate']);
    const switchLink = screen.getByRole('link', { name: 'Հայերեն' });
    expect(switchLink).toHaveAttribute('href', '/hy/news?category=Reports&lang=hy');
    expect(switchLink).toHaveAttribute('lang', 'hy');
    expect(switchLink).toHaveAttribute('hreflang', 'hy');
  });

  it('shows the Armenian navigation on an Armenian page, its links under /hy, and a switch back to English', () => {
    renderPage(<Header />, { route: '/events', language: 'hy' });
    const nav = screen.getByRole('navigation', { name: 'Գլխավոր նավարկում' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Գլխավոր', 'Միջոցառումներ', 'Նորություններ', 'Անդամակցություն', 'Նվիրաբերել']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/hy', '/hy/events', '/hy/news', '/hy/register', '/hy/donate']);
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/events?lang=en');
    for (const link of screen.getAllByRole('link', { name: 'Մուտք' })) expect(link).toHaveAttribute('href', '/hy/signIn');
  });
});
