// People the suites make through the API: a unique address per run, the dev mailbox's codes, sign-up
// with its confirmation, and (when the person has one) their company.
import { apiCaller } from './api-call.mjs';

/** A person of this run: `local` names the address, `company` (optional) the company they open. */
export const personOf = (tag) => (local, name, company) => ({
  email: `${local}.${tag}@${local}-${tag}.example`,
  password: `${name.split(' ')[0]}-pass-7`,
  name,
  ...(company ? { company: `${company} ${tag}` } : {}),
});

/** mailFor(to, wanted): the newest mail to `to` that passes `wanted`, polling the dev mailbox for 10 s. */
export const mailboxOf = (base) => async (to, wanted) => {
  for (let i = 0; i < 40; i += 1) {
    const found = (await (await fetch(`${base}/dev/mailbox.json?to=${encodeURIComponent(to)}`)).json()).find(wanted);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no such mail to ${to}`);
};

/**
 * register(who): signs up through the API, confirms with the mailed code and signs in; sets who.token and
 * who.sub, and who.companyId when `who.company` names a company to open.
 */
export const registrar = (base) => {
  const call = apiCaller(base);
  const mailFor = mailboxOf(base);
  return async (who) => {
    await call('POST', '/auth/sign-up', undefined, { email: who.email, password: who.password, fullName: who.name });
    const code = (await mailFor(who.email, (m) => /\b\d{6}\b/.test(m.text))).text.match(/\b(\d{6})\b/)[1];
    await call('POST', '/auth/confirm-registration', undefined, { email: who.email, code });
    who.token = (await call('POST', '/auth/authenticate', undefined, { email: who.email, password: who.password })).tokens.accessToken;
    who.sub = (await call('GET', '/auth/profile', who.token)).sub;
    if (who.company) who.companyId = (await call('POST', '/v4/companies', who.token, { name: who.company })).id;
  };
};
