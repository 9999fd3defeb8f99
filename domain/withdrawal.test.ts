import { describe, expect, it } from 'vitest';
import { refundDueDay, refundUrgency, unitsLeft, withdrawalLastDay, withdrawalOpen, withdrawalRequestSchema, withdrawnLinesProblem, withdrawnText } from './withdrawal';

describe('the last day to withdraw', () => {
  it('is 14 days after the day the goods were received, on a working day', () => {
    expect(withdrawalLastDay(new Date('2026-11-10T08:00:00Z'))).toBe('2026-11-24');
  });

  it('counts the Bucharest day the goods were received, not UTC’s', () => {
    // 00:30 on 10 November in Bucharest (UTC+2), 9 November in UTC; in summer Bucharest is UTC+3.
    expect(withdrawalLastDay(new Date('2026-11-09T22:30:00Z'))).toBe('2026-11-24');
    expect(withdrawalLastDay(new Date('2026-06-30T21:30:00Z'))).toBe('2026-07-15');
  });

  it('moves past a weekend and the public holidays after it', () => {
    // Saturday 28 November, then Sunday, St Andrew (30 November) and National Day (1 December).
    expect(withdrawalLastDay(new Date('2026-11-14T10:00:00Z'))).toBe('2026-12-02');
  });

  it('moves past a public holiday on a weekday and the weekend after it', () => {
    // Friday 25 December (Christmas), Saturday 26 (its second day), Sunday 27.
    expect(withdrawalLastDay(new Date('2026-12-11T10:00:00Z'))).toBe('2026-12-28');
  });

  it('lasts until the end of that day in Bucharest', () => {
    expect(withdrawalOpen('2026-11-24', new Date('2026-11-24T21:59:59Z'))).toBe(true);
    expect(withdrawalOpen('2026-11-24', new Date('2026-11-24T22:00:00Z'))).toBe(false);
    expect(withdrawalOpen('2026-07-15', new Date('2026-07-15T21:00:00Z'))).toBe(false);
  });

  it('is open before the goods are received', () => {
    expect(withdrawalOpen(null, new Date('2030-01-01T00:00:00Z'))).toBe(true);
  });
});

describe('the refund of a withdrawal', () => {
  it('is due 14 days after the day the statement reached the shop, in Bucharest, on a working day', () => {
    // Thursday 10 December 2026: the 24th is a Thursday too, a working day.
    expect(refundDueDay(new Date('2026-12-10T10:00:00Z'))).toBe('2026-12-24');
    // 00:30 on Friday 11 December in Bucharest (UTC+2): the 25th and 26th are Christmas, the 27th a Sunday.
    expect(refundDueDay(new Date('2026-12-10T22:30:00Z'))).toBe('2026-12-28');
  });

  it('warns the owner from two days before its last day, and says late after it', () => {
    expect(refundUrgency('2026-12-24', '2026-12-21')).toBeNull();
    expect(refundUrgency('2026-12-24', '2026-12-22')).toBe('due');
    expect(refundUrgency('2026-12-24', '2026-12-24')).toBe('due');
    expect(refundUrgency('2026-12-24', '2026-12-25')).toBe('late');
    expect(refundUrgency('2027-01-04', '2026-12-31')).toBeNull();
  });
});

describe('the statement’s IBAN', () => {
  const statement = { orderNumber: 10001, email: 'ana@example.ro', lines: [{ lineId: 7, quantity: 1 }] };

  it('is optional, and kept in its electronic form as typed with spaces or small letters', () => {
    expect(withdrawalRequestSchema.parse(statement).iban).toBeUndefined();
    expect(withdrawalRequestSchema.parse({ ...statement, iban: 'ro49 aaaa 1b31 0075 9384 0000' }).iban).toBe('RO49AAAA1B31007593840000');
  });

  it('is refused with its message: a typo, a country outside the EU, no text', () => {
    const messageOf = (iban: unknown) => withdrawalRequestSchema.safeParse({ ...statement, iban }).error?.issues.map((issue) => issue.message);
    expect(messageOf('RO49AAAA1B31007593840001')).toEqual(['error.withdrawal.iban.invalid']);
    expect(messageOf('GB82WEST12345698765432')).toEqual(['error.withdrawal.iban.country']);
    expect(messageOf(42)).toEqual(['error.withdrawal.iban.invalid']);
  });
});

describe('the units a statement names', () => {
  const bought = [
    { id: 7, quantity: 2 },
    { id: 8, quantity: 1 },
  ];

  it('are at most what was bought less what earlier statements named', () => {
    expect(unitsLeft(bought, [])).toEqual(
      new Map([
        [7, 2],
        [8, 1],
      ]),
    );
    const left = unitsLeft(bought, [
      { lineId: 7, quantity: 1 },
      { lineId: 8, quantity: 1 },
    ]);
    expect(left).toEqual(
      new Map([
        [7, 1],
        [8, 0],
      ]),
    );
    expect(withdrawnLinesProblem([{ lineId: 7, quantity: 1 }], left)).toBeNull();
    expect(withdrawnLinesProblem([{ lineId: 7, quantity: 2 }], left)).toEqual({ problem: 'tooMany', lineId: 7, left: 1 });
    expect(withdrawnLinesProblem([{ lineId: 8, quantity: 1 }], left)).toEqual({ problem: 'already', lineId: 8, left: 0 });
    expect(withdrawnLinesProblem([{ lineId: 9, quantity: 1 }], left)).toEqual({ problem: 'unknown' });
  });

  it('are named as the timeline and the mails say them', () => {
    expect(
      withdrawnText(
        [
          { id: 7, name: 'Dummy Lighter', colour: 'Black' },
          { id: 8, name: 'Dummy Key', colour: null },
        ],
        [
          { lineId: 7, quantity: 2 },
          { lineId: 8, quantity: 1 },
        ],
      ),
    ).toBe('2 × Dummy Lighter (Black), 1 × Dummy Key');
  });

  it('are at least one line, each once, each with 1 to 99 units', () => {
    const messageOf = (lines: unknown) => withdrawalRequestSchema.safeParse({ orderNumber: 10001, email: 'ana@example.ro', lines }).error?.issues.map((issue) => issue.message);
    expect(messageOf([{ lineId: 7, quantity: 2 }])).toBeUndefined();
    expect(messageOf([])).toEqual(['error.withdrawal.lines.none']);
    expect(messageOf(undefined)).toEqual(['error.withdrawal.lines.none']);
    expect(messageOf([{ lineId: 7, quantity: 0 }])).toEqual(['error.withdrawal.lines.quantity']);
    expect(messageOf([{ lineId: 7, quantity: 100 }])).toEqual(['error.withdrawal.lines.quantity']);
    expect(messageOf([{ lineId: 0, quantity: 1 }])).toEqual(['error.withdrawal.lines.unknown']);
    expect(
      messageOf([
        { lineId: 7, quantity: 1 },
        { lineId: 7, quantity: 1 },
      ]),
    ).toEqual(['error.withdrawal.lines.unknown']);
  });
});
