// Common misspellings of the big mail providers ('gmial.com', 'gmail.co', 'hotmial.com'...), refused with a
// did-you-mean. Only known misspellings are listed: an edit-distance guess would refuse real domains
// such as email.com (one letter from gmail.com) or ymail.com.
const PROVIDER_TYPOS: Record<string, readonly string[]> = {
  gmail: ['gmial', 'gmai', 'gmal', 'gmil', 'gnail', 'gmaill', 'gamil', 'gmali', 'gmaul', 'gimail', 'gmsil', 'gmeil', 'gmaik', 'gmall'],
  hotmail: ['hotmial', 'hotmal', 'hotmai', 'hotmil', 'hotmali', 'hotamil', 'hotnail', 'hotmaill', 'homail', 'htomail', 'hotmaik'],
  yahoo: ['yaho', 'yahooo', 'yhoo', 'yaoo', 'yahho', 'yahou', 'tahoo', 'uahoo', 'yahop'],
  outlook: ['outlok', 'outloo', 'otlook', 'outllok', 'outlookk', 'oulook', 'outook', 'outlool', 'putlook'],
  icloud: ['iclod', 'icoud', 'icluod', 'iclould', 'icloid', 'iclud'],
  aol: ['aoll', 'ao1'],
};
/** Misspellings of '.com' after a provider name ('gmail.co', 'yahoo.con'). */
const COM_TYPOS: ReadonlySet<string> = new Set(['co', 'cm', 'con', 'cmo', 'om', 'comm', 'ocm', 'vom', 'xom', 'cpm', 'c', 'coom', 'clm']);

const providerOf = new Map<string, string>();
for (const [provider, typos] of Object.entries(PROVIDER_TYPOS)) {
  providerOf.set(provider, provider);
  for (const typo of typos) providerOf.set(typo, provider);
}

/** The intended domain when `domain` is a known misspelling, else null ('gmial.com' → 'gmail.com'). */
export function suggestDomain(domain: string): string | null {
  const lower = domain.toLowerCase();
  const dot = lower.indexOf('.');
  if (dot <= 0) return null;
  const name = lower.slice(0, dot);
  const rest = lower.slice(dot + 1);
  const provider = providerOf.get(name);
  if (!provider) return null;
  const restWrong = COM_TYPOS.has(rest);
  if (provider === name && !restWrong) return null;
  // A misspelt provider name with another real ending (hotmial.co.uk) keeps that ending.
  return `${provider}.${restWrong ? 'com' : rest}`;
}
