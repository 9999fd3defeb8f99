import { Link } from 'react-router';
import type { Dashboard as Figures } from '../../../domain/contracts/admin';
import type { InvoiceReporting } from '../../../domain/contracts/invoices';
import { signInEndsSoon } from '../../../domain/invoice';
import { bucharestDay, shopClock, shopDay } from '../../../domain/locale';
import { refundUrgency } from '../../../domain/withdrawal';
import { useI18n } from '../../lib/i18n';
import { alarm, notice } from './dashboardStyles';
import { Upkeep } from './Upkeep';

/** The invoices to report the dashboard lists (the oldest first); the Invoices page has them all. */
const TO_REPORT_SHOWN = 5;

/**
 * The three figures on top of the orders, each a filter of the list (issue 46): today's orders, those waiting for the
 * owner, those delivered this month (its revenue); then what needs a look when there is any: mails not sent, invoices to
 * report to ANAF, shipments overdue. `current`: the list's filter now (its counter is marked).
 */
export function Dashboard({ figures, current }: { figures: Figures | null; current: string }) {
  const { t, money, locale } = useI18n();
  const today = bucharestDay(new Date());
  const items = [
    { label: t('admin.dashboard.ordersToday'), value: figures ? String(figures.ordersToday) : '…', query: `from=${today}&to=${today}` },
    { label: t('admin.dashboard.awaitingOwner'), value: figures ? String(figures.awaitingOwner) : '…', query: 'status=waiting' },
    { label: t('admin.dashboard.deliveredThisMonth'), value: figures ? money(figures.deliveredRevenueThisMonth) : '…', query: 'status=delivered_this_month' },
  ];
  return (
    <section aria-label={t('admin.dashboard.label')}>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {items.map((item) => (
          <li key={item.label}>
            <Link
              to={`/admin?${item.query}`}
              aria-current={current === item.query ? 'true' : undefined}
              className="block rounded-xl bg-white p-4 ring-1 ring-zinc-200 hover:ring-brand focus-visible:outline-3 focus-visible:outline-brand aria-[current]:ring-2 aria-[current]:ring-brand"
            >
              <span className="block text-sm text-zinc-600">{item.label}</span>
              <span className="mt-1 block text-2xl font-bold">{item.value}</span>
            </Link>
          </li>
        ))}
      </ul>
      {figures && figures.failedMails > 0 && (
        <p className={notice}>
          <Link to="/admin/mails" className="font-semibold underline">
            {t('admin.dashboard.failedMails', { count: figures.failedMails })}
          </Link>
          {t('admin.dashboard.failedMailsAfter')}
        </p>
      )}
      {figures && <Upkeep upkeep={figures.housekeeping} />}
      {figures && figures.awbsToday > 0 && (
        <p className="mt-3">
          <a href="/api/admin/shipments/labels" target="_blank" rel="noopener" className="font-semibold text-brand-dark underline">
            {t('admin.dashboard.labelsToday', { count: figures.awbsToday })}
          </a>
        </p>
      )}
      {figures?.pickups.map((pickup) => (
        <p key={pickup.courier} className={pickup.orderedAt || pickup.mode === 'automatic' || pickup.waiting === 0 ? 'mt-3' : notice}>
          {pickup.mode === 'automatic'
            ? t('admin.dashboard.pickupAutomatic', { courier: pickup.courierName })
            : pickup.orderedAt
              ? t('admin.dashboard.pickupOrdered', { courier: pickup.courierName, order: pickup.order ?? '', time: shopClock(pickup.orderedAt, locale), from: pickup.hours.from, to: pickup.hours.to })
              : pickup.waiting > 0
                ? t(pickup.mode === 'each' ? 'admin.dashboard.pickupWaitingEach' : 'admin.dashboard.pickupWaitingDaily', {
                    courier: pickup.courierName,
                    count: pickup.waiting,
                    from: pickup.hours.from,
                  })
                : t('admin.dashboard.pickupNone', { courier: pickup.courierName })}
          {pickup.orderedAt && pickup.waiting > 0 && t('admin.dashboard.pickupMore', { count: pickup.waiting })}
        </p>
      ))}
      {figures && <InvoiceNotices reporting={figures.invoices} />}
      {figures && <RefundNotices refunds={figures.refundsToPay} />}
      {figures && figures.unconfirmedCod > 0 && (
        <p className={notice}>
          <Link to="/admin?status=unconfirmed" className="font-semibold underline">
            {t('admin.dashboard.unconfirmedCod', { count: figures.unconfirmedCod, hours: figures.confirmReminderHours })}
          </Link>
          {t('admin.dashboard.unconfirmedCodAfter', { count: figures.unconfirmedCod })}
        </p>
      )}
      {figures && <Refusals refusals={figures.refusals} />}
      {figures && figures.overdueShipments > 0 && (
        <p className={notice}>
          <Link to="/admin?status=overdue" className="font-semibold underline">
            {t('admin.dashboard.overdueShipments', { count: figures.overdueShipments, days: figures.overdueDays })}
          </Link>
          {t('admin.dashboard.overdueShipmentsAfter', { count: figures.overdueShipments })}
        </p>
      )}
    </section>
  );
}

/**
 * e-Factura: that invoices are not reported to ANAF (no application, nobody signed in), that the sign-in ends within a
 * month, the invoices due tomorrow or today and those late, and how many ANAF has not accepted yet.
 */
function InvoiceNotices({ reporting }: { reporting: InvoiceReporting }) {
  const { t, locale } = useI18n();
  const { anaf, toReport } = reporting;
  const due = toReport.filter((invoice) => invoice.reportUrgency === 'due').length;
  const late = toReport.filter((invoice) => invoice.reportUrgency === 'late').length;
  const toInvoices = (text: string) => (
    <Link to="/admin/invoices" className="font-semibold underline">
      {text}
    </Link>
  );
  return (
    <>
      {anaf.reporting === 'signed_out' && anaf.problem ? (
        // The sign-in has ended (ANAF refused its refresh): said as such, never as a refused invoice.
        <p className={alarm}>
          {toInvoices(t('admin.dashboard.anafSignInEnded'))}
          {t('admin.dashboard.anafSignInEndedAfter')}
        </p>
      ) : (
        anaf.reporting !== 'signed_in' && (
          <p className={toReport.length > 0 ? alarm : notice}>
            {toInvoices(t(anaf.reporting === 'off' ? 'admin.dashboard.anafOff' : 'admin.dashboard.anafSignedOut'))}
            {t(anaf.reporting === 'off' ? 'admin.dashboard.anafOffAfter' : 'admin.dashboard.anafSignedOutAfter')}
          </p>
        )
      )}
      {anaf.reporting === 'signed_in' && anaf.signInEndsAt && signInEndsSoon(new Date(anaf.signInEndsAt), new Date()) && (
        <p className={notice}>
          {toInvoices(t('admin.dashboard.anafSignInEnds', { day: shopDay(bucharestDay(new Date(anaf.signInEndsAt)), locale) }))}
          {t('admin.dashboard.anafSignInEndsAfter')}
        </p>
      )}
      {late > 0 && (
        <p className={alarm}>
          {toInvoices(t('admin.dashboard.invoicesLate', { count: late }))}
          {t('admin.dashboard.invoicesAfter')}
        </p>
      )}
      {due > 0 && (
        <p className={notice}>
          {toInvoices(t('admin.dashboard.invoicesDue', { count: due }))}
          {t('admin.dashboard.invoicesAfter')}
        </p>
      )}
      {toReport.length > 0 && (
        <section aria-labelledby="to-report-title" className="mt-3 rounded-xl bg-white p-4 ring-1 ring-zinc-200">
          <h2 id="to-report-title" className="font-semibold">
            {t('admin.dashboard.toReportHeading', { count: toReport.length })}
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {toReport.slice(0, TO_REPORT_SHOWN).map((invoice) => (
              <li key={invoice.id}>
                <Link to={`/admin/orders/${invoice.orderId}`} className="font-semibold text-brand-dark underline">
                  {t('admin.dashboard.toReportItem', { number: invoice.documentId, order: String(invoice.orderNumber) })}
                </Link>
                {': '}
                {t('admin.dashboard.toReportBy', { day: shopDay(invoice.reportDueDay, locale) })} ·{' '}
                {t(invoice.check === 'invalid' ? 'admin.invoices.check.invalid' : `admin.invoices.anaf.${invoice.anaf}`)}
                {invoice.reportUrgency && <strong className={invoice.reportUrgency === 'late' ? 'text-red-700' : 'text-amber-800'}> · {t(`admin.invoices.urgency.${invoice.reportUrgency}`)}</strong>}
              </li>
            ))}
          </ul>
          {toReport.length > TO_REPORT_SHOWN && <p className="mt-2 text-sm">{toInvoices(t('admin.dashboard.toReportMore', { count: toReport.length - TO_REPORT_SHOWN }))}</p>}
        </section>
      )}
    </>
  );
}

/**
 * The cash still with the couriers (delivered, not yet paid out), below the orders: it changes as parcels are
 * delivered, and would move the list under the owner's finger if it were above it.
 */
export function CashWithCouriers({ figures }: { figures: Figures | null }) {
  const { t, money } = useI18n();
  if (!figures || figures.cashWithCouriers.length === 0) return null;
  return (
    <section aria-labelledby="cash-with-couriers-title" className="mt-3 rounded-xl bg-white p-4 ring-1 ring-zinc-200">
      <h2 id="cash-with-couriers-title" className="font-semibold">
        {t('admin.dashboard.cashWithCouriers')}
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {figures.cashWithCouriers.map((cash) => (
          <li key={cash.courier}>
            {t('admin.dashboard.cashWithCourier', { courier: cash.courierName, amount: money(cash.total), count: cash.parcels })}
            {!cash.reportsPayouts && <span className="text-zinc-600"> {t('admin.dashboard.cashNotReported', { courier: cash.courierName })}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The refunds of withdrawals due within two days (notice) and those late (alarm), by this page's clock, with the Returns page's link. */
function RefundNotices({ refunds }: { refunds: Figures['refundsToPay'] }) {
  const { t } = useI18n();
  const today = bucharestDay(new Date());
  const due = refunds.filter((refund) => refundUrgency(refund.refundDueDay, today) === 'due').length;
  const late = refunds.filter((refund) => refundUrgency(refund.refundDueDay, today) === 'late').length;
  const toReturns = (text: string) => (
    <Link to="/admin/returns" className="font-semibold underline">
      {text}
    </Link>
  );
  return (
    <>
      {late > 0 && (
        <p className={alarm}>
          {toReturns(t('admin.dashboard.refundsLate', { count: late }))}
          {t('admin.dashboard.refundsAfter')}
        </p>
      )}
      {due > 0 && (
        <p className={notice}>
          {toReturns(t('admin.dashboard.refundsDue', { count: due }))}
          {t('admin.dashboard.refundsAfter')}
        </p>
      )}
    </>
  );
}

/**
 * How often cash orders were refused at the door: those the customer confirmed from the mail's link beside the others
 * (issue 47), once any reached the door.
 */
function Refusals({ refusals }: { refusals: Figures['refusals'] }) {
  const { t, locale } = useI18n();
  if (refusals.confirmed.settled + refusals.unconfirmed.settled === 0) return null;
  const rate = ({ settled, returned }: { settled: number; returned: number }) => (settled === 0 ? '–' : `${Math.round((returned / settled) * 100).toLocaleString(locale)}%`);
  return (
    <p className="mt-3 text-sm text-zinc-700">
      {t('admin.dashboard.refusals', {
        confirmed: rate(refusals.confirmed),
        confirmedReturned: refusals.confirmed.returned,
        confirmedSettled: refusals.confirmed.settled,
        others: rate(refusals.unconfirmed),
        othersReturned: refusals.unconfirmed.returned,
        othersSettled: refusals.unconfirmed.settled,
      })}
    </p>
  );
}
