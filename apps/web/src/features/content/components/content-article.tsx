import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, Loading } from '@/components/ui';
import { useDocumentPageName } from '@/lib/page-title';
import { useContentDocument } from '../api/get-content-document';
import { relatedPages, pathOf, titleKeyOf, type ContentSlug } from '../model/content-registry';
import { formatUpdatedDate } from '../model/format-date';
import { ContentBlocks, type WidgetSlots } from './content-blocks';
import '../content.css';

function RelatedPages({ slug }: { slug: ContentSlug }) {
  const { t } = useTranslation();
  return (
    <nav className="content-related" aria-labelledby="content-related-title">
      <h2 id="content-related-title">{t('content.related')}</h2>
      <ul>
        {relatedPages[slug].map((related) => (
          <li key={related}>
            <Link to={pathOf(related)}>{t(titleKeyOf(related))}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One page of text: loading and error states, then title, date, blocks and related links. */
export function ContentArticle({ slug, eyebrow, widgets }: { slug: ContentSlug; eyebrow?: string; widgets?: WidgetSlots }) {
  const { t } = useTranslation();
  const { language, query } = useContentDocument(slug);
  useDocumentPageName(t(titleKeyOf(slug)));

  if (query.isPending) {
    return (
      <div className="content-page content-page--state">
        <Loading label={t('content.loading')} />
      </div>
    );
  }

  if (query.isError) {
    return (
      <div className="content-page content-page--state">
        <div role="alert" className="content-state content-state--error">
          <h1>{t(titleKeyOf(slug))}</h1>
          <p>{t('content.loadError')}</p>
        </div>
        <Button onClick={() => void query.refetch()} isLoading={query.isFetching}>
          {t('content.retry')}
        </Button>
      </div>
    );
  }

  const document = query.data;
  return (
    <article className="content-page" lang={language}>
      <header className="content-header">
        {eyebrow && <p className="content-eyebrow">{eyebrow}</p>}
        <h1>{document.title}</h1>
        <p className="content-intro">{document.intro}</p>
        <p className="content-updated">
          {t('content.lastUpdated')}: <time dateTime={document.updated}>{formatUpdatedDate(document.updated, language)}</time>
        </p>
      </header>
      <ContentBlocks blocks={document.blocks} widgets={widgets} />
      <RelatedPages slug={slug} />
    </article>
  );
}
