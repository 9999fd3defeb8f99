import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import type { LegalPage as LegalPageName } from '../../../domain/legal';
import type { Locale } from '../../../domain/locale';
import { Loading } from '../../components/Loading';
import { companyInfo } from '../../lib/company';
import { useI18n } from '../../lib/i18n';
import type { LegalContentProps } from './content/types';

type Content = LazyExoticComponent<ComponentType<LegalContentProps>>;

/** Each text in each language is its own chunk: a visitor downloads only the page and language they read. */
const CONTENT: Record<LegalPageName, Record<Locale, Content>> = {
  terms: { en: lazy(() => import('./content/terms.en')), ro: lazy(() => import('./content/terms.ro')) },
  privacy: { en: lazy(() => import('./content/privacy.en')), ro: lazy(() => import('./content/privacy.ro')) },
  delivery: { en: lazy(() => import('./content/delivery.en')), ro: lazy(() => import('./content/delivery.ro')) },
  returns: { en: lazy(() => import('./content/returns.en')), ro: lazy(() => import('./content/returns.ro')) },
  cookies: { en: lazy(() => import('./content/cookies.en')), ro: lazy(() => import('./content/cookies.ro')) },
  reviews: { en: lazy(() => import('./content/reviews.en')), ro: lazy(() => import('./content/reviews.ro')) },
};

/** A legal page (terms, privacy, delivery, returns, cookies, how reviews are checked) in the visitor's language. */
export function LegalPage({ page }: { page: LegalPageName }) {
  const { locale } = useI18n();
  const Content = CONTENT[page][locale];
  return (
    <Suspense fallback={<Loading />}>
      <Content company={companyInfo()} />
    </Suspense>
  );
}
