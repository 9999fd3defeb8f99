import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { scrubText, serializeError } from './logging';

/** What a node-postgres DatabaseError looks like: `detail` quotes the row's values. */
function databaseError() {
  return Object.assign(new Error('duplicate key value violates unique constraint "orders_idempotency_key_unique"'), {
    name: 'error',
    code: '23505',
    severity: 'ERROR',
    detail: 'Key (email)=(ana@example.ro) already exists.',
    table: 'orders',
    constraint: 'orders_idempotency_key_unique',
    where: "unnamed portal parameter $2 = 'Ana'",
    query: 'insert into orders values ($1, $2)',
    params: ['ana@example.ro', '+40 712 345 678'],
  });
}

describe('errors in the log', () => {
  it('keep the failed query (placeholders only), the code and the frames, never its parameters or the row’s values', () => {
    const error = new DrizzleQueryError('insert into orders values ($1, $2)', ['ana@example.ro', 'Ana\u0000'], databaseError());
    const logged = serializeError(error) as Record<string, unknown>;
    const text = JSON.stringify(logged);
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert into orders values ($1, $2)',
      cause: { type: 'error', code: '23505', table: 'orders', constraint: 'orders_idempotency_key_unique' },
    });
    expect(logged.stack).toMatch(/^DrizzleQueryError: Failed query: insert into orders values \(\$1, \$2\)\n\s+at /);
    for (const value of ['ana@example.ro', 'Ana', '712 345 678', 'params', 'detail', 'where']) expect(text).not.toContain(value);
  });

  it('take values out of messages: quoted inputs, emails', () => {
    expect(scrubText('invalid input syntax for type uuid: "ana@example.ro"')).toBe('invalid input syntax for type uuid: "[redacted]"');
    expect(scrubText('no user ana.pop+shop@example.ro here')).toBe('no user [email] here');
    expect(scrubText('Failed query: select 1\nparams: Ana,Popescu\nmore')).toBe('Failed query: select 1');
  });

  it('keep what an AppError says and its cause, and anything that is not an error as it is', () => {
    const logged = serializeError(new AppError('payment_failed', 'Stripe refused', 'stripe_failed', undefined, new Error('card declined'))) as Record<string, unknown>;
    expect(logged).toMatchObject({ type: 'AppError', message: 'Stripe refused', kind: 'payment_failed', code: 'stripe_failed', cause: { message: 'card declined' } });
    expect(serializeError('just text')).toBe('just text');
    const aggregate = serializeError(new AggregateError([databaseError()], 'several')) as { errors: { code: string }[] };
    expect(aggregate.errors[0]!.code).toBe('23505');
    expect(JSON.stringify(aggregate)).not.toContain('ana@example.ro');
  });
});
