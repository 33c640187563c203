import type { InfoPageSlug } from '../model/content-registry';
import { ContentArticle } from './content-article';
import { FairVerifier } from './fair-verifier';
import { ReferralLinkPanel } from './referral-link-panel';

/** An information or policy page; the provably-fair and affiliate texts embed their tools. */
export function InfoPage({ slug }: { slug: InfoPageSlug }) {
  return (
    <ContentArticle
      key={slug}
      slug={slug}
      widgets={{ 'fair-verifier': <FairVerifier />, 'referral-link': <ReferralLinkPanel /> }}
    />
  );
}
