// Latin digits in every language, as every number on the site (docs/shell.md "Numbers").
const LOCALES: Record<string, string> = { en: 'en-IN', hi: 'hi-IN-u-nu-latn', bn: 'bn-IN-u-nu-latn' };

/** "21 November 2026" in the page's language; the date is a calendar day, so UTC avoids a shift. */
export function formatUpdatedDate(isoDate: string, language: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return new Intl.DateTimeFormat(LOCALES[language] ?? 'en-IN', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
