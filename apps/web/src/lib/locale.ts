/**
 * Dates in the page's language with Latin digits: the site shows every number in Latin digits,
 * money, odds and stakes included (docs/shell.md "Numbers"); a Bengali date would otherwise use
 * Bengali digits beside them. Month and day names stay in the player's language.
 */
export function dateLocale(language: string): string {
  return `${language}-u-nu-latn`;
}
