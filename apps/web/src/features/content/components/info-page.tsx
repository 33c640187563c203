import type { InfoPageSlug } from '../model/content-registry';
import { ContentArticle } from './content-article';
import type { WidgetSlots } from './content-blocks';
import { FairVerifier } from './fair-verifier';
import { ReferralLinkPanel } from './referral-link-panel';

/**
 * An information or policy page; the provably-fair and affiliate texts embed their tools, and the
 * app may fill other widget slots (responsible gambling's controls: app/routes).
 */
export function InfoPage({ slug, widgets }: { slug: InfoPageSlug; widgets?: WidgetSlots }) {
  return (
    <ContentArticle
      key={slug}
      slug={slug}
      widgets={{ 'fair-verifier': <FairVerifier />, 'referral-link': <ReferralLinkPanel />, ...widgets }}
    />
  );
}
