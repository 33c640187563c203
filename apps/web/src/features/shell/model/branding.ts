import type { GlobalSettings } from '@app/shared';

/** The operator's colours as the CSS variables every stylesheet reads (docs/product.md §3 wire names). */
export function brandCssVariables(settings: GlobalSettings): Record<string, string> {
  return {
    '--bg-primary': settings.bg_primary_color,
    '--bg-secondary': settings.bg_secondry_color,
    '--text-primary': settings.text_primary_color,
    '--text-secondary': settings.text_secondry_color,
    '--accent': settings.other_color,
    '--on-accent': readableTextOn(settings.other_color),
  };
}

/** Black or white, whichever reads better on the given #rrggbb background (WCAG luminance). */
export function readableTextOn(hex: string): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return '#111111';
  const [r, g, b] = match.slice(1).map((part) => {
    const channel = parseInt(part, 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast with black is (L + 0.05) / 0.05; with white 1.05 / (L + 0.05). They are equal near 0.179.
  return luminance > 0.179 ? '#111111' : '#ffffff';
}

/** Spec §9: the page title is the site title, or the host name when the title is empty. */
export function pageTitle(settings: Pick<GlobalSettings, 'site_title'>, hostname: string): string {
  return settings.site_title.trim() || hostname;
}

/**
 * The operator's name for running text (hero, copyright): site_title only. The host name stands
 * in for the title in the tab (docs/product.md §9), but in text beside the operator's logo it would read as
 * a second brand (docs/shell.md).
 */
export function brandName(settings: Pick<GlobalSettings, 'site_title'>): string {
  return settings.site_title.trim();
}
