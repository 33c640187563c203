import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { guideSlugs, isGuideSlug, pathOf, titleKeyOf } from '../model/content-registry';
import { ContentArticle } from './content-article';
import '../content.css';

function GuideNotFound() {
  const { t } = useTranslation();
  return (
    <div className="content-page">
      <header className="content-header">
        <h1>{t('content.notFound.title')}</h1>
        <p className="content-intro">{t('content.notFound.body')}</p>
      </header>
      <nav className="content-related" aria-labelledby="content-guides-title">
        <h2 id="content-guides-title">{t('content.guides')}</h2>
        <ul>
          {guideSlugs.map((slug) => (
            <li key={slug}>
              <Link to={pathOf(slug)}>{t(titleKeyOf(slug))}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

/** The guide at /blog/:slug; an unknown slug gets a friendly list of the guides we have. */
export function BlogPostPage() {
  const { t } = useTranslation();
  const { slug } = useParams<{ slug: string }>();
  if (!isGuideSlug(slug)) return <GuideNotFound />;
  return <ContentArticle key={slug} slug={slug} eyebrow={t('content.guide')} />;
}
