import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { type FailedMail, type FailedMailList, failedMailListSchema, resentMailSchema } from '../../../domain/contracts/admin';
import { Feedback } from '../../components/ui/Feedback';
import { type Column, ScrollingTable } from '../../components/ui/ScrollingTable';
import { secondaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';
import { BUCHAREST_TIME, useBackOfficeTitle } from '../../lib/backOffice';
import { type Translate, useI18n } from '../../lib/i18n';

/** The kinds of mail the owner has words for; an unknown kind shows as it is stored. */
const MAIL_KINDS = [
  'order_placed',
  'new_order',
  'order_status',
  'password_reset',
  'withdrawal_received',
  'withdrawal_alert',
  'paid_after_cancel',
  'payment_alert',
  'awb_cancelled',
  'cart_reminder',
  'stock_alert_confirm',
  'back_in_stock',
] as const;
const isKnownKind = (kind: string): kind is (typeof MAIL_KINDS)[number] => (MAIL_KINDS as readonly string[]).includes(kind);
const mailName = (t: Translate, mail: FailedMail) => (isKnownKind(mail.kind) ? t(`admin.mails.kind.${mail.kind}`) : mail.kind);
const recipientOf = (t: Translate, mail: FailedMail) => mail.recipient ?? t('admin.mails.owners');
/** "Order confirmation to ana@example.ro", as the page's sentences and buttons name a mail. */
const aboutMail = (t: Translate, mail: FailedMail) => ({ mail: mailName(t, mail), recipient: recipientOf(t, mail) });

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/**
 * The mails the shop gave up sending after retrying them, with "Send again" for each: it queues the
 * mail at once and the delivery loop sends it within seconds. One that fails again comes back here.
 */
export default function FailedMailsPage() {
  const { t } = useI18n();
  useBackOfficeTitle(t('admin.mails.heading'));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const [list, setList] = useState<FailedMailList | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [sending, setSending] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setList(await apiRequest('/admin/mails/failed', failedMailListSchema));
    } catch (failure) {
      setLoadError(errorText(failure, t('admin.mails.loadError')));
    }
  }, [t]);

  useEffect(() => {
    void load();
  }, [load]);

  /** Takes a mail off the list and keeps the keyboard where it was: on the next row's button, or on the heading. */
  function dropRow(mail: FailedMail) {
    if (!list) return;
    const at = list.mails.findIndex((row) => row.id === mail.id);
    const next = list.mails[at + 1] ?? list.mails[at - 1];
    setList({ mails: list.mails.filter((row) => row.id !== mail.id), total: Math.max(0, list.total - 1) });
    const target = next ? buttons.current.get(next.id) : headingRef.current;
    target?.focus();
  }

  async function sendAgain(mail: FailedMail) {
    if (sending !== null) return;
    setProblem(null);
    setDone(null);
    setSending(mail.id);
    try {
      await apiRequest(`/admin/mails/${mail.id}/resend`, resentMailSchema, { method: 'POST' });
      dropRow(mail);
      setDone(t('admin.mails.queued', aboutMail(t, mail)));
    } catch (failure) {
      // Sent or queued meanwhile (another owner, another tab), or gone: it is no longer one to send again.
      if (failure instanceof ApiError && (failure.status === 404 || failure.status === 409)) dropRow(mail);
      setProblem(errorText(failure, t('admin.mails.resendError')));
    } finally {
      setSending(null);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        {t('admin.mails.heading')}
      </h1>
      <p className="max-w-3xl text-zinc-700">{t('admin.mails.intro')}</p>
      <div className="flex flex-col gap-2">
        <Feedback problem={problem} done={done} />
      </div>
      {loadError && (
        <div className="flex flex-col items-start gap-3">
          <p role="alert" className="text-red-700">
            {loadError}
          </p>
          <button type="button" className={secondaryButton} onClick={() => void load()}>
            {t('admin.mails.tryAgain')}
          </button>
        </div>
      )}
      {!list && !loadError && (
        <p role="status" className="text-zinc-600">
          {t('admin.mails.loading')}
        </p>
      )}
      {list && (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-zinc-700">
              {list.total === 0
                ? t('admin.mails.allSent')
                : list.total > list.mails.length
                  ? t('admin.mails.newestOf', { shown: list.mails.length, total: list.total })
                  : t('admin.mails.count', { count: list.total })}
            </p>
            <button type="button" className={secondaryButton} onClick={() => void load()}>
              {t('admin.mails.checkAgain')}
            </button>
          </div>
          {list.mails.length > 0 && (
            <MailTable
              mails={list.mails}
              sending={sending}
              onSend={(mail) => void sendAgain(mail)}
              buttonRef={(id, button) => {
                if (button) buttons.current.set(id, button);
                else buttons.current.delete(id);
              }}
            />
          )}
        </>
      )}
    </div>
  );
}

const MAIL_COLUMNS = ['mail', 'to', 'order', 'tries', 'lastError', 'written', 'action'] as const;

function MailTable({
  mails,
  sending,
  onSend,
  buttonRef,
}: {
  mails: FailedMail[];
  sending: number | null;
  onSend: (mail: FailedMail) => void;
  buttonRef: (id: number, button: HTMLButtonElement | null) => void;
}) {
  const { t, locale } = useI18n();
  const columns = MAIL_COLUMNS.map((column): Column => ({ label: t(`admin.mails.column.${column}`), align: column === 'tries' ? 'right' : 'left', hidden: column === 'action' }));
  return (
    <ScrollingTable caption={t('admin.mails.caption')} columns={columns} minWidth="min-w-[52rem]">
      {mails.map((mail) => (
        <tr key={mail.id} className="border-b border-zinc-100 align-top last:border-0">
          <th scope="row" className="px-3 py-2 text-left font-semibold">
            {mailName(t, mail)}
          </th>
          <td className="px-3 py-2 break-all">{recipientOf(t, mail)}</td>
          <td className="px-3 py-2">
            {mail.order ? (
              <Link to={`/admin/orders/${mail.order.id}`} className="font-semibold text-brand-dark underline">
                {mail.order.number}
              </Link>
            ) : (
              '—'
            )}
          </td>
          <td className="px-3 py-2 text-right">{mail.attempts}</td>
          <td className="max-w-xs px-3 py-2 break-words text-zinc-700">{mail.lastError ?? '—'}</td>
          <td className="px-3 py-2 whitespace-nowrap">{BUCHAREST_TIME[locale].format(new Date(mail.createdAt))}</td>
          <td className="px-3 py-2">
            <button
              type="button"
              ref={(button) => buttonRef(mail.id, button)}
              className={`${secondaryButton} whitespace-nowrap aria-disabled:cursor-wait aria-disabled:opacity-60`}
              // Not `disabled`: a disabled button drops the keyboard focus the owner is on.
              aria-disabled={sending !== null}
              aria-label={t('admin.mails.sendAgainLabel', aboutMail(t, mail))}
              onClick={() => onSend(mail)}
            >
              {sending === mail.id ? t('admin.mails.sending') : t('admin.mails.sendAgain')}
            </button>
          </td>
        </tr>
      ))}
    </ScrollingTable>
  );
}
