// Public surface of the content feature (owned by the content work). Placeholder until built.
import type { ComponentType } from 'react';

export type InfoPageSlug =
  'provably-fair' | 'responsible-gambling' | 'self-exclusion' | 'privacy' | 'anti-money-laundering' | 'terms' | 'affiliate';

/** One information or policy page, in the current language. */
export const InfoPage: ComponentType<{ slug: InfoPageSlug }> = () => null;
/** The guide at /blog/:slug (reads the slug from the route). */
export const BlogPostPage: ComponentType = () => null;
/** Guides for footer and menu links: slug and translation key of the title. */
export const blogGuides: { slug: string; titleKey: string }[] = [];
