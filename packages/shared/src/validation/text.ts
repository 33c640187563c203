/**
 * Characters a short label (a stake button's name) must not hold: controls, unpaired surrogates,
 * and the invisible "format" characters — bidi overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069) that make a label read differently from what it holds, zero-width spaces and
 * joiners (U+200B–U+200D, U+2060, U+FEFF), soft hyphens — plus `<` and `>`.
 */
const DISALLOWED_IN_LABEL = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}<>\u2028\u2029]/u;

export function hasDisallowedLabelCharacters(text: string): boolean {
  return DISALLOWED_IN_LABEL.test(text);
}
