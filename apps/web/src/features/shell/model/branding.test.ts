import { describe, expect, it } from 'vitest';
import { DEFAULT_GLOBAL_SETTINGS } from '@app/shared';
import { brandCssVariables, brandName, pageTitle, readableTextOn } from './branding';
import { contactAddresses, socialLinks } from './footer';

describe('branding', () => {
  it('maps the five settings colours (wire spellings) to the CSS variables', () => {
    const variables = brandCssVariables({
      ...DEFAULT_GLOBAL_SETTINGS,
      bg_primary_color: '#101010',
      bg_secondry_color: '#202020',
      text_primary_color: '#fefefe',
      text_secondry_color: '#cccccc',
      other_color: '#0044ff',
    });
    expect(variables).toMatchObject({
      '--bg-primary': '#101010',
      '--bg-secondary': '#202020',
      '--text-primary': '#fefefe',
      '--text-secondary': '#cccccc',
      '--accent': '#0044ff',
      '--on-accent': '#ffffff',
    });
  });

  it('picks dark text on light accents and light text on dark ones', () => {
    expect(readableTextOn('#f5b400')).toBe('#111111');
    expect(readableTextOn('#ffffff')).toBe('#111111');
    expect(readableTextOn('#1a237e')).toBe('#ffffff');
  });

  it('titles the page with the site title, or the host name when it is empty (docs/product.md §9)', () => {
    expect(pageTitle({ site_title: 'Royal Play' }, 'example.com')).toBe('Royal Play');
    expect(pageTitle({ site_title: '  ' }, 'example.com')).toBe('example.com');
  });
});

describe('footer model', () => {
  it('gives the support, partners and press mailboxes at the site domain', () => {
    expect(contactAddresses('www.play.example')).toEqual([
      { kind: 'support', address: 'support@play.example' },
      { kind: 'partners', address: 'partners@play.example' },
      { kind: 'press', address: 'press@play.example' },
    ]);
  });

  it('invents no mailboxes for an address or a machine name', () => {
    expect(contactAddresses('127.0.0.1')).toEqual([]);
    expect(contactAddresses('localhost')).toEqual([]);
    expect(contactAddresses('::1')).toEqual([]);
  });

  it('names the operator in running text only by site_title, never by the host', () => {
    expect(brandName({ site_title: '  Royal Play ' })).toBe('Royal Play');
    expect(brandName({ site_title: '' })).toBe('');
  });

  it('lists only the social links the operator set', () => {
    const links = socialLinks({ ...DEFAULT_GLOBAL_SETTINGS, telegram_link: 'https://t.me/site', fb_link: 'https://fb.com/site' });
    expect(links).toEqual([
      { kind: 'telegram', url: 'https://t.me/site' },
      { kind: 'facebook', url: 'https://fb.com/site' },
    ]);
  });
});
