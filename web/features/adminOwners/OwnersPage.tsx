import { useEffect, useId, useState } from 'react';
import { type OwnerList, ownerListSchema } from '../../../domain/contracts/admin';
import { Feedback } from '../../components/ui/Feedback';
import { inputClass, primaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');

/** Who may enter the back office, and making another account an owner. */
export default function OwnersPage() {
  const id = useId();
  const [owners, setOwners] = useState<OwnerList['owners'] | null>(null);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    document.title = 'Owners — Back office';
    apiRequest('/admin/owners', ownerListSchema)
      .then((answer) => setOwners(answer.owners))
      .catch((failure: unknown) => setProblem(errorText(failure)));
  }, []);

  async function promote() {
    setProblem(null);
    setDone(null);
    setBusy(true);
    try {
      const answer = await apiRequest('/admin/owners', ownerListSchema, { method: 'POST', body: JSON.stringify({ email }) });
      setOwners(answer.owners);
      setDone(`${email.trim()} can now open the back office.`);
      setEmail('');
    } catch (failure) {
      setProblem(errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <h1 className="text-2xl font-bold">Owners</h1>
      <p className="text-zinc-700">Owners see every order and customer. Make only people who run the shop with you owners.</p>
      {owners && (
        <ul className="divide-y divide-zinc-200 rounded-xl bg-white ring-1 ring-zinc-200">
          {owners.map((owner) => (
            <li key={owner.id} className="px-4 py-3 break-all">
              {owner.email}
            </li>
          ))}
        </ul>
      )}
      <form
        aria-label="Add an owner"
        className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-zinc-200"
        onSubmit={(event) => {
          event.preventDefault();
          void promote();
        }}
      >
        <h2 className="text-lg font-semibold">Add an owner</h2>
        <p className="text-sm text-zinc-700">They sign up in the shop first; then enter the email of their account.</p>
        <label htmlFor={`${id}-email`} className="text-sm font-medium">
          Email of the account
          <input id={`${id}-email`} type="email" className={inputClass} value={email} required maxLength={254} autoComplete="off" onChange={(event) => setEmail(event.target.value)} />
        </label>
        <button type="submit" className={`${primaryButton} self-start`} disabled={busy}>
          Make owner
        </button>
        <Feedback problem={problem} done={done} />
      </form>
    </div>
  );
}
