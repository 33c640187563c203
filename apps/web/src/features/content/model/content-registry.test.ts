import { describe, expect, it } from 'vitest';
import { contentUrl, guideSlugs, isGuideSlug, pathOf, relatedPages, titleKeyOf } from './content-registry';

describe('content registry', () => {
  it('maps every page to the route the shell mounts it at', () => {
    expect(pathOf('provably-fair')).toBe('/provably-fair');
    expect(pathOf('responsible-gambling')).toBe('/responsible-gambling');
    expect(pathOf('self-exclusion')).toBe('/policies/self-exclusion');
    expect(pathOf('anti-money-laundering')).toBe('/policies/anti-money-laundering');
    expect(pathOf('affiliate')).toBe('/affiliate');
    expect(pathOf('fancy-bets-explained')).toBe('/blog/fancy-bets-explained');
  });

  it('recognises only the published guides', () => {
    expect(guideSlugs).toHaveLength(5);
    expect(isGuideSlug('odds-and-possible-win')).toBe(true);
    expect(isGuideSlug('terms')).toBe(false);
    expect(isGuideSlug('../en/terms')).toBe(false);
    expect(isGuideSlug(undefined)).toBe(false);
  });

  it('never relates a page to itself', () => {
    for (const [slug, related] of Object.entries(relatedPages)) {
      expect(related).not.toContain(slug);
      expect(related.length).toBeGreaterThan(0);
    }
  });

  it('builds keys and file addresses from the slug', () => {
    expect(titleKeyOf('terms')).toBe('content.titles.terms');
    expect(contentUrl('hi', 'privacy')).toBe('/assets/content/hi/privacy.json');
  });
});
