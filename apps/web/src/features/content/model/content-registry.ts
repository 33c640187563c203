// Relative so the pure tests (vitest, no path alias) can load it.
import { paths } from '../../../config/paths';

export type InfoPageSlug =
  'provably-fair' | 'responsible-gambling' | 'self-exclusion' | 'privacy' | 'anti-money-laundering' | 'terms' | 'affiliate';

export const guideSlugs = [
  'cricket-betting-basics',
  'odds-and-possible-win',
  'fancy-bets-explained',
  'bonus-wallets-explained',
  'playing-responsibly',
] as const;

export type GuideSlug = (typeof guideSlugs)[number];
export type ContentSlug = InfoPageSlug | GuideSlug;

export function isGuideSlug(value: string | undefined): value is GuideSlug {
  return guideSlugs.some((slug) => slug === value);
}

/** Translation key of a page's short title (menus, footer, related links). */
export function titleKeyOf(slug: ContentSlug): string {
  return `content.titles.${slug}`;
}

export function pathOf(slug: ContentSlug): string {
  switch (slug) {
    case 'provably-fair':
      return paths.provablyFair;
    case 'responsible-gambling':
      return paths.responsibleGambling;
    case 'affiliate':
      return paths.affiliate;
    case 'self-exclusion':
    case 'privacy':
    case 'anti-money-laundering':
    case 'terms':
      return paths.policy(slug);
    default:
      return paths.blog(slug);
  }
}

/** What each page points a reader to next. */
export const relatedPages: Record<ContentSlug, ContentSlug[]> = {
  'provably-fair': ['terms', 'playing-responsibly', 'privacy'],
  'responsible-gambling': ['self-exclusion', 'playing-responsibly', 'terms'],
  'self-exclusion': ['responsible-gambling', 'playing-responsibly', 'privacy'],
  privacy: ['terms', 'anti-money-laundering', 'self-exclusion'],
  'anti-money-laundering': ['terms', 'privacy', 'responsible-gambling'],
  terms: ['odds-and-possible-win', 'bonus-wallets-explained', 'privacy', 'anti-money-laundering'],
  affiliate: ['terms', 'bonus-wallets-explained', 'responsible-gambling'],
  'cricket-betting-basics': ['odds-and-possible-win', 'fancy-bets-explained', 'playing-responsibly'],
  'odds-and-possible-win': ['cricket-betting-basics', 'fancy-bets-explained', 'terms'],
  'fancy-bets-explained': ['cricket-betting-basics', 'odds-and-possible-win', 'playing-responsibly'],
  'bonus-wallets-explained': ['terms', 'odds-and-possible-win', 'playing-responsibly'],
  'playing-responsibly': ['responsible-gambling', 'self-exclusion', 'bonus-wallets-explained'],
};

export function contentUrl(language: string, slug: ContentSlug): string {
  return `/assets/content/${language}/${slug}.json`;
}
