import { Link } from 'react-router';
import { useBackOfficeTitle } from '../lib/backOffice';
import { useI18n } from '../lib/i18n';

export default function AdminNotFoundPage() {
  const { t } = useI18n();
  useBackOfficeTitle(t('admin.notFound.heading'));
  return (
    <div className="flex flex-col items-start gap-4 py-8">
      <h1 className="text-2xl font-bold">{t('admin.notFound.heading')}</h1>
      <p className="text-zinc-600">{t('admin.notFound.text')}</p>
      <Link to="/admin" className="font-semibold text-brand-dark underline">
        {t('admin.notFound.back')}
      </Link>
    </div>
  );
}
