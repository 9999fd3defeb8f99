import { describe, expect, it } from 'vitest';
import { csvLine, type ExportedOrder, ORDER_CSV_COLUMNS, orderCsvCells } from './csv';

describe('csvLine', () => {
  it('ends with CRLF and quotes only cells that need it, doubling quotes', () => {
    expect(csvLine(['Ana', 'Str. "Mare", 5', 'a\nb', 12.5])).toBe('Ana,"Str. ""Mare"", 5","a\nb",12.5\r\n');
  });

  it('neutralises cells that a spreadsheet would run as a formula', () => {
    expect(csvLine(['=HYPERLINK("http://x")', '+40712345678', '-1', '@SUM(A1)', '\tx', 'a=b'])).toBe(`"'=HYPERLINK(""http://x"")",'+40712345678,'-1,'@SUM(A1),'\tx,a=b\r\n`);
  });

  it('keeps Romanian letters as they are', () => {
    expect(csvLine(['Ștefan Țăranu', 'Brașov'])).toBe('Ștefan Țăranu,Brașov\r\n');
  });
});

describe('an order’s line in the export', () => {
  // 104.97 less VARA10's 10% (10.50) is 94.47, plus 19.99 shipping: 114.46.
  const order: ExportedOrder = {
    number: 10042,
    date: '2026-11-23 12:05',
    firstName: 'Ana',
    lastName: 'Popescu',
    phoneNumber: '+40712345678',
    email: 'ana@example.ro',
    street: 'Strada Memorandumului',
    streetNumber: '28',
    addressLine2: 'bl. A3, sc. 2, et. 4, ap. 14',
    city: 'Cluj-Napoca',
    county: 'CJ',
    postalCode: '400114',
    country: 'Romania',
    subtotal: 10497,
    discount: 1050,
    discountCode: 'VARA10',
    shipping: 1999,
    total: 11446,
    paymentMethod: 'cod',
    status: 'pending',
    items: 'Dummy Lighter (Black) × 2; Dummy Phone Charger × 1',
  };
  const amounts = (cells: (string | number)[]) => Object.fromEntries(ORDER_CSV_COLUMNS.map((column, index) => [column, cells[index]]).filter(([column]) => /RON|^Discount code$/.test(String(column))));

  it('has the block, staircase, floor and apartment in a column of their own, after the number; empty without them', () => {
    const cell = (cells: (string | number)[], column: (typeof ORDER_CSV_COLUMNS)[number]) => cells[ORDER_CSV_COLUMNS.indexOf(column)];
    expect(ORDER_CSV_COLUMNS.indexOf('Address line 2')).toBe(ORDER_CSV_COLUMNS.indexOf('Street number') + 1);
    expect(cell(orderCsvCells(order), 'Address line 2')).toBe('bl. A3, sc. 2, et. 4, ap. 14');
    expect(cell(orderCsvCells({ ...order, addressLine2: null }), 'Address line 2')).toBe('');
  });

  it('has the discount code and its sum after the subtotal, and the amounts add up to the total', () => {
    expect(ORDER_CSV_COLUMNS.slice(ORDER_CSV_COLUMNS.indexOf('Subtotal (RON)'))).toEqual([
      'Subtotal (RON)',
      'Discount code',
      'Discount (RON)',
      'Shipping (RON)',
      'Total (RON)',
      'Cash to collect (RON)',
      'Payment method',
      'Status',
      'Items',
    ]);
    const cells = orderCsvCells(order);
    expect(cells).toHaveLength(ORDER_CSV_COLUMNS.length);
    expect(amounts(cells)).toEqual({
      'Subtotal (RON)': '104.97',
      'Discount code': 'VARA10',
      'Discount (RON)': '10.50',
      'Shipping (RON)': '19.99',
      'Total (RON)': '114.46',
      'Cash to collect (RON)': '114.46',
    });
    const [subtotal, , discount, shipping, total] = cells.slice(ORDER_CSV_COLUMNS.indexOf('Subtotal (RON)')).map(Number);
    expect(Math.round((subtotal! - discount! + shipping!) * 100)).toBe(Math.round(total! * 100));
    expect(csvLine(cells)).toBe(
      '10042,2026-11-23 12:05,Ana Popescu,0712345678,ana@example.ro,Strada Memorandumului,28,"bl. A3, sc. 2, et. 4, ap. 14",Cluj-Napoca,Cluj,400114,Romania,104.97,VARA10,10.50,19.99,114.46,114.46,Cash on delivery,Pending,Dummy Lighter (Black) × 2; Dummy Phone Charger × 1\r\n',
    );
  });

  it('without a code: an empty code and a discount of 0.00; a card order leaves nothing to collect', () => {
    const cells = orderCsvCells({ ...order, discount: 0, discountCode: null, total: 12496, paymentMethod: 'card', status: 'paid' });
    expect(amounts(cells)).toEqual({
      'Subtotal (RON)': '104.97',
      'Discount code': '',
      'Discount (RON)': '0.00',
      'Shipping (RON)': '19.99',
      'Total (RON)': '124.96',
      'Cash to collect (RON)': '0.00',
    });
  });

  it('an anonymised order keeps its code and amounts, which still add up; its name is an empty cell', () => {
    const anonymised = { ...order, firstName: '', lastName: '', email: '', phoneNumber: '', street: '', streetNumber: '', addressLine2: null, postalCode: '', status: 'delivered' as const };
    expect(csvLine(orderCsvCells(anonymised))).toBe(
      '10042,2026-11-23 12:05,,,,,,,Cluj-Napoca,Cluj,,Romania,104.97,VARA10,10.50,19.99,114.46,114.46,Cash on delivery,Delivered,Dummy Lighter (Black) × 2; Dummy Phone Charger × 1\r\n',
    );
  });
});
