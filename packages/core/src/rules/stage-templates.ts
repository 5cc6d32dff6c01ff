// The permit team's stage messages (issue 12): a template per stage with placeholders such as
// {customerName}, filled the same way by the server and by the desk's preview. A placeholder without a
// value (or one we do not know) stays visible as written, so the operator sees what is left to fill in.

/** Every placeholder a stage template may use, with what it stands for. */
export const TEMPLATE_PLACEHOLDERS = {
  customerName: "The customer's name on the permit",
  municipality: 'The municipality the permit is filed with',
  taskName: 'The permit task (Water Heater, Roofing, ...)',
  permitNumber: "The municipality's permit number",
  stageName: 'The stage the permit moves to',
  operatorName: 'The name of the operator sending the message',
} as const;
export type TemplatePlaceholder = keyof typeof TEMPLATE_PLACEHOLDERS;
export type TemplateValues = Partial<Record<TemplatePlaceholder, string | null | undefined>>;

const PLACEHOLDER = /\{(\w+)\}/g;
const isKnown = (name: string): name is TemplatePlaceholder => Object.hasOwn(TEMPLATE_PLACEHOLDERS, name);

/** The text with each known placeholder that has a value replaced; the others stay as written. */
export function fillTemplate(body: string, values: TemplateValues): string {
  return body.replace(PLACEHOLDER, (written, name: string) => {
    const value = isKnown(name) ? values[name] : undefined;
    return typeof value === 'string' && value.trim() !== '' ? value : written;
  });
}

/** The placeholders of a text that no template fills ('{custName}'), in order of first use. */
export function unknownPlaceholders(body: string): string[] {
  const names = [...body.matchAll(PLACEHOLDER)].map((match) => match[1]!).filter((name) => !isKnown(name));
  return [...new Set(names)];
}
