// The PDF side of e-signatures, with pdf-lib (reads, writes and draws into PDFs in plain JS: no native
// tool on the server): checking an upload, the permit cancellation template, stamping one signature into
// the document, and the certificate page appended when the last signer has signed.
import { createHash } from 'node:crypto';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** Whether the bytes open as a PDF with at least one page. */
export async function readablePdf(bytes: Uint8Array): Promise<boolean> {
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    return doc.getPageCount() > 0;
  } catch {
    return false;
  }
}

/** Latin-1 only: the standard fonts cannot draw anything else (a name in another script shows as '?'). */
const printable = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

function writeLines(page: PDFPage, font: PDFFont, lines: readonly string[], start: { x: number; y: number }, size = 11, gap = 16): number {
  let y = start.y;
  for (const line of lines) {
    page.drawText(printable(line), { x: start.x, y, size, font, color: rgb(0.1, 0.1, 0.1), maxWidth: page.getWidth() - start.x * 2 });
    y -= gap;
  }
  return y;
}

export interface CancellationFacts {
  permitId: number;
  customerName: string;
  address: string;
  municipality: string;
  task: string;
  prepared: string;
}

/** The permit cancellation request (form 50) as a PDF with its signature fields at the bottom. */
export async function cancellationTemplate(facts: CancellationFacts): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Cancellation request for permit ${facts.permitId}`);
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  page.drawText(`Cancellation request for permit ${facts.permitId}`, { x: 56, y: 720, size: 18, font: bold });
  writeLines(page, font, [
    `Permit: ${facts.permitId}`,
    `Customer: ${facts.customerName}`,
    `Job address: ${facts.address}`,
    `Municipality: ${facts.municipality}`,
    `Type of work: ${facts.task}`,
    `Prepared: ${facts.prepared}`,
    '',
    `I ask PermitDesk to request the cancellation of this permit from ${facts.municipality} on my behalf.`,
    'PermitDesk is a professional service, not the municipality.',
  ], { x: 56, y: 680 });
  return doc.save();
}

export interface SignatureStamp {
  position: number;
  name: string;
  signedAt: Date;
  kind: 'typed' | 'drawn';
  /** The typed text, or the PNG bytes of a drawn signature. */
  text?: string;
  png?: Uint8Array;
}

/** Draws one signature on the last page of the document, in its signer's slot (bottom up, two a row). */
export async function stampSignature(pdf: Uint8Array, stamp: SignatureStamp): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf);
  const page = doc.getPage(doc.getPageCount() - 1);
  const font = await doc.embedFont(StandardFonts.HelveticaOblique);
  const small = await doc.embedFont(StandardFonts.Helvetica);
  const slot = stamp.position - 1;
  const width = (page.getWidth() - 112) / 2;
  const x = 56 + (slot % 2) * width;
  const y = 60 + Math.floor(slot / 2) * 70;
  if (stamp.kind === 'drawn' && stamp.png) {
    const image = await doc.embedPng(stamp.png);
    const scaled = image.scaleToFit(width - 20, 36);
    page.drawImage(image, { x, y: y + 14, width: scaled.width, height: scaled.height });
  } else {
    page.drawText(printable(stamp.text ?? stamp.name), { x, y: y + 20, size: 20, font, color: rgb(0.05, 0.1, 0.45) });
  }
  page.drawLine({ start: { x, y: y + 12 }, end: { x: x + width - 20, y: y + 12 }, thickness: 0.5, color: rgb(0.4, 0.4, 0.4) });
  page.drawText(printable(`${stamp.name}, signed ${stamp.signedAt.toISOString()}`), { x, y, size: 7, font: small, color: rgb(0.3, 0.3, 0.3) });
  return doc.save();
}

export interface CertificateSigner {
  name: string;
  email: string;
  ip: string;
  userAgent: string;
  verifiedAt: Date;
  signedAt: Date;
}

/** Appends the certificate page: the original document's SHA-256 and each signer's evidence. */
export async function appendCertificate(pdf: Uint8Array, facts: { envelopeId: string; title: string; originalSha256: string; completedAt: Date; signers: readonly CertificateSigner[] }): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page = doc.addPage([612, 792]);
  page.drawText('Certificate of signature', { x: 56, y: 730, size: 18, font: bold });
  let y = writeLines(page, font, [
    `Document: ${facts.title}`,
    `Envelope: ${facts.envelopeId}`,
    `Original document SHA-256: ${facts.originalSha256}`,
    `Completed: ${facts.completedAt.toISOString()}`,
  ], { x: 56, y: 700 }, 9, 14) - 10;
  for (const [index, s] of facts.signers.entries()) {
    if (y < 120) {
      page = doc.addPage([612, 792]);
      y = 730;
    }
    page.drawText(printable(`Signer ${index + 1}: ${s.name}`), { x: 56, y, size: 11, font: bold });
    y = writeLines(page, font, [
      `E-mail: ${s.email}`,
      `IP address: ${s.ip}`,
      `User agent: ${s.userAgent.slice(0, 110)}`,
      `Passcode verified: ${s.verifiedAt.toISOString()}`,
      `Signed: ${s.signedAt.toISOString()}`,
    ], { x: 66, y: y - 15 }, 9, 13) - 10;
  }
  return doc.save();
}
