// Public surface of the content feature: information and policy pages, the guides, and the
// list of guides for menus and the footer.
import { guideSlugs, titleKeyOf } from './model/content-registry';

export type { InfoPageSlug } from './model/content-registry';

/** Guides for footer and menu links: slug and translation key of the title. */
export const blogGuides: { slug: string; titleKey: string }[] = guideSlugs.map((slug) => ({ slug, titleKey: titleKeyOf(slug) }));
