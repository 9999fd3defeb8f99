import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import type { WithdrawalOrder, WithdrawalReceipt } from '../../../domain/contracts/orders';
import { ibanPrinted } from '../../../domain/iban';
import { dayValue } from '../../../domain/issueValues';
import { WITHDRAWAL_DAYS } from '../../../domain/legal';
import { shopTime } from '../../../domain/locale';
import { type WithdrawalRequest, withdrawnText } from '../../../domain/withdrawal';
import { secondaryButton } from '../../components/ui/styles';
import { companyInfo } from '../../lib/company';
import { useI18n } from '../../lib/i18n';

/** The receipt, at once on the page (the mail carries it too): the statement as sent, when it reached the shop, what happens next. */
export function Receipt({ answer, sent, order }: { answer: WithdrawalReceipt; sent: WithdrawalRequest; order: WithdrawalOrder }) {
  const { t, locale } = useI18n();
  const id = useId();
  const company = companyInfo();
  const products = withdrawnText(order.lines, sent.lines);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby={`${id}-done`} className="mt-6 rounded-2xl bg-green-50 p-5 ring-1 ring-green-200">
      <h2 id={`${id}-done`} ref={heading} tabIndex={-1} className="text-xl font-semibold text-green-900">
        {t('withdrawal.done.heading')}
      </h2>
      <p role="status" className="mt-2 text-green-900">
        {t('withdrawal.done.text', { orderNumber: answer.orderNumber, when: shopTime(answer.requestedAt, locale), email: answer.email })}
      </p>
      <h3 className="mt-4 font-semibold text-green-900">{t('withdrawal.done.statement')}</h3>
      <dl className="mt-1 grid gap-x-4 gap-y-1 text-green-900 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">{t('withdrawal.name.label')}</dt>
        <dd>{order.name}</dd>
        <dt className="font-medium">{t('payment.term.orderNumber')}</dt>
        <dd>{answer.orderNumber}</dd>
        <dt className="font-medium">{t('withdrawal.email.label')}</dt>
        <dd className="break-all">{answer.email}</dd>
        <dt className="font-medium">{t('withdrawal.products.label')}</dt>
        <dd>{products}</dd>
        <dt className="font-medium">{t('withdrawal.reason.label')}</dt>
        <dd>{sent.reason ?? t('withdrawal.done.noReason')}</dd>
        {sent.iban && (
          <>
            <dt className="font-medium">{t('withdrawal.iban.label')}</dt>
            <dd>{ibanPrinted(sent.iban)}</dd>
          </>
        )}
        <dt className="font-medium">{t('withdrawal.done.sentAt')}</dt>
        <dd>{shopTime(answer.requestedAt, locale)}</dd>
      </dl>
      <h3 className="mt-4 font-semibold text-green-900">{t('withdrawal.done.next')}</h3>
      <p className="mt-1 text-green-900">{t('withdrawal.done.sendBack', { days: WITHDRAWAL_DAYS, address: `${company.name}, ${company.address}` })}</p>
      <p className="mt-1 text-green-900">{t('withdrawal.done.refund', { day: dayValue(answer.refundDueDay) })}</p>
      <p className="mt-3">
        <Link to="/shop" className={secondaryButton}>
          {t('order.browseCollection')}
        </Link>
      </p>
    </section>
  );
}
