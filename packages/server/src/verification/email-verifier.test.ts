import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EMAIL_STATUSES, isUsableEmailStatus } from '@permitdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuiltinVerifier, type MxResolver } from './builtin-verifier.js';
import { createHttpVerifier } from './http-verifier.js';

const dnsError = (code: string) => Object.assign(new Error(code), { code });

describe('isUsableEmailStatus (SPEC §4.1)', () => {
  it('accepts exactly safe, catch_all, role_account and unknown', () => {
    expect(EMAIL_STATUSES.filter(isUsableEmailStatus)).toEqual(['safe', 'catch_all', 'role_account', 'unknown']);
  });
});

describe('built-in verifier', () => {
  const verifier = createBuiltinVerifier();

  it('answers safe for a well-formed personal address', async () => {
    expect(await verifier.verify('  Jane.Doe@Example.com ')).toEqual({
      status: 'safe', syntaxValid: true, disposable: false, roleAccount: false, mxFound: null, didYouMean: null,
    });
  });

  it('answers invalid for a malformed address', async () => {
    for (const bad of ['not-an-email', 'jane@', '@example.com', 'jane@@example.com', 'jane doe@example.com']) {
      const verdict = await verifier.verify(bad);
      expect(verdict, bad).toMatchObject({ status: 'invalid', syntaxValid: false });
    }
  });

  it('refuses common provider typos with a did-you-mean', async () => {
    const cases: Record<string, string> = {
      'jane@gmial.com': 'jane@gmail.com',
      'jane@gmail.co': 'jane@gmail.com',
      'jane@gmail.con': 'jane@gmail.com',
      'jane@hotmial.com': 'jane@hotmail.com',
      'jane@yaho.com': 'jane@yahoo.com',
      'jane@outlok.com': 'jane@outlook.com',
      'jane@hotmial.co.uk': 'jane@hotmail.co.uk',
    };
    for (const [typed, meant] of Object.entries(cases)) {
      expect(await verifier.verify(typed), typed).toMatchObject({ status: 'invalid', syntaxValid: true, didYouMean: meant });
    }
  });

  it('leaves real domains that look like typos alone', async () => {
    for (const real of ['jane@gmail.com', 'jane@email.com', 'jane@ymail.com', 'jane@hotmail.co.uk', 'jane@mail.com']) {
      expect(await verifier.verify(real), real).toMatchObject({ status: 'safe', didYouMean: null });
    }
  });

  it('answers disposable for throw-away domains and their subdomains', async () => {
    for (const throwAway of ['jane@mailinator.com', 'jane@yopmail.com', 'jane@anything.33mail.com']) {
      expect(await verifier.verify(throwAway), throwAway).toMatchObject({ status: 'disposable', disposable: true });
    }
  });

  it('answers role_account for function addresses', async () => {
    for (const role of ['admin@acme-builders.com', 'info@acme-builders.com', 'Sales+leads@acme-builders.com', 'support@acme-builders.com']) {
      expect(await verifier.verify(role), role).toMatchObject({ status: 'role_account', roleAccount: true });
    }
  });

  describe('with the MX lookup on', () => {
    const withMx = (resolveMx: MxResolver) => createBuiltinVerifier({ mxLookup: true, mxTimeoutMs: 50, resolveMx });

    it('answers safe with mxFound when the domain has mail hosts', async () => {
      const verdict = await withMx(async () => [{ exchange: 'mx.example.com' }]).verify('jane@example.com');
      expect(verdict).toMatchObject({ status: 'safe', mxFound: true });
    });

    /** DNS that knows gmail.com only; other domains fail with `code`. */
    const onlyGmail = (code: string): MxResolver => (domain) =>
      domain === 'gmail.com' ? Promise.resolve([{ exchange: 'gmail-smtp-in.l.google.com' }]) : Promise.reject(dnsError(code));

    it('answers invalid when the domain does not exist or takes no mail', async () => {
      for (const code of ['ENOTFOUND', 'ENODATA']) {
        const verdict = await withMx(onlyGmail(code)).verify('jane@no-such-domain.example');
        expect(verdict, code).toMatchObject({ status: 'invalid', mxFound: false });
      }
      const nullMx: MxResolver = async (domain) => [{ exchange: domain === 'gmail.com' ? 'mx.google.com' : '.' }];
      expect(await withMx(nullMx).verify('jane@null-mx.example')).toMatchObject({ status: 'invalid' });
    });

    it('answers unknown when DNS itself is down (even the probe domain is "not found")', async () => {
      const offline = await withMx(() => Promise.reject(dnsError('ENOTFOUND'))).verify('jane@example.com');
      expect(offline).toMatchObject({ status: 'unknown', mxFound: null });
    });

    it('answers unknown, not an error, when the lookup fails or hangs', async () => {
      const failed = await withMx(() => Promise.reject(dnsError('ESERVFAIL'))).verify('jane@example.com');
      expect(failed).toMatchObject({ status: 'unknown', mxFound: null, syntaxValid: true });
      const hung = await withMx(() => new Promise(() => {})).verify('jane@example.com');
      expect(hung).toMatchObject({ status: 'unknown', mxFound: null });
    });

    it('keeps role_account when the lookup fails for a role address', async () => {
      const verdict = await withMx(() => Promise.reject(dnsError('ETIMEOUT'))).verify('info@example.com');
      expect(verdict).toMatchObject({ status: 'role_account', mxFound: null });
    });
  });
});

describe('third-party verifier adapter (against a local fake service)', () => {
  const answers: Record<string, Record<string, unknown>> = {
    'catchall@acme.com': { status: 'catch_all', is_valid_syntax: true, is_disposable: false, is_role_account: false, mx_accepts_mail: true },
    'trap@acme.com': { status: 'spamtrap', is_valid_syntax: true, is_disposable: false, is_role_account: false, mx_accepts_mail: true },
    'gone@acme.com': { status: 'disabled', is_valid_syntax: true, mx_accepts_mail: true },
    'full@acme.com': { status: 'inbox_full', is_valid_syntax: true, mx_accepts_mail: true },
    'jane@acme.com': { status: 'safe', is_valid_syntax: true, is_disposable: false, is_role_account: false, mx_accepts_mail: true },
  };
  const seen: URL[] = [];
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const target = new URL(req.url ?? '/', 'http://localhost');
      seen.push(target);
      const email = target.searchParams.get('email') ?? '';
      if (target.searchParams.get('key') !== 'test-key') return void res.writeHead(401).end('{"error":"bad key"}');
      if (email === 'boom@acme.com') return void res.writeHead(500).end('oops');
      if (email === 'garbage@acme.com') return void res.writeHead(200, { 'content-type': 'application/json' }).end('[1,2]');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ email, ...answers[email] }));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/verify`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  const errors: unknown[] = [];
  const adapter = (key = 'test-key') =>
    createHttpVerifier({ url, key, local: createBuiltinVerifier(), onError: (e) => errors.push(e) });

  it('maps the service statuses onto ours and sends the key', async () => {
    const verifier = adapter();
    expect(await verifier.verify('CatchAll@acme.com')).toEqual({
      status: 'catch_all', syntaxValid: true, disposable: false, roleAccount: false, mxFound: true, didYouMean: null,
    });
    expect(await verifier.verify('trap@acme.com')).toMatchObject({ status: 'spamtrap' });
    expect(await verifier.verify('gone@acme.com')).toMatchObject({ status: 'disabled' });
    expect(await verifier.verify('full@acme.com')).toMatchObject({ status: 'unknown' });
    const last = seen.at(-1);
    expect(last?.pathname).toBe('/api/v1/verify');
    expect(last?.searchParams.get('email')).toBe('full@acme.com');
    expect(last?.searchParams.get('mode')).toBe('power');
  });

  it('refuses typos and throw-away domains locally without a paid call', async () => {
    const before = seen.length;
    const verifier = adapter();
    expect(await verifier.verify('jane@gmial.com')).toMatchObject({ status: 'invalid', didYouMean: 'jane@gmail.com' });
    expect(await verifier.verify('jane@mailinator.com')).toMatchObject({ status: 'disposable' });
    expect(seen.length).toBe(before);
  });

  it('falls back to the built-in verdict when the service fails', async () => {
    errors.length = 0;
    expect(await adapter().verify('boom@acme.com')).toMatchObject({ status: 'safe', syntaxValid: true });
    expect(await adapter().verify('garbage@acme.com')).toMatchObject({ status: 'safe' });
    expect(await adapter('wrong-key').verify('info@acme.com')).toMatchObject({ status: 'role_account' });
    expect(errors).toHaveLength(3);
  });
});
