import { Component, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button, Loading } from '@/components/ui';

function PageLoadFailed() {
  const { t } = useTranslation();
  return (
    <section className="shell-page">
      <div className="shell-empty" role="alert">
        <p>{t('site.pageLoadFailed')}</p>
        {/* A lazy chunk that failed stays failed in React: a reload fetches it again. */}
        <Button onClick={() => window.location.reload()}>{t('common.retry')}</Button>
      </div>
    </section>
  );
}

interface BoundaryState {
  hasFailed: boolean;
}

class PageErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { hasFailed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { hasFailed: true };
  }

  override render() {
    return this.state.hasFailed ? <PageLoadFailed /> : this.props.children;
  }
}

/**
 * Around the page outlet: a spinner while a route's chunk loads, and "could not load" with Retry
 * when it fails (offline, or a new release replaced the file). Keyed by path, so moving to another
 * page clears a failure.
 */
export function PageBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary key={pathname}>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </PageErrorBoundary>
  );
}
