import { Link } from 'react-router';
import { useI18n } from '../lib/i18n';
import { useDocumentTitle } from '../lib/useDocumentTitle';

/** "Page not found" with a way home: unknown addresses, and a product page whose product does not exist. */
export function PageNotFound() {
  const { t } = useI18n();
  useDocumentTitle(t('notFound.title'));
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{t('notFound.title')}</h1>
      <p className="text-zinc-600">{t('notFound.text')}</p>
      <Link
        to="/"
        className="inline-flex min-h-11 items-center rounded-lg bg-brand px-5 font-semibold text-white hover:bg-brand-dark focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand"
      >
        {t('notFound.backHome')}
      </Link>
    </div>
  );
}
