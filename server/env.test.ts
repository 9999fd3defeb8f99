import { describe, expect, it } from 'vitest';
import { companyOf, loadConfig, mailSender, uploadsDirOf } from './env';
import { statementSuffixOf } from './integrations/stripe';
import { anafReportingFrom } from './modules/invoices/reportingSettings';
import { invoicingFrom } from './modules/invoices/service';
import { mailFromOf } from './modules/mail/delivery';
import { shippingFrom } from './modules/shipping/couriers';

describe('configuration', () => {
  it('runs with no variables at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: 'localhost', DATA_DIR: './data', NODE_ENV: 'development' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('respects PORT, HOST, DATA_DIR and DATABASE_URL, and treats blank values as unset', () => {
    const config = loadConfig({ PORT: '8080', HOST: '0.0.0.0', DATA_DIR: '/var/shop', DATABASE_URL: 'postgres://shop@db/shop', LOG_LEVEL: '' });
    expect(config).toMatchObject({ PORT: 8080, HOST: '0.0.0.0', DATA_DIR: '/var/shop', DATABASE_URL: 'postgres://shop@db/shop', LOG_LEVEL: 'info' });
  });

  it('refuses nonsense with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('promises 1–3 working days with a 14:00 cut-off unless told otherwise; a WhatsApp number only when set (issue 46)', () => {
    expect(companyOf(loadConfig({})).service).toEqual({ delivery: { minDays: 1, maxDays: 3, cutoffHour: 14 }, phone: '+40 700 000 000', whatsapp: null, confirmCall: false, cartReminders: true });
    const set = loadConfig({ DELIVERY_WORKING_DAYS: '2-4', DELIVERY_CUTOFF_HOUR: '16', SHOP_PHONE: '0722 123 456', SHOP_WHATSAPP: '0722 123 456', COD_CONFIRM_CALL: 'true' });
    expect(companyOf(set).service).toEqual({ delivery: { minDays: 2, maxDays: 4, cutoffHour: 16 }, phone: '0722 123 456', whatsapp: '+40722123456', confirmCall: true, cartReminders: true });
    expect(() => loadConfig({ COD_CONFIRM_CALL: 'yes' })).toThrow(/COD_CONFIRM_CALL/);
    expect(() => loadConfig({ DELIVERY_WORKING_DAYS: 'soon' })).toThrow(/DELIVERY_WORKING_DAYS/);
    expect(() => loadConfig({ DELIVERY_CUTOFF_HOUR: '24' })).toThrow(/DELIVERY_CUTOFF_HOUR/);
    expect(() => loadConfig({ SHOP_WHATSAPP: 'call me' })).toThrow(/SHOP_WHATSAPP/);
  });

  it('sends cart reminders 2 hours on unless told otherwise or off; the checkout offers none when off (decision 0045)', () => {
    expect(loadConfig({}).CART_REMINDER_HOURS).toBe(2);
    expect(loadConfig({ CART_REMINDER_HOURS: '0.5' }).CART_REMINDER_HOURS).toBe(0.5);
    const off = loadConfig({ CART_REMINDER_HOURS: 'off' });
    expect(off.CART_REMINDER_HOURS).toBe('off');
    expect(companyOf(off).service?.cartReminders).toBe(false);
    for (const wrong of ['0', '-1', 'soon', '721']) expect(() => loadConfig({ CART_REMINDER_HOURS: wrong })).toThrow(/CART_REMINDER_HOURS/);
  });

  it('ships discreetly unless DISCREET_SHIPPING=false: neutral contents on AWBs and return labels, mails from a neutral name (issue 47)', () => {
    const plain = loadConfig({ COMPANY_NAME: 'Comerț Discret SRL', MAIL_FROM: 'Secret Stash <shop@example.ro>' });
    expect(shippingFrom(plain).neutralContents).toBe('Accesorii');
    expect(mailFromOf(plain)).toBe('"Comerț Discret SRL" <shop@example.ro>');
    const named = loadConfig({ MAIL_FROM: 'Secret Stash <shop@example.ro>', SHIPPING_SENDER_NAME: 'Expeditor "X"', SHIPPING_CONTENTS: 'Cadouri' });
    expect(shippingFrom(named).neutralContents).toBe('Cadouri');
    expect(mailFromOf(named)).toBe('"Expeditor X" <shop@example.ro>');
    const returns = {
      COMPANY_PHONE: '0722 123 456',
      COMPANY_EMAIL: 'shop@example.ro',
      COMPANY_STREET: 'Strada Exemplului 1',
      COMPANY_CITY: 'Cluj-Napoca',
      COMPANY_COUNTY: 'CJ',
      COMPANY_POSTAL_CODE: '400114',
    };
    expect(shippingFrom(loadConfig({ ...returns, COMPANY_NAME: 'Shop SRL', SHIPPING_SENDER_NAME: 'Expeditor' })).returnTo?.name).toBe('Expeditor');
    const open = loadConfig({ ...returns, COMPANY_NAME: 'Shop SRL', SHIPPING_SENDER_NAME: 'Expeditor', DISCREET_SHIPPING: 'false', MAIL_FROM: 'Secret Stash <shop@example.ro>' });
    expect(shippingFrom(open).neutralContents).toBeNull();
    expect(shippingFrom(open).returnTo?.name).toBe('Shop SRL');
    expect(mailFromOf(open)).toBe('Secret Stash <shop@example.ro>');
    expect(() => loadConfig({ DISCREET_SHIPPING: 'maybe' })).toThrow(/DISCREET_SHIPPING/);
    // And a card statement's suffix as Stripe takes one: Latin capitals, a letter at least, ten characters at most.
    expect(statementSuffixOf('Accesorii')).toBe('ACCESORII');
    expect(statementSuffixOf('Cadouri și flori')).toBe('CADOURI SI');
    expect(statementSuffixOf('„*123*”')).toBeNull();
  });

  it('caps an order at 100,000 lei unless ORDER_MAX_TOTAL_LEI says otherwise, within what the amounts hold', () => {
    expect(loadConfig({}).ORDER_MAX_TOTAL_LEI).toBe(100_000);
    expect(loadConfig({ ORDER_MAX_TOTAL_LEI: '5000' }).ORDER_MAX_TOTAL_LEI).toBe(5000);
    expect(() => loadConfig({ ORDER_MAX_TOTAL_LEI: '0' })).toThrow(/ORDER_MAX_TOTAL_LEI/);
    expect(() => loadConfig({ ORDER_MAX_TOTAL_LEI: '30000000' })).toThrow(/ORDER_MAX_TOTAL_LEI/);
  });

  it('writes the owners’ alerts in Romanian unless OWNER_MAIL_LANGUAGE says en', () => {
    expect(loadConfig({}).OWNER_MAIL_LANGUAGE).toBe('ro');
    expect(loadConfig({ OWNER_MAIL_LANGUAGE: 'en' }).OWNER_MAIL_LANGUAGE).toBe('en');
    expect(() => loadConfig({ OWNER_MAIL_LANGUAGE: 'fr' })).toThrow(/OWNER_MAIL_LANGUAGE/);
  });

  it('refuses a Stripe key without the webhook secret, which would leave every payment unconfirmed', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_123' })).toThrow(/STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY/);
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).STRIPE_WEBHOOK_SECRET).toBe('whsec_1');
  });

  it('leaves mail to this process unless MAIL_WORKER=true, which needs PostgreSQL (the embedded database is one process’s)', () => {
    expect(loadConfig({}).MAIL_WORKER).toBe(false);
    expect(() => loadConfig({ MAIL_WORKER: 'true' })).toThrow('MAIL_WORKER=true needs DATABASE_URL');
    expect(loadConfig({ MAIL_WORKER: 'true', DATABASE_URL: 'postgres://shop@db/shop' }).MAIL_WORKER).toBe(true);
    expect(() => loadConfig({ MAIL_WORKER: 'yes' })).toThrow('MAIL_WORKER');
  });

  it('keeps uploaded images in DATA_DIR/uploads unless UPLOADS_DIR says otherwise', () => {
    expect(uploadsDirOf(loadConfig({}))).toBe('data/uploads');
    expect(uploadsDirOf(loadConfig({ DATA_DIR: '/var/shop' }))).toBe('/var/shop/uploads');
    expect(uploadsDirOf(loadConfig({ DATA_DIR: '/var/shop', UPLOADS_DIR: '/mnt/shared/uploads' }))).toBe('/mnt/shared/uploads');
  });

  it('takes an SMTP URL only as smtp:// or smtps://, and splits MAIL_FROM into name and address', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://shop:secret@mail.example.ro:465' }).SMTP_URL).toBe('smtps://shop:secret@mail.example.ro:465');
    expect(() => loadConfig({ SMTP_URL: 'https://mail.example.ro' })).toThrow(/SMTP_URL: must start with smtp:\/\/ or smtps:\/\//);
    expect(() => loadConfig({ MAIL_FROM: 'Shop <not an address>' })).toThrow(/MAIL_FROM/);
    expect(mailSender(loadConfig({}))).toEqual({ name: 'Secret Stash', email: 'shop@localhost' });
    expect(mailSender(loadConfig({ MAIL_FROM: 'Magazinul Ștefan <comenzi@example.ro>' }))).toEqual({ name: 'Magazinul Ștefan', email: 'comenzi@example.ro' });
    expect(mailSender(loadConfig({ MAIL_FROM: 'comenzi@example.ro' }))).toEqual({ name: 'Secret Stash', email: 'comenzi@example.ro' });
  });

  it('points out shipments not delivered after 7 days unless SHIPMENT_OVERDUE_DAYS says otherwise', () => {
    expect(loadConfig({}).SHIPMENT_OVERDUE_DAYS).toBe(7);
    expect(loadConfig({ SHIPMENT_OVERDUE_DAYS: '10' }).SHIPMENT_OVERDUE_DAYS).toBe(10);
    expect(() => loadConfig({ SHIPMENT_OVERDUE_DAYS: '2.5' })).toThrow(/SHIPMENT_OVERDUE_DAYS: must be a whole number of days/);
    expect(() => loadConfig({ SHIPMENT_OVERDUE_DAYS: 'a week' })).toThrow(/SHIPMENT_OVERDUE_DAYS: must be a number of days/);
  });

  it('invoices a cash order when shipped, in series SST from a VAT-registered seller, unless the INVOICE_ and COMPANY_ settings say otherwise', () => {
    const invoicing = invoicingFrom(loadConfig({}));
    expect(invoicing).toMatchObject({ series: 'SST', restartEachYear: false, on: 'shipped', seller: { cui: '00000000', vatPayer: true, place: { city: 'SECTOR1', countySubentity: 'RO-B' } } });
    const own = invoicingFrom(
      loadConfig({
        INVOICE_SERIES: 'FCT',
        INVOICE_ON: 'delivered',
        INVOICE_NUMBERS_RESTART_YEARLY: 'true',
        COMPANY_VAT_PAYER: 'false',
        COMPANY_CUI: '12345678',
        COMPANY_COUNTY: 'CJ',
        COMPANY_CITY: 'Cluj-Napoca',
      }),
    );
    expect(own).toMatchObject({ series: 'FCT', restartEachYear: true, on: 'delivered', seller: { cui: '12345678', vatPayer: false, place: { city: 'Cluj-Napoca', countySubentity: 'RO-CJ' } } });
    expect(() => loadConfig({ INVOICE_SERIES: 'sst-1' })).toThrow(/INVOICE_SERIES: must be 1 to 10 capital letters or digits/);
    expect(() => loadConfig({ COMPANY_COUNTY: 'XX' })).toThrow(/COMPANY_COUNTY: must be a county code/);
  });

  it('refuses a Bucharest office whose address names no sector: e-Factura asks for it', () => {
    expect(() => loadConfig({ COMPANY_CITY: 'București' })).toThrow(/COMPANY_CITY or COMPANY_STREET must name the Bucharest sector/);
    expect(loadConfig({ COMPANY_CITY: 'București', COMPANY_STREET: 'Str. Icoanei 12, Sector 2' }).COMPANY_CITY).toBe('București');
  });

  it('reports to ANAF only with its application’s id, secret and environment together, and an https PUBLIC_URL for the callback', () => {
    const anaf = { ANAF_CLIENT_ID: 'id', ANAF_CLIENT_SECRET: 'secret', ANAF_ENV: 'prod', PUBLIC_URL: 'https://shop.example.ro' };
    expect(anafReportingFrom(loadConfig({}), 'http://localhost:3000', 'x'.repeat(32))).toBeNull();
    const reporting = anafReportingFrom(loadConfig({ ...anaf, COMPANY_CUI: 'RO12345678' }), 'https://shop.example.ro', 'x'.repeat(32))!;
    expect(reporting).toMatchObject({ cif: '12345678', client: { env: 'prod' } });
    expect(new URL(reporting.client.authorizeUrl('s')).searchParams.get('redirect_uri')).toBe('https://shop.example.ro/api/admin/anaf/callback');
    expect(new URL(reporting.client.authorizeUrl('s')).origin).toBe('https://logincert.anaf.ro');
    expect(() => loadConfig({ ...anaf, ANAF_ENV: undefined })).toThrow(/ANAF_CLIENT_ID, ANAF_CLIENT_SECRET and ANAF_ENV \(test or prod\) go together/);
    expect(() => loadConfig({ ...anaf, ANAF_ENV: 'staging' })).toThrow(/ANAF_ENV/);
    expect(() => loadConfig({ ...anaf, PUBLIC_URL: 'http://shop.example.ro' })).toThrow(/PUBLIC_URL to be the shop's https address/);
    // A shop tried out on this machine, against a stand-in for ANAF.
    expect(loadConfig({ ...anaf, PUBLIC_URL: 'http://127.0.0.1:3000' }).ANAF_ENV).toBe('prod');
    expect(reporting.everyMs).toBe(30_000);
  });

  it('ships with Sameday and FAN Courier only with each one’s settings together; without any courier, by hand', () => {
    expect(shippingFrom(loadConfig({})).couriers.size).toBe(0);
    const sameday = shippingFrom(loadConfig({ SAMEDAY_USERNAME: 'shop', SAMEDAY_PASSWORD: 'secret', SAMEDAY_ENV: 'demo' }));
    expect([...sameday.couriers.keys()]).toEqual(['sameday']);
    expect(sameday).toMatchObject({ defaultCourier: 'sameday', defaultWeightGrams: 500 });
    expect(() => loadConfig({ SAMEDAY_USERNAME: 'shop', SAMEDAY_PASSWORD: 'secret' })).toThrow(/SAMEDAY_USERNAME, SAMEDAY_PASSWORD and SAMEDAY_ENV \(demo or prod\) go together/);
    expect(() => loadConfig({ COURIER_DEFAULT: 'sameday' })).toThrow(/COURIER_DEFAULT=sameday needs Sameday set up/);
    expect(() => loadConfig({ PARCEL_WEIGHT_GRAMS: '0' })).toThrow(/PARCEL_WEIGHT_GRAMS/);
    // FAN Courier beside it, offered first when COURIER_DEFAULT says so.
    const both = shippingFrom(
      loadConfig({ SAMEDAY_USERNAME: 'shop', SAMEDAY_PASSWORD: 'secret', SAMEDAY_ENV: 'demo', FAN_USERNAME: 'clienttest', FAN_PASSWORD: 'testing', FAN_CLIENT_ID: '7032158', COURIER_DEFAULT: 'fan' }),
    );
    expect([...both.couriers.keys()].sort()).toEqual(['fan', 'sameday']);
    expect(both.defaultCourier).toBe('fan');
    expect(() => loadConfig({ FAN_USERNAME: 'clienttest', FAN_PASSWORD: 'testing' })).toThrow(/FAN_USERNAME, FAN_PASSWORD and FAN_CLIENT_ID go together/);
    expect(() => loadConfig({ FAN_USERNAME: 'a', FAN_PASSWORD: 'b', FAN_CLIENT_ID: 'C-1' })).toThrow(/FAN_CLIENT_ID/);
    expect(() => loadConfig({ COURIER_DEFAULT: 'fan' })).toThrow(/COURIER_DEFAULT=fan needs FAN Courier set up/);
  });

  it('ships with Cargus only with its subscription key, user and password together, the pickup location and service as ids', () => {
    const cargus = { CARGUS_SUBSCRIPTION_KEY: 'primary-key', CARGUS_USERNAME: 'webexpress', CARGUS_PASSWORD: 'secret' };
    const shipping = shippingFrom(loadConfig({ ...cargus, CARGUS_PICKUP_LOCATION: '201266091', CARGUS_SERVICE: '35' }));
    expect([...shipping.couriers.keys()]).toEqual(['cargus']);
    expect(shipping.defaultCourier).toBe('cargus');
    const all = shippingFrom(loadConfig({ ...cargus, FAN_USERNAME: 'clienttest', FAN_PASSWORD: 'testing', FAN_CLIENT_ID: '7032158', COURIER_DEFAULT: 'cargus' }));
    expect([...all.couriers.keys()].sort()).toEqual(['cargus', 'fan']);
    expect(all.defaultCourier).toBe('cargus');
    expect(() => loadConfig({ CARGUS_USERNAME: 'webexpress', CARGUS_PASSWORD: 'secret' })).toThrow(/CARGUS_SUBSCRIPTION_KEY, CARGUS_USERNAME and CARGUS_PASSWORD go together/);
    expect(() => loadConfig({ ...cargus, CARGUS_PICKUP_LOCATION: 'Depozit' })).toThrow(/CARGUS_PICKUP_LOCATION: must be a pickup location id/);
    expect(() => loadConfig({ ...cargus, CARGUS_SERVICE: 'Economic' })).toThrow(/CARGUS_SERVICE: must be a service id/);
    expect(() => loadConfig({ ...cargus, CARGUS_BASE_URL: 'not a url' })).toThrow(/CARGUS_BASE_URL/);
    expect(() => loadConfig({ COURIER_DEFAULT: 'cargus' })).toThrow(/COURIER_DEFAULT=cargus needs Cargus set up/);
    expect(() => loadConfig({ COURIER_DEFAULT: 'dpd' })).toThrow(/COURIER_DEFAULT/);
  });

  it('retries failing mails for 24 hours unless MAIL_GIVE_UP_HOURS says otherwise (0: give up at once)', () => {
    expect(loadConfig({}).MAIL_GIVE_UP_HOURS).toBe(24);
    expect(loadConfig({ MAIL_GIVE_UP_HOURS: '0' }).MAIL_GIVE_UP_HOURS).toBe(0);
    expect(loadConfig({ MAIL_GIVE_UP_HOURS: '0.5' }).MAIL_GIVE_UP_HOURS).toBe(0.5);
    expect(() => loadConfig({ MAIL_GIVE_UP_HOURS: '-1' })).toThrow(/MAIL_GIVE_UP_HOURS/);
    expect(() => loadConfig({ MAIL_GIVE_UP_HOURS: 'a day' })).toThrow(/MAIL_GIVE_UP_HOURS/);
  });
});
