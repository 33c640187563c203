/**
 * A player's referral link. The code is the player's user name; the site opens the registration
 * form for a guest who follows it (docs/product.md §2, `/home?referance=` spelled as the spec spells it).
 */
export function buildReferralLink(origin: string, userName: string): string {
  const url = new URL('/home', origin);
  url.searchParams.set('referance', userName);
  return url.toString();
}
