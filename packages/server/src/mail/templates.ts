// Mail templates: each renders a subject, a plain-text body and an HTML body from typed data.
import { escapeHtml } from './html.js';

export interface TemplateData {
  /** Sign-up e-mail verification: a one-time code and a link back to the page the user started on. */
  verification: { code: string; firstName?: string | null; link: string };
  /** Account confirmation code (identity sign-up / resend). */
  confirmation_code: { code: string; name?: string | null };
  /** Password reset code (forgot password). */
  reset_code: { code: string; name?: string | null };
  welcome: { name?: string | null; signInUrl: string };
  /** Invitation to a company; a temporary password when the account was created for the invitee. */
  invitation: { inviterName: string; companyName: string; role?: string | null; link: string; temporaryPassword?: string | null; earlierPassword?: boolean };
  /**
   * Vendor onboarding, wallet share, guest access, compliance request and e-sign mails (the invitations
   * area): a title, one sentence saying what happened, the sender's optional message and one link.
   */
  invitation_notice: { title: string; intro: string; message?: string | null; link: string; action: string };
  /** A permit moved to a new stage (the operator engineer sends it). */
  permit_stage_update: { name?: string | null; permitId: number; customerName: string; stageName: string; message?: string | null; link: string };
  /** The permit team issued a quote (issue 12): total and valid-until already formatted; link to /quote/{quoteId}. */
  quote_issued: { name?: string | null; permitId: number; customerName: string; total: string; validUntil: string; lineItems: { label: string; amount: string }[]; link: string };
  /** To the permit team: the customer accepted or declined a quote; link to the permit desk. */
  quote_answered: { permitId: number; customerName: string; quoteId: string; total: string; answer: 'accepted' | 'declined'; reason?: string | null; stageName?: string | null; link: string };
  /** The permit desk (issue 12): an inspection was scheduled (a date set) or resulted (passed or failed). */
  inspection_update: {
    name?: string | null;
    permitId: number;
    customerName: string;
    inspectionName: string;
    event: 'scheduled' | 'passed' | 'failed';
    /** The scheduled day, already formatted. */
    scheduledOn?: string | null;
    notes?: string | null;
    link: string;
  };
  /** The permit team replied in the permit's conversation (to the customer). */
  team_reply: { name?: string | null; permitId: number; customerName: string; taskName: string; message: string; attachments: string[]; link: string };
  /** The customer wrote in the conversation of a permit assigned to the operator (to the operator). */
  customer_message: { name?: string | null; permitId: number; customerName: string; authorName: string; message: string; link: string };
  /** Access to a project ended (issue 13): the assignee was removed from it; the link goes back to the radar. */
  access_ended: { name?: string | null; title: string; intro: string; link: string; action: string };
  /** To an operator a permit was assigned to; the link opens the permit desk (/ops/permits/{id}). */
  permit_assigned: { name?: string | null; permitId: number; customerName: string; stageName: string; link: string };
  /** The user deleted their account (issue 18): sent to the address it had, once. */
  account_deleted: { name?: string | null; companies: string[] };
  /** E-signature (issue 13): a signer's turn; the link is /sign/{token}. */
  esign_request: { name: string; senderName: string; title: string; link: string; expiresOn: string; reminder: boolean };
  /** E-signature: the signer's one-time passcode. */
  esign_passcode: { name: string; title: string; code: string; minutes: number };
  /** E-signature: to the sender when an envelope is signed by everyone or declined. */
  esign_outcome: { title: string; outcome: 'completed' | 'declined'; signerName?: string | null; reason?: string | null; link: string };
  /** The homeowner's status page (issue 16): confirm a subscription (double opt-in); the link is /status/{token}?confirm=. */
  status_subscription_confirm: { taskName: string; address: string; link: string };
  /**
   * The homeowner's status page: the permit moved. `unsubscribeUrl` is the page's one-click link,
   * `unsubscribePostUrl` the RFC 8058 List-Unsubscribe target (see mailHeaders).
   */
  status_update: { taskName: string; address: string; stageName: string; message: string; link: string; unsubscribeUrl: string; unsubscribePostUrl: string; inspection?: boolean };
  /**
   * The expiry watchdog (issue 16): one vault item of `companyName` lapses in `days` days (0: today,
   * negative: lapsed). `shared` when the reader's company holds a share of it (a vendor's COI).
   */
  expiry_reminder: { name?: string | null; companyName: string; kindLabel: string; itemName: string; expiresOn: string; days: number; shared: boolean; link: string };
  /** The expiry watchdog's weekly digest: more than five of a company's reminders due at once. */
  expiry_digest: { name?: string | null; companyName: string; items: { kindLabel: string; itemName: string; expiresOn: string; days: number }[]; shared: boolean; link: string };
  /** A permit lapses in `days` days; `noFinalInspection` adds what to do (extension, book the final inspection). */
  permit_expiring: { name?: string | null; permitId: number; customerName: string; taskName: string; expiresOn: string; days: number; noFinalInspection: boolean; forTeam: boolean; link: string };
  /** The expiry watchdog: a scheduled inspection of an open permit is `days` days away (0: today); `scheduledAt` ISO. */
  inspection_due: { name?: string | null; permitId: number; customerName: string; taskName: string; inspectionName: string; scheduledAt: string; days: number; link: string };
  /** The construction platform (issue 14): a company's connection stopped working (a refresh failed); the link reconnects. */
  platform_connection_broken: { companyName: string; platformName: string; reason: string; link: string };
}
export type TemplateName = keyof TemplateData;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const PRODUCT = 'PermitDesk';
const hello = (name?: string | null) => (name ? `Hello ${name},` : 'Hello,');

/** Wraps paragraphs (already-escaped HTML) in a small, readable layout. */
function layout(title: string, paragraphs: string[]): string {
  return [
    '<!doctype html><html><body style="margin:0;padding:24px;background:#f5f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933">',
    '<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">',
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>`,
    ...paragraphs.map((p) => `<p style="font-size:15px;line-height:1.5;margin:0 0 12px">${p}</p>`),
    `<p style="font-size:12px;color:#6b7280;margin-top:24px">${PRODUCT} is a professional service, not the municipality.</p>`,
    '</div></body></html>',
  ].join('');
}

const button = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a>`;
const codeBlock = (code: string) =>
  `<span style="font-size:28px;letter-spacing:6px;font-weight:bold;font-family:monospace">${escapeHtml(code)}</span>`;

/** 'expires in 7 days (2026-12-04)', 'expires today (…)', 'expired 2 days ago (…)'. */
function lapseWords(days: number, expiresOn: string): string {
  if (days > 1) return `expires in ${days} days (${expiresOn})`;
  if (days === 1) return `expires tomorrow (${expiresOn})`;
  if (days === 0) return `expires today (${expiresOn})`;
  return `expired ${-days === 1 ? 'yesterday' : `${-days} days ago`} (${expiresOn})`;
}

type Renderers = { [K in TemplateName]: (data: TemplateData[K]) => RenderedMail };

const renderers: Renderers = {
  verification: ({ code, firstName, link }) => ({
    subject: `Verify your e-mail for ${PRODUCT}`,
    text: `${hello(firstName)}\n\nYour verification code is ${code}.\n\nOr open this link to continue where you left off:\n${link}\n`,
    html: layout('Verify your e-mail', [
      escapeHtml(hello(firstName)),
      `Your verification code is ${codeBlock(code)}`,
      `Or continue where you left off: ${button(link, 'Verify my e-mail')}`,
    ]),
  }),
  confirmation_code: ({ code, name }) => ({
    subject: `Your ${PRODUCT} confirmation code`,
    text: `${hello(name)}\n\nYour confirmation code is ${code}. It is valid for 24 hours.\n`,
    html: layout('Confirm your account', [escapeHtml(hello(name)), `Your confirmation code is ${codeBlock(code)}`, 'It is valid for 24 hours.']),
  }),
  reset_code: ({ code, name }) => ({
    subject: `Your ${PRODUCT} password reset code`,
    text: `${hello(name)}\n\nYour password reset code is ${code}. It is valid for 1 hour.\nIf you did not ask for it, you can ignore this e-mail.\n`,
    html: layout('Reset your password', [
      escapeHtml(hello(name)),
      `Your password reset code is ${codeBlock(code)}`,
      'It is valid for 1 hour. If you did not ask for it, you can ignore this e-mail.',
    ]),
  }),
  welcome: ({ name, signInUrl }) => ({
    subject: `Welcome to ${PRODUCT}`,
    text: `${hello(name)}\n\nYour account is ready. Sign in at ${signInUrl}\n`,
    html: layout(`Welcome to ${PRODUCT}`, [escapeHtml(hello(name)), 'Your account is ready.', button(signInUrl, 'Sign in')]),
  }),
  account_deleted: ({ name, companies }) => {
    const kept = companies.length
      ? `The records you created for ${companies.join(', ')} stay with ${companies.length === 1 ? 'that company' : 'those companies'}, shown as made by a deleted user.`
      : 'Nothing you created stays with a company.';
    return {
      subject: `Your ${PRODUCT} account was deleted`,
      text: `${hello(name)}\n\nYour ${PRODUCT} account was deleted and your personal details removed. ${kept}\n\nIf you did not ask for this, reply to this e-mail at once.\n`,
      html: layout('Your account was deleted', [
        escapeHtml(hello(name)),
        `Your ${PRODUCT} account was deleted and your personal details removed.`,
        escapeHtml(kept),
        'If you did not ask for this, reply to this e-mail at once.',
      ]),
    };
  },
  invitation: ({ inviterName, companyName, role, link, temporaryPassword, earlierPassword }) => {
    const what = `${inviterName} invited you to join ${companyName} on ${PRODUCT}${role ? ` as ${role}` : ''}.`;
    const temp = temporaryPassword ? `Your temporary password is ${temporaryPassword}; you will choose a new one when you sign in.` : '';
    // A later invitation never sends a new password: the account's credentials stay as they are.
    const earlier = earlierPassword
      ? `Sign in with the temporary password from your earlier ${PRODUCT} invitation, or use 'forgot password?' on the sign-in page to choose a new one.`
      : '';
    const note = temp || earlier;
    return {
      subject: `${inviterName} invited you to ${companyName}`,
      text: `Hello,\n\n${what}\n${note ? `${note}\n` : ''}\nAccept the invitation: ${link}\n`,
      html: layout('You are invited', [
        'Hello,',
        escapeHtml(what),
        ...(temp ? [`Your temporary password is ${codeBlock(temporaryPassword ?? '')}; you will choose a new one when you sign in.`] : []),
        ...(earlier ? [escapeHtml(earlier)] : []),
        button(link, 'Accept the invitation'),
      ]),
    };
  },
  invitation_notice: ({ title, intro, message, link, action }) => ({
    subject: title,
    text: `Hello,\n\n${intro}\n${message ? `\nTheir message: ${message}\n` : ''}\n${action}: ${link}\n`,
    html: layout(title, ['Hello,', escapeHtml(intro), ...(message ? [`Their message: ${escapeHtml(message)}`] : []), button(link, action)]),
  }),
  permit_stage_update: ({ name, permitId, customerName, stageName, message, link }) => ({
    subject: `Permit ${permitId} for ${customerName}: ${stageName}`,
    text: `${hello(name)}\n\nThe permit ${permitId} for ${customerName} is now: ${stageName}.\n${message ? `${message}\n` : ''}\nSee it at ${link}\n`,
    html: layout(`Permit ${permitId}: ${stageName}`, [
      escapeHtml(hello(name)),
      `The permit ${permitId} for ${escapeHtml(customerName)} is now: <strong>${escapeHtml(stageName)}</strong>.`,
      ...(message ? [escapeHtml(message)] : []),
      button(link, 'View the permit'),
    ]),
  }),
  quote_issued: ({ name, permitId, customerName, total, validUntil, lineItems, link }) => ({
    subject: `Your quote for permit ${permitId} (${customerName}): ${total}`,
    text: `${hello(name)}\n\nThe permit team has sent you a quote of ${total} for the permit ${permitId} for ${customerName}, valid until ${validUntil}.\n\n${lineItems
      .map((item) => `- ${item.label}: ${item.amount}`)
      .join('\n')}\n\nReview and accept it at ${link}\n`,
    html: layout(`Your quote: ${total}`, [
      escapeHtml(hello(name)),
      `The permit team has sent you a quote of <strong>${escapeHtml(total)}</strong> for the permit ${permitId} for ${escapeHtml(customerName)}, valid until ${escapeHtml(validUntil)}.`,
      lineItems.map((item) => `${escapeHtml(item.label)}: ${escapeHtml(item.amount)}`).join('<br>'),
      button(link, 'Review the quote'),
    ]),
  }),
  quote_answered: ({ permitId, customerName, quoteId, total, answer, reason, stageName, link }) => {
    const what = `The customer ${answer} the quote ${quoteId} (${total}) for the permit ${permitId} for ${customerName}.`;
    const next = answer === 'accepted' && stageName ? `The permit moved to ${stageName}.` : null;
    return {
      subject: `Quote ${quoteId} ${answer}: permit ${permitId} (${customerName})`,
      text: `Hello,\n\n${what}\n${next ? `${next}\n` : ''}${reason ? `Their reason: ${reason}\n` : ''}\nOpen the permit desk: ${link}\n`,
      html: layout(`Quote ${answer}`, [
        'Hello,',
        escapeHtml(what),
        ...(next ? [escapeHtml(next)] : []),
        ...(reason ? [`Their reason: ${escapeHtml(reason)}`] : []),
        button(link, 'Open the permit desk'),
      ]),
    };
  },
  inspection_update: ({ name, permitId, customerName, inspectionName, event, scheduledOn, notes, link }) => {
    const what =
      event === 'scheduled'
        ? `The ${inspectionName} inspection for ${customerName} is scheduled${scheduledOn ? ` for ${scheduledOn}` : ''}.`
        : `The ${inspectionName} inspection for ${customerName} ${event}.`;
    const title = event === 'scheduled' ? `${inspectionName} inspection scheduled` : `${inspectionName} inspection ${event}`;
    return {
      subject: `Permit ${permitId}: ${title}`,
      text: `${hello(name)}\n\n${what}\n${notes ? `Inspector's notes: ${notes}\n` : ''}\nSee the permit at ${link}\n`,
      html: layout(title, [
        escapeHtml(hello(name)),
        escapeHtml(what),
        ...(notes ? [`Inspector's notes: ${escapeHtml(notes)}`] : []),
        button(link, 'View the permit'),
      ]),
    };
  },
  team_reply: ({ name, permitId, customerName, taskName, message, attachments, link }) => {
    const files = attachments.length ? `Attached: ${attachments.join(', ')}` : null;
    return {
      subject: `Permit ${permitId}: a message from the permit team`,
      text: `${hello(name)}\n\nThe permit team wrote about the ${taskName} permit for ${customerName}:\n\n${message}\n${files ? `\n${files}\n` : ''}\nRead and answer it at ${link}\n`,
      html: layout('A message from the permit team', [
        escapeHtml(hello(name)),
        `The permit team wrote about the ${escapeHtml(taskName)} permit for ${escapeHtml(customerName)}:`,
        `<em>${escapeHtml(message).replace(/\n/g, '<br>')}</em>`,
        ...(files ? [escapeHtml(files)] : []),
        button(link, 'Read and answer'),
      ]),
    };
  },
  customer_message: ({ name, permitId, customerName, authorName, message, link }) => ({
    subject: `Permit ${permitId} for ${customerName}: new message from ${authorName}`,
    text: `${hello(name)}\n\n${authorName} wrote about permit ${permitId} for ${customerName}:\n\n${message}\n\nAnswer on the permit desk: ${link}\n`,
    html: layout(`New message on permit ${permitId}`, [
      escapeHtml(hello(name)),
      `${escapeHtml(authorName)} wrote about permit ${permitId} for ${escapeHtml(customerName)}:`,
      `<em>${escapeHtml(message).replace(/\n/g, '<br>')}</em>`,
      button(link, 'Open the permit desk'),
    ]),
  }),
  permit_assigned: ({ name, permitId, customerName, stageName, link }) => ({
    subject: `A permit was assigned to you: ${permitId} for ${customerName}`,
    text: `${hello(name)}\n\nThe permit ${permitId} for ${customerName} (${stageName}) was assigned to you.\n\nOpen it at ${link}\n`,
    html: layout('A permit was assigned to you', [
      escapeHtml(hello(name)),
      `The permit ${permitId} for ${escapeHtml(customerName)} (<strong>${escapeHtml(stageName)}</strong>) was assigned to you.`,
      button(link, 'Open the permit'),
    ]),
  }),
  esign_request: ({ name, senderName, title, link, expiresOn, reminder }) => ({
    subject: `${reminder ? 'Reminder: please' : 'Please'} sign: ${title}`,
    text: `${hello(name)}\n\n${senderName} asks you to review and sign "${title}" by ${expiresOn}.\n\nOpen the document: ${link}\n\nYou will be asked for a passcode we mail to this address.\n`,
    html: layout(`Please sign: ${title}`, [
      escapeHtml(hello(name)),
      `${escapeHtml(senderName)} asks you to review and sign <strong>${escapeHtml(title)}</strong> by ${escapeHtml(expiresOn)}.`,
      button(link, 'Review and sign'),
      'You will be asked for a passcode we mail to this address.',
    ]),
  }),
  esign_passcode: ({ name, title, code, minutes }) => ({
    subject: `Your passcode to sign: ${title}`,
    text: `${hello(name)}\n\nYour passcode to sign "${title}" is ${code}. It is valid for about ${minutes} minutes.\n`,
    html: layout('Your passcode', [escapeHtml(hello(name)), `Your passcode to sign <strong>${escapeHtml(title)}</strong> is ${codeBlock(code)}. It is valid for about ${minutes} minutes.`]),
  }),
  esign_outcome: ({ title, outcome, signerName, reason, link }) => {
    const line = outcome === 'completed' ? `Everyone signed "${title}".` : `${signerName ?? 'A signer'} declined to sign "${title}"${reason ? `: ${reason}` : '.'}`;
    return {
      subject: outcome === 'completed' ? `Signed: ${title}` : `Declined: ${title}`,
      text: `Hello,\n\n${line}\n\nOpen it: ${link}\n`,
      html: layout(outcome === 'completed' ? 'Signed' : 'Declined', ['Hello,', escapeHtml(line), button(link, 'Open')]),
    };
  },
  status_subscription_confirm: ({ taskName, address, link }) => ({
    subject: `Confirm updates on the ${taskName} permit at ${address}`,
    text: `Hello,\n\nSomeone (hopefully you) asked for an e-mail each time the ${taskName} permit at ${address} moves forward.\n\nConfirm here: ${link}\n\nIf it was not you, ignore this e-mail: nothing will be sent.\n`,
    html: layout('Confirm your subscription', [
      'Hello,',
      `Someone (hopefully you) asked for an e-mail each time the ${escapeHtml(taskName)} permit at ${escapeHtml(address)} moves forward.`,
      button(link, 'Confirm my subscription'),
      'If it was not you, ignore this e-mail: nothing will be sent.',
    ]),
  }),
  // `inspection`: an inspection was scheduled or resulted (stageName says which), not a stage change.
  status_update: ({ taskName, address, stageName, message, link, unsubscribeUrl, inspection }) => ({
    subject: `${taskName} permit at ${address}: ${stageName}`,
    text: `Hello,\n\n${inspection ? `News on the ${taskName} permit at ${address}: ${stageName}.` : `The ${taskName} permit at ${address} is now: ${stageName}.`}\n${message}\n\nSee every step: ${link}\n\nNo more of these e-mails: ${unsubscribeUrl}\n`,
    html: layout(`${stageName}`, [
      'Hello,',
      `${inspection ? 'News on the' : 'The'} ${escapeHtml(taskName)} permit at ${escapeHtml(address)}${inspection ? ':' : ' is now:'} <strong>${escapeHtml(stageName)}</strong>.`,
      escapeHtml(message),
      button(link, 'See every step'),
      `<a href="${escapeHtml(unsubscribeUrl)}" style="color:#6b7280">Unsubscribe</a> from e-mails about this permit.`,
    ]),
  }),
  expiry_reminder: ({ name, companyName, kindLabel, itemName, expiresOn, days, shared, link }) => {
    const when = lapseWords(days, expiresOn);
    const line = `${shared ? `${companyName}'s` : `The`} ${kindLabel} "${itemName}" ${when}.`;
    const next = shared ? `Ask ${companyName} for the renewed document.` : 'Upload the renewed document in the compliance center to keep it current.';
    return {
      subject: `${days < 0 ? 'Expired' : 'Expiring'}: ${kindLabel} ${itemName} (${companyName})`,
      text: `${hello(name)}\n\n${line}\n${next}\n\nOpen it: ${link}\n`,
      html: layout(days < 0 ? 'Expired' : 'Expiring soon', [escapeHtml(hello(name)), escapeHtml(line), escapeHtml(next), button(link, 'Open the compliance center')]),
    };
  },
  expiry_digest: ({ name, companyName, items, shared, link }) => {
    const lines = items.map((item) => `${item.kindLabel} "${item.itemName}" ${lapseWords(item.days, item.expiresOn)}`);
    const intro = `${items.length} ${shared ? `of ${companyName}'s shared documents` : `documents of ${companyName}`} need attention this week:`;
    return {
      subject: `This week: ${items.length} documents of ${companyName} expire`,
      text: `${hello(name)}\n\n${intro}\n${lines.map((line) => `- ${line}`).join('\n')}\n\nOpen them: ${link}\n`,
      html: layout('Expiring this week', [
        escapeHtml(hello(name)),
        escapeHtml(intro),
        `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
        button(link, 'Open the compliance center'),
      ]),
    };
  },
  permit_expiring: ({ name, permitId, customerName, taskName, expiresOn, days, noFinalInspection, forTeam, link }) => {
    const line = `Permit #${permitId} (${taskName}, ${customerName}) ${lapseWords(days, expiresOn)}.`;
    const todo = noFinalInspection
      ? forTeam
        ? 'Its final inspection has not passed: contact the customer, book the inspection or file for an extension with the municipality.'
        : 'Its final inspection has not passed yet. Book the final inspection before that day, or ask us to request an extension from the municipality.'
      : '';
    return {
      subject: `${noFinalInspection ? 'Action needed: ' : ''}permit #${permitId} ${days < 0 ? 'expired' : 'expires soon'}`,
      text: `${hello(name)}\n\n${line}\n${todo ? `${todo}\n` : ''}\nOpen it: ${link}\n`,
      html: layout(noFinalInspection ? 'Action needed: permit expiring' : 'Permit expiring', [
        escapeHtml(hello(name)),
        escapeHtml(line),
        ...(todo ? [escapeHtml(todo)] : []),
        button(link, 'Open the permit'),
      ]),
    };
  },
  inspection_due: ({ name, permitId, customerName, taskName, inspectionName, scheduledAt, days, link }) => {
    // The desk books a day (stored at midnight UTC): its day alone; a booked time with its hour.
    const when = scheduledAt.slice(11, 16) === '00:00' ? scheduledAt.slice(0, 10) : `${scheduledAt.slice(0, 10)} at ${scheduledAt.slice(11, 16)} UTC`;
    const soon = days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`;
    const line = `The ${inspectionName} inspection of permit #${permitId} (${taskName}, ${customerName}) is ${soon}: ${when}.`;
    const todo = 'Make sure the work is ready and the site is open to the inspector; to move it, reschedule it with the municipality or ask us.';
    return {
      subject: `${inspectionName} inspection ${soon}: permit #${permitId}`,
      text: `${hello(name)}\n\n${line}\n${todo}\n\nOpen the permit: ${link}\n`,
      html: layout(`${inspectionName} inspection ${soon}`, [escapeHtml(hello(name)), escapeHtml(line), escapeHtml(todo), button(link, 'Open the permit')]),
    };
  },
  platform_connection_broken: ({ companyName, platformName, reason, link }) => ({
    subject: `Reconnect ${platformName} for ${companyName}`,
    text: `Hello,\n\nThe connection between ${companyName} and ${platformName} stopped working (${reason}). Documents for the platform wait in PermitDesk until you reconnect; nothing is lost.\n\nReconnect: ${link}\n`,
    html: layout(`Reconnect ${platformName}`, [
      'Hello,',
      `The connection between <strong>${escapeHtml(companyName)}</strong> and ${escapeHtml(platformName)} stopped working (${escapeHtml(reason)}). Documents for the platform wait in PermitDesk until you reconnect; nothing is lost.`,
      button(link, 'Reconnect'),
    ]),
  }),
  access_ended: ({ name, title, intro, link, action }) => ({
    subject: title,
    text: `${hello(name)}\n\n${intro}\n\n${action}: ${link}\n`,
    html: layout(title, [escapeHtml(hello(name)), escapeHtml(intro), button(link, action)]),
  }),
};

export function renderMail<T extends TemplateName>(template: T, data: TemplateData[T]): RenderedMail {
  return (renderers[template] as (d: TemplateData[T]) => RenderedMail)(data);
}

/**
 * Extra headers of a template's mail: the status updates carry List-Unsubscribe and List-Unsubscribe-Post
 * (RFC 2369, RFC 8058 one-click), so a mail client's own unsubscribe button works.
 */
export function mailHeaders(template: string, data: unknown): Record<string, string> {
  if (template !== 'status_update' || typeof data !== 'object' || data === null) return {};
  const { unsubscribePostUrl, unsubscribeUrl } = data as Partial<TemplateData['status_update']>;
  if (!unsubscribePostUrl) return {};
  return {
    'List-Unsubscribe': `<${unsubscribePostUrl}>${unsubscribeUrl ? `, <${unsubscribeUrl}>` : ''}`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

export const TEMPLATE_NAMES = Object.keys(renderers) as TemplateName[];
