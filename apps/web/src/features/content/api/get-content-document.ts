import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { parseContentDocument, type ContentDocument } from '../model/content-document';
import { contentUrl, type ContentSlug } from '../model/content-registry';
import { queryKeys } from '@/lib/query-keys';

// The texts change only with a deploy; within a visit one fetch per page and language is enough.
const CONTENT_STALE_MS = 10 * 60_000;

export async function fetchContentDocument(language: string, slug: ContentSlug): Promise<ContentDocument> {
  const response = await fetch(contentUrl(language, slug), { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`content ${language}/${slug} answered ${response.status}`);
  return parseContentDocument(await response.json());
}

export function contentDocumentQuery(language: string, slug: ContentSlug) {
  return queryOptions({
    queryKey: queryKeys.content(language, slug),
    queryFn: () => fetchContentDocument(language, slug),
    staleTime: CONTENT_STALE_MS,
  });
}

/** The page's text in the current i18next language; switching language fetches the other file. */
export function useContentDocument(slug: ContentSlug) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const query = useQuery(contentDocumentQuery(language, slug));
  return { language, query };
}
