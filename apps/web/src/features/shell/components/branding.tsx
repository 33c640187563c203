import type { GlobalSettings } from '@app/shared';
import { memo, useEffect } from 'react';
import { uploadImageUrl, useSettingsOrDefaults } from '@/lib/global-settings';
import { composeDocumentTitle, usePageName } from '@/lib/page-title';
import { brandCssVariables, pageTitle } from '../model/branding';

/** Colours on <html> and the page title; also called before the first render with the stored copy. */
export function applyBrandColorsAndTitle(settings: GlobalSettings, pageName = ''): void {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(brandCssVariables(settings))) root.style.setProperty(name, value);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', settings.bg_primary_color);
  document.title = composeDocumentTitle(pageName, pageTitle(settings, window.location.hostname));
}

/** Applies the operator's branding: colour variables on <html>, the document title (page · site) and the favicon. */
export const Branding = memo(function Branding() {
  const settings = useSettingsOrDefaults();
  const pageName = usePageName();

  useEffect(() => applyBrandColorsAndTitle(settings, pageName), [settings, pageName]);

  useEffect(() => {
    const href = uploadImageUrl(settings.favicon);
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!href) {
      link?.remove();
      return;
    }
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = href;
  }, [settings.favicon]);

  return null;
});
