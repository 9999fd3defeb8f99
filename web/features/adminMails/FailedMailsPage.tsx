import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { type FailedMail, type FailedMailList, failedMailListSchema, resentMailSchema } from '../../../domain/contracts/admin';
import { Feedback } from '../../components/ui/Feedback';
import { type Column, ScrollingTable } from '../../components/ui/ScrollingTable';
import { secondaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';
import { bucharestTime, useBackOfficeTitle } from '../../lib/backOffice';

/** What each kind of mail is, in the owner's words; an unknown kind shows as it is stored. */
const MAIL_NAMES: Record<string, string> = {
  order_placed: 'Order confirmation',
  new_order: 'New order alert',
  order_status: 'Status update',
  password_reset: 'Password reset',
  withdrawal_received: 'Withdrawal confirmation',
  withdrawal_alert: 'Withdrawal alert',
};
const mailName = (mail: FailedMail) => MAIL_NAMES[mail.kind] ?? mail.kind;
const recipientOf = (mail: FailedMail) => mail.recipient ?? 'The shop’s owners';

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/**
 * The mails the shop gave up sending after retrying them, with "Send again" for each: it queues the
 * mail at once and the delivery loop sends it within seconds. One that fails again comes back here.
 */
export default function FailedMailsPage() {
  useBackOfficeTitle('Mails that could not be sent');
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
      setLoadError(errorText(failure, 'The mails could not be loaded. Please try again.'));
    }
  }, []);

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
      setDone(`${mailName(mail)} to ${recipientOf(mail)} is queued again and leaves within a few seconds. If it fails again, it comes back to this list.`);
    } catch (failure) {
      // Sent or queued meanwhile (another owner, another tab), or gone: it is no longer one to send again.
      if (failure instanceof ApiError && (failure.status === 404 || failure.status === 409)) dropRow(mail);
      setProblem(errorText(failure, 'The mail could not be queued again. Please try again.'));
    } finally {
      setSending(null);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        Mails that could not be sent
      </h1>
      <p className="max-w-3xl text-zinc-700">
        The shop tried each of these mails again and again, then gave up. Fix what the last error points to (often the mail server’s settings or an
        address), then send them again: each goes out at once, under the same Message-ID as before.
      </p>
      <div className="flex flex-col gap-2">
        <Feedback problem={problem} done={done} />
      </div>
      {loadError && (
        <div className="flex flex-col items-start gap-3">
          <p role="alert" className="text-red-700">
            {loadError}
          </p>
          <button type="button" className={secondaryButton} onClick={() => void load()}>
            Try again
          </button>
        </div>
      )}
      {!list && !loadError && (
        <p role="status" className="text-zinc-600">
          Loading mails…
        </p>
      )}
      {list && (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-zinc-700">
              {list.total === 0
                ? 'Every mail has been sent or is on its way.'
                : list.total > list.mails.length
                  ? `The newest ${list.mails.length} of ${list.total} mails that could not be sent.`
                  : `${list.total} ${list.total === 1 ? 'mail' : 'mails'} could not be sent.`}
            </p>
            <button type="button" className={secondaryButton} onClick={() => void load()}>
              Check again
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

const MAIL_COLUMNS: readonly Column[] = [
  { label: 'Mail' },
  { label: 'To' },
  { label: 'Order' },
  { label: 'Tries', align: 'right' },
  { label: 'Last error' },
  { label: 'Written' },
  { label: 'Action', hidden: true },
];

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
  return (
    <ScrollingTable caption="Mails that could not be sent, newest first" columns={MAIL_COLUMNS} minWidth="min-w-[52rem]">
      {mails.map((mail) => (
        <tr key={mail.id} className="border-b border-zinc-100 align-top last:border-0">
          <th scope="row" className="px-3 py-2 text-left font-semibold">
            {mailName(mail)}
          </th>
          <td className="px-3 py-2 break-all">{recipientOf(mail)}</td>
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
          <td className="px-3 py-2 whitespace-nowrap">{bucharestTime.format(new Date(mail.createdAt))}</td>
          <td className="px-3 py-2">
            <button
              type="button"
              ref={(button) => buttonRef(mail.id, button)}
              className={`${secondaryButton} whitespace-nowrap aria-disabled:cursor-wait aria-disabled:opacity-60`}
              // Not `disabled`: a disabled button drops the keyboard focus the owner is on.
              aria-disabled={sending !== null}
              aria-label={`Send again: ${mailName(mail)} to ${recipientOf(mail)}`}
              onClick={() => onSend(mail)}
            >
              {sending === mail.id ? 'Sending…' : 'Send again'}
            </button>
          </td>
        </tr>
      ))}
    </ScrollingTable>
  );
}
